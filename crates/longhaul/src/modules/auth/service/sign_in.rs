//! Signing in and out.

use super::super::error::AuthError;
use super::super::repo::{profiles, sessions as sessions_repo};
use super::profiles as login;
use super::registration::{require_both, send_confirmation};
use super::sessions::{self, SessionUser};
use super::{AuthDeps, throttle};
use domain::Email;

pub struct SignedIn {
    /// Goes in the session cookie; only its hash is stored.
    pub cookie_token: String,
    pub user: SessionUser,
}

pub async fn sign_in(
    deps: &AuthDeps<'_>,
    email: &str,
    password: String,
    ip: &str,
) -> Result<SignedIn, AuthError> {
    require_both(email, &password)?;
    // Malformed e-mails are treated as unknown ones: same answer, same time.
    let key = Email::parse(email)
        .map(|e| e.as_str().to_owned())
        .unwrap_or_else(|_| email.trim().to_lowercase());
    let key: String = key.chars().take(domain::email::MAX_EMAIL_LEN).collect();
    let reserved = throttle::reserve_sign_in(deps.db, &key, ip).await?;
    let profile = profiles::find_by_email(deps.db, &key).await?;
    let verified = deps
        .passwords
        .verify(password, profile.as_ref().map(|p| p.password_hash.clone()))
        .await;
    let verified = match verified {
        Ok(verified) => verified,
        Err(err) => {
            // No check ran (the hashing pool was full): give the budget back.
            throttle::refund(deps.db, &reserved).await?;
            return Err(err.into());
        }
    };
    // The demo fleet's password is public: in production it opens nothing,
    // even where a demo account was made before the switch.
    let demo_in_production = deps.production && key == domain::demo::DEMO_EMAIL;
    let profile = match (verified, profile) {
        (true, Some(profile)) if !demo_in_production && profile.deactivated_at.is_none() => profile,
        // The reserved attempts stay spent: they are the failures.
        _ => return Err(AuthError::InvalidCredentials),
    };
    // A right password is not a failure: its attempts go back to the budget.
    throttle::refund(deps.db, &reserved).await?;
    if profile.email_confirmed_at.is_none() {
        // The password proved the owner is here: send a fresh link.
        let token = login::issue_confirmation(deps.db, profile.id).await?;
        send_confirmation(deps, &profile.email, &token).await;
        return Err(AuthError::EmailNotConfirmed);
    }
    let (cookie_token, user) = sessions::start(deps.db, profile.id, deps.session_ttl).await?;
    Ok(SignedIn { cookie_token, user })
}

/// A session for a user who has just proved who they are another way (an
/// invitation link and the password they chose with it).
pub async fn start_session(
    deps: &AuthDeps<'_>,
    user_id: uuid::Uuid,
) -> Result<(String, SessionUser), AuthError> {
    sessions::start(deps.db, user_id, deps.session_ttl).await
}

pub async fn sign_out(deps: &AuthDeps<'_>, user: &SessionUser) -> Result<(), AuthError> {
    Ok(sessions_repo::delete(deps.db, &user.session_id).await?)
}
