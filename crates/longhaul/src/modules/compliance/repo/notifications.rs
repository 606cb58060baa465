//! The bell's rows: the fleet's notifications, read or unread.

use db::entities::fleet_notification;
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use uuid::Uuid;

use fleet_notification::Column as N;

pub async fn unread_count(tx: &FleetTx) -> Result<u64, DbErr> {
    fleet_notification::Entity::within(tx)
        .filter(N::ReadAt.is_null())
        .count(tx)
        .await
}

/// The newest `limit`, then by due date and title.
pub async fn newest(tx: &FleetTx, limit: u64) -> Result<Vec<fleet_notification::Model>, DbErr> {
    fleet_notification::Entity::within(tx)
        .order_by_desc(N::CreatedAt)
        .order_by_asc(N::DueOn)
        .order_by_asc(N::Title)
        .limit(limit)
        .all(tx)
        .await
}

pub async fn exists(tx: &FleetTx, id: Uuid) -> Result<bool, DbErr> {
    Ok(fleet_notification::Entity::by_id_within(tx, id)
        .count(tx)
        .await?
        > 0)
}

/// Marks one (`Some(id)`) or every unread notification read.
pub async fn mark_read(tx: &FleetTx, id: Option<Uuid>) -> Result<(), DbErr> {
    let mut update = fleet_notification::Entity::update_within(tx)
        .col_expr(N::ReadAt, Expr::value(chrono::Utc::now()))
        .filter(N::ReadAt.is_null());
    if let Some(id) = id {
        update = update.filter(N::Id.eq(id));
    }
    update.exec(tx).await?;
    Ok(())
}
