//! A broker account's users: profiles whose account is the broker's.

use db::entities::profile;
use db::system::SystemTable;
use domain::Role;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use uuid::Uuid;

/// The account's users by e-mail (at most `limit`).
pub async fn of_account<C: ConnectionTrait>(
    conn: &C,
    account_id: Uuid,
    limit: u64,
) -> Result<Vec<profile::Model>, DbErr> {
    profile::Entity::rows()
        .filter(profile::Column::AccountId.eq(account_id))
        .order_by_asc(profile::Column::Email)
        .limit(limit)
        .all(conn)
        .await
}

/// The account's user `id`, if it is one.
pub async fn member<C: ConnectionTrait>(
    conn: &C,
    account_id: Uuid,
    id: Uuid,
) -> Result<Option<profile::Model>, DbErr> {
    profile::Entity::row(id)
        .filter(profile::Column::AccountId.eq(account_id))
        .one(conn)
        .await
}

/// A user who is still active (a saved search's owner).
pub async fn active<C: ConnectionTrait>(
    conn: &C,
    id: Uuid,
) -> Result<Option<profile::Model>, DbErr> {
    profile::Entity::row(id)
        .filter(profile::Column::DeactivatedAt.is_null())
        .one(conn)
        .await
}

pub async fn update<C: ConnectionTrait>(
    conn: &C,
    row: profile::ActiveModel,
) -> Result<profile::Model, DbErr> {
    row.update(conn).await
}

pub async fn active_admin_count<C: ConnectionTrait>(
    conn: &C,
    account_id: Uuid,
) -> Result<u64, DbErr> {
    profile::Entity::rows()
        .filter(profile::Column::AccountId.eq(account_id))
        .filter(profile::Column::Role.eq(Role::BrokerAdmin.as_str()))
        .filter(profile::Column::DeactivatedAt.is_null())
        .count(conn)
        .await
}
