//! The documents' name search at 100,000 documents a fleet (issue 12,
//! decision 022):
//!
//! - The upload-order index also carries the searched name (an INCLUDE
//!   column on PostgreSQL, a trailing key on SQLite), so a search reads
//!   index entries only, never the rows it passes over.
//! - The truck, trailer and driver indexes hold only the documents filed
//!   against one (partial indexes, `… IS NOT NULL`). Most documents are
//!   filed against none, and SQLite's statistics averaged that one large
//!   NULL group into "rows per truck" (189 at the benchmark's scale instead
//!   of about 50), so it answered a truck's expiring documents through the
//!   expiration index, reading 10,000 rows instead of the truck's few.
//! - The trigram GIN index of m0014 goes: under row-level security the
//!   serving role cannot use it (`LIKE` is not leakproof), and it cost every
//!   insert. The extensions stay: dropping them would need rights over every
//!   object that might use them, and they cost nothing unused.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

const DOCUMENTS: &str = "fleet_documents";
const UPLOADED: &str = "ix_fleet_documents_uploaded";

fn uploaded_index(backend: DatabaseBackend, with_name: bool) -> IndexCreateStatement {
    let mut index = Index::create();
    index
        .name(UPLOADED)
        .table(DOCUMENTS)
        .col("fleet_account_id")
        .col("created_at")
        .col("id");
    if with_name {
        match backend {
            DatabaseBackend::Postgres => index.include("search_name"),
            _ => index.col("search_name"),
        };
    }
    index.to_owned()
}

async fn rebuild_uploaded_index(m: &SchemaManager<'_>, with_name: bool) -> Result<(), DbErr> {
    m.drop_index(Index::drop().name(UPLOADED).table(DOCUMENTS).to_owned())
        .await?;
    m.create_index(uploaded_index(m.get_database_backend(), with_name))
        .await
}

/// The indexes of the documents filed against a truck, trailer or driver.
const ASSET_INDEXES: [(&str, &str); 3] = [
    ("ix_fleet_documents_truck", "truck_id"),
    ("ix_fleet_documents_trailer", "trailer_id"),
    ("ix_fleet_documents_driver", "driver_id"),
];

async fn rebuild_asset_indexes(m: &SchemaManager<'_>, partial: bool) -> Result<(), DbErr> {
    for (name, column) in ASSET_INDEXES {
        m.drop_index(Index::drop().name(name).table(DOCUMENTS).to_owned())
            .await?;
        let mut index = Index::create();
        index
            .name(name)
            .table(DOCUMENTS)
            .col("fleet_account_id")
            .col(column)
            .col("created_at");
        if partial {
            index.and_where(Expr::col(column).is_not_null());
        }
        m.create_index(index).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            conn.execute_unprepared("DROP INDEX IF EXISTS ix_fleet_documents_search")
                .await?;
        }
        rebuild_uploaded_index(m, true).await?;
        rebuild_asset_indexes(m, true).await
    }

    /// The indexes as m0014 made them, but for the GIN index (it served no
    /// query of the serving role).
    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        rebuild_asset_indexes(m, false).await?;
        rebuild_uploaded_index(m, false).await
    }
}
