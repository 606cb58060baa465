//! Signing in to the driver portal, as the fleet's Portal Settings say:
//! login by username or e-mail, with the fleet's shared password or the
//! driver's own. Attempts are budgeted like the fleet users' sign-ins, and
//! an unknown login costs the same hashing time as a wrong password.

use crate::crypto::password::PasswordHasher;
use crate::modules::auth::throttle;
use crate::modules::auth::{DriverSession, driver_sessions};
use crate::modules::driver_portal::dto::{PortalConfig, PortalDriver};
use crate::modules::driver_portal::error::DriverPortalError;
use crate::modules::driver_portal::repo;
use chrono::Duration;
use db::entities::{fleet_account, fleet_driver};
use db::tenancy::TenantScope;
use domain::fleet::PortalSettings;
use domain::fleet::{driver_display_name, phone_display};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

pub fn fleet_name(fleet: &fleet_account::Model) -> String {
    domain::fleet::fleet_display_name(fleet.dba_name.as_deref(), &fleet.legal_name)
}

pub fn config_of(fleet: &fleet_account::Model, settings: &PortalSettings) -> PortalConfig {
    let default_or = |value: &str, default: &str| {
        if value.is_empty() {
            default.to_owned()
        } else {
            value.to_owned()
        }
    };
    PortalConfig {
        fleet_id: fleet.id,
        fleet_name: fleet_name(fleet),
        logo_url: fleet.logo_path.as_ref().map(|_| {
            format!(
                "/api/portal/{}/logo?v={}",
                fleet.id,
                fleet.updated_at.timestamp()
            )
        }),
        primary_color: default_or(&fleet.primary_color, domain::fleet::DEFAULT_PRIMARY_COLOR),
        secondary_color: default_or(
            &fleet.secondary_color,
            domain::fleet::DEFAULT_SECONDARY_COLOR,
        ),
        enabled: settings.is_enabled,
        login_method: settings.login_method.clone(),
        auth_type: settings.auth_type.clone(),
    }
}

pub fn driver_view(d: &fleet_driver::Model) -> PortalDriver {
    PortalDriver {
        id: d.id,
        display_name: driver_display_name(
            d.first_name.as_deref(),
            d.last_name.as_deref(),
            d.username.as_deref(),
        ),
        first_name: d.first_name.clone(),
        last_name: d.last_name.clone(),
        username: d.username.clone(),
        email: d.email.clone(),
        phone: d.phone.clone(),
        phone_display: phone_display(d.phone.as_deref()),
    }
}

/// The fleet a portal link names; another fleet's rows stay out of reach
/// (the scope is that fleet's).
pub async fn fleet_of_link(
    db: &DatabaseConnection,
    fleet_id: Uuid,
) -> Result<(TenantScope, fleet_account::Model, PortalSettings), DriverPortalError> {
    let scope = TenantScope::for_portal_link(fleet_id);
    let txn = db::tenancy::read(db, scope).await?;
    let fleet = repo::fleet(&txn)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    txn.commit().await?;
    let settings = PortalSettings::stored(fleet.portal_settings.as_ref());
    Ok((scope, fleet, settings))
}

pub async fn config(
    db: &DatabaseConnection,
    fleet_id: Uuid,
) -> Result<PortalConfig, DriverPortalError> {
    let (_, fleet, settings) = fleet_of_link(db, fleet_id).await?;
    Ok(config_of(&fleet, &settings))
}

pub struct SignInDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub passwords: &'a PasswordHasher,
    pub session_ttl: Duration,
}

pub async fn sign_in(
    deps: &SignInDeps<'_>,
    fleet_id: Uuid,
    login: &str,
    password: String,
    ip: &str,
) -> Result<(String, DriverSession, PortalDriver), DriverPortalError> {
    let (scope, fleet, settings) = fleet_of_link(deps.db, fleet_id).await?;
    if !settings.is_enabled {
        return Err(DriverPortalError::Disabled {
            fleet_name: fleet_name(&fleet),
        });
    }
    let by_email = settings.login_method == "email";
    let login = login.trim();
    let login = if by_email {
        login.to_lowercase()
    } else {
        login.to_owned()
    };
    if login.is_empty() || password.is_empty() || login.chars().count() > 254 {
        return Err(DriverPortalError::InvalidCredentials {
            login_method: settings.login_method,
        });
    }
    let key = format!("driver:{fleet_id}:{login}");
    let reserved = throttle::reserve_sign_in(deps.db, &key, ip).await?;
    let txn = db::tenancy::read(deps.db, scope).await?;
    let driver = repo::active_driver_by_login(&txn, by_email, &login).await?;
    txn.commit().await?;
    let hash = match (&driver, settings.auth_type.as_str()) {
        (Some(_), "system_password") => fleet.portal_system_password_hash.clone(),
        (Some(d), _) => d.portal_password_hash.clone(),
        (None, _) => None,
    };
    let verified = match deps.passwords.verify(password, hash).await {
        Ok(verified) => verified,
        Err(err) => {
            throttle::refund(deps.db, &reserved).await?;
            return Err(err.into());
        }
    };
    let Some(driver) = driver.filter(|_| verified) else {
        return Err(DriverPortalError::InvalidCredentials {
            login_method: settings.login_method,
        });
    };
    throttle::refund(deps.db, &reserved).await?;
    let (cookie, session) =
        driver_sessions::start(deps.db, scope, driver.id, deps.session_ttl).await?;
    Ok((cookie, session, driver_view(&driver)))
}
