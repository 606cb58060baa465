//! The overview's counts, after the overview cleanup of spec part 2 §4.

use super::assets::{not_decommissioned, truck_active};
use super::repo;
use crate::http::{ApiError, FleetScope};
use crate::state::AppState;
use chrono::Utc;
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use domain::fleet_lists::ListTab;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct PowerUnits {
    pub active: u64,
    pub registered: i32,
}

#[derive(Serialize, ToSchema)]
pub struct Overview {
    /// The DBA name, else the legal name.
    pub welcome_name: String,
    pub power_units: PowerUnits,
    pub drivers_active: u64,
    pub trailers_active_assigned: u64,
}

/// One transaction: the cleanup, then the counts it makes true.
pub async fn load(state: &AppState, scope: FleetScope) -> Result<Overview, ApiError> {
    let txn = repo::begin_write(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    // Without synced drivers nothing can be called unrecognized yet.
    let has_synced = repo::drivers(scope)
        .filter(fleet_driver::Column::DriverId.is_not_null())
        .limit(1)
        .count(&txn)
        .await?
        > 0;
    if has_synced {
        // The active drivers' ELD ids as a subquery: one statement, however
        // large the fleet.
        let active_ids = Query::select()
            .column(fleet_driver::Column::DriverId)
            .from(fleet_driver::Entity)
            .and_where(fleet_driver::Column::FleetAccountId.eq(scope.fleet_account_id()))
            .and_where(fleet_driver::Column::IsActive.eq(true))
            .and_where(fleet_driver::Column::DriverId.is_not_null())
            .to_owned();
        fleet_vehicle::Entity::update_many()
            .col_expr(
                fleet_vehicle::Column::AssignedDriverEldId,
                Expr::value(Option::<String>::None),
            )
            .col_expr(
                fleet_vehicle::Column::AssignedDriverName,
                Expr::value(Option::<String>::None),
            )
            .col_expr(
                fleet_vehicle::Column::AssignedDriverId,
                Expr::value(Option::<uuid::Uuid>::None),
            )
            .col_expr(fleet_vehicle::Column::Status, Expr::value("inactive"))
            // Without a driver name a (not decommissioned) truck is
            // inactive: `update_many` runs no `before_save` (decision 013).
            .col_expr(
                fleet_vehicle::Column::ListTab,
                Expr::value(ListTab::Inactive.as_str()),
            )
            .col_expr(fleet_vehicle::Column::UpdatedAt, Expr::value(Utc::now()))
            .filter(fleet_vehicle::Column::FleetAccountId.eq(scope.fleet_account_id()))
            .filter(fleet_vehicle::Column::Status.eq("active"))
            .filter(fleet_vehicle::Column::AssignedDriverEldId.is_not_null())
            .filter(fleet_vehicle::Column::AssignedDriverEldId.not_in_subquery(active_ids))
            .filter(not_decommissioned())
            .exec(&txn)
            .await?;
    }
    let trucks_active = repo::trucks(scope)
        .filter(not_decommissioned())
        .filter(truck_active(true))
        .count(&txn)
        .await?;
    let drivers_active = repo::drivers(scope)
        .filter(fleet_driver::Column::IsActive.eq(true))
        .count(&txn)
        .await?;
    let trailers_active_assigned = repo::trailers(scope)
        .filter(fleet_trailer::Column::Status.eq("active"))
        .filter(fleet_trailer::Column::AssignedDriverName.is_not_null())
        .count(&txn)
        .await?;
    txn.commit().await?;
    Ok(Overview {
        welcome_name: fleet
            .dba_name
            .clone()
            .filter(|d| !d.trim().is_empty())
            .unwrap_or(fleet.legal_name),
        power_units: PowerUnits {
            active: trucks_active,
            registered: fleet.power_units,
        },
        drivers_active,
        trailers_active_assigned,
    })
}
