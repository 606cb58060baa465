//! PostgreSQL row-level security on fleet-owned tables: a second wall behind
//! the `FleetScope` in the query layer. A row is visible when the transaction
//! acts for its fleet (`app.fleet_account_id`) or as the system
//! (`app.scope = 'system'`); with neither set, nothing is. SQLite has no RLS,
//! so this migration does nothing there.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Tables whose rows belong to one fleet, with the column naming the fleet.
pub const TENANT_TABLES: &[(&str, &str)] = &[("fleet_accounts", "id")];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        if conn.get_database_backend() != DatabaseBackend::Postgres {
            return Ok(());
        }
        for (table, fleet_column) in TENANT_TABLES {
            conn.execute_unprepared(&format!(
                "ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
                 ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
                 CREATE POLICY tenant_isolation ON {table}
                   USING (current_setting('app.scope', true) = 'system'
                          OR {fleet_column}::text = current_setting('app.fleet_account_id', true))
                   WITH CHECK (current_setting('app.scope', true) = 'system'
                          OR {fleet_column}::text = current_setting('app.fleet_account_id', true));"
            ))
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        if conn.get_database_backend() != DatabaseBackend::Postgres {
            return Ok(());
        }
        for (table, _) in TENANT_TABLES {
            conn.execute_unprepared(&format!(
                "DROP POLICY IF EXISTS tenant_isolation ON {table};
                 ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY;
                 ALTER TABLE {table} DISABLE ROW LEVEL SECURITY;"
            ))
            .await?;
        }
        Ok(())
    }
}
