//! Broker accounts: rows of `accounts` whose type is broker.

use db::entities::account;
use db::system::SystemTable;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbErr, QuerySelect};
use uuid::Uuid;

pub async fn insert<C: ConnectionTrait>(
    conn: &C,
    row: account::ActiveModel,
) -> Result<account::Model, DbErr> {
    row.insert(conn).await
}

pub async fn by_id<C: ConnectionTrait>(
    conn: &C,
    id: Uuid,
) -> Result<Option<account::Model>, DbErr> {
    account::Entity::row(id).one(conn).await
}

/// The account's row, locked until the transaction ends on PostgreSQL
/// (SQLite has one writer at a time anyway).
pub async fn lock<C: ConnectionTrait>(conn: &C, id: Uuid) -> Result<Option<account::Model>, DbErr> {
    let mut select = account::Entity::row(id);
    if conn.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        select = select.lock_exclusive();
    }
    select.one(conn).await
}
