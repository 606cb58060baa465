//! ELD integration: the fleet's connection to its provider, sync runs (a
//! job each) with progress and history, the schedule, and the CSV import.

mod connect_rules;
pub mod dto;
mod error;
pub mod import;
pub mod jobs;
pub mod kinds;
mod pages;
mod repo;
pub mod routes;
pub mod runs;
pub mod service;
pub mod sync;
mod write;

pub use error::EldError;
pub use kinds::EldDeps;
