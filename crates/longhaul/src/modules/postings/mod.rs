//! The fleet's side of the truck board (issue 15, decision 026): posting a
//! truck, editing and withdrawing it, the truck's ELD position, and the job
//! that keeps active postings' positions and carrier facts current.
//!
//! `service.rs` and the topic files hold the rules; every query is in `repo.rs`.
pub mod dto;
pub mod error;
pub mod jobs;
mod repo;
pub mod routes;
pub mod service;

pub use error::PostingsError;
pub use service::{carrier, position, refresh};
