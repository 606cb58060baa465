//! Lists served from indexes (issue 10 point 7, decision 013).
//!
//! The fleet lists used to derive each row's tab (a truck's decommissioned
//! marker, searched for in its notes; active by its driver name; a trailer's
//! status) and its place in the order (unnamed last) on every row of the
//! fleet at every read. Those states are now columns written with the row
//! (`domain::fleet_lists` holds the rules), so that
//!
//! - one composite index per list, tenant first — (fleet, tab, unnamed,
//!   name, id) for trucks and trailers, (fleet, is_active, last name, first
//!   name, id) for drivers — serves both tab counts and every page in the
//!   list's order;
//! - the drivers' search by full name and by phone digits reads stored
//!   columns instead of expressions;
//! - on PostgreSQL a trigram index (`pg_trgm`, a trusted extension the
//!   owner role may create) serves the substring searches; on SQLite the
//!   fleet's rows come from the composite index and are filtered as they
//!   are read (the decision record says why no FTS5 table).
//!
//! Existing rows are backfilled by the same Rust rules the writes use.

use domain::fleet_lists::{
    driver_search_name, is_unnamed, phone_search_digits, trailer_list_tab, truck_list_tab,
};
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, Value};
use sea_orm_migration::{prelude::*, schema::*};
use std::collections::BTreeMap;
use uuid::Uuid;

#[derive(DeriveMigrationName)]
pub struct Migration;

const TRUCKS: &str = "fleet_vehicles";
const TRAILERS: &str = "fleet_trailers";
const DRIVERS: &str = "fleet_drivers";

/// The searched columns of each list, as the list code names them: the
/// trigram index covers exactly these (lower-cased, as the search compares).
pub const TRUCK_SEARCH: &[&str] = &["name", "make", "model", "vin", "license_plate"];
pub const TRAILER_SEARCH: &[&str] = &[
    "name",
    "trailer_id",
    "license_plate",
    "vin",
    "trailer_type",
    "assigned_driver_name",
];
pub const DRIVER_SEARCH: &[&str] = &[
    "first_name",
    "last_name",
    "driver_id",
    "username",
    "license_number",
    "phone",
    "search_name",
    "phone_digits",
];

/// Each list's composite index: tenant first, then the tab, then the order.
const LIST_INDEXES: &[(&str, &str, &[&str])] = &[
    (
        "idx_fleet_vehicles_tabs",
        TRUCKS,
        &["fleet_account_id", "list_tab", "unnamed", "name", "id"],
    ),
    (
        "idx_fleet_trailers_tabs",
        TRAILERS,
        &["fleet_account_id", "list_tab", "unnamed", "name", "id"],
    ),
    (
        "idx_fleet_drivers_tabs",
        DRIVERS,
        &[
            "fleet_account_id",
            "is_active",
            "last_name",
            "first_name",
            "id",
        ],
    ),
];

/// The indexes of m0005 the composite ones replace.
const REPLACED_INDEXES: &[(&str, &str, &[&str])] = &[
    (
        "idx_fleet_vehicles_list",
        TRUCKS,
        &["fleet_account_id", "status", "name"],
    ),
    (
        "idx_fleet_trailers_list",
        TRAILERS,
        &["fleet_account_id", "status", "name"],
    ),
    (
        "idx_fleet_drivers_list",
        DRIVERS,
        &["fleet_account_id", "is_active", "last_name"],
    ),
];

fn index(name: &str, table: &'static str, cols: &[&'static str]) -> IndexCreateStatement {
    let mut stmt = Index::create();
    stmt.name(name).table(table);
    for col in cols {
        stmt.col(*col);
    }
    stmt.to_owned()
}

fn add_column(table: &'static str, col: ColumnDef) -> TableAlterStatement {
    Table::alter().table(table).add_column(col).to_owned()
}

/// The new columns. SQLite cannot add a NOT NULL column without a default;
/// PostgreSQL drops the defaults after the backfill (see `postgres_part`),
/// so a write that forgets a derived state fails there instead of storing a
/// wrong one.
fn derived_columns() -> Vec<TableAlterStatement> {
    let tab = || string("list_tab").default("inactive").to_owned();
    let unnamed = || boolean("unnamed").default(true).to_owned();
    vec![
        add_column(TRUCKS, tab()),
        add_column(TRUCKS, unnamed()),
        add_column(TRAILERS, tab()),
        add_column(TRAILERS, unnamed()),
        add_column(DRIVERS, string("search_name").default(" ").to_owned()),
        add_column(DRIVERS, string_null("phone_digits")),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// One transaction on both databases: the backfill writes row by row.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for stmt in derived_columns() {
            m.alter_table(stmt).await?;
        }
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            // FORCE RLS binds the owner too: the backfill reads every fleet.
            conn.execute_unprepared(
                "SELECT set_config('app.system_key', (SELECT key FROM longhaul_system_key), true)",
            )
            .await?;
        }
        backfill(conn).await?;
        for (name, table, _) in REPLACED_INDEXES {
            m.drop_index(Index::drop().name(*name).table(*table).to_owned())
                .await?;
        }
        for (name, table, cols) in LIST_INDEXES {
            m.create_index(index(name, table, cols)).await?;
        }
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            postgres_part(conn).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            for table in [TRUCKS, TRAILERS, DRIVERS] {
                conn.execute_unprepared(&format!("DROP INDEX IF EXISTS {}", trigram_index(table)))
                    .await?;
            }
        }
        for (name, table, _) in LIST_INDEXES {
            m.drop_index(Index::drop().name(*name).table(*table).to_owned())
                .await?;
        }
        for (name, table, cols) in REPLACED_INDEXES {
            m.create_index(index(name, table, cols)).await?;
        }
        for (table, col) in [
            (TRUCKS, "list_tab"),
            (TRUCKS, "unnamed"),
            (TRAILERS, "list_tab"),
            (TRAILERS, "unnamed"),
            (DRIVERS, "search_name"),
            (DRIVERS, "phone_digits"),
        ] {
            m.alter_table(Table::alter().table(table).drop_column(col).to_owned())
                .await?;
        }
        Ok(())
    }
}

