//! The account rules: who may sign up, sign in, confirm and reset.

use super::repo::{self, NewProfile, SessionUser, TokenPurpose};
use super::{emails, tokens};
use crate::config::Environment;
use crate::http::ApiError;
use crate::http::error::is_unique_violation;
use crate::state::AppState;
use chrono::Duration;
use db::entities::profile;
use domain::throttle::{AfterFree, Policy};
use domain::{Email, role, texts};

const CONFIRM_TTL: Duration = Duration::hours(24);
const RESET_TTL: Duration = Duration::hours(1);
const NAME_MAX: usize = 100;

// Attempt budgets (decision 008). Reserved before the work, so they bound the
// number of password checks and hashes whatever the concurrency.
const MINUTE: i64 = 60;
/// One client address guessing one account's password.
const SIGN_IN_PAIR: Policy = Policy {
    window_secs: 15 * MINUTE,
    free: 5,
    after_free: AfterFree::Block,
};
/// One client address trying many accounts.
const SIGN_IN_ADDRESS: Policy = Policy {
    window_secs: 15 * MINUTE,
    free: 30,
    after_free: AfterFree::Block,
};
/// Many addresses guessing one account: slowed down, never shut, so nobody
/// can lock the owner out; above what one address can reach on its own.
const SIGN_IN_ACCOUNT: Policy = Policy {
    window_secs: 60 * MINUTE,
    free: 25,
    after_free: AfterFree::Delay {
        base: 2,
        cap: 5 * MINUTE,
    },
};
/// Anonymous requests that hash a password or send mail, per client address.
const PER_ADDRESS: Policy = Policy {
    window_secs: 15 * MINUTE,
    free: 10,
    after_free: AfterFree::Block,
};
/// Reset e-mails per account; beyond it the request is answered the same
/// but no mail goes out.
const RESET_MAILS_PER_ACCOUNT: Policy = Policy {
    window_secs: 60 * MINUTE,
    free: 3,
    after_free: AfterFree::Block,
};

fn too_many(message: &str, retry_after_secs: u64) -> ApiError {
    ApiError::RateLimited {
        message: message.to_owned(),
        retry_after_secs,
    }
}

/// Reserves one attempt of a per-address budget, or answers 429.
async fn reserve_for_address(state: &AppState, action: &str, ip: &str) -> Result<(), ApiError> {
    let key = format!("{action}:ip:{ip}");
    repo::reserve_attempt(&state.db, &key, None, &PER_ADDRESS)
        .await?
        .map_err(|wait| too_many(&texts().auth.too_many_requests, wait))
}

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

