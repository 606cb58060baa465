//! ELD integration: the fleet's connection to its provider, sync runs (a
//! job each) with progress and history, the schedule, and the CSV import.
pub mod dto;
mod error;
pub mod jobs;
mod repo;
pub mod routes;
pub mod service;

pub use error::EldError;
pub use kinds::EldDeps;
use repo::write;
use service::connect_rules;
pub use service::{hos, import, kinds, positions, runs, sync};
