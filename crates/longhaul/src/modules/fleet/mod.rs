//! The fleet dashboard (spec part 2): the fleet admin's own fleet account,
//! overview, trucks, trailers, drivers and company settings. Every query
//! takes a `TenantScope` and runs in a transaction that sets the tenant for
//! PostgreSQL row-level security.

pub mod account;
pub mod assets;
pub mod demo;
pub mod drivers;
pub mod files;
pub mod overview;
pub mod repo;
pub mod routes;
pub mod settings;
