//! The trucks' and trailers' response types, as the API contract names them.

use chrono::{DateTime, Utc};
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use domain::fleet::{driver_display_name, phone_display};
use sea_orm::DerivePartialModel;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Serialize, ToSchema)]
pub struct TruckItem {
    pub id: Uuid,
    pub name: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub vin: Option<String>,
    pub license_plate: Option<String>,
    pub vehicle_id: Option<String>,
    pub assigned_driver_name: Option<String>,
    pub assigned_driver_id: Option<Uuid>,
    /// active when an assigned driver name resolves, else inactive.
    pub status: String,
}

/// The columns a row of the trucks list reads: the list selects only
/// these (never the stored ELD record or the derived search columns).
#[derive(DerivePartialModel)]
#[sea_orm(entity = "fleet_vehicle::Entity")]
pub struct TruckListRow {
    pub id: Uuid,
    pub name: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub vin: Option<String>,
    pub license_plate: Option<String>,
    pub vehicle_id: Option<String>,
    pub assigned_driver_name: Option<String>,
    pub assigned_driver_id: Option<Uuid>,
}

impl From<TruckListRow> for TruckItem {
    fn from(t: TruckListRow) -> Self {
        let driver = t.assigned_driver_name.filter(|n| !n.trim().is_empty());
        TruckItem {
            id: t.id,
            name: t.name,
            make: t.make,
            model: t.model,
            year: t.year,
            vin: t.vin,
            license_plate: t.license_plate,
            vehicle_id: t.vehicle_id,
            status: if driver.is_some() {
                "active"
            } else {
                "inactive"
            }
            .into(),
            assigned_driver_name: driver,
            assigned_driver_id: t.assigned_driver_id,
        }
    }
}

impl From<&fleet_vehicle::Model> for TruckItem {
    fn from(t: &fleet_vehicle::Model) -> Self {
        TruckListRow {
            id: t.id,
            name: t.name.clone(),
            make: t.make.clone(),
            model: t.model.clone(),
            year: t.year,
            vin: t.vin.clone(),
            license_plate: t.license_plate.clone(),
            vehicle_id: t.vehicle_id.clone(),
            assigned_driver_name: t.assigned_driver_name.clone(),
            assigned_driver_id: t.assigned_driver_id,
        }
        .into()
    }
}

#[derive(Serialize, ToSchema)]
pub struct TrailerItem {
    pub id: Uuid,
    pub name: Option<String>,
    pub trailer_id: Option<String>,
    pub trailer_type: Option<String>,
    pub license_plate: Option<String>,
    pub vin: Option<String>,
    pub status: String,
    pub assigned_driver_name: Option<String>,
    pub assigned_driver_id: Option<Uuid>,
    pub assigned_at: Option<DateTime<Utc>>,
}

/// The columns a row of the trailers list reads (see `TruckListRow`).
#[derive(DerivePartialModel)]
#[sea_orm(entity = "fleet_trailer::Entity")]
pub struct TrailerListRow {
    pub id: Uuid,
    pub name: Option<String>,
    pub trailer_id: Option<String>,
    pub trailer_type: Option<String>,
    pub license_plate: Option<String>,
    pub vin: Option<String>,
    pub status: String,
    pub assigned_driver_name: Option<String>,
    pub assigned_driver_id: Option<Uuid>,
    pub assigned_at: Option<DateTime<Utc>>,
}

impl From<TrailerListRow> for TrailerItem {
    fn from(t: TrailerListRow) -> Self {
        TrailerItem {
            id: t.id,
            name: t.name,
            trailer_id: t.trailer_id,
            trailer_type: t.trailer_type,
            license_plate: t.license_plate,
            vin: t.vin,
            status: t.status,
            assigned_driver_name: t.assigned_driver_name,
            assigned_driver_id: t.assigned_driver_id,
            assigned_at: t.assigned_at,
        }
    }
}

impl From<&fleet_trailer::Model> for TrailerItem {
    fn from(t: &fleet_trailer::Model) -> Self {
        TrailerListRow {
            id: t.id,
            name: t.name.clone(),
            trailer_id: t.trailer_id.clone(),
            trailer_type: t.trailer_type.clone(),
            license_plate: t.license_plate.clone(),
            vin: t.vin.clone(),
            status: t.status.clone(),
            assigned_driver_name: t.assigned_driver_name.clone(),
            assigned_driver_id: t.assigned_driver_id,
            assigned_at: t.assigned_at,
        }
        .into()
    }
}

/// A driver as other screens link to it.
#[derive(Serialize, ToSchema)]
pub struct DriverRef {
    pub id: Uuid,
    pub display_name: String,
    pub phone_display: String,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
}

impl From<&fleet_driver::Model> for DriverRef {
    fn from(d: &fleet_driver::Model) -> Self {
        DriverRef {
            id: d.id,
            display_name: driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ),
            phone_display: phone_display(d.phone.as_deref()),
            license_number: d.license_number.clone(),
            license_state: d.license_state.clone(),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TruckDriver {
    Synced(DriverRef),
    EldOnly {
        eld_driver_id: Option<String>,
        name: String,
    },
}

#[derive(Serialize, ToSchema)]
pub struct TruckDetail {
    #[serde(flatten)]
    pub truck: TruckItem,
    pub notes: Option<String>,
    pub is_active: bool,
    /// An unrecognized ELD driver was just removed; the truck is now inactive.
    pub cleanup_notice: bool,
    pub driver: Option<TruckDriver>,
}

#[derive(Serialize, ToSchema)]
pub struct TrailerDriver {
    pub id: Option<Uuid>,
    pub display_name: String,
    pub eld_driver_id: Option<String>,
    pub phone_display: String,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
}

impl From<&fleet_driver::Model> for TrailerDriver {
    fn from(d: &fleet_driver::Model) -> Self {
        TrailerDriver {
            id: Some(d.id),
            display_name: driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ),
            eld_driver_id: d.driver_id.clone(),
            phone_display: phone_display(d.phone.as_deref()),
            license_number: d.license_number.clone(),
            license_state: d.license_state.clone(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct TrailerDetail {
    #[serde(flatten)]
    pub trailer: TrailerItem,
    pub notes: Option<String>,
    pub is_active: bool,
    pub driver: Option<TrailerDriver>,
}
