//! The FMCSA monitor's rows: the daily snapshots of a fleet's watched
//! fields, the changes found between them (with their bell entries), and
//! the fleet's stored record.

use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{fleet_account, fleet_notification, fmcsa_change, fmcsa_snapshot};
use db::tenancy::{FleetOwned, TenantScope};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

pub async fn snapshot_on<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    day: NaiveDate,
) -> Result<Option<fmcsa_snapshot::Model>, DbErr> {
    fmcsa_snapshot::Entity::scoped(scope)
        .filter(fmcsa_snapshot::Column::TakenOn.eq(day))
        .one(conn)
        .await
}

pub async fn last_snapshot<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
) -> Result<Option<fmcsa_snapshot::Model>, DbErr> {
    fmcsa_snapshot::Entity::scoped(scope)
        .order_by_desc(fmcsa_snapshot::Column::TakenOn)
        .one(conn)
        .await
}

/// Stores the day's snapshot; false when the fleet has one that day.
pub async fn insert_snapshot<C: ConnectionTrait>(
    conn: &C,
    row: fmcsa_snapshot::ActiveModel,
) -> Result<bool, DbErr> {
    let stored = fmcsa_snapshot::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                fmcsa_snapshot::Column::FleetAccountId,
                fmcsa_snapshot::Column::TakenOn,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
    Ok(stored > 0)
}

pub async fn update_fleet<C: ConnectionTrait>(
    conn: &C,
    row: fleet_account::ActiveModel,
) -> Result<fleet_account::Model, DbErr> {
    row.update(conn).await
}

/// A change and its entry in the bell.
pub async fn insert_change<C: ConnectionTrait>(
    conn: &C,
    change: fmcsa_change::ActiveModel,
    notification: fleet_notification::ActiveModel,
) -> Result<(), DbErr> {
    fmcsa_change::Entity::insert(change)
        .exec_without_returning(conn)
        .await?;
    fleet_notification::Entity::insert(notification)
        .exec_without_returning(conn)
        .await?;
    Ok(())
}

/// The newest `limit` changes (only those not dismissed when `undismissed`).
pub async fn changes<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    undismissed: bool,
    limit: u64,
) -> Result<Vec<fmcsa_change::Model>, DbErr> {
    let mut select = fmcsa_change::Entity::scoped(scope);
    if undismissed {
        select = select.filter(fmcsa_change::Column::DismissedAt.is_null());
    }
    select
        .order_by_desc(fmcsa_change::Column::DetectedAt)
        .order_by_asc(fmcsa_change::Column::Field)
        .limit(limit)
        .all(conn)
        .await
}

pub async fn dismiss_changes<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    fmcsa_change::Entity::scoped_update(scope)
        .col_expr(fmcsa_change::Column::DismissedAt, Expr::value(at))
        .filter(fmcsa_change::Column::DismissedAt.is_null())
        .exec(conn)
        .await?;
    Ok(())
}
