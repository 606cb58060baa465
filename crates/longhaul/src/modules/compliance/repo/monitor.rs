//! The FMCSA monitor's rows: the snapshots of a fleet's watched
//! fields, the changes found between them (with their bell entries), and
//! the fleet's stored record.

use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{fleet_account, fleet_notification, fmcsa_change, fmcsa_snapshot};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseBackend, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};

/// Whether the schedule has checked the fleet on `day`.
pub async fn scheduled_on(tx: &FleetTx, day: NaiveDate) -> Result<bool, DbErr> {
    Ok(fmcsa_snapshot::Entity::within(tx)
        .filter(fmcsa_snapshot::Column::ScheduledOn.eq(day))
        .count(tx)
        .await?
        > 0)
}

/// The snapshot a new reading is compared with.
pub async fn last_snapshot(tx: &FleetTx) -> Result<Option<fmcsa_snapshot::Model>, DbErr> {
    fmcsa_snapshot::Entity::within(tx)
        .order_by_desc(fmcsa_snapshot::Column::TakenAt)
        .one(tx)
        .await
}

/// The fleet's first snapshot (its baseline, for fleets made since m0035).
pub async fn first_snapshot(tx: &FleetTx) -> Result<Option<fmcsa_snapshot::Model>, DbErr> {
    fmcsa_snapshot::Entity::within(tx)
        .order_by_asc(fmcsa_snapshot::Column::TakenAt)
        .one(tx)
        .await
}

/// The fleet's row, locked until the transaction ends on PostgreSQL
/// (SQLite has one writer at a time anyway): one check stores at a time.
pub async fn lock_fleet(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    let mut select = fleet_account::Entity::within(tx);
    if tx.get_database_backend() == DatabaseBackend::Postgres {
        select = select.lock_exclusive();
    }
    select.one(tx).await
}

/// Takes the fleet's on-demand check when the last one is older than
/// `last_before` (a conditional update: two presses at once, one wins).
/// `Ok(previous)` when taken, `Err(last)` when not.
pub async fn claim_on_demand(
    tx: &FleetTx,
    at: DateTime<Utc>,
    last_before: DateTime<Utc>,
) -> Result<Result<Option<DateTime<Utc>>, DateTime<Utc>>, DbErr> {
    let previous = fleet_account::Entity::within(tx)
        .one(tx)
        .await?
        .and_then(|f| f.fmcsa_check_requested_at);
    let taken = fleet_account::Entity::update_within(tx)
        .col_expr(
            fleet_account::Column::FmcsaCheckRequestedAt,
            Expr::value(at),
        )
        .filter(
            Condition::any()
                .add(fleet_account::Column::FmcsaCheckRequestedAt.is_null())
                .add(fleet_account::Column::FmcsaCheckRequestedAt.lte(last_before)),
        )
        .exec(tx)
        .await?
        .rows_affected
        > 0;
    Ok(match (taken, previous) {
        (true, previous) => Ok(previous),
        (false, Some(last)) => Err(last),
        // Taken by a press that committed after our read.
        (false, None) => Err(at),
    })
}

/// FMCSA could not be reached for the fleet's baseline (the first time).
pub async fn mark_baseline_missed(tx: &FleetTx, at: DateTime<Utc>) -> Result<(), DbErr> {
    fleet_account::Entity::update_within(tx)
        .col_expr(
            fleet_account::Column::FmcsaBaselineMissedAt,
            Expr::value(at),
        )
        .filter(fleet_account::Column::FmcsaBaselineMissedAt.is_null())
        .exec(tx)
        .await?;
    Ok(())
}

/// Gives back a claim whose check could not reach FMCSA.
pub async fn release_on_demand(
    tx: &FleetTx,
    claimed_at: DateTime<Utc>,
    previous: Option<DateTime<Utc>>,
) -> Result<(), DbErr> {
    fleet_account::Entity::update_within(tx)
        .col_expr(
            fleet_account::Column::FmcsaCheckRequestedAt,
            Expr::value(previous),
        )
        .filter(fleet_account::Column::FmcsaCheckRequestedAt.eq(claimed_at))
        .exec(tx)
        .await?;
    Ok(())
}

/// Stores a snapshot; false when the schedule's day has one already.
pub async fn insert_snapshot<C: ConnectionTrait>(
    conn: &C,
    row: fmcsa_snapshot::ActiveModel,
) -> Result<bool, DbErr> {
    let stored = fmcsa_snapshot::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                fmcsa_snapshot::Column::FleetAccountId,
                fmcsa_snapshot::Column::ScheduledOn,
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
