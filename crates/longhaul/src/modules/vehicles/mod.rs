//! Trucks and trailers (spec part 2 §4): the lists with server-side search,
//! tabs and pages, and the detail screens; the unrecognized-driver cleanup
//! that ELD writes run (`assignment`). The web's `features/vehicles` has the same name.
pub mod dto;
pub mod error;
mod repo;
pub mod routes;
pub mod service;

pub use error::VehiclesError;
pub use service::assignment;
