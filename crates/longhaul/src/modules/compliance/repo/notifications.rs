//! The bell's rows: the fleet's notifications, read or unread.

use db::entities::fleet_notification;
use db::tenancy::{FleetOwned, TenantScope};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use uuid::Uuid;

use fleet_notification::Column as N;

pub async fn unread_count<C: ConnectionTrait>(conn: &C, scope: TenantScope) -> Result<u64, DbErr> {
    fleet_notification::Entity::scoped(scope)
        .filter(N::ReadAt.is_null())
        .count(conn)
        .await
}

/// The newest `limit`, then by due date and title.
pub async fn newest<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    limit: u64,
) -> Result<Vec<fleet_notification::Model>, DbErr> {
    fleet_notification::Entity::scoped(scope)
        .order_by_desc(N::CreatedAt)
        .order_by_asc(N::DueOn)
        .order_by_asc(N::Title)
        .limit(limit)
        .all(conn)
        .await
}

pub async fn exists<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    id: Uuid,
) -> Result<bool, DbErr> {
    Ok(fleet_notification::Entity::scoped_by_id(scope, id)
        .count(conn)
        .await?
        > 0)
}

/// Marks one (`Some(id)`) or every unread notification read.
pub async fn mark_read<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    id: Option<Uuid>,
) -> Result<(), DbErr> {
    let mut update = fleet_notification::Entity::scoped_update(scope)
        .col_expr(N::ReadAt, Expr::value(chrono::Utc::now()))
        .filter(N::ReadAt.is_null());
    if let Some(id) = id {
        update = update.filter(N::Id.eq(id));
    }
    update.exec(conn).await?;
    Ok(())
}
