//! Company settings (spec part 2 §9): General, Branding, Security and Portal
//! Settings. Each checks its input, answering per field, then saves.

use super::dto::{BrandingInput, GeneralInput, PortalInput, PortalSettings, SecurityInput};
use super::error::FleetAccountError;
use super::repo;
use crate::crypto::password::PasswordHasher;
use chrono::Utc;
use db::entities::fleet_account;
use db::tenancy::TenantScope;
use domain::fleet::{SESSION_TIMEOUT_MAX, SESSION_TIMEOUT_MIN, parse_hex_color};
use domain::{Email, texts};
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};
use std::collections::BTreeMap;

fn invalid(fields: BTreeMap<String, String>) -> Result<(), FleetAccountError> {
    if fields.is_empty() {
        Ok(())
    } else {
        Err(FleetAccountError::Invalid(fields))
    }
}

fn clean(v: Option<String>) -> Option<String> {
    v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

/// Loads the scope's account in a write transaction, lets `edit` change it
/// (or refuse), stamps `updated_at` and saves.
async fn edit_account(
    db: &DatabaseConnection,
    scope: TenantScope,
    edit: impl FnOnce(
        &fleet_account::Model,
        &mut fleet_account::ActiveModel,
    ) -> Result<(), FleetAccountError>,
) -> Result<(), FleetAccountError> {
    let txn = db::tenancy::write(db, scope).await?;
    let fleet = repo::account(&txn)
        .await?
        .ok_or(FleetAccountError::NotFound)?;
    let mut a = fleet.clone().into_active_model();
    edit(&fleet, &mut a)?;
    a.updated_at = Set(Utc::now());
    repo::save(&txn, a).await?;
    txn.commit().await?;
    Ok(())
}

pub async fn update_general(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: GeneralInput,
) -> Result<(), FleetAccountError> {
    let mut fields = BTreeMap::new();
    let legal_name = input.legal_name.trim().to_owned();
    if legal_name.is_empty() {
        fields.insert(
            "legal_name".into(),
            texts().fleet.settings_form.legal_name_required.clone(),
        );
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
    let (physical, contact) = (input.physical_address, input.contact.address);
    let (first_name, last_name, phone) = (
        input.contact.first_name,
        input.contact.last_name,
        input.contact.phone,
    );
    edit_account(db, scope, |_, a| {
        a.legal_name = Set(legal_name);
        a.dba_name = Set(clean(input.dba_name));
        a.mc_number = Set(clean(input.mc_number));
        a.physical_street = Set(clean(physical.street));
        a.physical_city = Set(clean(physical.city));
        a.physical_state = Set(clean(physical.state));
        a.physical_zip = Set(clean(physical.zip));
        a.contact_first_name = Set(clean(first_name));
        a.contact_last_name = Set(clean(last_name));
        a.contact_email = Set(email);
        a.contact_phone = Set(clean(phone));
        a.contact_street = Set(clean(contact.street));
        a.contact_city = Set(clean(contact.city));
        a.contact_state = Set(clean(contact.state));
        a.contact_zip = Set(clean(contact.zip));
        Ok(())
    })
    .await
}

pub async fn update_branding(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: BrandingInput,
) -> Result<(), FleetAccountError> {
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
    edit_account(db, scope, |_, a| {
        a.primary_color = Set(primary.unwrap_or_default());
        a.secondary_color = Set(secondary.unwrap_or_default());
        Ok(())
    })
    .await
}

/// Saves the session timeout. The caller drops its cached copy of the old
/// one (`SessionTimeouts::forget`), which lives with the HTTP sessions.
pub async fn update_security(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: SecurityInput,
) -> Result<(), FleetAccountError> {
    let minutes = input.session_timeout_minutes.as_i64().ok_or_else(|| {
        FleetAccountError::field(
            "session_timeout_minutes",
            &domain::texts().server.fleet.session_timeout_invalid,
        )
    })?;
    if minutes < i64::from(SESSION_TIMEOUT_MIN) {
        return Err(FleetAccountError::field(
            "session_timeout_minutes",
            texts().fleet.session_timeout_min.as_str(),
        ));
    }
    if minutes > i64::from(SESSION_TIMEOUT_MAX) {
        return Err(FleetAccountError::field(
            "session_timeout_minutes",
            texts().fleet.session_timeout_max.as_str(),
        ));
    }
    edit_account(db, scope, |_, a| {
        a.session_timeout_minutes = Set(minutes as i32);
        Ok(())
    })
    .await
}

pub async fn update_portal(
    db: &DatabaseConnection,
    passwords: &PasswordHasher,
    scope: TenantScope,
    input: PortalInput,
) -> Result<(), FleetAccountError> {
    let mut fields = BTreeMap::new();
    if !matches!(input.login_method.as_str(), "username" | "email") {
        fields.insert(
            "login_method".into(),
            domain::texts().server.fleet.login_method_invalid.clone(),
        );
    }
    if !matches!(
        input.auth_type.as_str(),
        "system_password" | "individual_password"
    ) {
        fields.insert(
            "auth_type".into(),
            domain::texts().server.fleet.password_mode_invalid.clone(),
        );
    }
    let welcome = clean(input.welcome_message);
    if welcome.as_ref().is_some_and(|w| w.chars().count() > 2000) {
        fields.insert(
            "welcome_message".into(),
            domain::texts::fill(&domain::texts().server.requests.at_most, &[("max", "2000")]),
        );
    }
    let new_password = input.system_password.filter(|p| !p.is_empty());
    // Every driver of the fleet signs in with it: the accounts' rule, not
    // the sign-up form's six characters.
    if let Some(Err(message)) = new_password
        .as_deref()
        .map(domain::password::check_account_password)
    {
        fields.insert("system_password".into(), message.to_owned());
    }
    invalid(fields)?;
    // Hashed before the transaction: the hash takes a core for a while.
    let password_hash = match new_password {
        Some(p) => Some(passwords.hash(p).await?),
        None => None,
    };
    let settings = PortalSettings {
        is_enabled: input.is_enabled,
        login_method: input.login_method,
        auth_type: input.auth_type,
        welcome_message: welcome,
    };
    let system_password = settings.auth_type == "system_password";
    let auth_type = settings.auth_type.clone();
    let new_system_password = password_hash.is_some();
    let settings = serde_json::to_value(settings).map_err(anyhow::Error::from)?;
    let mut sign_in_changed = new_system_password;
    edit_account(db, scope, |fleet, a| {
        sign_in_changed |= super::view::portal_settings(fleet).auth_type != auth_type;
        if system_password && password_hash.is_none() && fleet.portal_system_password_hash.is_none()
        {
            return Err(FleetAccountError::field(
                "system_password",
                texts().fleet.portal.system_password_required.as_str(),
            ));
        }
        a.portal_settings = Set(Some(settings));
        if let Some(hash) = password_hash {
            a.portal_system_password_hash = Set(Some(hash));
        }
        Ok(())
    })
    .await?;
    if sign_in_changed {
        // A rotated shared password (or another way of signing in) signs
        // every driver out.
        crate::modules::driver_portal::sessions::end_all_of_fleet(db, scope).await?;
    }
    Ok(())
}
