//! The brokers' rules, one topic a file: broker accounts and their users,
//! the board search and a message to a carrier, saved searches and their
//! alert digests. Queries are in `super::repo`.

pub mod accounts;
pub mod alerts;
pub mod board;
pub mod saved;
pub mod users;
