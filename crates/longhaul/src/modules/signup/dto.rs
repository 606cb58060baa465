//! The request and response bodies of `/api/signup/lookup` and
//! `/api/signups/*`, and how a signup row reads to the wizard.

use super::frozen::is_frozen;
use crate::integrations::fmcsa::CarrierRecord;
use db::entities::fleet_signup;
use domain::pricing::band_for;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// Company info as the wizard shows it (spec part 1 §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct CompanyInfo {
    pub dot_number: String,
    pub legal_name: String,
    /// None for a carrier without one (the card says 'N/A').
    #[schema(required = true)]
    pub dba_name: Option<String>,
    #[schema(required = true)]
    pub street_address: Option<String>,
    #[schema(required = true)]
    pub city: Option<String>,
    #[schema(required = true)]
    pub state: Option<String>,
    #[schema(required = true)]
    pub zip_code: Option<String>,
    #[schema(required = true)]
    pub phone_number: Option<String>,
    pub power_units: i64,
    pub fleet_size: String,
    pub monthly_rate_cents: i64,
    pub plan_description: String,
}

impl CompanyInfo {
    pub fn from_record(r: &CarrierRecord) -> Self {
        let band = band_for(r.power_units);
        CompanyInfo {
            dot_number: r.dot_number.clone(),
            legal_name: r.legal_name.clone(),
            dba_name: r.dba_name.clone(),
            street_address: r.street.clone(),
            city: r.city.clone(),
            state: r.state.clone(),
            zip_code: r.zip.clone(),
            phone_number: r.phone.clone(),
            power_units: r.power_units,
            fleet_size: band.label.clone(),
            monthly_rate_cents: band.monthly_rate_cents,
            plan_description: band.description.clone(),
        }
    }

    pub fn from_row(row: &fleet_signup::Model) -> Self {
        let units = i64::from(row.power_units.unwrap_or(0));
        let band = band_for(units);
        CompanyInfo {
            dot_number: row.dot_number.clone(),
            legal_name: row.legal_name.clone(),
            dba_name: row.dba_name.clone(),
            street_address: row.street_address.clone(),
            city: row.city.clone(),
            state: row.state.clone(),
            zip_code: row.zip_code.clone(),
            phone_number: row.phone_number.clone(),
            power_units: units,
            fleet_size: row.fleet_size.clone().unwrap_or_else(|| band.label.clone()),
            monthly_rate_cents: row.monthly_rate_cents.unwrap_or(band.monthly_rate_cents),
            plan_description: band.description.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactInfo {
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    #[schema(required = true)]
    pub phone: Option<String>,
}

/// What the anonymous restore link gives back: only what the wizard needs to
/// resume, and nothing once checkout has started (decision 010).
#[derive(Debug, Serialize, ToSchema)]
pub struct SignupView {
    pub id: Uuid,
    pub current_step: i32,
    #[schema(required = true)]
    pub company: Option<CompanyInfo>,
    #[schema(required = true)]
    pub contact: Option<ContactInfo>,
    /// Checkout has started: the signup is frozen and shows nothing more; a
    /// change starts a new signup.
    pub checkout_started: bool,
}

impl From<&fleet_signup::Model> for SignupView {
    fn from(row: &fleet_signup::Model) -> Self {
        if is_frozen(row) {
            return SignupView {
                id: row.id,
                current_step: row.current_step,
                company: None,
                contact: None,
                checkout_started: true,
            };
        }
        let has_contact = row.first_name.is_some()
            || row.last_name.is_some()
            || row.email.is_some()
            || row.contact_phone.is_some();
        SignupView {
            id: row.id,
            current_step: row.current_step,
            company: (!row.legal_name.is_empty()).then(|| CompanyInfo::from_row(row)),
            contact: has_contact.then(|| ContactInfo {
                first_name: row.first_name.clone(),
                last_name: row.last_name.clone(),
                email: row.email.clone(),
                phone: row.contact_phone.clone(),
            }),
            checkout_started: false,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct LookupRequest {
    /// Digits only, at most 8.
    pub dot_number: String,
}

#[derive(Serialize, ToSchema)]
pub struct LookupResponse {
    pub company: CompanyInfo,
    /// True when the sample registry answered instead of FMCSA.
    pub stand_in: bool,
}

#[derive(Deserialize, ToSchema)]
pub struct SaveCompanyRequest {
    pub dot_number: String,
    /// The signup this page already created, to update instead of adding one.
    #[serde(default)]
    pub signup_id: Option<Uuid>,
}

#[derive(Deserialize, ToSchema)]
pub struct StepRequest {
    pub current_step: i32,
}

#[derive(Deserialize, ToSchema)]
pub struct ContactRequest {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
}

#[derive(Serialize, ToSchema)]
pub struct CheckoutResponse {
    pub url: String,
    pub session_id: String,
    /// The signup this checkout charges for; a new one when the signup asked
    /// for had already gone to checkout.
    pub signup_id: Uuid,
}
