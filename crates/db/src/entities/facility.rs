use sea_orm::entity::prelude::*;

/// A shipper's or receiver's place a fleet's loads stop at, in its own
/// time zone (issue 31).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "facilities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
    /// IANA ("America/Chicago").
    pub time_zone: String,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub hours: Option<String>,
    pub created_at: DateTimeUtc,
    /// The arrival geofence's radius (m0032); null: 0.5 mile.
    pub arrival_radius_miles: Option<f64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
