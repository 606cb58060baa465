//! The fleet's side of the truck board (issue 15, decision 026): posting a
//! truck, editing and withdrawing it, the truck's ELD position, and the job
//! that keeps active postings' positions and carrier facts current.
//!
//! `service.rs` and the topic files hold the rules; every query is in `repo.rs`.

pub mod carrier;
pub mod dto;
pub mod error;
pub mod jobs;
pub mod position;
pub mod refresh;
mod repo;
pub mod routes;
pub mod service;

pub use error::PostingsError;
