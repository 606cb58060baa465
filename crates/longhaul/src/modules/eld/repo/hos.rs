//! The hours-of-service tables (decision 041), through the fleet's
//! transaction; the refresh job finds its fleets with a system one.

use db::entities::{fleet_eld_integration, hos_clock, hos_clock_read, load};
use db::system::AcrossFleets;
use db::tenancy::{FleetOwned, FleetTx, SystemTx};
use sea_orm::{ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashSet;
use uuid::Uuid;

/// When the fleet's clocks were last read, and how it went.
pub async fn last_read(tx: &FleetTx) -> Result<Option<hos_clock_read::Model>, DbErr> {
    hos_clock_read::Entity::within(tx).one(tx).await
}

/// The clocks of these provider driver ids.
pub async fn clocks_of(tx: &FleetTx, eld_ids: Vec<String>) -> Result<Vec<hos_clock::Model>, DbErr> {
    if eld_ids.is_empty() {
        return Ok(Vec::new());
    }
    hos_clock::Entity::within(tx)
        .filter(hos_clock::Column::DriverEldId.is_in(eld_ids))
        .all(tx)
        .await
}

/// Replaces the fleet's clocks with a fresh read.
pub async fn replace_clocks(tx: &FleetTx, rows: Vec<hos_clock::ActiveModel>) -> Result<(), DbErr> {
    hos_clock::Entity::delete_within(tx).exec(tx).await?;
    // A few hundred rows a chunk keeps every statement under SQLite's
    // variable limit (11 columns a row).
    for chunk in rows.chunks(500) {
        hos_clock::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(tx)
            .await?;
    }
    Ok(())
}

/// Forgets the fleet's clocks and their read (the connection is gone).
pub async fn forget(tx: &FleetTx) -> Result<(), DbErr> {
    hos_clock::Entity::delete_within(tx).exec(tx).await?;
    hos_clock_read::Entity::delete_within(tx).exec(tx).await?;
    Ok(())
}

/// Records a read's outcome (one row per fleet).
pub async fn save_read(tx: &FleetTx, row: hos_clock_read::ActiveModel) -> Result<(), DbErr> {
    hos_clock_read::Entity::delete_within(tx).exec(tx).await?;
    row.insert(tx).await.map(drop)
}

/// Fleets with a load under way and an active ELD connection of a provider
/// that reports clocks (system scope: every fleet).
pub async fn fleets_with_active_loads(
    tx: &SystemTx,
    statuses: &[&str],
    providers: &[&str],
) -> Result<Vec<Uuid>, DbErr> {
    let with_loads: HashSet<Uuid> = load::Entity::across_fleets(tx)
        .select_only()
        .column(load::Column::FleetAccountId)
        .distinct()
        .filter(load::Column::Status.is_in(statuses.iter().copied()))
        .into_tuple::<Uuid>()
        .all(tx)
        .await?
        .into_iter()
        .collect();
    if with_loads.is_empty() {
        return Ok(Vec::new());
    }
    let connected: Vec<Uuid> = fleet_eld_integration::Entity::across_fleets(tx)
        .select_only()
        .column(fleet_eld_integration::Column::FleetAccountId)
        .filter(fleet_eld_integration::Column::IsActive.eq(true))
        .filter(fleet_eld_integration::Column::NeedsAttention.eq(false))
        .filter(fleet_eld_integration::Column::Provider.is_in(providers.iter().copied()))
        .into_tuple::<Uuid>()
        .all(tx)
        .await?;
    Ok(connected
        .into_iter()
        .filter(|fleet| with_loads.contains(fleet))
        .collect())
}
