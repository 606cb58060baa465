//! The trucks' and trailers' screens: lists, and details that resolve the
//! assigned driver. Reads only: the removal of a truck's assignment to a
//! driver the fleet does not know (spec part 2 §4) is done by the writers
//! (`super::assignment`), and the detail reports it.

use super::assignment::assignment_removed;
use super::dto::{
    DriverRef, TrailerDetail, TrailerDriver, TrailerItem, TruckDetail, TruckDriver, TruckItem,
};
use super::error::VehiclesError;
use super::repo;
use crate::paging::{ListPage, ListRequest};
use db::tenancy::TenantScope;
use domain::fleet::phone_display;
use domain::texts;
use sea_orm::DatabaseConnection;
use uuid::Uuid;

pub async fn list_trucks(
    db: &DatabaseConnection,
    scope: TenantScope,
    request: &ListRequest,
) -> Result<ListPage<TruckItem>, VehiclesError> {
    let txn = db::tenancy::read(db, scope).await?;
    let page = repo::list_trucks(&txn, request).await?;
    txn.commit().await?;
    Ok(page.map(TruckItem::from))
}

pub async fn list_trailers(
    db: &DatabaseConnection,
    scope: TenantScope,
    request: &ListRequest,
) -> Result<ListPage<TrailerItem>, VehiclesError> {
    let txn = db::tenancy::read(db, scope).await?;
    let page = repo::list_trailers(&txn, request).await?;
    txn.commit().await?;
    Ok(page.map(TrailerItem::from))
}

/// The truck with its driver: a synced driver, or the ELD's name alone when
/// the fleet has no synced drivers yet; `cleanup_notice` when a writer
/// removed an assignment to a driver the fleet does not know.
pub async fn truck_detail(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<TruckDetail, VehiclesError> {
    let txn = db::tenancy::read(db, scope).await?;
    let truck = repo::truck(&txn, id)
        .await?
        .ok_or(VehiclesError::NotFound)?;
    let cleanup_notice =
        truck.assigned_driver_eld_id.is_none() && assignment_removed(truck.raw.as_ref());
    let mut driver = None;
    if let Some(eld_id) = truck.assigned_driver_eld_id.clone() {
        match repo::driver_by_eld_id(&txn, &eld_id).await? {
            Some(d) => driver = Some(TruckDriver::Synced(DriverRef::from(&d))),
            None => {
                driver = Some(TruckDriver::EldOnly {
                    eld_driver_id: Some(eld_id),
                    name: truck
                        .assigned_driver_name
                        .clone()
                        .unwrap_or_else(|| texts().fleet.unknown_driver.clone()),
                })
            }
        }
    } else if let Some(name) = truck.assigned_driver_name.clone().filter(|n| !n.is_empty()) {
        driver = Some(TruckDriver::EldOnly {
            eld_driver_id: None,
            name,
        });
    }
    txn.commit().await?;
    Ok(TruckDetail {
        truck: TruckItem::from(&truck),
        notes: truck.notes.clone(),
        is_active: truck.is_active,
        cleanup_notice,
        driver,
    })
}

/// The trailer with its driver: the fleet's driver by id or ELD id, else the
/// ELD's name alone.
pub async fn trailer_detail(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<TrailerDetail, VehiclesError> {
    let txn = db::tenancy::read(db, scope).await?;
    let trailer = repo::trailer(&txn, id)
        .await?
        .ok_or(VehiclesError::NotFound)?;
    let known = match (
        trailer.assigned_driver_id,
        trailer.assigned_driver_eld_id.as_deref(),
    ) {
        (Some(id), _) => repo::driver(&txn, id).await?,
        (None, Some(eld)) => repo::driver_by_eld_id(&txn, eld).await?,
        _ => None,
    };
    txn.commit().await?;
    let driver = match known {
        Some(d) => Some(TrailerDriver::from(&d)),
        None => trailer
            .assigned_driver_name
            .clone()
            .map(|name| TrailerDriver {
                id: None,
                display_name: name,
                eld_driver_id: trailer.assigned_driver_eld_id.clone(),
                phone_display: phone_display(None),
                license_number: None,
                license_state: None,
            }),
    };
    Ok(TrailerDetail {
        trailer: TrailerItem::from(&trailer),
        notes: trailer.notes.clone(),
        is_active: trailer.is_active,
        driver,
    })
}
pub mod assignment;
