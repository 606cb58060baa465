use sea_orm::entity::prelude::*;

/// A shipper's or receiver's place on a broker's own list (issue 33).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "broker_facilities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub broker_account_id: Uuid,
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
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
