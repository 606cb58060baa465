//! List reads and searches within their budget under row-level security
//! (issue 10 point 7, decision 015).
//!
//! - Every tenant table's policy checks the system key only when one is set
//!   (`rls.rs`): the fleet's requests no longer call `longhaul_is_system()`,
//!   a SECURITY DEFINER function that PostgreSQL plans again on every
//!   statement (about 0.25 ms each).
//! - Each list's composite index also carries the searched columns, so a
//!   search reads the fleet's index entries alone (an index-only scan),
//!   never its table rows: INCLUDE columns on PostgreSQL, trailing key
//!   columns on SQLite (which has no INCLUDE).

use super::m0008_rls_roles_and_driver_usernames::RLS_TABLES;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// A list's index: (name, table, key columns in the list's order, the
/// searched columns it also carries).
type ListIndex = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const LIST_INDEXES: &[ListIndex] = &[
    (
        "idx_fleet_vehicles_tabs",
        "fleet_vehicles",
        &["fleet_account_id", "list_tab", "unnamed", "name", "id"],
        &["search_text"],
    ),
    (
        "idx_fleet_trailers_tabs",
        "fleet_trailers",
        &["fleet_account_id", "list_tab", "unnamed", "name", "id"],
        &["search_text"],
    ),
    (
        "idx_fleet_drivers_tabs",
        "fleet_drivers",
        &[
            "fleet_account_id",
            "is_active",
            "last_name",
            "first_name",
            "id",
        ],
        &["search_text", "search_name", "phone_digits"],
    ),
];

/// The tenant table m0009 added (its policy is re-applied too).
const COUNTS: &str = "fleet_list_counts";

fn list_index(
    backend: DatabaseBackend,
    (name, table, keys, covered): &ListIndex,
    with_covered: bool,
) -> IndexCreateStatement {
    let mut stmt = Index::create();
    stmt.name(*name).table(*table);
    for col in *keys {
        stmt.col(*col);
    }
    if with_covered {
        for col in *covered {
            match backend {
                DatabaseBackend::Postgres => stmt.include(*col),
                _ => stmt.col(*col),
            };
        }
    }
    stmt.to_owned()
}

async fn rebuild_list_indexes(m: &SchemaManager<'_>, with_covered: bool) -> Result<(), DbErr> {
    let backend = m.get_database_backend();
    for index in LIST_INDEXES {
        let (name, table, ..) = index;
        m.drop_index(Index::drop().name(*name).table(*table).to_owned())
            .await?;
        m.create_index(list_index(backend, index, with_covered))
            .await?;
    }
    Ok(())
}

async fn reapply_policies<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    for (table, column) in RLS_TABLES {
        super::rls::enable_rls(conn, table, *column).await?;
    }
    super::rls::enable_rls(conn, COUNTS, Some("fleet_account_id")).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        rebuild_list_indexes(m, true).await?;
        reapply_policies(m.get_connection()).await
    }

    /// The indexes without the searched columns. The policies stay in their
    /// current form: it admits exactly the rows the earlier one did.
    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        rebuild_list_indexes(m, false).await
    }
}
