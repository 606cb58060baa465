//! Signing up and confirming the e-mail.

use super::super::emails;
use super::super::error::AuthError;
use super::super::repo::one_time_tokens::{self, TokenPurpose};
use super::super::repo::profiles as profiles_repo;
use super::profiles::{self, NewProfile};
use super::{AuthDeps, throttle};
use crate::crypto::tokens;
use crate::mail::send_or_log;
use domain::{Email, role, texts};

const NAME_MAX: usize = 100;

pub struct SignUp {
    pub email: String,
    pub password: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

pub(super) fn parse_email(raw: &str) -> Result<Email, AuthError> {
    Email::parse(raw).map_err(|msg| AuthError::invalid("email", msg))
}

/// Names are optional; blank means null (spec part 1 §3, sign-up metadata).
fn clean_name(field: &'static str, value: Option<String>) -> Result<Option<String>, AuthError> {
    let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    if value.as_ref().is_some_and(|v| v.chars().count() > NAME_MAX) {
        return Err(AuthError::invalid(field, &texts().auth.name_too_long));
    }
    Ok(value)
}

pub(super) fn require_both(email: &str, password: &str) -> Result<(), AuthError> {
    if email.trim().is_empty() || password.is_empty() {
        let field = if email.trim().is_empty() {
            "email"
        } else {
            "password"
        };
        return Err(AuthError::invalid(
            field,
            &texts().auth.email_password_required,
        ));
    }
    Ok(())
}

/// Answers the same for a new and a known address, after the same work (one
/// hash, one e-mail), so it cannot be used to find accounts: the owner of a
/// known address is told by e-mail instead.
pub async fn sign_up(deps: &AuthDeps<'_>, input: SignUp, ip: &str) -> Result<(), AuthError> {
    require_both(&input.email, &input.password)?;
    let email = parse_email(&input.email)?;
    domain::password::check_sign_up_password(&input.password)
        .map_err(|m| AuthError::invalid("password", m))?;
    let first_name = clean_name("first_name", input.first_name)?;
    let last_name = clean_name("last_name", input.last_name)?;
    throttle::reserve_for_address(deps.db, "sign-up", ip).await?;
    let known = profiles_repo::email_exists(deps.db, email.as_str()).await?;
    let password_hash = deps.passwords.hash(input.password).await?;
    if known {
        send_already_registered(deps, email.as_str()).await;
        return Ok(());
    }
    let role = role::self_sign_up_role(email.as_str());
    let txn = db::begin_write(deps.db).await?;
    let created = profiles::create(
        &txn,
        NewProfile {
            email: email.as_str(),
            password_hash,
            role: Some(role.as_str()),
            first_name,
            last_name,
            confirmed: false,
            account_id: None,
        },
    )
    .await;
    let profile = match created {
        Ok(profile) => profile,
        // Two sign-ups racing for one e-mail: the unique index decides, and
        // the loser is answered like any known address.
        Err(AuthError::EmailTaken) => {
            drop(txn);
            send_already_registered(deps, email.as_str()).await;
            return Ok(());
        }
        Err(err) => return Err(err),
    };
    let token = profiles::issue_confirmation(&txn, profile.id).await?;
    txn.commit().await?;
    send_confirmation(deps, &profile.email, &token).await;
    Ok(())
}

/// The user can ask again by signing in, which re-sends the link.
pub(super) async fn send_confirmation(deps: &AuthDeps<'_>, to: &str, token: &str) {
    let link = profiles::confirm_link(deps.public_url, token);
    send_or_log(
        deps.mailer.as_ref(),
        emails::confirm_email(to, &link),
        "confirmation",
    )
    .await;
}

async fn send_already_registered(deps: &AuthDeps<'_>, to: &str) {
    let sign_in = profiles::sign_in_link(deps.public_url);
    send_or_log(
        deps.mailer.as_ref(),
        emails::already_registered(to, &sign_in),
        "already-registered",
    )
    .await;
}

pub async fn confirm_email(deps: &AuthDeps<'_>, token: &str) -> Result<(), AuthError> {
    if token.is_empty() || token.len() > 128 {
        return Err(AuthError::ConfirmLinkInvalid);
    }
    let txn = db::begin_write(deps.db).await?;
    let user_id =
        one_time_tokens::consume(&txn, &tokens::hash_token(token), TokenPurpose::ConfirmEmail)
            .await?
            .ok_or(AuthError::ConfirmLinkInvalid)?;
    profiles_repo::confirm_email(&txn, user_id).await?;
    txn.commit().await?;
    Ok(())
}
