use sea_orm::entity::prelude::*;

/// A milestone of a shipment: a stop event of the carrier's load with its EDI 214 (AT7) code.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "shipment_events")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub shipment_id: Uuid,
    pub broker_account_id: Uuid,
    pub fleet_account_id: Uuid,
    pub load_event_id: Uuid,
    pub at: DateTimeUtc,
    pub at7_code: String,
    pub status: String,
    pub stop_seq: Option<i32>,
    pub source: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
