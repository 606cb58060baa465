//! Logins as other modules make and end them (the paid checkout's login,
//! the admin's users and fleet admins), inside the caller's transaction, so
//! the e-mail's uniqueness and the links' lifetimes are decided here once.

use super::super::error::AuthError;
use super::super::repo::one_time_tokens::{self, TokenPurpose};
use super::super::repo::{profiles, sessions};
use crate::crypto::tokens;
use chrono::Duration;
use db::entities::profile;
use sea_orm::ConnectionTrait;
use uuid::Uuid;

pub use super::super::repo::profiles::NewProfile;

/// How long an e-mail confirmation link works.
pub const CONFIRM_TTL: Duration = Duration::hours(24);
/// How long a "choose your password" link works, for a login someone else
/// made (the first super admin, an admin-created fleet admin).
pub const SET_PASSWORD_TTL: Duration = Duration::hours(72);

pub async fn find_by_email<C: ConnectionTrait>(
    db: &C,
    email: &str,
) -> Result<Option<profile::Model>, AuthError> {
    Ok(profiles::find_by_email(db, email).await?)
}

pub async fn email_registered<C: ConnectionTrait>(db: &C, email: &str) -> Result<bool, AuthError> {
    Ok(profiles::email_exists(db, email).await?)
}

/// A new profile; `EmailTaken` when the e-mail has one (the unique index
/// decides, so two racing requests cannot both make it).
pub async fn create<C: ConnectionTrait>(
    db: &C,
    new: NewProfile<'_>,
) -> Result<profile::Model, AuthError> {
    profiles::insert(db, new).await.map_err(|err| {
        if db::is_unique_violation(&err) {
            AuthError::EmailTaken
        } else {
            err.into()
        }
    })
}

/// A one-time link token for the user; only its hash is stored.
async fn issue<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
    purpose: TokenPurpose,
    ttl: Duration,
    inviter_name: Option<&str>,
) -> Result<String, AuthError> {
    let token = tokens::random_token();
    one_time_tokens::insert(
        db,
        tokens::hash_token(&token),
        user_id,
        purpose,
        ttl,
        inviter_name,
    )
    .await?;
    Ok(token)
}

/// The token of an e-mail confirmation link (`/auth?confirm=`).
pub async fn issue_confirmation<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
) -> Result<String, AuthError> {
    issue(db, user_id, TokenPurpose::ConfirmEmail, CONFIRM_TTL, None).await
}

/// The token of a "choose your password" link (`/reset-password?token=`).
pub async fn issue_set_password<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
) -> Result<String, AuthError> {
    issue(
        db,
        user_id,
        TokenPurpose::PasswordReset,
        SET_PASSWORD_TTL,
        None,
    )
    .await
}

/// The token of an invitation: a "choose your password" link that names who
/// sent it, and signs the new user in once they have chosen (issue 29).
pub async fn issue_invitation<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
    inviter_name: &str,
) -> Result<String, AuthError> {
    issue(
        db,
        user_id,
        TokenPurpose::PasswordReset,
        SET_PASSWORD_TTL,
        Some(inviter_name),
    )
    .await
}

/// Ends every session of the user (a role or account taken away).
pub async fn end_sessions<C: ConnectionTrait>(db: &C, user_id: Uuid) -> Result<(), AuthError> {
    Ok(sessions::delete_all_of_user(db, user_id).await?)
}

/// The links e-mails carry, on the public address.
pub fn confirm_link(public_url: &str, token: &str) -> String {
    format!("{public_url}/auth?confirm={token}")
}

pub fn set_password_link(public_url: &str, token: &str) -> String {
    format!("{public_url}/reset-password?token={token}")
}

pub fn sign_in_link(public_url: &str) -> String {
    format!("{public_url}/auth")
}