fn trigram_index(table: &str) -> String {
    format!("idx_{table}_search")
}

/// PostgreSQL only: the trigram index of each list's searched columns, and
/// no defaults on the derived columns. `pg_trgm` is a trusted extension
/// (PostgreSQL 13+): the database's owner, which runs the migrations, may
/// create it without being a superuser.
async fn postgres_part<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    conn.execute_unprepared("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        .await?;
    for (table, cols) in [
        (TRUCKS, TRUCK_SEARCH),
        (TRAILERS, TRAILER_SEARCH),
        (DRIVERS, DRIVER_SEARCH),
    ] {
        // One multi-column GIN index per table: a search ORs one LIKE per
        // column, which the planner answers with one bitmap scan per column
        // of the same index.
        let keys = cols
            .iter()
            .map(|c| format!("lower({c}) gin_trgm_ops"))
            .collect::<Vec<_>>()
            .join(", ");
        conn.execute_unprepared(&format!(
            "CREATE INDEX {} ON {table} USING gin ({keys})",
            trigram_index(table)
        ))
        .await?;
    }
    conn.execute_unprepared(
        "ALTER TABLE fleet_vehicles ALTER COLUMN list_tab DROP DEFAULT, ALTER COLUMN unnamed DROP DEFAULT;
         ALTER TABLE fleet_trailers ALTER COLUMN list_tab DROP DEFAULT, ALTER COLUMN unnamed DROP DEFAULT;
         ALTER TABLE fleet_drivers ALTER COLUMN search_name DROP DEFAULT;",
    )
    .await?;
    Ok(())
}

/// Every existing row gets its derived states by the rules the writes use.
async fn backfill<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    let select = |table: &'static str, cols: &[&'static str]| {
        let mut q = Query::select();
        q.column(Alias::new("id")).from(Alias::new(table));
        for col in cols {
            q.column(Alias::new(*col));
        }
        q
    };

    // Trucks and trailers take a few distinct values: one UPDATE per value
    // and chunk of ids.
    let mut groups: BTreeMap<(&'static str, &'static str, bool), Vec<Uuid>> = BTreeMap::new();
    let trucks = conn
        .query_all(&select(
            TRUCKS,
            &[
                "assigned_driver_eld_id",
                "assigned_driver_name",
                "notes",
                "name",
            ],
        ))
        .await?;
    for row in trucks {
        let text = |col: &str| row.try_get::<Option<String>>("", col);
        let tab = truck_list_tab(
            text("assigned_driver_eld_id")?.as_deref(),
            text("assigned_driver_name")?.as_deref(),
            text("notes")?.as_deref(),
        );
        let unnamed = is_unnamed(text("name")?.as_deref());
        groups
            .entry((TRUCKS, tab.as_str(), unnamed))
            .or_default()
            .push(row.try_get("", "id")?);
    }
    let trailers = conn
        .query_all(&select(TRAILERS, &["status", "name"]))
        .await?;
    for row in trailers {
        let status: String = row.try_get("", "status")?;
        let name: Option<String> = row.try_get("", "name")?;
        groups
            .entry((
                TRAILERS,
                trailer_list_tab(&status).as_str(),
                is_unnamed(name.as_deref()),
            ))
            .or_default()
            .push(row.try_get("", "id")?);
    }
    for ((table, tab, unnamed), ids) in groups {
        for chunk in ids.chunks(500) {
            let update = Query::update()
                .table(Alias::new(table))
                .value(Alias::new("list_tab"), Value::from(tab))
                .value(Alias::new("unnamed"), Value::from(unnamed))
                .and_where(Expr::col(Alias::new("id")).is_in(chunk.iter().copied()))
                .to_owned();
            conn.execute(&update).await?;
        }
    }

    // Drivers' search columns differ per row.
    let drivers = conn
        .query_all(&select(DRIVERS, &["first_name", "last_name", "phone"]))
        .await?;
    for row in drivers {
        let text = |col: &str| row.try_get::<Option<String>>("", col);
        let id: Uuid = row.try_get("", "id")?;
        let update = Query::update()
            .table(Alias::new(DRIVERS))
            .value(
                Alias::new("search_name"),
                Value::from(driver_search_name(
                    text("first_name")?.as_deref(),
                    text("last_name")?.as_deref(),
                )),
            )
            .value(
                Alias::new("phone_digits"),
                Value::from(phone_search_digits(text("phone")?.as_deref())),
            )
            .and_where(Expr::col(Alias::new("id")).eq(id))
            .to_owned();
        conn.execute(&update).await?;
    }
    Ok(())
}
