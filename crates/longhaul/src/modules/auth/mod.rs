//! Accounts: sign-up with e-mail confirmation, sign-in, sign-out, password
//! reset, sessions and the first super admin.

pub mod bootstrap;
mod emails;
pub mod password;
pub mod repo;
pub mod routes;
pub mod service;
pub mod tokens;

pub use repo::SessionUser;
