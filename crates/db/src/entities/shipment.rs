use sea_orm::entity::prelude::*;

/// The broker's side of an accepted tender: what the broker may see of the carrier's load, copied in the carrier's transactions.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "shipments")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub broker_account_id: Uuid,
    pub fleet_account_id: Uuid,
    pub tender_id: Uuid,
    pub load_id: Uuid,
    pub load_number: String,
    pub pro_number: i32,
    pub carrier_name: String,
    pub carrier_dot: String,
    pub status: String,
    pub origin: String,
    pub destination: String,
    pub first_pickup_at: DateTimeUtc,
    pub last_delivery_at: DateTimeUtc,
    pub total_cents: i64,
    pub share_position: bool,
    pub delivered_at: Option<DateTimeUtc>,
    pub stops: String,
    pub last_lat: Option<f64>,
    pub last_lon: Option<f64>,
    pub last_position_at: Option<DateTimeUtc>,
    pub search_text: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
