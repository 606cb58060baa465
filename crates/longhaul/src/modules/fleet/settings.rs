//! Company settings: General, Branding, Security and Portal Settings.

use super::account::{Address, PortalSettings};
use super::repo;
use crate::http::ApiError;
use crate::state::AppState;
use chrono::Utc;
use db::tenancy::TenantScope;
use domain::fleet::{SESSION_TIMEOUT_MAX, SESSION_TIMEOUT_MIN, parse_hex_color};
use domain::{Email, texts};
use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
use serde::Deserialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

fn invalid(fields: BTreeMap<String, String>) -> Result<(), ApiError> {
    match fields.first_key_value() {
        Some((_, message)) => Err(ApiError::Invalid {
            message: message.clone(),
            fields,
        }),
        None => Ok(()),
    }
}

fn clean(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

#[derive(Deserialize, ToSchema)]
pub struct ContactInput {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    #[serde(default)]
    pub address: Address,
}

#[derive(Deserialize, ToSchema)]
pub struct GeneralInput {
    pub legal_name: String,
    pub dba_name: Option<String>,
    pub mc_number: Option<String>,
    #[serde(default)]
    pub physical_address: Address,
    pub contact: ContactInput,
}

pub async fn update_general(
    state: &AppState,
    scope: TenantScope,
    input: GeneralInput,
) -> Result<(), ApiError> {
    let mut fields = BTreeMap::new();
    let legal_name = input.legal_name.trim().to_owned();
    if legal_name.is_empty() {
        fields.insert("legal_name".into(), "Legal name is required".into());
    }
    let email = match clean(input.contact.email) {
        None => None,
        Some(raw) => match Email::parse(&raw) {
            Ok(e) => Some(e.to_string()),
            Err(_) => {
                fields.insert("contact.email".into(), texts().signup.email_invalid.clone());
                None
            }
        },
    };
    let texts_to_check = [
        ("legal_name", Some(&legal_name)),
        ("dba_name", input.dba_name.as_ref()),
        ("mc_number", input.mc_number.as_ref()),
        ("contact.first_name", input.contact.first_name.as_ref()),
        ("contact.last_name", input.contact.last_name.as_ref()),
        ("contact.phone", input.contact.phone.as_ref()),
    ];
    for (key, value) in texts_to_check {
        if value.is_some_and(|v| v.chars().count() > 200) {
            fields.insert(key.into(), texts().signup.field_too_long.clone());
        }
    }
    for (key, a) in [
        ("physical_address", &input.physical_address),
        ("contact.address", &input.contact.address),
    ] {
        for v in [&a.street, &a.city, &a.state, &a.zip].into_iter().flatten() {
            if v.chars().count() > 200 {
                fields.insert(key.into(), texts().signup.field_too_long.clone());
            }
        }
    }
    invalid(fields)?;
    let txn = repo::begin_write(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut a = fleet.into_active_model();
    a.legal_name = Set(legal_name);
    a.dba_name = Set(clean(input.dba_name));
    a.mc_number = Set(clean(input.mc_number));
    a.physical_street = Set(clean(input.physical_address.street));
    a.physical_city = Set(clean(input.physical_address.city));
    a.physical_state = Set(clean(input.physical_address.state));
    a.physical_zip = Set(clean(input.physical_address.zip));
    a.contact_first_name = Set(clean(input.contact.first_name));
    a.contact_last_name = Set(clean(input.contact.last_name));
    a.contact_email = Set(email);
    a.contact_phone = Set(clean(input.contact.phone));
    a.contact_street = Set(clean(input.contact.address.street));
    a.contact_city = Set(clean(input.contact.address.city));
    a.contact_state = Set(clean(input.contact.address.state));
    a.contact_zip = Set(clean(input.contact.address.zip));
    a.updated_at = Set(Utc::now());
    a.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

#[derive(Deserialize, ToSchema)]
pub struct BrandingInput {
    #[schema(pattern = "^#[0-9A-Fa-f]{6}$", example = "#3E63DD")]
    pub primary_color: String,
    #[schema(pattern = "^#[0-9A-Fa-f]{6}$", example = "#6E56CF")]
    pub secondary_color: String,
}

pub async fn update_branding(
    state: &AppState,
    scope: TenantScope,
    input: BrandingInput,
) -> Result<(), ApiError> {
    let mut fields = BTreeMap::new();
    let primary = parse_hex_color(&input.primary_color);
    let secondary = parse_hex_color(&input.secondary_color);
    if primary.is_none() {
        fields.insert("primary_color".into(), texts().fleet.color_invalid.clone());
    }
    if secondary.is_none() {
        fields.insert(
            "secondary_color".into(),
            texts().fleet.color_invalid.clone(),
        );
    }
    invalid(fields)?;
    let txn = repo::begin_write(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut a = fleet.into_active_model();
    a.primary_color = Set(primary.unwrap_or_default());
    a.secondary_color = Set(secondary.unwrap_or_default());
    a.updated_at = Set(Utc::now());
    a.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

#[derive(Deserialize, ToSchema)]
pub struct SecurityInput {
    /// Whole minutes, 15 to 1440. A string or a fraction is refused.
    #[schema(value_type = i64, minimum = 15, maximum = 1440, example = 60)]
    pub session_timeout_minutes: serde_json::Value,
}

pub async fn update_security(
    state: &AppState,
    scope: TenantScope,
    input: SecurityInput,
) -> Result<(), ApiError> {
    let minutes = input.session_timeout_minutes.as_i64().ok_or_else(|| {
        ApiError::field(
            "session_timeout_minutes",
            "Session timeout must be a whole number of minutes",
        )
    })?;
    if minutes < i64::from(SESSION_TIMEOUT_MIN) {
        return Err(ApiError::field(
            "session_timeout_minutes",
            texts().fleet.session_timeout_min.as_str(),
        ));
    }
    if minutes > i64::from(SESSION_TIMEOUT_MAX) {
        return Err(ApiError::field(
            "session_timeout_minutes",
            texts().fleet.session_timeout_max.as_str(),
        ));
    }
    let txn = repo::begin_write(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut a = fleet.into_active_model();
    a.session_timeout_minutes = Set(minutes as i32);
    a.updated_at = Set(Utc::now());
    a.update(&txn).await?;
    txn.commit().await?;
    state.session_timeouts.forget(scope.fleet_account_id());
    Ok(())
}

#[derive(Deserialize, ToSchema)]
pub struct PortalInput {
    pub is_enabled: bool,
    #[schema(pattern = "^(username|email)$", example = "username")]
    pub login_method: String,
    #[schema(
        pattern = "^(system_password|individual_password)$",
        example = "individual_password"
    )]
    pub auth_type: String,
    #[schema(max_length = 2000)]
    pub welcome_message: Option<String>,
    /// A new company-wide password (6 to 72 characters); empty keeps the stored one.
    #[schema(max_length = 72)]
    pub system_password: Option<String>,
}

pub async fn update_portal(
    state: &AppState,
    scope: TenantScope,
    input: PortalInput,
) -> Result<(), ApiError> {
    let mut fields = BTreeMap::new();
    if !matches!(input.login_method.as_str(), "username" | "email") {
        fields.insert("login_method".into(), "Choose username or email".into());
    }
    if !matches!(
        input.auth_type.as_str(),
        "system_password" | "individual_password"
    ) {
        fields.insert(
            "auth_type".into(),
            "Choose system_password or individual_password".into(),
        );
    }
    let welcome = clean(input.welcome_message);
    if welcome.as_ref().is_some_and(|w| w.chars().count() > 2000) {
        fields.insert("welcome_message".into(), "At most 2000 characters".into());
    }
    let new_password = input.system_password.filter(|p| !p.is_empty());
    if new_password
        .as_ref()
        .is_some_and(|p| p.chars().count() < 6 || p.chars().count() > 72)
    {
        fields.insert(
            "system_password".into(),
            "The system password must be 6 to 72 characters".into(),
        );
    }
    invalid(fields)?;
    let password_hash = match new_password {
        Some(p) => Some(state.passwords.hash(p).await?),
        None => None,
    };
    let txn = repo::begin_write(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    if input.auth_type == "system_password"
        && password_hash.is_none()
        && fleet.portal_system_password_hash.is_none()
    {
        return Err(ApiError::field(
            "system_password",
            texts().fleet.portal.system_password_required.as_str(),
        ));
    }
    let settings = PortalSettings {
        is_enabled: input.is_enabled,
        login_method: input.login_method,
        auth_type: input.auth_type,
        welcome_message: welcome,
    };
    let mut a = fleet.into_active_model();
    a.portal_settings = Set(Some(
        serde_json::to_value(settings).map_err(ApiError::internal)?,
    ));
    if let Some(hash) = password_hash {
        a.portal_system_password_hash = Set(Some(hash));
    }
    a.updated_at = Set(Utc::now());
    a.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}
