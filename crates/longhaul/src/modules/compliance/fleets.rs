//! The fleets a daily job still has to do.

use chrono::NaiveDate;
use db::SystemKey;
use db::entities::fleet_account;
use db::system::AcrossFleets;
use db::tenancy::FleetOwned;
use sea_orm::DatabaseConnection;
use sea_orm::{ColumnTrait, DbErr, QueryFilter, QuerySelect};
use std::collections::HashSet;
use uuid::Uuid;

/// The active fleets with no row of `E` on `day` yet (today's digest,
/// today's snapshot): the work a run that died or ran before left to do.
pub async fn active_fleets_without<E: FleetOwned>(
    db: &DatabaseConnection,
    key: &SystemKey,
    fleet_column: E::Column,
    day_column: E::Column,
    day: NaiveDate,
) -> Result<Vec<Uuid>, DbErr> {
    let txn = db::tenancy::system_read(db, key).await?;
    let fleets: Vec<Uuid> = fleet_account::Entity::across_fleets(&txn)
        .select_only()
        .column(fleet_account::Column::Id)
        .filter(fleet_account::Column::Status.eq("active"))
        .into_tuple()
        .all(&txn)
        .await?;
    let done: HashSet<Uuid> = E::across_fleets(&txn)
        .select_only()
        .column(fleet_column)
        .filter(day_column.eq(day))
        .into_tuple::<Uuid>()
        .all(&txn)
        .await?
        .into_iter()
        .collect();
    txn.commit().await?;
    Ok(fleets.into_iter().filter(|f| !done.contains(f)).collect())
}
