//! The fleets a daily job still has to do.

use crate::modules::compliance::repo::fleets as repo;
use chrono::NaiveDate;
use db::SystemKey;
use db::tenancy::FleetOwned;
use sea_orm::{DatabaseConnection, DbErr};
use std::collections::HashSet;
use uuid::Uuid;

/// Every active fleet.
pub async fn active_fleets(db: &DatabaseConnection, key: &SystemKey) -> Result<Vec<Uuid>, DbErr> {
    let txn = db::tenancy::system_read(db, key).await?;
    let fleets = repo::active(&txn).await?;
    txn.commit().await?;
    Ok(fleets)
}

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
    let fleets = repo::active(&txn).await?;
    let done: HashSet<Uuid> = repo::with_row_on::<E>(&txn, fleet_column, day_column, day)
        .await?
        .into_iter()
        .collect();
    txn.commit().await?;
    Ok(fleets.into_iter().filter(|f| !done.contains(f)).collect())
}
