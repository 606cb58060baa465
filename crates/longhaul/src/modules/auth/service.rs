//! The account rules: who may sign up, sign in, confirm and reset.

use super::repo::{self, NewProfile, SessionUser, TokenPurpose};
use super::{emails, tokens};
use crate::http::ApiError;
use crate::state::AppState;
use chrono::{Duration, Utc};
use db::entities::profile;
use domain::{Email, role, texts};

const CONFIRM_TTL: Duration = Duration::hours(24);
const RESET_TTL: Duration = Duration::hours(1);
/// Failed sign-ins tolerated per e-mail and per client address in the window.
const RATE_WINDOW: Duration = Duration::minutes(15);
const MAX_FAILURES_PER_EMAIL: u64 = 5;
const MAX_FAILURES_PER_IP: u64 = 30;
const NAME_MAX: usize = 100;

pub struct SignUp {
    pub email: String,
    pub password: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

fn parse_email(raw: &str) -> Result<Email, ApiError> {
    Email::parse(raw).map_err(|msg| ApiError::field("email", msg))
}

/// Names are optional; blank means null (spec part 1 §3, sign-up metadata).
fn clean_name(field: &str, value: Option<String>) -> Result<Option<String>, ApiError> {
    let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    if value.as_ref().is_some_and(|v| v.chars().count() > NAME_MAX) {
        return Err(ApiError::field(field, &texts().auth.name_too_long));
    }
    Ok(value)
}

fn require_both(email: &str, password: &str) -> Result<(), ApiError> {
    if email.trim().is_empty() || password.is_empty() {
        let field = if email.trim().is_empty() {
            "email"
        } else {
            "password"
        };
        return Err(ApiError::field(
            field,
            &texts().auth.email_password_required,
        ));
    }
    Ok(())
}

pub async fn sign_up(state: &AppState, input: SignUp) -> Result<(), ApiError> {
    require_both(&input.email, &input.password)?;
    let email = parse_email(&input.email)?;
    domain::password::check_sign_up_password(&input.password)
        .map_err(|m| ApiError::field("password", m))?;
    let first_name = clean_name("first_name", input.first_name)?;
    let last_name = clean_name("last_name", input.last_name)?;
    let email_taken = || ApiError::Conflict {
        code: "email_taken",
        message: texts().auth.email_already_registered.clone(),
    };
    if repo::email_exists(&state.db, email.as_str()).await? {
        return Err(email_taken());
    }
    let password_hash = state.passwords.hash(input.password).await?;
    let role = role::self_sign_up_role(email.as_str());
    let token = tokens::random_token();
    let txn = db::begin_write(&state.db).await?;
    let profile = repo::insert_profile(
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
    .await
    .map_err(|err| {
        // Two sign-ups racing for one e-mail: the unique index decides.
        if matches!(
            err.sql_err(),
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
        ) {
            email_taken()
        } else {
            err.into()
        }
    })?;
    repo::insert_token(
        &txn,
        tokens::hash_token(&token),
        profile.id,
        TokenPurpose::ConfirmEmail,
        CONFIRM_TTL,
    )
    .await?;
    txn.commit().await?;
    send_confirmation(state, &profile.email, &token).await;
    Ok(())
}

async fn send_confirmation(state: &AppState, to: &str, token: &str) {
    let link = format!("{}/auth?confirm={token}", state.config.public_url);
    let sent = async { state.mailer.send(emails::confirm_email(to, &link)?).await };
    if let Err(err) = sent.await {
        // The user can ask again by signing in, which re-sends the link.
        tracing::error!(error = ?err, "confirmation e-mail could not be sent");
    }
}

pub async fn confirm_email(state: &AppState, token: &str) -> Result<(), ApiError> {
    let invalid = || ApiError::BadRequest {
        code: "invalid_token",
        message: texts().auth.confirm_link_invalid.clone(),
    };
    if token.is_empty() || token.len() > 128 {
        return Err(invalid());
    }
    let txn = db::begin_write(&state.db).await?;
    let user_id = repo::consume_token(&txn, &tokens::hash_token(token), TokenPurpose::ConfirmEmail)
        .await?
        .ok_or_else(invalid)?;
    repo::confirm_email(&txn, user_id).await?;
    txn.commit().await?;
    Ok(())
}

pub struct SignedIn {
    pub cookie_token: String,
    pub user: SessionUser,
}

pub async fn sign_in(
    state: &AppState,
    email: &str,
    password: String,
    ip: &str,
) -> Result<SignedIn, ApiError> {
    require_both(email, &password)?;
    // Malformed e-mails are treated as unknown ones: same answer, same time.
    let key = Email::parse(email)
        .map(|e| e.as_str().to_owned())
        .unwrap_or_else(|_| email.trim().to_lowercase());
    let key: String = key.chars().take(domain::email::MAX_EMAIL_LEN).collect();
    let (by_email, by_ip) =
        repo::failed_sign_ins_since(&state.db, &key, ip, Utc::now() - RATE_WINDOW).await?;
    if by_email >= MAX_FAILURES_PER_EMAIL || by_ip >= MAX_FAILURES_PER_IP {
        return Err(ApiError::RateLimited(
            texts().auth.too_many_attempts.clone(),
        ));
    }
    let profile = repo::find_profile_by_email(&state.db, &key).await?;
    let verified = state
        .passwords
        .verify(password, profile.as_ref().map(|p| p.password_hash.clone()))
        .await?;
    let profile = match (verified, profile) {
        (true, Some(profile)) => profile,
        _ => {
            repo::record_failed_sign_in(&state.db, &key, ip).await?;
            return Err(ApiError::Unauthorized(
                texts().auth.invalid_credentials.clone(),
            ));
        }
    };
    repo::clear_failed_sign_ins(&state.db, &key).await?;
    if profile.email_confirmed_at.is_none() {
        // The password proved the owner is here: send a fresh link.
        let token = tokens::random_token();
        repo::insert_token(
            &state.db,
            tokens::hash_token(&token),
            profile.id,
            TokenPurpose::ConfirmEmail,
            CONFIRM_TTL,
        )
        .await?;
        send_confirmation(state, &profile.email, &token).await;
        return Err(ApiError::Forbidden {
            code: "email_not_confirmed",
            message: texts().auth.email_not_confirmed.clone(),
        });
    }
    start_session(state, profile).await
}

pub async fn start_session(
    state: &AppState,
    profile: profile::Model,
) -> Result<SignedIn, ApiError> {
    let cookie_token = tokens::random_token();
    let session_id = tokens::hash_token(&cookie_token);
    let csrf_token = tokens::random_token();
    repo::create_session(
        &state.db,
        session_id.clone(),
        profile.id,
        csrf_token.clone(),
        Duration::hours(state.config.session_ttl_hours),
    )
    .await?;
    let user = repo::find_session_user(&state.db, &session_id)
        .await?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("session vanished after insert")))?;
    Ok(SignedIn { cookie_token, user })
}

