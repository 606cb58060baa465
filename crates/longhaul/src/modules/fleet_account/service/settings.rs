//! Company settings (spec part 2 §9): General, Branding, Security and Portal
//! Settings. Each checks its input, answering per field, then saves.

use crate::crypto::password::PasswordHasher;
use crate::http::validation;
use crate::modules::fleet_account::dto::{BrandingInput, GeneralInput, PortalInput, SecurityInput};
use crate::modules::fleet_account::error::FleetAccountError;
use crate::modules::fleet_account::repo;
use chrono::Utc;
use db::entities::fleet_account;
use db::tenancy::TenantScope;
use domain::fleet::{PortalSettings, SESSION_TIMEOUT_MAX, SESSION_TIMEOUT_MIN, parse_hex_color};
use domain::{Email, texts};
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};

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
    validation::check(&input)?;
    let legal_name = input.legal_name.trim().to_owned();
    let email = clean(input.contact.email)
        .and_then(|raw| Email::parse(&raw).ok())
        .map(|e| e.to_string());
    let (physical, contact) = (input.physical_address, input.contact.address);
    let home_time_zone = input.home_time_zone.map(|zone| {
        clean(zone)
            .and_then(|z| domain::time_zone::parse_zone(&z))
            .map(|z| z.name().to_owned())
    });
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
        if let Some(zone) = home_time_zone {
            a.home_time_zone = Set(zone);
        }
        Ok(())
    })
    .await
}

pub async fn update_branding(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: BrandingInput,
) -> Result<(), FleetAccountError> {
    validation::check(&input)?;
    let primary = parse_hex_color(&input.primary_color);
    let secondary = parse_hex_color(&input.secondary_color);
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
    validation::check(&input)?;
    let welcome = clean(input.welcome_message);
    let new_password = input.system_password.filter(|p| !p.is_empty());
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
        show_load_revenue: input.show_load_revenue,
    };
    let system_password = settings.auth_type == "system_password";
    let auth_type = settings.auth_type.clone();
    let new_system_password = password_hash.is_some();
    let settings = serde_json::to_value(settings).map_err(anyhow::Error::from)?;
    let mut sign_in_changed = new_system_password;
    edit_account(db, scope, |fleet, a| {
        sign_in_changed |=
            PortalSettings::stored(fleet.portal_settings.as_ref()).auth_type != auth_type;
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
        crate::modules::auth::driver_sessions::end_all_of_fleet(db, scope).await?;
    }
    Ok(())
}
