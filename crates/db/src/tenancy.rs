//! The per-transaction tenant setting that PostgreSQL row-level security keys
//! on, and the checks that make sure RLS is actually in force. SQLite has no
//! RLS; there the `FleetScope` in the query layer is the wall.
//!
//! Roles (decision 009): migrations run as the owner role; the server serves
//! as a separate role that owns nothing, is no superuser and has no
//! BYPASSRLS. The system scope (administration, sign-up) needs a key that
//! only the owner role can read (`longhaul_system_key`), so the serving role
//! cannot claim it with a plain `set_config`.

use crate::migrations::m0008_rls_roles_and_driver_usernames::{RLS_TABLES, SYSTEM_KEY_TABLE};
use sea_orm::{ConnectionTrait, DatabaseBackend, DbErr, Statement};
use std::fmt;
use uuid::Uuid;

/// The key that opens the system scope on PostgreSQL, read at start over the
/// owner's connection. Empty on SQLite. `Debug` never shows it.
#[derive(Clone, Default)]
pub struct SystemKey(Option<String>);

impl fmt::Debug for SystemKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SystemKey(***)")
    }
}

impl SystemKey {
    /// Reads the key; `conn` must be the owner's (the migrating) connection.
    pub async fn read<C: ConnectionTrait>(conn: &C) -> Result<SystemKey, DbErr> {
        if conn.get_database_backend() != DatabaseBackend::Postgres {
            return Ok(SystemKey(None));
        }
        let row = conn
            .query_one_raw(Statement::from_string(
                DatabaseBackend::Postgres,
                format!("SELECT key FROM {SYSTEM_KEY_TABLE} WHERE id = 1"),
            ))
            .await?
            .ok_or_else(|| DbErr::Custom("the system-scope key is missing".into()))?;
        Ok(SystemKey(Some(row.try_get("", "key")?)))
    }
}

/// Marks the current transaction as acting for one fleet.
pub async fn set_fleet<C: ConnectionTrait>(conn: &C, fleet_account_id: Uuid) -> Result<(), DbErr> {
    set(conn, "app.fleet_account_id", &fleet_account_id.to_string()).await
}

/// Marks the current transaction as system work (administration, sign-up)
/// that may see every fleet's rows.
pub async fn set_system<C: ConnectionTrait>(conn: &C, key: &SystemKey) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let key = key.0.as_deref().ok_or_else(|| {
        DbErr::Custom("system scope asked for without the key (read it at start)".into())
    })?;
    set(conn, "app.system_key", key).await
}

async fn set<C: ConnectionTrait>(conn: &C, key: &str, value: &str) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    // `true` = local to the transaction, so a pooled connection never carries
    // one tenant's setting into the next request.
    conn.execute_raw(Statement::from_sql_and_values(
        DatabaseBackend::Postgres,
        "SELECT set_config($1, $2, true)",
        [key.into(), value.into()],
    ))
    .await
    .map(|_| ())
}

/// The role a connection acts as (`current_user`).
pub async fn current_role<C: ConnectionTrait>(conn: &C) -> Result<String, DbErr> {
    let row = conn
        .query_one_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT current_user::text AS name",
        ))
        .await?
        .ok_or_else(|| DbErr::Custom("no current_user".into()))?;
    row.try_get("", "name")
}

/// Gives the serving role what it needs and nothing more: data access to the
/// application's tables and sequences, read-only migration history, nothing
/// on the system key. Run over the owner's connection after migrating; safe
/// to repeat.
pub async fn grant_serving_role<C: ConnectionTrait>(owner: &C, role: &str) -> Result<(), DbErr> {
    let role = quote_ident(role);
    owner
        .execute_unprepared(&format!(
            "GRANT USAGE ON SCHEMA public TO {role};
             GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role};
             GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role};
             REVOKE ALL ON {SYSTEM_KEY_TABLE} FROM {role};
             REVOKE INSERT, UPDATE, DELETE ON seaql_migrations FROM {role};"
        ))
        .await
        .map(|_| ())
}

fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Why row-level security would not hold for the role `conn` serves as:
/// empty when it holds. Checks that the role is no superuser, has no
/// BYPASSRLS (nor can switch to a role that is or has), owns (or can act as
/// the owner of) no table of the schema, and that every RLS table has RLS
/// enabled and forced.
pub async fn rls_problems<C: ConnectionTrait>(conn: &C) -> Result<Vec<String>, DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(Vec::new());
    }
    let mut problems = Vec::new();
    let role = current_role(conn).await?;
    let privileged = conn
        .query_all_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT rolname::text AS name, rolsuper AS sup, rolbypassrls AS bypass
               FROM pg_roles
              WHERE (rolsuper OR rolbypassrls)
                AND pg_has_role(current_user, oid, 'MEMBER')",
        ))
        .await?;
    for row in privileged {
        let name: String = row.try_get("", "name")?;
        let sup: bool = row.try_get("", "sup")?;
        let what = if sup { "a superuser" } else { "has BYPASSRLS" };
        if name == role {
            problems.push(format!("the serving role '{role}' is {what}"));
        } else {
            problems.push(format!(
                "the serving role '{role}' can act as '{name}', which is {what}"
            ));
        }
    }
    let owned = conn
        .query_all_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT c.relname::text AS name
               FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
                AND pg_has_role(current_user, c.relowner, 'MEMBER')
              ORDER BY 1",
        ))
        .await?;
    if !owned.is_empty() {
        let names: Vec<String> = owned
            .iter()
            .map(|r| r.try_get::<String>("", "name"))
            .collect::<Result<_, _>>()?;
        problems.push(format!(
            "the serving role '{role}' owns the tables ({}) and could switch row-level security off; migrate as a separate owner role (DATABASE_MIGRATION_URL)",
            names.join(", ")
        ));
    }
    for (table, _) in RLS_TABLES {
        let row = conn
            .query_one_raw(Statement::from_sql_and_values(
                DatabaseBackend::Postgres,
                "SELECT relrowsecurity AS rls_on, relforcerowsecurity AS forced
                   FROM pg_class WHERE oid = to_regclass($1)",
                [format!("public.{table}").into()],
            ))
            .await?;
        let ok = match row {
            Some(row) => row.try_get::<bool>("", "rls_on")? && row.try_get::<bool>("", "forced")?,
            None => false,
        };
        if !ok {
            problems.push(format!("row-level security is not forced on {table}"));
        }
    }
    Ok(problems)
}
