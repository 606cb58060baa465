//! Scoped access to the fleet's tables. A `TenantScope` is needed to open a
//! transaction at all, and every finder filters by its fleet.

use db::entities::{
    fleet_account, fleet_driver, fleet_eld_integration, fleet_trailer, fleet_vehicle,
};
use db::tenancy::TenantScope;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, Select,
};
use uuid::Uuid;

/// A transaction acting for the scope's fleet, for reading.
pub async fn begin(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<DatabaseTransaction, DbErr> {
    db::tenancy::read(db, scope).await
}

/// A transaction acting for the scope's fleet that may write (see
/// `db::begin_write`): every mutation, and reads that clean up as they go.
pub async fn begin_write(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<DatabaseTransaction, DbErr> {
    db::tenancy::write(db, scope).await
}

pub fn account(scope: TenantScope) -> Select<fleet_account::Entity> {
    fleet_account::Entity::find_by_id(scope.fleet_account_id())
}

pub fn drivers(scope: TenantScope) -> Select<fleet_driver::Entity> {
    fleet_driver::Entity::find()
        .filter(fleet_driver::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn trucks(scope: TenantScope) -> Select<fleet_vehicle::Entity> {
    fleet_vehicle::Entity::find()
        .filter(fleet_vehicle::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn trailers(scope: TenantScope) -> Select<fleet_trailer::Entity> {
    fleet_trailer::Entity::find()
        .filter(fleet_trailer::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn eld_integrations(scope: TenantScope) -> Select<fleet_eld_integration::Entity> {
    fleet_eld_integration::Entity::find()
        .filter(fleet_eld_integration::Column::FleetAccountId.eq(scope.fleet_account_id()))
}

pub fn driver(scope: TenantScope, id: Uuid) -> Select<fleet_driver::Entity> {
    drivers(scope).filter(fleet_driver::Column::Id.eq(id))
}

pub fn truck(scope: TenantScope, id: Uuid) -> Select<fleet_vehicle::Entity> {
    trucks(scope).filter(fleet_vehicle::Column::Id.eq(id))
}

pub fn trailer(scope: TenantScope, id: Uuid) -> Select<fleet_trailer::Entity> {
    trailers(scope).filter(fleet_trailer::Column::Id.eq(id))
}
