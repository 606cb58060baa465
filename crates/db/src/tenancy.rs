//! The per-transaction tenant setting that PostgreSQL row-level security keys
//! on. SQLite has no RLS; there the `FleetScope` in the query layer is the wall.

use sea_orm::{ConnectionTrait, DatabaseBackend, DbErr, Statement};
use uuid::Uuid;

/// Marks the current transaction as acting for one fleet.
pub async fn set_fleet<C: ConnectionTrait>(conn: &C, fleet_account_id: Uuid) -> Result<(), DbErr> {
    set(conn, "app.fleet_account_id", &fleet_account_id.to_string()).await
}

/// Marks the current transaction as system work (administration, sign-up)
/// that may see every fleet's rows.
pub async fn set_system<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    set(conn, "app.scope", "system").await
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
