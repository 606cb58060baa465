//! Password reset: asking for a link, and choosing a new password with it.

use super::super::emails;
use super::super::error::AuthError;
use super::super::repo::one_time_tokens::{self, TokenPurpose};
use super::super::repo::{profiles, sessions};
use super::profiles::set_password_link;
use super::{AuthDeps, throttle};
use crate::crypto::tokens;
use crate::mail::send_or_log;
use chrono::Duration;
use domain::Email;
use uuid::Uuid;

const RESET_TTL: Duration = Duration::hours(1);

/// What a set-password link is, read when its page opens: a used or expired
/// link is said at once, not after the user has typed a password.
pub struct LinkInfo {
    pub email: String,
    /// Set when the link is an invitation.
    pub invitation: Option<Invitation>,
}

pub struct Invitation {
    /// The brokerage the user joins (the invited user's account).
    pub account_name: Option<String>,
    pub inviter: String,
}

/// A completed link: an invitation signs its user in.
pub struct Completed {
    pub user_id: Uuid,
    pub invitation: bool,
}

fn token_shape(token: &str) -> Result<(), AuthError> {
    if token.is_empty() || token.len() > 128 {
        return Err(AuthError::ResetLinkInvalid);
    }
    Ok(())
}

/// Reads a link without spending it (per-address budget, like completing).
pub async fn check(deps: &AuthDeps<'_>, token: &str, ip: &str) -> Result<LinkInfo, AuthError> {
    token_shape(token)?;
    throttle::reserve_for_address(deps.db, "reset-check", ip).await?;
    let row = one_time_tokens::find_valid(
        deps.db,
        &tokens::hash_token(token),
        TokenPurpose::PasswordReset,
    )
    .await?
    .ok_or(AuthError::ResetLinkInvalid)?;
    let profile = profiles::find(deps.db, row.user_id)
        .await?
        .filter(|p| p.deactivated_at.is_none())
        .ok_or(AuthError::ResetLinkInvalid)?;
    let invitation = match row.inviter_name {
        None => None,
        Some(inviter) => Some(Invitation {
            account_name: profiles::account_name(deps.db, profile.account_id).await?,
            inviter,
        }),
    };
    Ok(LinkInfo {
        email: profile.email,
        invitation,
    })
}

/// Answers the same whether or not the account exists, so it cannot be used
/// to discover accounts; the e-mail goes out in the background for the same
/// reason. A new link replaces every earlier one. Mails per account are
/// limited without telling the caller (that would reveal the account);
/// requests per client address are limited openly (429).
pub async fn request(deps: &AuthDeps<'_>, email: &str, ip: &str) -> Result<(), AuthError> {
    throttle::reserve_for_address(deps.db, "reset-request", ip).await?;
    let Ok(email) = Email::parse(email) else {
        return Ok(());
    };
    let Some(profile) = profiles::find_by_email(deps.db, email.as_str()).await? else {
        return Ok(());
    };
    if !throttle::reserve_reset_mail(deps.db, &profile.email).await? {
        return Ok(());
    }
    let token = tokens::random_token();
    let txn = db::begin_write(deps.db).await?;
    one_time_tokens::spend_all_of_user(&txn, profile.id, TokenPurpose::PasswordReset).await?;
    one_time_tokens::insert(
        &txn,
        tokens::hash_token(&token),
        profile.id,
        TokenPurpose::PasswordReset,
        RESET_TTL,
        None,
    )
    .await?;
    txn.commit().await?;
    let link = set_password_link(deps.public_url, &token);
    let mailer = deps.mailer.clone();
    tokio::spawn(async move {
        let email = emails::password_reset(&profile.email, &link);
        send_or_log(mailer.as_ref(), email, "password reset").await;
    });
    Ok(())
}

/// The token is checked before the new password is hashed, so a bad link
/// costs no hashing; a reset spends every other reset link of the user and
/// clears the account's sign-in budgets (decision 008).
pub async fn complete(
    deps: &AuthDeps<'_>,
    token: &str,
    password: String,
    ip: &str,
) -> Result<Completed, AuthError> {
    domain::password::check_sign_up_password(&password)
        .map_err(|m| AuthError::invalid("password", m))?;
    token_shape(token)?;
    throttle::reserve_for_address(deps.db, "reset-complete", ip).await?;
    let token_hash = tokens::hash_token(token);
    let invitation = one_time_tokens::find_valid(deps.db, &token_hash, TokenPurpose::PasswordReset)
        .await?
        .ok_or(AuthError::ResetLinkInvalid)?
        .inviter_name
        .is_some();
    let password_hash = deps.passwords.hash(password).await?;
    let txn = db::begin_write(deps.db).await?;
    let user_id = one_time_tokens::consume(&txn, &token_hash, TokenPurpose::PasswordReset)
        .await?
        .ok_or(AuthError::ResetLinkInvalid)?;
    one_time_tokens::spend_all_of_user(&txn, user_id, TokenPurpose::PasswordReset).await?;
    if let Some(profile) = profiles::find(&txn, user_id).await? {
        throttle::clear_account(&txn, &profile.email).await?;
    }
    profiles::set_password(&txn, user_id, password_hash).await?;
    // Following the e-mailed link proves control of the address.
    profiles::confirm_email(&txn, user_id).await?;
    // A reset usually means the old password is not to be trusted.
    sessions::delete_all_of_user(&txn, user_id).await?;
    txn.commit().await?;
    Ok(Completed {
        user_id,
        invitation,
    })
}
