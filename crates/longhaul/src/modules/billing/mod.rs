//! Subscriptions: Stripe webhooks (verified, applied once, newest state
//! wins), the success page's check and account creation, and the offline
//! test checkout.

pub mod dto;
mod emails;
pub mod error;
pub mod events;
mod repo;
pub mod routes;
pub mod service;
mod subscription;
pub mod test_checkout;

pub use error::BillingError;
