//! The driver portal (spec part 1 §2 Driver portal, §4 contact form; part 2
//! §2 Portal Settings; issue 13): drivers of a fleet sign in through the
//! fleet's portal link as its Portal Settings say, see their truck and the
//! documents shared with them, upload renewals that the fleet admin
//! reviews, and write to the fleet's office. The web's
//! `features/driver-portal` has the same name.
pub mod dto;
mod emails;
pub mod error;
mod repo;
pub mod routes;
mod service;

pub use error::DriverPortalError;
use service::{home, invites, messages, renewals, shared_documents, sign_in};
