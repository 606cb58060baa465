//! The provider's record kept with each synced driver, truck and trailer
//! (`raw`) is stored as `json` on PostgreSQL, no longer `jsonb` (decision
//! 052): it is written by every sync and read back whole, never queried
//! inside by SQL, and building `jsonb`'s binary form took about a third of
//! the time PostgreSQL spent inserting a synced driver. SQLite keeps JSON
//! as text either way, so nothing changes there.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

const TABLES: [&str; 3] = ["fleet_drivers", "fleet_vehicles", "fleet_trailers"];

#[derive(DeriveMigrationName)]
pub struct Migration;

async fn set_type(m: &SchemaManager<'_>, to: &str) -> Result<(), DbErr> {
    let conn = m.get_connection();
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    for table in TABLES {
        conn.execute_unprepared(&format!(
            "ALTER TABLE {table} ALTER COLUMN raw TYPE {to} USING raw::{to}"
        ))
        .await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        set_type(m, "json").await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        set_type(m, "jsonb").await
    }
}
