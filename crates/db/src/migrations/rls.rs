//! Row-level security for a tenant table (decision 009). Every migration that
//! adds a table whose rows belong to a tenant calls `enable_rls` for it;
//! `tenancy::rls_problems` refuses to serve when a table with a
//! `fleet_account_id` column is not under a forced policy.

use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, DbErr};

/// Tables with a `fleet_account_id` column that are not a tenant's rows, and
/// why. `accounts` links a signed-in user to their fleet, and
/// `driver_sessions` a signed-in driver to theirs: both are read while the
/// session is resolved, before any tenant is known.
pub const NOT_TENANT_TABLES: &[&str] = &["accounts", "driver_sessions"];

/// Lets a data migration read and write every fleet's rows for the rest of
/// its transaction: FORCE RLS binds the owner role too (no-op on SQLite).
pub async fn act_as_system<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    if conn.get_database_backend() == DatabaseBackend::Postgres {
        conn.execute_unprepared(
            "SELECT set_config('app.system_key', (SELECT key FROM longhaul_system_key), true)",
        )
        .await?;
    }
    Ok(())
}

/// Puts `table` under a forced `tenant_isolation` policy on PostgreSQL (no-op
/// on SQLite, where the query layer's `TenantScope` is the wall). A row is
/// visible to the system scope, or — when `fleet_column` is given — to a
/// transaction acting for the fleet that column names. Safe to repeat.
pub async fn enable_rls<C: ConnectionTrait>(
    conn: &C,
    table: &str,
    fleet_column: Option<&str>,
) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    conn.execute_unprepared(&policy_sql(table, fleet_column))
        .await
        .map(|_| ())
}

/// True in a system-scope transaction (see `policy_sql` on its cost).
const SYSTEM_SQL: &str = "(SELECT CASE WHEN COALESCE(current_setting('app.system_key', true), '') = '' \
                  THEN false ELSE longhaul_is_system() END)";

fn policy_sql(table: &str, fleet_column: Option<&str>) -> String {
    // Both sub-selects are InitPlans: evaluated once per statement, so each
    // row costs one uuid comparison — no text conversion and no setting
    // lookup per row, which a list that filters a fleet's thousands of rows
    // would pay on every one (decision 014). An unset setting ('' or NULL)
    // matches no row.
    //
    // The system-key function is asked only when a system key is set: it is
    // SECURITY DEFINER (so never inlined) and PostgreSQL plans its body on
    // every call, about 0.25 ms a statement that a fleet's request, which
    // sets no key, would pay for nothing. CASE fixes the order: the
    // function is not called for an unset key. Same rows visible as before.
    let system = SYSTEM_SQL;
    let using = match fleet_column {
        Some(col) => format!(
            "{system} OR {col} = (SELECT NULLIF(current_setting('app.fleet_account_id', true), '')::uuid)"
        ),
        None => system.to_owned(),
    };
    format!(
        "ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
         ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
         DROP POLICY IF EXISTS tenant_isolation ON {table};
         CREATE POLICY tenant_isolation ON {table} USING ({using}) WITH CHECK ({using});"
    )
}

/// The setting a broker account's transaction carries (`tenancy::broker_read`).
const BROKER_SETTING: &str =
    "(SELECT NULLIF(current_setting('app.broker_account_id', true), '')::uuid)";

/// Lets any broker account's transaction read the table's active rows (the
/// truck board), on top of its tenant policy; writes stay the fleet's.
pub async fn enable_board_read<C: ConnectionTrait>(conn: &C, table: &str) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    conn.execute_unprepared(&format!(
        "DROP POLICY IF EXISTS board_read ON {table};
         CREATE POLICY board_read ON {table} FOR SELECT
           USING (status = 'active' AND {BROKER_SETTING} IS NOT NULL);"
    ))
    .await
    .map(|_| ())
}

/// Puts a broker-owned `table` (with a `broker_account_id` column) under a
/// forced policy: visible to the system scope or to a transaction acting for
/// that broker account.
pub async fn enable_broker_rls<C: ConnectionTrait>(conn: &C, table: &str) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let using = format!("{SYSTEM_SQL} OR broker_account_id = {BROKER_SETTING}");
    conn.execute_unprepared(&format!(
        "ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
         ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
         DROP POLICY IF EXISTS tenant_isolation ON {table};
         CREATE POLICY tenant_isolation ON {table} USING ({using}) WITH CHECK ({using});"
    ))
    .await
    .map(|_| ())
}

/// Puts a `table` two tenants share (a tender, a shipment: both a
/// `fleet_account_id` and a `broker_account_id`) under a forced policy:
/// visible to the system scope, to the fleet's transactions and to the
/// broker account's (decision 049). Each side writes only rows naming
/// itself, which `WITH CHECK` holds it to.
pub async fn enable_shared_rls<C: ConnectionTrait>(conn: &C, table: &str) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let using = format!(
        "{SYSTEM_SQL} OR fleet_account_id = (SELECT NULLIF(current_setting('app.fleet_account_id', true), '')::uuid) \
         OR broker_account_id = {BROKER_SETTING}"
    );
    conn.execute_unprepared(&format!(
        "ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
         ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
         DROP POLICY IF EXISTS tenant_isolation ON {table};
         CREATE POLICY tenant_isolation ON {table} USING ({using}) WITH CHECK ({using});"
    ))
    .await
    .map(|_| ())
}
