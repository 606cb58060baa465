//! A driver's own password, set through a one-time invite link the fleet
//! admin sends from the driver's detail screen, and changed later from the
//! portal's Settings. Setting it ends the driver's other sessions.

use super::sign_in::{fleet_name, fleet_of_link};
use crate::crypto::password::PasswordHasher;
use crate::crypto::tokens;
use crate::mail::Mailer;
use crate::modules::auth::driver_sessions;
use crate::modules::auth::throttle::{self, UserBudget};
use crate::modules::driver_portal::dto::{InviteSent, InviteView};
use crate::modules::driver_portal::emails;
use crate::modules::driver_portal::error::DriverPortalError;
use crate::modules::driver_portal::repo;
use chrono::{Duration, Utc};
use db::entities::driver_invite;
use db::tenancy::TenantScope;
use domain::fleet::PortalSettings;
use domain::texts;
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

/// How long an invite link works.
pub const INVITE_TTL: Duration = Duration::hours(72);

pub struct InviteDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub passwords: &'a PasswordHasher,
    pub mailer: &'a dyn Mailer,
    pub public_url: &'a str,
}

/// Sends the driver a new invite (earlier ones stop working).
pub async fn send(
    deps: &InviteDeps<'_>,
    scope: TenantScope,
    driver_id: Uuid,
) -> Result<InviteSent, DriverPortalError> {
    let token = tokens::random_token();
    let expires_at = Utc::now() + INVITE_TTL;
    let txn = db::tenancy::write(deps.db, scope).await?;
    let driver = repo::driver(&txn, driver_id)
        .await?
        .filter(|d| d.is_active)
        .ok_or(DriverPortalError::NotFound)?;
    let email = driver.email.clone().ok_or(DriverPortalError::NoEmail)?;
    let fleet = repo::fleet(&txn)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    repo::retire_invites(&txn, driver_id).await?;
    repo::insert_invite(
        &txn,
        driver_invite::ActiveModel {
            id: Set(tokens::hash_token(&token)),
            fleet_account_id: Set(scope.fleet_account_id()),
            driver_id: Set(driver_id),
            expires_at: Set(expires_at),
            used_at: Set(None),
            created_at: Set(Utc::now()),
        },
    )
    .await?;
    let settings = PortalSettings::stored(fleet.portal_settings.as_ref());
    let login = if settings.login_method == "email" {
        email.clone()
    } else {
        driver.username.clone().unwrap_or_else(|| email.clone())
    };
    let link = format!(
        "{}/driver-portal/{}/invite/{token}",
        deps.public_url, fleet.id
    );
    let mail = emails::driver_invite(&email, &fleet_name(&fleet), &login, &link)?;
    txn.commit().await?;
    // The outbox keeps it and retries; a failure to queue leaves a link the
    // admin can send again.
    deps.mailer.send(mail).await?;
    Ok(InviteSent { email, expires_at })
}

pub async fn view(
    db: &DatabaseConnection,
    fleet_id: Uuid,
    token: &str,
) -> Result<InviteView, DriverPortalError> {
    let (scope, fleet, settings) = fleet_of_link(db, fleet_id)
        .await
        .map_err(|_| DriverPortalError::InviteInvalid)?;
    let txn = db::tenancy::read(db, scope).await?;
    let invite = repo::live_invite(&txn, &tokens::hash_token(token))
        .await?
        .ok_or(DriverPortalError::InviteInvalid)?;
    let driver = repo::driver(&txn, invite.driver_id)
        .await?
        .filter(|d| d.is_active)
        .ok_or(DriverPortalError::InviteInvalid)?;
    txn.commit().await?;
    let login = if settings.login_method == "email" {
        driver.email.clone()
    } else {
        driver.username.clone()
    };
    Ok(InviteView {
        fleet_name: fleet_name(&fleet),
        login: login.or(driver.email).unwrap_or_default(),
        login_method: settings.login_method,
        fleet_id,
        expires_at: invite.expires_at,
    })
}

fn check_password(password: &str) -> Result<(), DriverPortalError> {
    domain::password::check_account_password(password)
        .map_err(|message| DriverPortalError::field("password", message))
}

/// Sets the driver's password from an invite; the link works once.
pub async fn accept(
    deps: &InviteDeps<'_>,
    fleet_id: Uuid,
    token: &str,
    password: String,
) -> Result<(), DriverPortalError> {
    check_password(&password)?;
    let (scope, _, _) = fleet_of_link(deps.db, fleet_id)
        .await
        .map_err(|_| DriverPortalError::InviteInvalid)?;
    let token_hash = tokens::hash_token(token);
    {
        let txn = db::tenancy::read(deps.db, scope).await?;
        let live = repo::live_invite(&txn, &token_hash).await?;
        txn.commit().await?;
        live.ok_or(DriverPortalError::InviteInvalid)?;
    }
    // Hashed outside the transaction: it takes a core for a while.
    let hash = deps.passwords.hash(password).await?;
    let txn = db::tenancy::write(deps.db, scope).await?;
    let invite = repo::live_invite(&txn, &token_hash)
        .await?
        .ok_or(DriverPortalError::InviteInvalid)?;
    if !repo::use_invite(&txn, &token_hash).await? {
        return Err(DriverPortalError::InviteInvalid);
    }
    let driver = repo::driver(&txn, invite.driver_id)
        .await?
        .filter(|d| d.is_active)
        .ok_or(DriverPortalError::InviteInvalid)?;
    repo::set_password(&txn, driver, hash).await?;
    driver_sessions::end_all_of_driver(&txn, invite.driver_id, None).await?;
    txn.commit().await?;
    Ok(())
}

/// The signed-in driver changes their own password (individual passwords
/// only); their other sessions end, this one goes on.
pub async fn change_password(
    deps: &InviteDeps<'_>,
    session: &crate::modules::auth::DriverSession,
    current: String,
    new: String,
) -> Result<(), DriverPortalError> {
    let scope = session.scope();
    let txn = db::tenancy::read(deps.db, scope).await?;
    let fleet = repo::fleet(&txn)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    let driver = repo::driver(&txn, session.driver_id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    txn.commit().await?;
    if PortalSettings::stored(fleet.portal_settings.as_ref()).auth_type != "individual_password" {
        return Err(DriverPortalError::SharedPassword);
    }
    check_password(&new).map_err(|e| match e {
        DriverPortalError::Invalid { message, .. } => {
            DriverPortalError::field("new_password", message)
        }
        other => other,
    })?;
    // Each change checks a guess of the current password: a budget bounds them.
    let reserved =
        throttle::reserve_for_user(deps.db, UserBudget::PortalPasswordChange, driver.id).await?;
    if !deps
        .passwords
        .verify(current, driver.portal_password_hash.clone())
        .await?
    {
        return Err(DriverPortalError::field(
            "current_password",
            texts().driver_portal.wrong_current_password.clone(),
        ));
    }
    throttle::refund(deps.db, &[reserved]).await?;
    let hash = deps.passwords.hash(new).await?;
    let txn = db::tenancy::write(deps.db, scope).await?;
    let driver = repo::driver(&txn, session.driver_id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    repo::set_password(&txn, driver, hash).await?;
    driver_sessions::end_all_of_driver(&txn, session.driver_id, Some(session)).await?;
    txn.commit().await?;
    Ok(())
}
