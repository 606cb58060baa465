//! SeaORM queries of the signup tables.

pub mod carrier_cache;
pub mod signups;
