//! A fleet's facilities: the shippers' and receivers' places, each with its
//! coordinates (given, or from the embedded gazetteer) and time zone.

use super::{LoadsError, optional_text, required_text, texts};
use crate::modules::loads::dto::{FacilityInput, FacilityView};
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::facility;
use db::tenancy::{self, TenantScope};
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

pub async fn create(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: &FacilityInput,
) -> Result<FacilityView, LoadsError> {
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
    let tx = tenancy::write(db, scope).await?;
    let saved = repo::insert_facility(
        &tx,
        facility::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(scope.fleet_account_id()),
            name: Set(name),
            address: Set(address),
            city: Set(city),
            state: Set(state),
            zip: Set(zip),
            lat: Set(lat),
            lon: Set(lon),
            time_zone: Set(input.time_zone.trim().to_owned()),
            contact_name: Set(optional_text(
                "contact_name",
                input.contact_name.as_deref(),
                120,
            )?),
            contact_phone: Set(optional_text(
                "contact_phone",
                input.contact_phone.as_deref(),
                40,
            )?),
            hours: Set(optional_text("hours", input.hours.as_deref(), 200)?),
            created_at: Set(Utc::now()),
            arrival_radius_miles: Set(radius),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(saved.into())
}
