use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_accounts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    #[sea_orm(unique)]
    pub dot_number: String,
    pub legal_name: String,
    pub dba_name: Option<String>,
    pub power_units: i32,
    pub monthly_rate_cents: Option<i64>,
    pub owner_id: Option<Uuid>,
    pub contact_first_name: Option<String>,
    pub contact_last_name: Option<String>,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub status: String,
    pub subscription_status: Option<String>,
    pub fmcsa_data: Option<Json>,
    pub mc_number: Option<String>,
    pub physical_street: Option<String>,
    pub physical_city: Option<String>,
    pub physical_state: Option<String>,
    pub physical_zip: Option<String>,
    pub contact_street: Option<String>,
    pub contact_city: Option<String>,
    pub contact_state: Option<String>,
    pub contact_zip: Option<String>,
    pub authority_status: Option<String>,
    pub authority_date: Option<String>,
    pub registration_status: Option<String>,
    pub registration_date: Option<String>,
    pub insurance_required: Option<String>,
    pub insurance_on_file: Option<String>,
    pub stripe_customer_id: Option<String>,
    pub stripe_subscription_id: Option<String>,
    pub logo_path: Option<String>,
    pub logo_content_type: Option<String>,
    pub primary_color: String,
    pub secondary_color: String,
    pub session_timeout_minutes: i32,
    pub portal_settings: Option<Json>,
    pub portal_system_password_hash: Option<String>,
    /// IANA name chosen in Company Settings; None = from the FMCSA state.
    pub home_time_zone: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub share_position_default: bool,
    /// The last on-demand FMCSA check (one per 10 minutes).
    pub fmcsa_check_requested_at: Option<DateTimeUtc>,
    /// FMCSA could not be reached for the baseline when the fleet was made.
    pub fmcsa_baseline_missed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
