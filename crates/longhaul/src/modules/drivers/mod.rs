//! Drivers (spec part 2 §6): the list with search, the detail with the
//! assigned truck and trailers, and adding, editing, deactivating and
//! activating a driver by hand. The web's `features/drivers` has the same name.

pub mod dto;
pub mod error;
mod repo;
pub mod routes;
pub mod service;

pub use error::DriversError;
use repo::search;
