//! Loads (issue 31): a fleet's customers and facilities, its loads with
//! their stops and money, and each load's status lifecycle with its history.
//!
//! The rules are `domain::loads` and `service/`; every query is in `repo.rs`.
pub mod deps;
pub mod dto;
mod emails;
pub mod error;
pub mod jobs;
mod repo;
pub mod routes;
pub mod service;

pub use error::LoadsError;
