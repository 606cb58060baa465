//! Scoped access to the fleet's tables. A `FleetScope` is needed to open a
//! transaction at all, and every finder filters by its fleet.

use crate::http::FleetScope;
use db::entities::{
    fleet_account, fleet_driver, fleet_eld_integration, fleet_trailer, fleet_vehicle,
};
use sea_orm::{
    ColumnTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, Select,
    TransactionTrait,
};
use uuid::Uuid;

/// A transaction acting for the scope's fleet, for reading.
pub async fn begin(
    db: &DatabaseConnection,
    scope: FleetScope,
) -> Result<DatabaseTransaction, DbErr> {
    let txn = db.begin().await?;
    db::tenancy::set_fleet(&txn, scope.fleet_account_id()).await?;
    Ok(txn)
}

/// A transaction acting for the scope's fleet that may write (see
/// `db::begin_write`): every mutation, and reads that clean up as they go.
pub async fn begin_write(
    db: &DatabaseConnection,
    scope: FleetScope,
) -> Result<DatabaseTransaction, DbErr> {
    let txn = db::begin_write(db).await?;
    db::tenancy::set_fleet(&txn, scope.fleet_account_id()).await?;
    Ok(txn)
}

pub fn account(scope: FleetScope) -> Select<fleet_account::Entity> {
    fleet_account::Entity::find_by_id(scope.fleet_account_id())
}

pub fn drivers(scope: FleetScope) -> Select<fleet_driver::Entity> {
    fleet_driver::Entity::find()
        .filter(fleet_driver::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn trucks(scope: FleetScope) -> Select<fleet_vehicle::Entity> {
    fleet_vehicle::Entity::find()
        .filter(fleet_vehicle::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn trailers(scope: FleetScope) -> Select<fleet_trailer::Entity> {
    fleet_trailer::Entity::find()
        .filter(fleet_trailer::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn eld_integrations(scope: FleetScope) -> Select<fleet_eld_integration::Entity> {
    fleet_eld_integration::Entity::find()
        .filter(fleet_eld_integration::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn driver(scope: FleetScope, id: Uuid) -> Select<fleet_driver::Entity> {
    drivers(scope).filter(fleet_driver::Column::Id.eq(id))
}

pub fn truck(scope: FleetScope, id: Uuid) -> Select<fleet_vehicle::Entity> {
    trucks(scope).filter(fleet_vehicle::Column::Id.eq(id))
}

pub fn trailer(scope: FleetScope, id: Uuid) -> Select<fleet_trailer::Entity> {
    trailers(scope).filter(fleet_trailer::Column::Id.eq(id))
}
