//! The brokers' queries, by topic (private to the module). A broker
//! account and its users are rows of tables of no tenant (`SystemTable`);
//! saved searches are the broker account's (`BrokerOwned`); the board
//! reads postings across fleets through `db::board`.

pub mod accounts;
pub mod board;
pub mod saved;
pub mod users;
