//! The broker side of the truck board (issue 15, decision 026): broker
//! accounts and their users, the board search with its trust badges, a
//! broker's message to a carrier, saved searches and their alert digests.
//!
//! Its rules are in `service/`, one topic a file; every query is in `repo/`.
pub mod deps;
pub mod dto;
pub mod emails;
pub mod error;
pub mod jobs;
mod repo;
pub mod routes;
mod service;

pub use error::BrokersError;
pub use service::{accounts, alerts, board, saved, users};
