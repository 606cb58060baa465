//! The broker API's bodies.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

#[derive(Debug, Serialize, ToSchema)]
pub struct BrokerAccountView {
    pub id: Uuid,
    pub name: String,
    #[schema(required = true)]
    pub mc_number: Option<String>,
    /// broker_admin | broker_user
    pub role: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateBrokerAccount {
    pub name: String,
    #[serde(default)]
    pub mc_number: Option<String>,
    pub admin_email: String,
    #[serde(default)]
    pub admin_first_name: Option<String>,
    #[serde(default)]
    pub admin_last_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BrokerUserView {
    pub id: Uuid,
    pub email: String,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    pub role: String,
    pub is_active: bool,
    /// Invited and has not chosen a password yet.
    pub invite_pending: bool,
    pub created_at: DateTime<Utc>,
}

/// The answer to an invitation, the same whether or not the address
/// already had an account.
#[derive(Debug, Serialize, ToSchema)]
pub struct InviteSent {
    pub email: String,
    /// "Invitation sent to {email}"
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedBrokerAccount {
    pub account: BrokerAccountSummary,
    pub admin: BrokerUserView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BrokerAccountSummary {
    pub id: Uuid,
    pub name: String,
    #[serde(rename = "type")]
    pub account_type: String,
    #[schema(required = true)]
    pub mc_number: Option<String>,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BrokerUserList {
    pub users: Vec<BrokerUserView>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InviteBrokerUser {
    pub email: String,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    /// broker_admin | broker_user
    pub role: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateBrokerUser {
    #[serde(default)]
    pub role: Option<String>,
    #[serde(default)]
    pub is_active: Option<bool>,
}

/// A search of the board, as a query string or a saved search's criteria.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, IntoParams)]
pub struct SearchCriteria {
    /// "Chicago, IL" or a ZIP.
    #[serde(default)]
    pub origin: String,
    /// 1 to 450 (default 100).
    #[serde(default)]
    pub radius_mi: Option<u32>,
    /// Two-letter states (a query string takes them comma-separated).
    #[serde(default, deserialize_with = "list::deserialize")]
    #[param(value_type = Option<String>)]
    pub destinations: Vec<String>,
    #[serde(default, deserialize_with = "list::deserialize")]
    #[param(value_type = Option<String>)]
    pub equipment: Vec<String>,
    #[serde(default)]
    pub available_from: Option<NaiveDate>,
    #[serde(default)]
    pub available_to: Option<NaiveDate>,
    #[serde(default)]
    pub max_age_hours: Option<u32>,
    #[serde(default)]
    pub include_not_allowed: bool,
}

/// Lists arrive as JSON arrays (saved searches) or comma-separated text
/// (query strings).
mod list {
    use serde::{Deserialize, Deserializer};

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Text(String),
        Many(Vec<String>),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
        Ok(match Option::<Either>::deserialize(d)? {
            None => Vec::new(),
            Some(Either::Many(v)) => v,
            Some(Either::Text(s)) => s
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
        })
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PageParam {
    pub page: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardOrigin {
    pub label: String,
    pub lat: f64,
    pub lon: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CarrierView {
    /// The same for every posting of one carrier, and nothing else: not the
    /// fleet account's internal id (which keys its portal link).
    pub carrier_id: String,
    pub legal_name: String,
    pub dot_number: String,
    #[schema(required = true)]
    pub mc_number: Option<String>,
    #[schema(required = true)]
    pub contact_name: Option<String>,
    #[schema(required = true)]
    pub contact_phone: Option<String>,
    #[schema(required = true)]
    pub contact_email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrustBadges {
    /// An active, approved Longhaul fleet account.
    pub approved: bool,
    /// Set only when the location came from the ELD.
    #[schema(required = true)]
    pub eld_location_updated_at: Option<DateTime<Utc>>,
    pub insurance_on_file: bool,
    pub authority_active: bool,
    pub not_allowed_to_operate: bool,
    /// Loads the carrier delivered through Longhaul.
    pub loads_delivered: i32,
    /// On-time arrivals over the last 90 days, in percent.
    #[schema(required = true)]
    pub on_time_pickup_pct: Option<i32>,
    #[schema(required = true)]
    pub on_time_delivery_pct: Option<i32>,
    /// The on-time figures come from the ELD's reported arrivals.
    pub on_time_from_eld: bool,
    /// The posted truck holds a load over the posting's days.
    pub committed_elsewhere: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardResult {
    pub id: Uuid,
    /// Deadhead miles from the search's origin, one decimal (null without one).
    #[schema(required = true)]
    pub deadhead_mi: Option<f64>,
    pub truck_number: String,
    pub equipment_type: String,
    #[schema(required = true)]
    pub length_ft: Option<i32>,
    #[schema(required = true)]
    pub weight_lbs: Option<i32>,
    pub available_from: NaiveDate,
    pub available_to: NaiveDate,
    pub origin: BoardOrigin,
    pub destinations: Vec<String>,
    #[schema(required = true)]
    pub rate_per_mile_cents: Option<i32>,
    #[schema(required = true)]
    pub notes: Option<String>,
    pub posted_at: DateTime<Utc>,
    pub carrier: CarrierView,
    pub badges: TrustBadges,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BoardPage {
    pub origin: BoardOrigin,
    pub results: Vec<BoardResult>,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct DetailQuery {
    pub origin: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactCarrier {
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactSent {
    pub sent: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SavedSearchView {
    pub id: Uuid,
    pub name: String,
    pub criteria: SearchCriteria,
    pub alerts: bool,
    pub created_at: DateTime<Utc>,
    #[schema(required = true)]
    pub last_alert_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SavedSearchList {
    pub saved_searches: Vec<SavedSearchView>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateSavedSearch {
    pub name: String,
    pub criteria: SearchCriteria,
    #[serde(default = "yes")]
    pub alerts: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateSavedSearch {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub alerts: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Unsubscribed {
    pub name: String,
    pub unsubscribed: bool,
}
