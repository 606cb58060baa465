//! System administration (spec part 1 §2 super admin tabs, §4, §5): fleet
//! signups → fleet accounts, users and roles, accounts and owners, and an
//! audit log of every action. Every route is behind the super-admin guard.

pub mod dto;
mod emails;
pub mod error;
mod repo;
pub mod routes;
pub mod service;

pub use error::AdminError;
