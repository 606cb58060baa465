//! Accounts: sign-up with e-mail confirmation, sign-in, sign-out, password
//! reset, sessions and the first super admin. Other modules make and end
//! logins through `service::profiles`. Every kind of session is kept here —
//! a fleet or admin user's, and a driver's (`driver_sessions`, which the
//! driver portal starts) — with the session middleware and the role guards
//! every router group is layered with (`session`, `guards`).
pub mod dto;
mod emails;
pub mod error;
pub mod guards;
mod repo;
pub mod routes;
pub mod service;

pub use error::AuthError;
pub use guards::session;
pub use guards::{Broker, FleetAdmin, SuperAdmin};
pub use service::bootstrap;
pub use service::driver_sessions::{self, DriverSession};
pub use service::sessions::SessionUser;
/// Accounts, sign-in links and attempt budgets, for the modules that make users.
pub use service::{profiles, throttle};
pub use session::{CurrentUser, OptionalUser};
