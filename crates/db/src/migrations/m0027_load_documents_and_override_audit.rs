//! Issue 31: a document may be a load's (rate confirmation, BOL, POD,
//! lumper receipt, scale ticket), and an assignment that overrides a Block
//! is written to the audit log in the dispatcher's own transaction.
//!
//! 1. `fleet_documents.load_id` (nullable), indexed per fleet for the
//!    load's list. No foreign key: SQLite cannot add one to an existing
//!    table, and loads are cancelled, never deleted; the documents service
//!    checks the load is the fleet's before filing (decision 040).
//! 2. `audit_log.fleet_account_id` (nullable): the fleet an entry was
//!    written for. On PostgreSQL the audit log stays readable by the system
//!    scope only; a second, INSERT-only policy lets a fleet's transaction
//!    append entries naming its own fleet (and read none back).

use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const DOCUMENTS: &str = "fleet_documents";
const LOAD_INDEX: &str = "ix_fleet_documents_load";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table(DOCUMENTS)
                .add_column(uuid_null("load_id"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name(LOAD_INDEX)
                .table(DOCUMENTS)
                .col("fleet_account_id")
                .col("load_id")
                .col("created_at")
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("audit_log")
                .add_column(uuid_null("fleet_account_id"))
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            conn.execute_unprepared(
                "DROP POLICY IF EXISTS fleet_append ON audit_log;
                 CREATE POLICY fleet_append ON audit_log FOR INSERT
                   WITH CHECK (fleet_account_id IS NOT NULL AND fleet_account_id =
                     (SELECT NULLIF(current_setting('app.fleet_account_id', true), '')::uuid));",
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            conn.execute_unprepared("DROP POLICY IF EXISTS fleet_append ON audit_log;")
                .await?;
        }
        m.alter_table(
            Table::alter()
                .table("audit_log")
                .drop_column("fleet_account_id")
                .to_owned(),
        )
        .await?;
        m.drop_index(Index::drop().name(LOAD_INDEX).table(DOCUMENTS).to_owned())
            .await?;
        m.alter_table(
            Table::alter()
                .table(DOCUMENTS)
                .drop_column("load_id")
                .to_owned(),
        )
        .await
    }
}
