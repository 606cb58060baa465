//! Two hardening steps (issue 9, decision 009):
//!
//! 1. PostgreSQL: the system scope can no longer be claimed with a plain
//!    `set_config('app.scope', 'system', true)`. The policies now ask
//!    `longhaul_is_system()`, a SECURITY DEFINER function owned by the
//!    migrating (owner) role, which compares `app.system_key` with a random
//!    key kept in `longhaul_system_key` — a table the serving role has no
//!    privilege on. Only a process that read the key over the owner's
//!    connection at start can enter the system scope. Row-level security is
//!    also switched on for `audit_log` (system scope only).
//! 2. Both databases: a driver's username is unique within its fleet (a
//!    unique index, so concurrent creations cannot both win). Duplicates
//!    made before the index existed are renamed first: within each
//!    (fleet, username) group the earliest driver (created_at, then id) keeps
//!    the name, each later one gets `<name>-2`, `<name>-3`, … (the first
//!    suffix not used in that fleet).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, Statement, Value};
use std::collections::HashSet;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Every table under row-level security with the column naming its fleet;
/// `None` = only the system scope sees its rows.
pub const RLS_TABLES: &[(&str, Option<&str>)] = &[
    ("fleet_accounts", Some("id")),
    ("fleet_drivers", Some("fleet_account_id")),
    ("fleet_vehicles", Some("fleet_account_id")),
    ("fleet_trailers", Some("fleet_account_id")),
    ("fleet_eld_integrations", Some("fleet_account_id")),
    ("audit_log", None),
];

/// The owner-only table holding the system-scope key.
pub const SYSTEM_KEY_TABLE: &str = "longhaul_system_key";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            conn.execute_unprepared(&format!(
                "CREATE TABLE {SYSTEM_KEY_TABLE} (
                   id integer PRIMARY KEY CHECK (id = 1),
                   key text NOT NULL
                 );
                 REVOKE ALL ON {SYSTEM_KEY_TABLE} FROM PUBLIC;
                 -- 244 random bits from the server's strong generator.
                 INSERT INTO {SYSTEM_KEY_TABLE} (id, key) VALUES (1, encode(sha256(convert_to(
                   gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'));
                 CREATE FUNCTION longhaul_is_system() RETURNS boolean
                   LANGUAGE sql STABLE SECURITY DEFINER
                   SET search_path = pg_catalog, pg_temp
                   AS $$ SELECT EXISTS (
                     SELECT 1 FROM public.{SYSTEM_KEY_TABLE}
                     WHERE key = current_setting('app.system_key', true)) $$;"
            ))
            .await?;
            for (table, column) in RLS_TABLES {
                super::rls::enable_rls(conn, table, *column).await?;
            }
            // This migration reads fleet_drivers below, as the owner: FORCE
            // RLS applies to the owner too, so enter the system scope.
            conn.execute_unprepared(&format!(
                "SELECT set_config('app.system_key', (SELECT key FROM {SYSTEM_KEY_TABLE}), true)"
            ))
            .await?;
        }
        rename_duplicate_usernames(conn).await?;
        m.create_index(
            Index::create()
                .name("uq_fleet_drivers_username")
                .table("fleet_drivers")
                .col("fleet_account_id")
                .col("username")
                .unique()
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("uq_fleet_drivers_username")
                .table("fleet_drivers")
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            conn.execute_unprepared(
                "DROP POLICY IF EXISTS tenant_isolation ON audit_log;
                 ALTER TABLE audit_log NO FORCE ROW LEVEL SECURITY;
                 ALTER TABLE audit_log DISABLE ROW LEVEL SECURITY;",
            )
            .await?;
            for (table, column) in RLS_TABLES.iter().filter(|(t, _)| *t != "audit_log") {
                let col = column.unwrap_or("fleet_account_id");
                conn.execute_unprepared(&format!(
                    "DROP POLICY IF EXISTS tenant_isolation ON {table};
                     CREATE POLICY tenant_isolation ON {table}
                       USING (current_setting('app.scope', true) = 'system'
                              OR {col}::text = current_setting('app.fleet_account_id', true))
                       WITH CHECK (current_setting('app.scope', true) = 'system'
                              OR {col}::text = current_setting('app.fleet_account_id', true));"
                ))
                .await?;
            }
            conn.execute_unprepared(&format!(
                "DROP FUNCTION IF EXISTS longhaul_is_system();
                 DROP TABLE IF EXISTS {SYSTEM_KEY_TABLE};"
            ))
            .await?;
        }
        Ok(())
    }
}

/// Renames later duplicates of (fleet_account_id, username), see the module
/// comment. Portable: plain SELECT and UPDATE by primary key.
async fn rename_duplicate_usernames<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    let backend = conn.get_database_backend();
    let select = Query::select()
        .column(Alias::new("id"))
        .column(Alias::new("fleet_account_id"))
        .column(Alias::new("username"))
        .from(Alias::new("fleet_drivers"))
        .and_where(Expr::col(Alias::new("username")).is_not_null())
        .order_by(Alias::new("fleet_account_id"), Order::Asc)
        .order_by(Alias::new("username"), Order::Asc)
        .order_by(Alias::new("created_at"), Order::Asc)
        .order_by(Alias::new("id"), Order::Asc)
        .to_owned();
    let rows = conn.query_all(&select).await?;
    // Read everything first: which names each fleet uses.
    let mut drivers = Vec::with_capacity(rows.len());
    let mut used: HashSet<(uuid::Uuid, String)> = HashSet::new();
    for row in rows {
        let id: uuid::Uuid = row.try_get("", "id")?;
        let fleet: uuid::Uuid = row.try_get("", "fleet_account_id")?;
        let username: String = row.try_get("", "username")?;
        used.insert((fleet, username.clone()));
        drivers.push((id, fleet, username));
    }
    let mut previous: Option<(uuid::Uuid, String)> = None;
    for (id, fleet, username) in drivers {
        let key = (fleet, username.clone());
        if previous.as_ref() != Some(&key) {
            previous = Some(key);
            continue; // the earliest keeps its name
        }
        let mut n = 2;
        let renamed = loop {
            let candidate = format!("{username}-{n}");
            if !used.contains(&(fleet, candidate.clone())) {
                break candidate;
            }
            n += 1;
        };
        used.insert((fleet, renamed.clone()));
        let update = Query::update()
            .table(Alias::new("fleet_drivers"))
            .value(Alias::new("username"), Value::from(renamed))
            .and_where(Expr::col(Alias::new("id")).eq(id))
            .to_owned();
        let (sql, values) = match backend {
            DatabaseBackend::Postgres => update.build(PostgresQueryBuilder),
            _ => update.build(SqliteQueryBuilder),
        };
        conn.execute_raw(Statement::from_sql_and_values(backend, sql, values))
            .await?;
    }
    Ok(())
}
