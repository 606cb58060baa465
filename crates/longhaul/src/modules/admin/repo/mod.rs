//! Administration's queries, run in the system scope (every fleet's rows).

pub mod accounts;
pub mod audit;
pub mod signups;
pub mod users;
