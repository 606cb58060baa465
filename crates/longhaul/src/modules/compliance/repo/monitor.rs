//! The FMCSA monitor's rows: the daily snapshots of a fleet's watched
//! fields, the changes found between them (with their bell entries), and
//! the fleet's stored record.

use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{fleet_account, fleet_notification, fmcsa_change, fmcsa_snapshot};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

pub async fn snapshot_on(
    tx: &FleetTx,
    day: NaiveDate,
) -> Result<Option<fmcsa_snapshot::Model>, DbErr> {
    fmcsa_snapshot::Entity::within(tx)
        .filter(fmcsa_snapshot::Column::TakenOn.eq(day))
        .one(tx)
        .await
}

pub async fn last_snapshot(tx: &FleetTx) -> Result<Option<fmcsa_snapshot::Model>, DbErr> {
    fmcsa_snapshot::Entity::within(tx)
        .order_by_desc(fmcsa_snapshot::Column::TakenOn)
        .one(tx)
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
pub async fn changes(
    tx: &FleetTx,
    undismissed: bool,
    limit: u64,
) -> Result<Vec<fmcsa_change::Model>, DbErr> {
    let mut select = fmcsa_change::Entity::within(tx);
    if undismissed {
        select = select.filter(fmcsa_change::Column::DismissedAt.is_null());
    }
    select
        .order_by_desc(fmcsa_change::Column::DetectedAt)
        .order_by_asc(fmcsa_change::Column::Field)
        .limit(limit)
        .all(tx)
        .await
}

pub async fn dismiss_changes(tx: &FleetTx, at: DateTime<Utc>) -> Result<(), DbErr> {
    fmcsa_change::Entity::update_within(tx)
        .col_expr(fmcsa_change::Column::DismissedAt, Expr::value(at))
        .filter(fmcsa_change::Column::DismissedAt.is_null())
        .exec(tx)
        .await?;
    Ok(())
}
