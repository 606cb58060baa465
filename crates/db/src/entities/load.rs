use sea_orm::entity::prelude::*;

/// A fleet's load (issue 31): the customer's order, its freight, its money
/// in cents and its status (`domain::loads::LoadStatus`).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "loads")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub customer_id: Uuid,
    /// The fleet's own number, from `load_counters`.
    pub pro_number: i32,
    /// The customer's load or order number.
    pub load_number: String,
    pub bol_number: Option<String>,
    pub po_number: Option<String>,
    pub pickup_number: Option<String>,
    pub equipment_type: String,
    pub length_ft: Option<i32>,
    pub reefer_temp_f: Option<i32>,
    pub commodity: Option<String>,
    pub weight_lbs: Option<i32>,
    pub pieces: Option<i32>,
    pub hazmat_class: Option<String>,
    pub un_number: Option<String>,
    pub notes: Option<String>,
    pub status: String,
    /// flat | per_mile
    pub rate_method: String,
    pub rate_per_mile_cents: Option<i64>,
    pub linehaul_cents: i64,
    pub fuel_surcharge_cents: i64,
    pub detention_free_minutes: Option<i32>,
    pub detention_rate_cents: Option<i64>,
    pub detention_cap_cents: Option<i64>,
    pub tonu_cents: Option<i64>,
    pub tonu_window_hours: Option<i32>,
    /// What the rate confirmation says of lumper fees (m0029).
    pub lumper_terms: Option<String>,
    /// The file store's key of the rate confirmation the load was made
    /// from (m0029).
    pub rate_con_file_key: Option<String>,
    /// Estimated (great circle × road factor) until a routing provider exists.
    pub loaded_miles: i32,
    pub first_pickup_at: DateTimeUtc,
    pub last_delivery_at: DateTimeUtc,
    pub cancel_reason: Option<String>,
    pub driver_id: Option<Uuid>,
    /// A team's second driver.
    pub second_driver_id: Option<Uuid>,
    pub truck_id: Option<Uuid>,
    pub trailer_id: Option<Uuid>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// What the list's search matches, lower-cased
    /// (`domain::loads::search_text`, m0030).
    pub search_text: String,
    /// The driver's answer to the dispatch: accepted | declined (m0032);
    /// null until one is given, and again after a new dispatch.
    pub driver_response: Option<String>,
    pub driver_response_at: Option<DateTimeUtc>,
    /// The driver who answered.
    pub driver_response_by: Option<Uuid>,
    pub decline_reason: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
