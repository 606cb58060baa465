//! System administration (spec part 1 §2 super admin tabs, §4, §5): fleet
//! signups → fleet accounts, users and roles, accounts and owners, and an
//! audit log of every action. Every endpoint takes a `SuperAdmin`.

pub mod accounts;
pub mod audit;
mod emails;
pub mod routes;
pub mod signups;
pub mod users;
