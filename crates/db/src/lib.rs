//! Entities and migrations: one schema for SQLite and PostgreSQL.

#![allow(
    clippy::disallowed_methods,
    reason = "the reviewed place that builds the scoped finders from SeaORM's bare ones; clippy.toml refuses them everywhere else"
)]

pub mod board;
pub mod bulk;
pub mod connect;
pub mod entities;
pub mod fleet_admins;
pub mod fleet_filters;
pub mod fleet_names;
pub mod migrations;
pub mod scoped_tx;
pub mod system;
pub mod tenancy;

pub use connect::{Backend, StartupLock, begin_write, connect, refresh_statistics};
pub use sea_orm;
pub use tenancy::SystemKey;

/// True when the database refused a write because of a unique index: the
/// index, not a read before the write, decides races. Each service maps it
/// to its own conflict once.
pub fn is_unique_violation(err: &sea_orm::DbErr) -> bool {
    matches!(
        err.sql_err(),
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
    )
}
