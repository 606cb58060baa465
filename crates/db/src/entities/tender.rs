use sea_orm::entity::prelude::*;

/// A broker's offer of a load to a carrier (decision 049); both see it.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tenders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub broker_account_id: Uuid,
    pub fleet_account_id: Uuid,
    pub posting_id: Option<Uuid>,
    pub vehicle_id: Option<Uuid>,
    pub truck_number: Option<String>,
    pub status: String,
    pub expires_at: DateTimeUtc,
    pub created_by: Uuid,
    pub broker_name: String,
    pub broker_dot: Option<String>,
    pub broker_mc: Option<String>,
    pub broker_contact_name: String,
    pub broker_contact_email: String,
    pub carrier_name: String,
    pub carrier_dot: String,
    pub carrier_mc: Option<String>,
    pub load_number: String,
    pub po_number: Option<String>,
    pub pickup_number: Option<String>,
    pub equipment_type: String,
    pub length_ft: Option<i32>,
    pub reefer_temp_f: Option<i32>,
    pub commodity: Option<String>,
    pub weight_lbs: Option<i32>,
    pub stops: String,
    pub terms: String,
    pub total_cents: i64,
    pub payment_terms_days: i32,
    pub notes: Option<String>,
    pub share_position: Option<bool>,
    pub first_pickup_at: DateTimeUtc,
    pub last_delivery_at: DateTimeUtc,
    pub counter_terms: Option<String>,
    pub counter_note: Option<String>,
    pub countered_by: Option<String>,
    pub countered_at: Option<DateTimeUtc>,
    pub decline_reason: Option<String>,
    pub accepted_by_name: Option<String>,
    pub accepted_by_title: Option<String>,
    pub accepted_at: Option<DateTimeUtc>,
    pub override_reason: Option<String>,
    pub load_id: Option<Uuid>,
    pub broker_loads_tendered: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
