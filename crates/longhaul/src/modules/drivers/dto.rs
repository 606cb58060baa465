//! The drivers' request and response types, as the API contract names them.

use crate::modules::vehicles::dto::{TrailerItem, TruckItem};
use db::entities::fleet_driver;
use domain::driver_form::DriverForm;
use domain::fleet::{driver_display_name, phone_display};
use sea_orm::DerivePartialModel;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Serialize, ToSchema)]
pub struct DriverItem {
    pub id: Uuid,
    pub driver_id: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub display_name: String,
    pub username: Option<String>,
    /// The driver's portal login when the fleet's portal logs in by e-mail.
    pub email: Option<String>,
    pub phone: Option<String>,
    pub phone_display: String,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    pub eld_provider: Option<String>,
    pub notes: Option<String>,
    pub is_active: bool,
}

/// The columns a row of the drivers list reads: the list selects only
/// these (never the stored ELD record or the derived search columns).
#[derive(DerivePartialModel)]
#[sea_orm(entity = "fleet_driver::Entity")]
pub struct DriverListRow {
    pub id: Uuid,
    pub driver_id: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    pub eld_provider: Option<String>,
    pub notes: Option<String>,
    pub is_active: bool,
}

impl From<DriverListRow> for DriverItem {
    fn from(d: DriverListRow) -> Self {
        DriverItem {
            id: d.id,
            display_name: driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ),
            phone_display: phone_display(d.phone.as_deref()),
            driver_id: d.driver_id,
            first_name: d.first_name,
            last_name: d.last_name,
            username: d.username,
            email: d.email,
            phone: d.phone,
            license_number: d.license_number,
            license_state: d.license_state,
            eld_provider: d.eld_provider,
            notes: d.notes,
            is_active: d.is_active,
        }
    }
}

impl From<&fleet_driver::Model> for DriverItem {
    fn from(d: &fleet_driver::Model) -> Self {
        DriverListRow {
            id: d.id,
            driver_id: d.driver_id.clone(),
            first_name: d.first_name.clone(),
            last_name: d.last_name.clone(),
            username: d.username.clone(),
            email: d.email.clone(),
            phone: d.phone.clone(),
            license_number: d.license_number.clone(),
            license_state: d.license_state.clone(),
            eld_provider: d.eld_provider.clone(),
            notes: d.notes.clone(),
            is_active: d.is_active,
        }
        .into()
    }
}

#[derive(Serialize, ToSchema)]
pub struct DriverDetail {
    #[serde(flatten)]
    pub driver: DriverItem,
    pub assigned_truck: Option<TruckItem>,
    pub assigned_trailers: Vec<TrailerItem>,
}

#[derive(Deserialize, ToSchema)]
pub struct DriverInput {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub license_number: Option<String>,
    #[serde(default)]
    pub license_state: Option<String>,
    #[serde(default)]
    pub notes: Option<String>,
}

impl From<DriverInput> for DriverForm {
    fn from(i: DriverInput) -> Self {
        DriverForm {
            first_name: i.first_name,
            last_name: i.last_name,
            username: i.username,
            email: i.email,
            phone: i.phone,
            license_number: i.license_number,
            license_state: i.license_state,
            notes: i.notes,
        }
    }
}
