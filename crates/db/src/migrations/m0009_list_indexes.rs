//! Lists served from indexes (issue 10 point 7, decision 014).
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
//! - `fleet_list_counts` holds each fleet's count per list and tab, kept by
//!   database triggers (statement-level on PostgreSQL, row-level on
//!   SQLite), so an unsearched list reads its counts from one row per tab;
//! - a search reads one stored, lower-cased document of the searched fields
//!   (`search_text`), and the drivers' search by full name and by phone
//!   digits stored columns, instead of a `lower()` per field and row.
//!
//! Row-level security policies compare the fleet column with a value read
//! once per statement instead of converting every row's id to text.
//!
//! A search is served from the fleet's rows, reached by the list index. No
//! trigram index: under row-level security PostgreSQL never uses one for
//! the serving role (`LIKE` is not leakproof), see the decision record.
//!
//! Existing rows are backfilled by the rules the writes used then, frozen in
//! `m0009_list_rules.rs`.

use super::m0009_list_rules::{
    driver_search_name, is_unnamed, phone_search_digits, search_document, trailer_list_tab,
    truck_list_tab,
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
    let search = || text("search_text").default("").to_owned();
    vec![
        add_column(TRUCKS, tab()),
        add_column(TRUCKS, unnamed()),
        add_column(TRAILERS, tab()),
        add_column(TRAILERS, unnamed()),
        add_column(DRIVERS, string("search_name").default(" ").to_owned()),
        add_column(DRIVERS, string_null("phone_digits")),
        add_column(TRUCKS, search()),
        add_column(TRAILERS, search()),
        add_column(DRIVERS, search()),
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
        super::rls::act_as_system(conn).await?;
        backfill(conn).await?;
        for (name, table, _) in REPLACED_INDEXES {
            m.drop_index(Index::drop().name(*name).table(*table).to_owned())
                .await?;
        }
        for (name, table, cols) in LIST_INDEXES {
            m.create_index(index(name, table, cols)).await?;
        }
        create_counts(m).await?;
        // Every tenant table's policy in its per-statement form (rls.rs).
        for (table, column) in super::m0008_rls_roles_and_driver_usernames::RLS_TABLES {
            super::rls::enable_rls(conn, table, *column).await?;
        }
        match conn.get_database_backend() {
            DatabaseBackend::Postgres => postgres_part(conn).await?,
            _ => sqlite_part(conn).await?,
        }
        backfill_counts(conn).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        for (table, ..) in COUNTED {
            let sql = match conn.get_database_backend() {
                DatabaseBackend::Postgres => format!(
                    "DROP TRIGGER IF EXISTS {table}_count_insert ON {table};
                     DROP TRIGGER IF EXISTS {table}_count_update ON {table};
                     DROP TRIGGER IF EXISTS {table}_count_delete ON {table};
                     DROP FUNCTION IF EXISTS longhaul_count_{table}();"
                ),
                _ => format!(
                    "DROP TRIGGER IF EXISTS {table}_count_insert;
                     DROP TRIGGER IF EXISTS {table}_count_update;
                     DROP TRIGGER IF EXISTS {table}_count_delete;"
                ),
            };
            conn.execute_unprepared(&sql).await?;
        }
        m.drop_table(Table::drop().table(COUNTS).to_owned()).await?;
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
            (TRUCKS, "search_text"),
            (TRAILERS, "search_text"),
            (DRIVERS, "search_text"),
        ] {
            m.alter_table(Table::alter().table(table).drop_column(col).to_owned())
                .await?;
        }
        Ok(())
    }
}

pub(super) const COUNTS: &str = "fleet_list_counts";

/// The tab of a row as SQL, over the row's alias.
pub(super) type TabSql = fn(&str) -> String;

/// The counted lists: (table, list name, tab).
pub(super) const COUNTED: &[(&str, &str, TabSql)] = &[
    (TRUCKS, "trucks", |row| format!("{row}.list_tab")),
    (TRAILERS, "trailers", |row| format!("{row}.list_tab")),
    (DRIVERS, "drivers", |row| {
        format!("CASE WHEN {row}.is_active THEN 'active' ELSE 'inactive' END")
    }),
];

/// The counts table: a tenant table like the rows it counts.
async fn create_counts(m: &SchemaManager<'_>) -> Result<(), DbErr> {
    m.create_table(
        Table::create()
            .table(COUNTS)
            .col(uuid("fleet_account_id"))
            .col(string("list"))
            .col(string("tab"))
            .col(big_integer("n"))
            .primary_key(
                Index::create()
                    .col("fleet_account_id")
                    .col("list")
                    .col("tab"),
            )
            .foreign_key(
                ForeignKey::create()
                    .name("fk_fleet_list_counts_fleet")
                    .from(COUNTS, "fleet_account_id")
                    .to("fleet_accounts", "id")
                    .on_delete(ForeignKeyAction::Cascade),
            )
            .to_owned(),
    )
    .await?;
    super::rls::enable_rls(m.get_connection(), COUNTS, Some("fleet_account_id")).await
}

