//! Fleet signup: carrier lookup by DOT number (cached), the saved three-step
//! wizard, and checkout of the plan for the fleet's size.

pub mod dto;
pub mod error;
mod repo;
pub mod routes;
pub mod service;

pub use error::SignupError;
use service::frozen;
pub use service::lookup;
