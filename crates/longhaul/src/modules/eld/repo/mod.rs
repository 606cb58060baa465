//! The ELD tables, always through the fleet's transaction (`FleetTx`).

use chrono::{DateTime, Utc};
use db::entities::{eld_sync_run, fleet_eld_integration};
use db::system::AcrossFleets;
use db::tenancy::{FleetOwned, FleetTx, SystemTx};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use uuid::Uuid;

pub async fn integration(tx: &FleetTx) -> Result<Option<fleet_eld_integration::Model>, DbErr> {
    fleet_eld_integration::Entity::within(tx).one(tx).await
}

pub async fn run(tx: &FleetTx, id: Uuid) -> Result<Option<eld_sync_run::Model>, DbErr> {
    eld_sync_run::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn active_runs(tx: &FleetTx) -> Result<Vec<eld_sync_run::Model>, DbErr> {
    eld_sync_run::Entity::within(tx)
        .filter(eld_sync_run::Column::ActiveKind.is_not_null())
        .order_by_asc(eld_sync_run::Column::QueuedAt)
        .all(tx)
        .await
}

pub async fn active_run_of_kind(
    tx: &FleetTx,
    kind: &str,
) -> Result<Option<eld_sync_run::Model>, DbErr> {
    eld_sync_run::Entity::within(tx)
        .filter(eld_sync_run::Column::ActiveKind.eq(kind))
        .one(tx)
        .await
}

pub async fn history(
    tx: &FleetTx,
    page: u64,
    per_page: u64,
) -> Result<(Vec<eld_sync_run::Model>, u64), DbErr> {
    let total = eld_sync_run::Entity::within(tx).count(tx).await?;
    let items = eld_sync_run::Entity::within(tx)
        .order_by_desc(eld_sync_run::Column::QueuedAt)
        .order_by_desc(eld_sync_run::Column::Id)
        .offset((page - 1) * per_page)
        .limit(per_page)
        .all(tx)
        .await?;
    Ok((items, total))
}

pub struct NewRun<'a> {
    pub kind: &'a str,
    pub trigger: &'a str,
    pub provider: &'a str,
}

/// Inserts a queued run holding the fleet's slot for its kind; a unique
/// violation means another run of that kind is queued or running.
pub async fn insert_run(
    tx: &FleetTx,
    new: NewRun<'_>,
    now: DateTime<Utc>,
) -> Result<eld_sync_run::Model, DbErr> {
    eld_sync_run::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(tx.scope().fleet_account_id()),
        kind: Set(new.kind.to_owned()),
        trigger: Set(new.trigger.to_owned()),
        status: Set("queued".into()),
        provider: Set(new.provider.to_owned()),
        active_kind: Set(Some(new.kind.to_owned())),
        incremental: Set(false),
        queued_at: Set(now),
        started_at: Set(None),
        finished_at: Set(None),
        pages_fetched: Set(0),
        rows_written: Set(0),
        synced: Set(0),
        created: Set(0),
        updated: Set(0),
        deactivated: Set(0),
        assignments_updated: Set(None),
        warning: Set(None),
        error: Set(None),
    }
    .insert(tx)
    .await
}

/// Updates a run (progress, end) by its id within the scope.
pub async fn save_run(
    tx: &FleetTx,
    run: eld_sync_run::ActiveModel,
) -> Result<eld_sync_run::Model, DbErr> {
    run.update(tx).await
}

/// Fleets whose scheduled sync is due (system scope: every fleet).
pub async fn due_integrations(
    db: &db::tenancy::SystemTx,
    now: DateTime<Utc>,
) -> Result<Vec<fleet_eld_integration::Model>, DbErr> {
    fleet_eld_integration::Entity::across_fleets(db)
        .filter(fleet_eld_integration::Column::IsActive.eq(true))
        .filter(fleet_eld_integration::Column::NeedsAttention.eq(false))
        .filter(fleet_eld_integration::Column::NextSyncAt.lte(now))
        .limit(500)
        .all(db)
        .await
}

/// The newest succeeded run of a kind from `provider` (only full runs when
/// `full_only`).
pub async fn last_succeeded(
    tx: &FleetTx,
    kind: &str,
    provider: &str,
    full_only: bool,
) -> Result<Option<eld_sync_run::Model>, DbErr> {
    let mut q = eld_sync_run::Entity::within(tx)
        .filter(eld_sync_run::Column::Kind.eq(kind))
        .filter(eld_sync_run::Column::Provider.eq(provider))
        .filter(eld_sync_run::Column::Status.eq("succeeded"));
    if full_only {
        q = q.filter(eld_sync_run::Column::Incremental.eq(false));
    }
    q.order_by_desc(eld_sync_run::Column::QueuedAt)
        .one(tx)
        .await
}

pub async fn insert_integration(
    tx: &FleetTx,
    row: fleet_eld_integration::ActiveModel,
) -> Result<fleet_eld_integration::Model, DbErr> {
    row.insert(tx).await
}

pub async fn update_integration(
    tx: &FleetTx,
    row: fleet_eld_integration::ActiveModel,
) -> Result<fleet_eld_integration::Model, DbErr> {
    row.update(tx).await
}

/// An integration's next scheduled run, moved by the schedule that works
/// across fleets.
pub async fn save_schedule(
    tx: &SystemTx,
    row: fleet_eld_integration::ActiveModel,
) -> Result<(), DbErr> {
    row.update(tx).await.map(|_| ())
}

/// A running sync's progress counters (the rest of the run stays as stored).
pub async fn save_progress(tx: &FleetTx, run: &eld_sync_run::Model) -> Result<(), DbErr> {
    use eld_sync_run::Column as R;
    eld_sync_run::Entity::update_within(tx)
        .filter(R::Id.eq(run.id))
        .col_expr(R::PagesFetched, run.pages_fetched.into())
        .col_expr(R::Synced, run.synced.into())
        .col_expr(R::RowsWritten, run.rows_written.into())
        .col_expr(R::Incremental, run.incremental.into())
        .exec(tx)
        .await?;
    Ok(())
}
pub mod hos;
pub mod positions;
pub(super) mod write;
