//! Entities and migrations: one schema for SQLite and PostgreSQL.

pub mod connect;
pub mod entities;
pub mod fleet_filters;
pub mod migrations;
pub mod tenancy;

pub use connect::{Backend, begin_write, connect};
pub use sea_orm;
pub use tenancy::SystemKey;
