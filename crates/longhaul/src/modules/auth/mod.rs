//! Accounts: sign-up with e-mail confirmation, sign-in, sign-out, password
//! reset, sessions and the first super admin. Other modules make and end
//! logins through `service::profiles`.

pub mod bootstrap;
pub mod dto;
mod emails;
pub mod error;
pub mod idle;
pub mod password;
mod repo;
pub mod routes;
pub mod service;
pub mod tokens;

pub use error::AuthError;
pub use service::sessions::SessionUser;
