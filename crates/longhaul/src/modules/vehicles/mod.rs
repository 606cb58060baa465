//! Trucks and trailers (spec part 2 §4): the lists with server-side search,
//! tabs and pages, and the detail screens with the unrecognized-driver
//! cleanup. The web's `features/vehicles` has the same name.

pub mod dto;
pub mod error;
pub mod repo;
pub mod routes;
mod samsara_metadata;
pub mod service;

pub use error::VehiclesError;
