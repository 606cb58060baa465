//! The drivers' screens and the hand edits. Callable from a handler or a
//! job alike: a connection, a scope and plain input in, `DriversError` out.

use super::dto::{DriverDetail, DriverInput, DriverItem};
use super::error::DriversError;
use super::repo;
use crate::modules::vehicles::dto::{TrailerItem, TruckItem};
use crate::paging::{ListPage, ListRequest};
use db::tenancy::TenantScope;
use domain::driver_form::DriverForm;
use sea_orm::DatabaseConnection;
use uuid::Uuid;

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
    request: &ListRequest,
) -> Result<ListPage<DriverItem>, DriversError> {
    let txn = db::tenancy::read(db, scope).await?;
    let page = repo::list_drivers(&txn, request).await?;
    txn.commit().await?;
    Ok(page.map(DriverItem::from))
}

pub async fn detail(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<DriverDetail, DriversError> {
    let txn = db::tenancy::read(db, scope).await?;
    let driver = repo::driver(&txn, id)
        .await?
        .ok_or(DriversError::NotFound)?;
    let truck = repo::assigned_truck(&txn, &driver).await?;
    let trailers = repo::assigned_trailers(&txn, &driver).await?;
    txn.commit().await?;
    Ok(DriverDetail {
        driver: DriverItem::from(&driver),
        assigned_truck: truck.as_ref().map(TruckItem::from),
        assigned_trailers: trailers.iter().map(TrailerItem::from).collect(),
    })
}

pub async fn create(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: DriverInput,
) -> Result<DriverItem, DriversError> {
    let form = DriverForm::from(input)
        .clean()
        .map_err(DriversError::Invalid)?;
    let txn = db::tenancy::write(db, scope).await?;
    let row = repo::insert(&txn, form).await?;
    txn.commit().await?;
    Ok(DriverItem::from(&row))
}

pub async fn update(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
    input: DriverInput,
) -> Result<DriverItem, DriversError> {
    let form = DriverForm::from(input)
        .clean()
        .map_err(DriversError::Invalid)?;
    let txn = db::tenancy::write(db, scope).await?;
    let row = repo::driver(&txn, id)
        .await?
        .ok_or(DriversError::NotFound)?;
    let row = repo::update(&txn, row, form).await?;
    txn.commit().await?;
    Ok(DriverItem::from(&row))
}

/// Deactivates (`false`) or activates (`true`) a driver.
pub async fn set_active(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
    is_active: bool,
) -> Result<DriverItem, DriversError> {
    let txn = db::tenancy::write(db, scope).await?;
    let row = repo::driver(&txn, id)
        .await?
        .ok_or(DriversError::NotFound)?;
    let row = repo::set_active(&txn, row, is_active).await?;
    txn.commit().await?;
    Ok(DriverItem::from(&row))
}
