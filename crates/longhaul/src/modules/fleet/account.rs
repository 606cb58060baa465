//! The fleet account as the dashboard shows it, with the FMCSA fallbacks of
//! spec part 2 §2 (Company Profile).

use super::repo;
use crate::http::ApiError;
use crate::state::AppState;
use db::entities::{fleet_account, fleet_signup};
use db::tenancy::TenantScope;
use domain::fleet::{DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct Address {
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
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

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PortalSettings {
    pub is_enabled: bool,
    /// username | email
    pub login_method: String,
    /// system_password | individual_password
    pub auth_type: String,
    pub welcome_message: Option<String>,
}

impl Default for PortalSettings {
    fn default() -> Self {
        PortalSettings {
            is_enabled: false,
            login_method: "username".into(),
            auth_type: "individual_password".into(),
            welcome_message: None,
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
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "Yes" } else { "No" }.into()),
        _ => None,
    }
}

fn flag(v: &Value) -> Option<String> {
    match text(v)?.as_str() {
        "Y" | "y" | "true" | "Yes" => Some("Yes".into()),
        "N" | "n" | "false" | "No" => Some("No".into()),
        "u" | "U" => Some("Unknown".into()),
        other => Some(other.to_owned()),
    }
}

fn status(v: &Value) -> Option<String> {
    match text(v)?.as_str() {
        "A" => Some("Active".into()),
        "I" => Some("Inactive".into()),
        "N" => Some("None".into()),
        other => Some(other.to_owned()),
    }
}

/// FMCSA's "on file" amounts are thousands of dollars as text ("1000" = $1,000,000).
fn insurance_amount(v: &Value) -> Option<String> {
    let raw = text(v)?;
    match raw.parse::<i64>() {
        Ok(0) => Some("None".into()),
        Ok(thousands) => {
            let dollars = (thousands * 1000).to_string();
            let mut out = String::new();
            for (i, c) in dollars.chars().enumerate() {
                if i > 0 && (dollars.len() - i) % 3 == 0 {
                    out.push(',');
                }
                out.push(c);
            }
            Some(format!("${out}"))
        }
        Err(_) => Some(raw),
    }
}

fn carrier(fmcsa: &Value) -> Option<&Value> {
    let c = fmcsa
        .pointer("/content/carrier")
        .or_else(|| fmcsa.get("carrier"))?;
    c.is_object().then_some(c)
}

fn fmcsa_view(c: &Value) -> FmcsaView {
    let op = &c["carrierOperation"];
    let phys = &c["physicalAddress"];
    FmcsaView {
        legal_name: text(&c["legalName"]),
        dba_name: text(&c["dbaName"]),
        dot_number: text(&c["dotNumber"]),
        operating_classification: text(&op["operationClassification"])
            .or_else(|| text(&op["carrierOperationDesc"])),
        total_power_units: text(&c["totalPowerUnits"]),
        total_drivers: text(&c["totalDrivers"]),
        mcs150_form_date: text(&c["mcs150FormDate"]),
        cargo_tank: flag(&op["cargoTank"]).or_else(|| flag(&c["cargoTank"])),
        passenger_carrier: flag(&op["passengerCarrier"]).or_else(|| flag(&c["isPassengerCarrier"])),
        hazmat: flag(&op["hazmatIndicator"]).or_else(|| flag(&c["hmFlag"])),
        physical_address: Address {
            street: text(&phys["streetAddress"]).or_else(|| text(&c["phyStreet"])),
            city: text(&phys["city"]).or_else(|| text(&c["phyCity"])),
            state: text(&phys["state"]).or_else(|| text(&c["phyState"])),
            zip: text(&phys["zipCode"]).or_else(|| text(&c["phyZipcode"])),
        },
    }
}

pub fn portal_settings(fleet: &fleet_account::Model) -> PortalSettings {
    fleet
        .portal_settings
        .clone()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

/// The FMCSA record: the fleet's own, else the newest signup's for its DOT number.
async fn fmcsa_source<C: ConnectionTrait>(
    db: &C,
    fleet: &fleet_account::Model,
) -> Result<Option<Value>, ApiError> {
    if let Some(data) = fleet.fmcsa_data.clone().filter(|d| carrier(d).is_some()) {
        return Ok(Some(data));
    }
    Ok(fleet_signup::Entity::find()
        .filter(fleet_signup::Column::DotNumber.eq(&fleet.dot_number))
        .filter(fleet_signup::Column::FmcsaData.is_not_null())
        .order_by_desc(fleet_signup::Column::CreatedAt)
        .one(db)
        .await?
        .and_then(|s| s.fmcsa_data))
}

pub async fn load(state: &AppState, scope: TenantScope) -> Result<FleetAccountView, ApiError> {
    let txn = repo::begin(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let fmcsa = fmcsa_source(&txn, &fleet).await?;
    let eld = repo::eld_integrations(scope)
        .filter(db::entities::fleet_eld_integration::Column::IsActive.eq(true))
        .one(&txn)
        .await?;
    txn.commit().await?;
    Ok(view(fleet, fmcsa, eld.map(|e| e.provider)))
}

fn view(
    fleet: fleet_account::Model,
    fmcsa: Option<Value>,
    eld_provider: Option<String>,
) -> FleetAccountView {
    let c = fmcsa.as_ref().and_then(carrier);
    let from = |key: &str, f: fn(&Value) -> Option<String>| c.and_then(|c| f(&c[key]));
    let fmcsa_view = c.map(fmcsa_view);
    let portal = portal_settings(&fleet);
    let physical = Address {
        street: fleet.physical_street.clone().or_else(|| {
            fmcsa_view
                .as_ref()
                .and_then(|f| f.physical_address.street.clone())
        }),
        city: fleet.physical_city.clone().or_else(|| {
            fmcsa_view
                .as_ref()
                .and_then(|f| f.physical_address.city.clone())
        }),
        state: fleet.physical_state.clone().or_else(|| {
            fmcsa_view
                .as_ref()
                .and_then(|f| f.physical_address.state.clone())
        }),
        zip: fleet.physical_zip.clone().or_else(|| {
            fmcsa_view
                .as_ref()
                .and_then(|f| f.physical_address.zip.clone())
        }),
    };
    FleetAccountView {
        id: fleet.id,
        authority: Authority {
            authority_status: fleet
                .authority_status
                .clone()
                .or_else(|| from("commonAuthorityStatus", status)),
            authority_date: fleet
                .authority_date
                .clone()
                .or_else(|| from("commonAuthorityAppliedFor", text)),
            registration_status: fleet
                .registration_status
                .clone()
                .or_else(|| from("statusCode", status)),
            registration_date: fleet
                .registration_date
                .clone()
                .or_else(|| from("registrationDate", text)),
            insurance_required: fleet
                .insurance_required
                .clone()
                .or_else(|| from("bipdInsuranceRequired", flag)),
            insurance_on_file: fleet
                .insurance_on_file
                .clone()
                .or_else(|| from("bipdInsuranceOnFile", insurance_amount)),
        },
        legal_name: fleet.legal_name,
        dba_name: fleet.dba_name,
        dot_number: fleet.dot_number,
        mc_number: fleet.mc_number,
        power_units: fleet.power_units,
        physical_address: physical,
        contact: Contact {
            first_name: fleet.contact_first_name,
            last_name: fleet.contact_last_name,
            email: fleet.contact_email,
            phone: fleet.contact_phone,
            address: Address {
                street: fleet.contact_street,
                city: fleet.contact_city,
                state: fleet.contact_state,
                zip: fleet.contact_zip,
            },
        },
        monthly_rate_cents: fleet.monthly_rate_cents,
        subscription_id_short: fleet
            .stripe_subscription_id
            .map(|s| s.chars().take(10).collect()),
        subscription_status: fleet.subscription_status,
        fmcsa: fmcsa_view,
        branding: Branding {
            logo_url: fleet
                .logo_path
                .as_ref()
                .map(|_| format!("/api/fleet/logo?v={}", fleet.updated_at.timestamp())),
            primary_color: if fleet.primary_color.is_empty() {
                DEFAULT_PRIMARY_COLOR.into()
            } else {
                fleet.primary_color
            },
            secondary_color: if fleet.secondary_color.is_empty() {
                DEFAULT_SECONDARY_COLOR.into()
            } else {
                fleet.secondary_color
            },
        },
        security: Security {
            session_timeout_minutes: fleet.session_timeout_minutes,
        },
        portal: PortalView {
            settings: portal,
            has_system_password: fleet.portal_system_password_hash.is_some(),
        },
        eld: EldView {
            connected: eld_provider.is_some(),
            provider: eld_provider,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insurance_is_in_thousands() {
        assert_eq!(
            insurance_amount(&Value::String("1000".into())).as_deref(),
            Some("$1,000,000")
        );
        assert_eq!(
            insurance_amount(&Value::String("750".into())).as_deref(),
            Some("$750,000")
        );
        assert_eq!(
            insurance_amount(&Value::String("0".into())).as_deref(),
            Some("None")
        );
    }
}
