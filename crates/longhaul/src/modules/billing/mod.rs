//! Subscriptions: Stripe webhooks (verified, applied once, newest state
//! wins), the success page's check and account creation, and the offline
//! test checkout.

pub mod emails;
pub mod events;
pub mod routes;
pub mod service;
pub mod test_checkout;