pub async fn sign_out(state: &AppState, user: &SessionUser) -> Result<(), ApiError> {
    repo::delete_session(&state.db, &user.session_id).await?;
    Ok(())
}

/// Always succeeds from the caller's view, so it cannot be used to discover
/// accounts; the e-mail goes out in the background for the same reason.
pub async fn request_password_reset(state: &AppState, email: &str) -> Result<(), ApiError> {
    let Ok(email) = Email::parse(email) else {
        return Ok(());
    };
    let Some(profile) = repo::find_profile_by_email(&state.db, email.as_str()).await? else {
        return Ok(());
    };
    let token = tokens::random_token();
    repo::insert_token(
        &state.db,
        tokens::hash_token(&token),
        profile.id,
        TokenPurpose::PasswordReset,
        RESET_TTL,
    )
    .await?;
    let link = format!("{}/reset-password?token={token}", state.config.public_url);
    let mailer = state.mailer.clone();
    tokio::spawn(async move {
        let sent = async {
            mailer
                .send(emails::password_reset(&profile.email, &link)?)
                .await
        };
        if let Err(err) = sent.await {
            tracing::error!(error = ?err, "password reset e-mail could not be sent");
        }
    });
    Ok(())
}

pub async fn complete_password_reset(
    state: &AppState,
    token: &str,
    password: String,
) -> Result<(), ApiError> {
    domain::password::check_sign_up_password(&password)
        .map_err(|m| ApiError::field("password", m))?;
    let invalid = || ApiError::BadRequest {
        code: "invalid_token",
        message: texts().auth.reset_link_invalid.clone(),
    };
    if token.is_empty() || token.len() > 128 {
        return Err(invalid());
    }
    let password_hash = state.passwords.hash(password).await?;
    let txn = db::begin_write(&state.db).await?;
    let user_id = repo::consume_token(
        &txn,
        &tokens::hash_token(token),
        TokenPurpose::PasswordReset,
    )
    .await?
    .ok_or_else(invalid)?;
    repo::set_password(&txn, user_id, password_hash).await?;
    // Following the e-mailed link proves control of the address.
    repo::confirm_email(&txn, user_id).await?;
    // A reset usually means the old password is not to be trusted.
    repo::delete_sessions_of_user(&txn, user_id).await?;
    txn.commit().await?;
    Ok(())
}