/// PostgreSQL: no defaults on the derived columns, so a write that forgets
/// one fails instead of storing a wrong one; the counts kept by one
/// statement-level trigger per table (a bulk write of 5,000 rows updates each
/// count once, not 5,000 times). The trigger runs as the writing role, under
/// the same row-level security. An UPDATE that moves no row between tabs
/// touches no count (and takes no lock on it).
async fn postgres_part<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    conn.execute_unprepared(
        "ALTER TABLE fleet_vehicles ALTER COLUMN list_tab DROP DEFAULT,
           ALTER COLUMN unnamed DROP DEFAULT, ALTER COLUMN search_text DROP DEFAULT;
         ALTER TABLE fleet_trailers ALTER COLUMN list_tab DROP DEFAULT,
           ALTER COLUMN unnamed DROP DEFAULT, ALTER COLUMN search_text DROP DEFAULT;
         ALTER TABLE fleet_drivers ALTER COLUMN search_name DROP DEFAULT,
           ALTER COLUMN search_text DROP DEFAULT;",
    )
    .await?;
    for (table, list, tab) in COUNTED {
        let (old_tab, new_tab) = (tab("o"), tab("n"));
        conn.execute_unprepared(&format!(
            "CREATE FUNCTION longhaul_count_{table}() RETURNS trigger LANGUAGE plpgsql AS $f$
             BEGIN
               -- Nested: a condition naming old_rows cannot be planned for
               -- an INSERT, which has no such table.
               IF TG_OP = 'UPDATE' THEN
                 IF NOT EXISTS (
                      SELECT 1 FROM old_rows o JOIN new_rows n USING (id)
                       WHERE {old_tab} IS DISTINCT FROM {new_tab}
                          OR o.fleet_account_id IS DISTINCT FROM n.fleet_account_id) THEN
                   RETURN NULL;
                 END IF;
               END IF;
               IF TG_OP <> 'INSERT' THEN
                 UPDATE {COUNTS} c SET n = c.n - d.n
                   FROM (SELECT o.fleet_account_id, {old_tab} AS tab, count(*) AS n
                           FROM old_rows o GROUP BY 1, 2) d
                  WHERE c.fleet_account_id = d.fleet_account_id AND c.list = '{list}' AND c.tab = d.tab;
               END IF;
               IF TG_OP <> 'DELETE' THEN
                 INSERT INTO {COUNTS} AS c (fleet_account_id, list, tab, n)
                   SELECT n.fleet_account_id, '{list}', {new_tab}, count(*)
                     FROM new_rows n GROUP BY 1, 3
                   ON CONFLICT (fleet_account_id, list, tab) DO UPDATE SET n = c.n + excluded.n;
               END IF;
               RETURN NULL;
             END $f$;
             CREATE TRIGGER {table}_count_insert AFTER INSERT ON {table}
               REFERENCING NEW TABLE AS new_rows
               FOR EACH STATEMENT EXECUTE FUNCTION longhaul_count_{table}();
             CREATE TRIGGER {table}_count_update AFTER UPDATE ON {table}
               REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
               FOR EACH STATEMENT EXECUTE FUNCTION longhaul_count_{table}();
             CREATE TRIGGER {table}_count_delete AFTER DELETE ON {table}
               REFERENCING OLD TABLE AS old_rows
               FOR EACH STATEMENT EXECUTE FUNCTION longhaul_count_{table}();"
        ))
        .await?;
    }
    Ok(())
}

/// SQLite: the counts kept by row-level triggers (SQLite has no others; a
/// count row is updated in place, and writes are serialized anyway).
async fn sqlite_part<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    for (table, list, tab) in COUNTED {
        let (old_tab, new_tab) = (tab("OLD"), tab("NEW"));
        let add = format!(
            "INSERT INTO {COUNTS} (fleet_account_id, list, tab, n)
               VALUES (NEW.fleet_account_id, '{list}', {new_tab}, 1)
               ON CONFLICT (fleet_account_id, list, tab) DO UPDATE SET n = n + 1;"
        );
        let remove = format!(
            "UPDATE {COUNTS} SET n = n - 1
              WHERE fleet_account_id = OLD.fleet_account_id AND list = '{list}' AND tab = {old_tab};"
        );
        conn.execute_unprepared(&format!(
            "CREATE TRIGGER {table}_count_insert AFTER INSERT ON {table}
               BEGIN {add} END;
             CREATE TRIGGER {table}_count_update AFTER UPDATE ON {table}
               WHEN {old_tab} IS NOT {new_tab} OR OLD.fleet_account_id IS NOT NEW.fleet_account_id
               BEGIN {remove} {add} END;
             CREATE TRIGGER {table}_count_delete AFTER DELETE ON {table}
               BEGIN {remove} END;"
        ))
        .await?;
    }
    Ok(())
}

