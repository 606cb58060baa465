//! The fleet admin's own fleet account (spec part 2 §2, §3, §9): the account
//! view with its FMCSA fallbacks, the overview, the company settings and the
//! logo. The web's `features/fleet-account` has the same name.

pub mod dto;
pub mod error;
mod repo;
pub mod routes;
pub mod service;

pub use error::FleetAccountError;
use service::rules;
pub use service::{logo, settings, time_zone, view};
