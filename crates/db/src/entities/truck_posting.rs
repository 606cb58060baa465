use sea_orm::entity::prelude::*;

/// A fleet's available truck on the truck board, with the carrier's public
/// facts copied on (decision 026).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "truck_postings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub vehicle_id: Uuid,
    pub truck_number: String,
    pub origin_city: String,
    pub origin_state: String,
    pub origin_zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
    /// typed | eld
    pub location_source: String,
    pub location_updated_at: Option<DateTimeUtc>,
    pub available_from: Date,
    pub available_to: Date,
    pub expires_at: DateTimeUtc,
    pub equipment_type: String,
    pub length_ft: Option<i32>,
    pub weight_lbs: Option<i32>,
    /// ",IL,TX," or "" for open.
    pub destinations: String,
    pub rate_per_mile_cents: Option<i32>,
    pub notes: Option<String>,
    /// active | withdrawn | expired
    pub status: String,
    pub carrier_name: String,
    pub carrier_dot: String,
    pub carrier_mc: Option<String>,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub contact_email: Option<String>,
    pub carrier_approved: bool,
    pub carrier_allowed: bool,
    /// The fleet is read-only (past due beyond its grace period): hidden
    /// from the board.
    pub fleet_read_only: bool,
    pub authority_active: bool,
    pub insurance_on_file: bool,
    pub posted_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub ended_at: Option<DateTimeUtc>,
    /// The fleet's loads delivered through Longhaul (issue 33 §4).
    pub loads_delivered: i32,
    /// On-time arrivals at pickups and deliveries over the last 90 days.
    pub on_time_pickup_pct: Option<i32>,
    pub on_time_delivery_pct: Option<i32>,
    /// The percentages come from the ELD's reported arrivals.
    pub on_time_from_eld: bool,
    /// The posted truck holds a load over the posting's days.
    pub committed_elsewhere: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
