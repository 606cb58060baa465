//! The fleet account's queries. Fleet tables are reached through the
//! finders that take the fleet's transaction (`FleetOwned::within`);
//! sign-ups are not a fleet's rows.

use db::entities::{fleet_account, fleet_driver, fleet_eld_integration, fleet_signup};
use db::entities::{fleet_trailer, fleet_vehicle};
use db::fleet_filters::{trailer_active, truck_active, truck_not_decommissioned};
use db::system::SystemTable;
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::Value;

pub async fn account(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::within(tx).one(tx).await
}

/// The newest sign-up's FMCSA record for a DOT number: the fallback when
/// the fleet account holds none.
pub async fn signup_fmcsa_record<C: ConnectionTrait>(
    conn: &C,
    dot_number: &str,
) -> Result<Option<Value>, DbErr> {
    Ok(fleet_signup::Entity::rows()
        .filter(fleet_signup::Column::DotNumber.eq(dot_number))
        .filter(fleet_signup::Column::FmcsaData.is_not_null())
        .order_by_desc(fleet_signup::Column::CreatedAt)
        .one(conn)
        .await?
        .and_then(|s| s.fmcsa_data))
}

/// The provider of the fleet's active ELD connection, if any.
pub async fn active_eld_provider(tx: &FleetTx) -> Result<Option<String>, DbErr> {
    Ok(fleet_eld_integration::Entity::within(tx)
        .filter(fleet_eld_integration::Column::IsActive.eq(true))
        .one(tx)
        .await?
        .map(|e| e.provider))
}

/// What the overview counts.
pub struct OverviewCounts {
    pub trucks_active: u64,
    pub drivers_active: u64,
    /// Active trailers with an assigned driver.
    pub trailers_active_assigned: u64,
}

pub async fn overview_counts(tx: &FleetTx) -> Result<OverviewCounts, DbErr> {
    let trucks_active = fleet_vehicle::Entity::within(tx)
        .filter(truck_not_decommissioned())
        .filter(truck_active(true))
        .count(tx)
        .await?;
    let drivers_active = fleet_driver::Entity::within(tx)
        .filter(fleet_driver::Column::IsActive.eq(true))
        .count(tx)
        .await?;
    let trailers_active_assigned = fleet_trailer::Entity::within(tx)
        .filter(trailer_active(true))
        .filter(fleet_trailer::Column::AssignedDriverName.is_not_null())
        .count(tx)
        .await?;
    Ok(OverviewCounts {
        trucks_active,
        drivers_active,
        trailers_active_assigned,
    })
}

/// Saves an edited account.
pub async fn save(
    tx: &FleetTx,
    account: fleet_account::ActiveModel,
) -> Result<fleet_account::Model, DbErr> {
    sea_orm::ActiveModelTrait::update(account, tx).await
}
