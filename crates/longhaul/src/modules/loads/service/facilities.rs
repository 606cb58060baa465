//! A fleet's facilities: the shippers' and receivers' places, each with its
//! coordinates (given, or from the embedded gazetteer) and time zone.

use super::{LoadsError, optional_text, required_text, texts};
use crate::modules::loads::dto::{FacilityInput, FacilityView};
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::facility;
use db::tenancy::{self, FleetTx, TenantScope};
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

impl From<facility::Model> for FacilityView {
    fn from(f: facility::Model) -> Self {
        FacilityView {
            id: f.id,
            name: f.name,
            address: f.address,
            city: f.city,
            state: f.state,
            zip: f.zip,
            lat: f.lat,
            lon: f.lon,
            time_zone: f.time_zone,
            contact_name: f.contact_name,
            contact_phone: f.contact_phone,
            hours: f.hours,
            arrival_radius_miles: f
                .arrival_radius_miles
                .unwrap_or(domain::loads::geofence::DEFAULT_RADIUS_MI),
        }
    }
}

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Vec<FacilityView>, LoadsError> {
    let tx = tenancy::read(db, scope).await?;
    let rows = repo::facilities(&tx).await?;
    tx.commit().await?;
    Ok(rows.into_iter().map(FacilityView::from).collect())
}

/// A facility's fields, checked: what a fleet's facility and a broker's
/// (issue 33) share.
#[derive(Debug, Clone)]
pub struct FacilityFields {
    pub name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
    pub time_zone: String,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub hours: Option<String>,
    pub arrival_radius_miles: Option<f64>,
}

/// The input's fields, or the first one it refuses.
pub fn check(input: &FacilityInput) -> Result<FacilityFields, LoadsError> {
    let t = texts();
    let name = required_text("name", &input.name, 120, &t.facility_name_required)?;
    let address = required_text("address", &input.address, 200, &t.address_required)?;
    let city = required_text("city", &input.city, 80, &t.place_unknown)?;
    let state = input.state.trim().to_ascii_uppercase();
    if state.len() != 2 || !state.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(LoadsError::invalid("state", &t.place_unknown));
    }
    let zip = optional_text("zip", input.zip.as_deref(), 10)?;
    if domain::loads::time_zone(input.time_zone.trim()).is_none() {
        return Err(LoadsError::invalid("time_zone", &t.time_zone_invalid));
    }
    let (lat, lon) = match (input.lat, input.lon) {
        (Some(lat), Some(lon)) => {
            if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lon) {
                return Err(LoadsError::invalid("lat", &t.coordinates_invalid));
            }
            (lat, lon)
        }
        (None, None) => {
            let place = zip
                .as_deref()
                .and_then(domain::geo::resolve)
                .or_else(|| domain::geo::resolve(&format!("{city}, {state}")))
                .ok_or_else(|| LoadsError::invalid("city", &t.place_unknown))?;
            (place.at.lat, place.at.lon)
        }
        _ => return Err(LoadsError::invalid("lat", &t.coordinates_invalid)),
    };
    let radius = match input.arrival_radius_miles {
        Some(r) if domain::loads::geofence::RADIUS_RANGE_MI.contains(&r) => Some(r),
        Some(_) => {
            return Err(LoadsError::invalid(
                "arrival_radius_miles",
                &t.radius_invalid,
            ));
        }
        None => None,
    };
    Ok(FacilityFields {
        name,
        address,
        city,
        state,
        zip,
        lat,
        lon,
        time_zone: input.time_zone.trim().to_owned(),
        contact_name: optional_text("contact_name", input.contact_name.as_deref(), 120)?,
        contact_phone: optional_text("contact_phone", input.contact_phone.as_deref(), 40)?,
        hours: optional_text("hours", input.hours.as_deref(), 200)?,
        arrival_radius_miles: radius,
    })
}

/// Adds a facility of checked fields in the caller's transaction.
pub async fn insert_in(tx: &FleetTx, f: FacilityFields) -> Result<facility::Model, LoadsError> {
    Ok(repo::insert_facility(
        tx,
        facility::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(tx.scope().fleet_account_id()),
            name: Set(f.name),
            address: Set(f.address),
            city: Set(f.city),
            state: Set(f.state),
            zip: Set(f.zip),
            lat: Set(f.lat),
            lon: Set(f.lon),
            time_zone: Set(f.time_zone),
            contact_name: Set(f.contact_name),
            contact_phone: Set(f.contact_phone),
            hours: Set(f.hours),
            created_at: Set(Utc::now()),
            arrival_radius_miles: Set(f.arrival_radius_miles),
        },
    )
    .await?)
}

/// The fleet's facility of the same name at the same place, or a new one:
/// a broker's facility copied onto a tendered load (issue 33).
pub async fn find_or_insert_in(
    tx: &FleetTx,
    f: FacilityFields,
) -> Result<facility::Model, LoadsError> {
    if let Some(found) = repo::facility_at(tx, &f.name, &f.address, &f.city, &f.state).await? {
        return Ok(found);
    }
    insert_in(tx, f).await
}

pub async fn create(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: &FacilityInput,
) -> Result<FacilityView, LoadsError> {
    let fields = check(input)?;
    let tx = tenancy::write(db, scope).await?;
    let saved = insert_in(&tx, fields).await?;
    tx.commit().await?;
    Ok(saved.into())
}
