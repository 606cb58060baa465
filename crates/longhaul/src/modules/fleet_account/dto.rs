//! The fleet account's request and response types, as the API contract
//! names them.

use super::rules;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct Address {
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
}

impl Address {
    fn lines(&self) -> [&Option<String>; 4] {
        [&self.street, &self.city, &self.state, &self.zip]
    }
}

fn every_line_short(value: &Address, _: &()) -> garde::Result {
    rules::address_lines(value.lines())
}

#[derive(Serialize, ToSchema)]
pub struct Contact {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub address: Address,
}

#[derive(Serialize, ToSchema)]
pub struct Authority {
    pub authority_status: Option<String>,
    pub authority_date: Option<String>,
    pub registration_status: Option<String>,
    pub registration_date: Option<String>,
    pub insurance_required: Option<String>,
    pub insurance_on_file: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct FmcsaView {
    pub legal_name: Option<String>,
    pub dba_name: Option<String>,
    pub dot_number: Option<String>,
    pub operating_classification: Option<String>,
    pub total_power_units: Option<String>,
    pub total_drivers: Option<String>,
    pub mcs150_form_date: Option<String>,
    pub cargo_tank: Option<String>,
    pub passenger_carrier: Option<String>,
    pub hazmat: Option<String>,
    pub physical_address: Address,
}

#[derive(Serialize, ToSchema)]
pub struct Branding {
    pub logo_url: Option<String>,
    pub primary_color: String,
    pub secondary_color: String,
}

#[derive(Serialize, ToSchema)]
pub struct Security {
    pub session_timeout_minutes: i32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PortalSettings {
    pub is_enabled: bool,
    /// username | email
    pub login_method: String,
    /// system_password | individual_password
    pub auth_type: String,
    pub welcome_message: Option<String>,
    /// Drivers see a load's revenue in the portal.
    pub show_load_revenue: bool,
}

/// The stored settings (`domain::fleet`, which knows no API schema) as the API shows them.
impl From<domain::fleet::PortalSettings> for PortalSettings {
    fn from(s: domain::fleet::PortalSettings) -> Self {
        PortalSettings {
            is_enabled: s.is_enabled,
            login_method: s.login_method,
            auth_type: s.auth_type,
            welcome_message: s.welcome_message,
            show_load_revenue: s.show_load_revenue,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct PortalView {
    #[serde(flatten)]
    pub settings: PortalSettings,
    /// Whether a system password is stored; it is never sent.
    pub has_system_password: bool,
}

#[derive(Serialize, ToSchema)]
pub struct EldView {
    pub connected: bool,
    pub provider: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct FleetAccountView {
    pub id: Uuid,
    pub legal_name: String,
    pub dba_name: Option<String>,
    pub dot_number: String,
    pub mc_number: Option<String>,
    pub power_units: i32,
    pub physical_address: Address,
    pub contact: Contact,
    pub monthly_rate_cents: Option<i64>,
    pub subscription_id_short: Option<String>,
    pub subscription_status: Option<String>,
    pub authority: Authority,
    pub fmcsa: Option<FmcsaView>,
    pub branding: Branding,
    pub security: Security,
    pub portal: PortalView,
    pub eld: EldView,
    /// The fleet's home time zone (IANA), in effect whether chosen or not:
    /// "today" for the compliance calendar and reminders.
    #[schema(example = "America/Chicago")]
    pub home_time_zone: String,
    pub home_time_zone_source: TimeZoneSource,
}

/// Where the home time zone came from: chosen in Company Settings, the
/// state of the FMCSA physical address, or neither (Central Time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TimeZoneSource {
    Set,
    FmcsaState,
    Default,
}

impl From<domain::time_zone::ZoneSource> for TimeZoneSource {
    fn from(s: domain::time_zone::ZoneSource) -> Self {
        use domain::time_zone::ZoneSource as Z;
        match s {
            Z::Set => TimeZoneSource::Set,
            Z::FmcsaState => TimeZoneSource::FmcsaState,
            Z::Default => TimeZoneSource::Default,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct PowerUnits {
    pub active: u64,
    pub registered: i32,
}

#[derive(Serialize, ToSchema)]
pub struct Overview {
    /// The DBA name, else the legal name.
    pub welcome_name: String,
    pub power_units: PowerUnits,
    pub drivers_active: u64,
    pub trailers_active_assigned: u64,
}

#[derive(Deserialize, ToSchema, garde::Validate)]
pub struct ContactInput {
    #[garde(custom(rules::short_text))]
    pub first_name: Option<String>,
    #[garde(custom(rules::short_text))]
    pub last_name: Option<String>,
    #[garde(custom(rules::optional_email))]
    pub email: Option<String>,
    #[garde(custom(rules::short_text))]
    pub phone: Option<String>,
    #[serde(default)]
    #[garde(custom(every_line_short))]
    pub address: Address,
}

#[derive(Deserialize, ToSchema, garde::Validate)]
pub struct GeneralInput {
    #[garde(custom(rules::legal_name))]
    pub legal_name: String,
    #[garde(custom(rules::short_text))]
    pub dba_name: Option<String>,
    #[garde(custom(rules::short_text))]
    pub mc_number: Option<String>,
    #[serde(default)]
    #[garde(custom(every_line_short))]
    pub physical_address: Address,
    #[garde(dive)]
    pub contact: ContactInput,
    /// An IANA zone ("America/Denver"). Left out: unchanged; null or empty:
    /// back to the default from the FMCSA address's state.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, example = "America/Denver")]
    #[garde(custom(rules::home_time_zone))]
    pub home_time_zone: Option<Option<String>>,
}

/// A field that is present (`Some`), even as null (`Some(None)`).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

#[derive(Deserialize, ToSchema, garde::Validate)]
pub struct BrandingInput {
    #[schema(pattern = "^#[0-9A-Fa-f]{6}$", example = "#3E63DD")]
    #[garde(custom(rules::color))]
    pub primary_color: String,
    #[schema(pattern = "^#[0-9A-Fa-f]{6}$", example = "#6E56CF")]
    #[garde(custom(rules::color))]
    pub secondary_color: String,
}

#[derive(Deserialize, ToSchema)]
pub struct SecurityInput {
    /// Whole minutes, 15 to 1440. A string or a fraction is refused.
    #[schema(value_type = i64, minimum = 15, maximum = 1440, example = 60)]
    pub session_timeout_minutes: serde_json::Value,
}

#[derive(Deserialize, ToSchema, garde::Validate)]
pub struct PortalInput {
    #[garde(skip)]
    pub is_enabled: bool,
    #[schema(pattern = "^(username|email)$", example = "username")]
    #[garde(custom(rules::login_method))]
    pub login_method: String,
    #[schema(
        pattern = "^(system_password|individual_password)$",
        example = "individual_password"
    )]
    #[garde(custom(rules::auth_type))]
    pub auth_type: String,
    #[schema(max_length = 2000)]
    #[garde(custom(rules::welcome_message))]
    pub welcome_message: Option<String>,
    /// A new company-wide password (6 to 72 characters); empty keeps the stored one.
    #[schema(max_length = 72)]
    #[garde(custom(rules::system_password))]
    pub system_password: Option<String>,
    /// Drivers see a load's revenue in the portal; off when left out.
    #[serde(default)]
    #[garde(skip)]
    pub show_load_revenue: bool,
}
