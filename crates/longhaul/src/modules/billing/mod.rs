//! Subscriptions: Stripe webhooks (verified, applied once, newest state
//! wins), the success page's check and account creation, and the pages of
//! the offline Stripe stand-in (`integrations::stripe::test_mode`), whose
//! events billing applies as a webhook's.

pub mod dto;
mod emails;
pub mod error;
pub mod guards;
mod repo;
pub mod routes;
pub mod service;

pub use error::BillingError;
pub use events::StandInEvents;
pub use fleet_billing::{BillingRefresh, billing_state_of_fleet};
use service::subscription;
pub use service::{events, fleet_billing};
