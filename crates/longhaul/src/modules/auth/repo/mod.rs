//! SeaORM queries of the auth tables, one file per job.

pub mod bootstrap;
pub mod driver_sessions;
pub mod one_time_tokens;
pub mod profiles;
pub mod sessions;
pub mod throttles;
