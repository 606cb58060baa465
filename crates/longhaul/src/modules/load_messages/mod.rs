//! Messages on a load (issue 32 §4): the driver ↔ office messages gain a
//! thread per load. The office writes from the load's page, the driver from
//! the load's screen in the portal; each side sees what it has not read,
//! and a message left unread for five minutes is e-mailed to the other side
//! once (`jobs.rs`). The rows are `fleet_messages` with a `load_id`; the
//! contact form's messages (no load) stay the inbox's (`driver_portal`).
//! The web's `features/loads` (the office's panel) and
//! `features/driver-portal` (the driver's) show them.
pub mod deps;
pub mod dto;
mod emails;
pub mod error;
pub mod jobs;
mod repo;
pub mod routes;
pub mod service;

pub use error::LoadMessagesError;
