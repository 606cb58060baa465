//! The subscription success page (spec part 1 §2, §4 Payment).

use super::events::{record_checkout, review_band};
use crate::http::ApiError;
use crate::http::error::on_unique_violation;
use crate::integrations::stripe::CheckoutSession;
use crate::modules::auth::repo::{self as auth_repo, NewProfile, TokenPurpose};
use crate::modules::auth::tokens;
use crate::modules::signup::repo as signup_repo;
use crate::state::AppState;
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use domain::{Email, Role, texts};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Serialize, ToSchema)]
pub struct SubscriptionCheck {
    /// 'paid' once paid; otherwise the session's state (open, unpaid, expired…).
    pub status: String,
    #[schema(required = true)]
    pub subscription_id: Option<String>,
    /// subscription | payment
    pub mode: String,
    /// The e-mail the payment was made with, for the password form; null
    /// until the session is paid.
    #[schema(required = true)]
    pub email: Option<String>,
    /// Whether that e-mail already has an account; always false until the
    /// session is paid, so the check reveals nothing about accounts.
    pub account_exists: bool,
    /// While the session is still open: where to go back to pay.
    #[schema(required = true)]
    pub checkout_url: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AccountCreated {
    /// The payer's e-mail: the account's, and where the confirmation link went.
    pub email: String,
}

fn session_not_found() -> ApiError {
    ApiError::Status {
        status: StatusCode::NOT_FOUND,
        code: "session_not_found",
        message: texts().subscription_success.session_not_found.clone(),
    }
}

async fn retrieve(state: &AppState, session_id: &str) -> Result<CheckoutSession, ApiError> {
    let plausible = !session_id.is_empty()
        && session_id.len() <= 255
        && session_id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !plausible {
        return Err(session_not_found());
    }
    state
        .payments
        .retrieve_checkout(session_id)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, "checkout session could not be retrieved");
            ApiError::Status {
                status: StatusCode::BAD_GATEWAY,
                code: "verify_failed",
                message: texts().subscription_success.verify_failed.clone(),
            }
        })?
        .ok_or_else(session_not_found)
}

fn is_paid(session: &CheckoutSession) -> bool {
    session.payment_status == "paid" || session.payment_status == "no_payment_required"
}

async fn signup_of(
    state: &AppState,
    session: &CheckoutSession,
) -> Result<Option<db::entities::fleet_signup::Model>, ApiError> {
    Ok(
        match session
            .client_reference_id
            .as_deref()
            .and_then(|s| Uuid::parse_str(s).ok())
        {
            Some(id) => signup_repo::find(&state.db, id).await?,
            None => signup_repo::find_by_session(&state.db, &session.id).await?,
        },
    )
}

/// The e-mail the payment was made with (Stripe's customer e-mail), never
/// the signup's contact e-mail, which anyone holding the signup id could
/// have typed.
fn payer_email(session: &CheckoutSession) -> Option<Email> {
    session.payer_email().and_then(|e| Email::parse(e).ok())
}

pub async fn check(state: &AppState, session_id: &str) -> Result<SubscriptionCheck, ApiError> {
    let session = retrieve(state, session_id).await?;
    let paid = is_paid(&session);
    let (email, account_exists) = if paid {
        // Webhooks may lag the customer's return: record what Stripe says now
        // through the same path the webhook takes (idempotent, newest wins).
        let review = review_band(state, &session).await?;
        record_checkout(&state.db, &session, Utc::now(), review).await?;
        match payer_email(&session) {
            Some(email) => {
                let exists = auth_repo::email_exists(&state.db, email.as_str()).await?;
                (Some(email.as_str().to_owned()), exists)
            }
            None => (None, false),
        }
    } else {
        // Unpaid: nothing about accounts or e-mails.
        (None, false)
    };
    let status = if paid {
        "paid".to_owned()
    } else {
        session
            .status
            .clone()
            .unwrap_or_else(|| session.payment_status.clone())
    };
    let checkout_url = if !paid && session.status.as_deref() == Some("open") {
        session.url.clone()
    } else {
        None
    };
    Ok(SubscriptionCheck {
        status,
        subscription_id: session.subscription.clone(),
        mode: session.mode.clone(),
        email,
        account_exists,
        checkout_url,
    })
}

/// The fleet admin's login for a paid checkout: for the e-mail the payment
/// was made with, and unconfirmed until the link e-mailed there is followed
/// (decision 010) — holding the success page proves nothing.
pub async fn create_account(
    state: &AppState,
    session_id: &str,
    password: String,
) -> Result<AccountCreated, ApiError> {
    let session = retrieve(state, session_id).await?;
    if !is_paid(&session) {
        return Err(ApiError::Conflict {
            code: "not_paid",
            message: format!(
                "Subscription status: {}",
                session.status.as_deref().unwrap_or(&session.payment_status)
            ),
        });
    }
    let email = payer_email(&session).ok_or_else(|| ApiError::BadRequest {
        code: "missing_email",
        message: texts().subscription_success.missing_email.clone(),
    })?;
    domain::password::check_account_password(&password)
        .map_err(|m| ApiError::field("password", m))?;
    let account_exists = || ApiError::Conflict {
        code: "account_exists",
        message: texts().subscription_success.please_sign_in.clone(),
    };
    if auth_repo::email_exists(&state.db, email.as_str()).await? {
        return Err(account_exists());
    }
    let signup = signup_of(state, &session).await?;
    let password_hash = state.passwords.hash(password).await?;
    let token = tokens::random_token();
    let txn = db::begin_write(&state.db).await?;
    let profile = auth_repo::insert_profile(
        &txn,
        NewProfile {
            email: email.as_str(),
            password_hash,
            role: Some(Role::FleetAdmin.as_str()),
            first_name: signup.as_ref().and_then(|s| s.first_name.clone()),
            last_name: signup.as_ref().and_then(|s| s.last_name.clone()),
            confirmed: false,
            account_id: None,
        },
    )
    .await
    .map_err(on_unique_violation(account_exists))?;
    auth_repo::insert_token(
        &txn,
        tokens::hash_token(&token),
        profile.id,
        TokenPurpose::ConfirmEmail,
        CONFIRM_TTL,
    )
    .await?;
    txn.commit().await?;
    let link = format!("{}/auth?confirm={token}", state.config.public_url);
    let sent = async {
        let mail = super::emails::confirm_account(&profile.email, &link)?;
        state.mailer.send(mail).await
    };
    if let Err(err) = sent.await {
        // Signing in with the new password sends a fresh link.
        tracing::error!(error = ?err, "account confirmation e-mail could not be sent");
    }
    Ok(AccountCreated {
        email: profile.email,
    })
}

const CONFIRM_TTL: Duration = Duration::hours(24);
