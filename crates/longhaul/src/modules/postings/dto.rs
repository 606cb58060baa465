//! The postings API's bodies (snake_case, like the rest of the API).

use chrono::{DateTime, NaiveDate, Utc};
use db::entities::truck_posting;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// A resolved place: a city's centre, or a ZIP's.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PlaceView {
    /// "Chicago, IL", or "60601 — Chicago, IL" for a ZIP.
    pub label: String,
    pub city: String,
    pub state: String,
    #[schema(required = true)]
    pub zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
}

impl From<domain::geo::Place> for PlaceView {
    fn from(p: domain::geo::Place) -> Self {
        PlaceView {
            label: p.label(),
            city: p.city,
            state: p.state,
            zip: p.zip,
            lat: p.at.lat,
            lon: p.at.lon,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceList {
    pub places: Vec<PlaceView>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PlaceQuery {
    /// What the user typed so far: a ZIP prefix or a city name.
    pub q: Option<String>,
}

/// What a fleet admin sends to post (or edit) a truck.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PostingInput {
    pub vehicle_id: Uuid,
    /// typed | eld
    pub location_source: String,
    /// "Chicago, IL" or a ZIP; required when `location_source` is typed.
    #[serde(default)]
    pub origin: Option<String>,
    pub available_from: NaiveDate,
    pub available_to: NaiveDate,
    pub equipment_type: String,
    #[serde(default)]
    pub length_ft: Option<i32>,
    #[serde(default)]
    pub weight_lbs: Option<i32>,
    /// Two-letter states; empty means open.
    #[serde(default)]
    pub destinations: Vec<String>,
    #[serde(default)]
    pub rate_per_mile_cents: Option<i32>,
    #[serde(default)]
    pub notes: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OriginView {
    pub label: String,
    pub city: String,
    pub state: String,
    #[schema(required = true)]
    pub zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
}

/// A posting as its fleet sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PostingView {
    pub id: Uuid,
    pub vehicle_id: Uuid,
    pub truck_number: String,
    /// active | withdrawn | expired
    pub status: String,
    pub origin: OriginView,
    pub location_source: String,
    #[schema(required = true)]
    pub location_updated_at: Option<DateTime<Utc>>,
    pub available_from: NaiveDate,
    pub available_to: NaiveDate,
    pub equipment_type: String,
    #[schema(required = true)]
    pub length_ft: Option<i32>,
    #[schema(required = true)]
    pub weight_lbs: Option<i32>,
    pub destinations: Vec<String>,
    #[schema(required = true)]
    pub rate_per_mile_cents: Option<i32>,
    #[schema(required = true)]
    pub notes: Option<String>,
    pub posted_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// The status a posting shows: an active one whose window has ended is
/// expired even before the sweep marks it.
pub fn shown_status(p: &truck_posting::Model, now: DateTime<Utc>) -> String {
    if p.status == "active" && p.expires_at <= now {
        "expired".into()
    } else {
        p.status.clone()
    }
}

pub fn origin_of(p: &truck_posting::Model) -> OriginView {
    OriginView {
        label: format!("{}, {}", p.origin_city, p.origin_state),
        city: p.origin_city.clone(),
        state: p.origin_state.clone(),
        zip: p.origin_zip.clone(),
        lat: p.lat,
        lon: p.lon,
    }
}

impl PostingView {
    pub fn of(p: &truck_posting::Model, now: DateTime<Utc>) -> Self {
        PostingView {
            id: p.id,
            vehicle_id: p.vehicle_id,
            truck_number: p.truck_number.clone(),
            status: shown_status(p, now),
            origin: origin_of(p),
            location_source: p.location_source.clone(),
            location_updated_at: p.location_updated_at,
            available_from: p.available_from,
            available_to: p.available_to,
            equipment_type: p.equipment_type.clone(),
            length_ft: p.length_ft,
            weight_lbs: p.weight_lbs,
            destinations: domain::board::destinations_from_column(&p.destinations),
            rate_per_mile_cents: p.rate_per_mile_cents,
            notes: p.notes.clone(),
            posted_at: p.posted_at,
            updated_at: p.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PostingList {
    pub postings: Vec<PostingView>,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PostingListQuery {
    /// active (default) | ended | all
    pub status: Option<String>,
}

/// A truck's last position as its ELD reported it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PositionView {
    /// "near Joliet, IL"
    pub label: String,
    pub lat: f64,
    pub lon: f64,
    pub reported_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VehiclePosition {
    #[schema(required = true)]
    pub position: Option<PositionView>,
}

/// The fleet's record from Longhaul's own data (issue 33 §4).
#[derive(Debug, Clone, PartialEq)]
pub struct FleetRecord {
    pub loads_delivered: i32,
    pub on_time_pickup_pct: Option<i32>,
    pub on_time_delivery_pct: Option<i32>,
    /// Worked out from the ELD's reported arrivals.
    pub from_eld: bool,
}

/// The carrier's public facts and trust flags a posting carries (`carrier.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct CarrierFacts {
    pub name: String,
    pub dot: String,
    pub mc: Option<String>,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub contact_email: Option<String>,
    /// An active, approved fleet account.
    pub approved: bool,
    pub allowed: bool,
    pub authority_active: bool,
    pub insurance_on_file: bool,
}
