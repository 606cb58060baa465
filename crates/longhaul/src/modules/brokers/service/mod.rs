//! brokers's service.
pub mod accounts;
pub mod alerts;
pub mod board;
pub mod saved;
pub mod users;
