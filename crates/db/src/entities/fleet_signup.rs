use sea_orm::entity::prelude::*;

/// One signup attempt of a carrier (spec part 1 §3).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_signups")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub dot_number: String,
    pub legal_name: String,
    pub dba_name: Option<String>,
    pub street_address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip_code: Option<String>,
    pub phone_number: Option<String>,
    pub power_units: Option<i32>,
    pub fleet_size: Option<String>,
    pub monthly_rate_cents: Option<i64>,
    pub fmcsa_data: Option<Json>,
    pub current_step: i32,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub contact_phone: Option<String>,
    pub stripe_session_id: Option<String>,
    pub completed: bool,
    pub user_id: Option<Uuid>,
    pub subscription_status: Option<String>,
    pub stripe_customer_id: Option<String>,
    pub stripe_subscription_id: Option<String>,
    /// When Stripe created the event behind `subscription_status`: a delivery
    /// of an older event does not overwrite a newer state.
    pub subscription_event_at: Option<DateTimeUtc>,
    /// Set when checkout starts: from then on the signup is frozen.
    pub checkout_started_at: Option<DateTimeUtc>,
    /// The price, band and unit count the checkout session charges for.
    pub checkout_amount_cents: Option<i64>,
    pub checkout_fleet_size: Option<String>,
    pub checkout_power_units: Option<i32>,
    /// The e-mail the payment was made with (Stripe's customer_details.email).
    pub payer_email: Option<String>,
    /// For the operator: the carrier no longer fits the band paid, or could
    /// not be re-checked when the payment arrived.
    pub band_review: Option<String>,
    /// The fleet the operator approved this signup as (issue 29): the only
    /// way a signup's Stripe customer pays for a fleet.
    pub approved_fleet_id: Option<Uuid>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
