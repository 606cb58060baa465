//! Subscriptions: Stripe webhooks (verified, applied once, newest state
//! wins), the success page's check and account creation, and the offline
//! test checkout.

pub mod dto;
mod emails;
pub mod error;
pub mod events;
pub mod fleet_billing;
mod fleet_repo;
pub mod fleet_routes;
pub mod guard;
pub mod mirror;
mod repo;
pub mod routes;
pub mod service;
mod subscription;
pub mod test_checkout;
mod test_portal;
pub mod test_stripe;

pub use error::BillingError;
pub use fleet_billing::{BillingRefresh, billing_state_of_fleet};