/// The counts of the rows that exist already.
async fn backfill_counts<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    for (table, list, tab) in COUNTED {
        conn.execute_unprepared(&format!(
            "INSERT INTO {COUNTS} (fleet_account_id, list, tab, n)
             SELECT r.fleet_account_id, '{list}', {tab}, COUNT(*) FROM {table} r
              GROUP BY r.fleet_account_id, {tab}",
            tab = tab("r")
        ))
        .await?;
    }
    Ok(())
}

/// Every existing row gets its derived states by the rules the writes use,
/// one UPDATE per row (a migration runs once; the rules are Rust's).
async fn backfill<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    let trucks = [
        "assigned_driver_eld_id",
        "assigned_driver_name",
        "notes",
        "name",
        "make",
        "model",
        "vin",
        "license_plate",
    ];
    backfill_table(conn, TRUCKS, &trucks, |t| {
        vec![
            (
                "list_tab",
                truck_list_tab(
                    t.get("assigned_driver_eld_id"),
                    t.get("assigned_driver_name"),
                    t.get("notes"),
                )
                .into(),
            ),
            ("unnamed", is_unnamed(t.get("name")).into()),
            (
                "search_text",
                search_document(&[
                    t.get("name"),
                    t.get("make"),
                    t.get("model"),
                    t.get("vin"),
                    t.get("license_plate"),
                ])
                .into(),
            ),
        ]
    })
    .await?;
    let trailers = [
        "status",
        "name",
        "trailer_id",
        "license_plate",
        "vin",
        "trailer_type",
        "assigned_driver_name",
    ];
    backfill_table(conn, TRAILERS, &trailers, |t| {
        vec![
            (
                "list_tab",
                trailer_list_tab(t.get("status").unwrap_or_default()).into(),
            ),
            ("unnamed", is_unnamed(t.get("name")).into()),
            (
                "search_text",
                search_document(&[
                    t.get("name"),
                    t.get("trailer_id"),
                    t.get("license_plate"),
                    t.get("vin"),
                    t.get("trailer_type"),
                    t.get("assigned_driver_name"),
                ])
                .into(),
            ),
        ]
    })
    .await?;
    let drivers = [
        "first_name",
        "last_name",
        "driver_id",
        "username",
        "license_number",
        "phone",
    ];
    backfill_table(conn, DRIVERS, &drivers, |t| {
        vec![
            (
                "search_name",
                driver_search_name(t.get("first_name"), t.get("last_name")).into(),
            ),
            ("phone_digits", phone_search_digits(t.get("phone")).into()),
            (
                "search_text",
                search_document(&[
                    t.get("first_name"),
                    t.get("last_name"),
                    t.get("driver_id"),
                    t.get("username"),
                    t.get("license_number"),
                    t.get("phone"),
                ])
                .into(),
            ),
        ]
    })
    .await
}

/// A row's text fields, read for the backfill.
struct Fields(BTreeMap<&'static str, Option<String>>);

impl Fields {
    fn get(&self, col: &str) -> Option<&str> {
        self.0.get(col).and_then(|v| v.as_deref())
    }
}

/// Reads `cols` (text) of every row of `table` and writes the columns
/// `derive` returns for it.
async fn backfill_table<C: ConnectionTrait>(
    conn: &C,
    table: &'static str,
    cols: &[&'static str],
    derive: impl Fn(&Fields) -> Vec<(&'static str, Value)>,
) -> Result<(), DbErr> {
    let mut select = Query::select();
    select.column(Alias::new("id")).from(Alias::new(table));
    for col in cols {
        select.column(Alias::new(*col));
    }
    for row in conn.query_all(&select).await? {
        let id: Uuid = row.try_get("", "id")?;
        let mut fields = Fields(BTreeMap::new());
        for col in cols {
            fields.0.insert(col, row.try_get("", col)?);
        }
        let mut update = Query::update();
        update.table(Alias::new(table));
        for (col, value) in derive(&fields) {
            update.value(Alias::new(col), value);
        }
        update.and_where(Expr::col(Alias::new("id")).eq(id));
        conn.execute(&update).await?;
    }
    Ok(())
}
