//! Fleet documents (spec part 2 §3, issue 12): one row per stored file. The
//! file itself is in the file store under `file_path` (unique: a row points
//! at its own object, and the orphan sweep looks rows up by it). Indexes
//! lead with the fleet, one per way the list narrows: by upload date (the
//! default order and the date range), by expiration (the tabs and their
//! counts), by type, and by the truck, trailer or driver a document is for.
//! (m0015 adds the searched name to the upload-order index and drops the
//! trigram index below, decision 022.)

use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLE: &str = "fleet_documents";

fn link(column: &'static str, to: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_fleet_documents_{column}"))
        .from(TABLE, column)
        .to(to, "id")
        .on_delete(ForeignKeyAction::SetNull)
        .to_owned()
}

fn index(name: &str, cols: &[&'static str]) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(TABLE);
    for col in cols {
        index.col(*col);
    }
    index.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(TABLE)
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(string("name"))
                .col(string("search_name"))
                .col(string("document_type"))
                .col(text_null("description"))
                .col(string("file_path"))
                .col(string("file_name"))
                .col(string("file_type"))
                .col(big_integer("file_size"))
                .col(date_null("issue_date"))
                .col(date_null("expiration_date"))
                .col(boolean("is_shared_with_drivers").default(false))
                .col(uuid_null("truck_id"))
                .col(uuid_null("trailer_id"))
                .col(uuid_null("driver_id"))
                .col(uuid_null("created_by"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_fleet_documents_fleet")
                        .from(TABLE, "fleet_account_id")
                        .to("fleet_accounts", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(&mut link("truck_id", "fleet_vehicles"))
                .foreign_key(&mut link("trailer_id", "fleet_trailers"))
                .foreign_key(&mut link("driver_id", "fleet_drivers"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            index("ux_fleet_documents_file_path", &["file_path"])
                .unique()
                .to_owned(),
        )
        .await?;
        for (name, cols) in [
            (
                "ix_fleet_documents_uploaded",
                &["fleet_account_id", "created_at", "id"][..],
            ),
            (
                "ix_fleet_documents_expiration",
                &["fleet_account_id", "expiration_date"],
            ),
            (
                "ix_fleet_documents_type",
                &["fleet_account_id", "document_type", "created_at"],
            ),
            (
                "ix_fleet_documents_truck",
                &["fleet_account_id", "truck_id", "created_at"],
            ),
            (
                "ix_fleet_documents_trailer",
                &["fleet_account_id", "trailer_id", "created_at"],
            ),
            (
                "ix_fleet_documents_driver",
                &["fleet_account_id", "driver_id", "created_at"],
            ),
        ] {
            m.create_index(index(name, cols)).await?;
        }
        search_index(m.get_connection()).await?;
        super::rls::enable_rls(m.get_connection(), TABLE, Some("fleet_account_id")).await
    }
}

/// PostgreSQL only, on top of the portable indexes: a trigram index of the
/// fleet's document names, so a name search that matches few of a large
/// fleet's documents is answered from the index rather than by testing
/// every name. `btree_gin` puts the fleet in the same index. Both
/// extensions are in PostgreSQL's contrib and trusted (the schema's owner
/// may create them). SQLite scans the upload-order index, which holds the
/// names.
async fn search_index<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    conn.execute_unprepared(
        "CREATE EXTENSION IF NOT EXISTS pg_trgm;
         CREATE EXTENSION IF NOT EXISTS btree_gin;
         CREATE INDEX ix_fleet_documents_search ON fleet_documents
           USING gin (fleet_account_id, search_name gin_trgm_ops);",
    )
    .await
    .map(|_| ())
}