/// Answers the same for a new and a known address, after the same work (one
/// hash, one e-mail), so it cannot be used to find accounts: the owner of a
/// known address is told by e-mail instead.
pub async fn sign_up(state: &AppState, input: SignUp, ip: &str) -> Result<(), ApiError> {
    require_both(&input.email, &input.password)?;
    let email = parse_email(&input.email)?;
    domain::password::check_sign_up_password(&input.password)
        .map_err(|m| ApiError::field("password", m))?;
    let first_name = clean_name("first_name", input.first_name)?;
    let last_name = clean_name("last_name", input.last_name)?;
    reserve_for_address(state, "sign-up", ip).await?;
    let known = repo::email_exists(&state.db, email.as_str()).await?;
    let password_hash = state.passwords.hash(input.password).await?;
    if known {
        send_already_registered(state, email.as_str()).await;
        return Ok(());
    }
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
    .await;
    let profile = match profile {
        Ok(profile) => profile,
        // Two sign-ups racing for one e-mail: the unique index decides, and
        // the loser is answered like any known address.
        Err(err) if is_unique_violation(&err) => {
            drop(txn);
            send_already_registered(state, email.as_str()).await;
            return Ok(());
        }
        Err(err) => return Err(err.into()),
    };
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

async fn send_already_registered(state: &AppState, to: &str) {
    let sign_in = format!("{}/auth", state.config.public_url);
    let sent = async {
        state
            .mailer
            .send(emails::already_registered(to, &sign_in)?)
            .await
    };
    if let Err(err) = sent.await {
        tracing::error!(error = ?err, "already-registered e-mail could not be sent");
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
    let reserved = reserve_sign_in(state, &key, ip).await?;
    let profile = repo::find_profile_by_email(&state.db, &key).await?;
    let verified = state
        .passwords
        .verify(password, profile.as_ref().map(|p| p.password_hash.clone()))
        .await;
    let verified = match verified {
        Ok(verified) => verified,
        Err(err) => {
            // No check ran (the hashing pool was full): give the budget back.
            repo::refund_attempts(&state.db, &reserved).await?;
            return Err(err.into());
        }
    };
    // The demo fleet's password is public: in production it opens nothing,
    // even where a demo account was made before the switch.
    let demo_in_production =
        state.config.environment == Environment::Production && key == crate::seed::DEMO_EMAIL;
    let profile = match (verified, profile) {
        (true, Some(profile)) if !demo_in_production => profile,
        // The reserved attempts stay spent: they are the failures.
        _ => {
            return Err(ApiError::Unauthorized(
                texts().auth.invalid_credentials.clone(),
            ));
        }
    };
    // A right password is not a failure: its attempts go back to the budget.
    repo::refund_attempts(&state.db, &reserved).await?;
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

/// Reserves one password check in each sign-in budget — this address and
/// account, this address, this account — and returns the keys reserved. When
/// one refuses, the ones already taken are given back and no check runs.
async fn reserve_sign_in(state: &AppState, email: &str, ip: &str) -> Result<Vec<String>, ApiError> {
    let budgets = [
        (
            format!("sign-in:pair:{ip}|{email}"),
            Some(email),
            &SIGN_IN_PAIR,
        ),
        (format!("sign-in:ip:{ip}"), None, &SIGN_IN_ADDRESS),
        (
            format!("sign-in:account:{email}"),
            Some(email),
            &SIGN_IN_ACCOUNT,
        ),
    ];
    let mut reserved = Vec::with_capacity(budgets.len());
    for (key, account, policy) in budgets {
        if let Err(wait) = repo::reserve_attempt(&state.db, &key, account, policy).await? {
            repo::refund_attempts(&state.db, &reserved).await?;
            return Err(too_many(&texts().auth.too_many_attempts, wait));
        }
        reserved.push(key);
    }
    Ok(reserved)
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

/// Answers the same whether or not the account exists, so it cannot be used
/// to discover accounts; the e-mail goes out in the background for the same
/// reason. A new link replaces every earlier one. Mails per account are
/// limited without telling the caller (that would reveal the account);
/// requests per client address are limited openly (429).
pub async fn request_password_reset(
    state: &AppState,
    email: &str,
    ip: &str,
) -> Result<(), ApiError> {
    reserve_for_address(state, "reset-request", ip).await?;
    let Ok(email) = Email::parse(email) else {
        return Ok(());
    };
    let Some(profile) = repo::find_profile_by_email(&state.db, email.as_str()).await? else {
        return Ok(());
    };
    let key = format!("reset-request:account:{}", profile.email);
    let budget = repo::reserve_attempt(
        &state.db,
        &key,
        Some(&profile.email),
        &RESET_MAILS_PER_ACCOUNT,
    )
    .await?;
    if budget.is_err() {
        return Ok(());
    }
    let token = tokens::random_token();
    let txn = db::begin_write(&state.db).await?;
    repo::spend_tokens_of_user(&txn, profile.id, TokenPurpose::PasswordReset).await?;
    repo::insert_token(
        &txn,
        tokens::hash_token(&token),
        profile.id,
        TokenPurpose::PasswordReset,
        RESET_TTL,
    )
    .await?;
    txn.commit().await?;
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

/// The token is checked before the new password is hashed, so a bad link
/// costs no hashing; a reset spends every other reset link of the user and
/// clears the account's sign-in budgets (decision 008).
pub async fn complete_password_reset(
    state: &AppState,
    token: &str,
    password: String,
    ip: &str,
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
    reserve_for_address(state, "reset-complete", ip).await?;
    let token_hash = tokens::hash_token(token);
    repo::peek_token(&state.db, &token_hash, TokenPurpose::PasswordReset)
        .await?
        .ok_or_else(invalid)?;
    let password_hash = state.passwords.hash(password).await?;
    let txn = db::begin_write(&state.db).await?;
    let user_id = repo::consume_token(&txn, &token_hash, TokenPurpose::PasswordReset)
        .await?
        .ok_or_else(invalid)?;
    repo::spend_tokens_of_user(&txn, user_id, TokenPurpose::PasswordReset).await?;
    if let Some(profile) = repo::find_profile(&txn, user_id).await? {
        repo::clear_account_throttles(&txn, &profile.email).await?;
    }
    repo::set_password(&txn, user_id, password_hash).await?;
    // Following the e-mailed link proves control of the address.
    repo::confirm_email(&txn, user_id).await?;
    // A reset usually means the old password is not to be trusted.
    repo::delete_sessions_of_user(&txn, user_id).await?;
    txn.commit().await?;
    Ok(())
}
