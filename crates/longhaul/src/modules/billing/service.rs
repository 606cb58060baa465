//! The subscription success page (spec part 1 §2, §4 Payment).

use super::events::record_checkout;
use crate::http::ApiError;
use crate::integrations::stripe::CheckoutSession;
use crate::modules::auth::repo::{self as auth_repo, NewProfile};
use crate::modules::auth::service::{SignedIn, start_session};
use crate::modules::signup::repo as signup_repo;
use crate::state::AppState;
use axum::http::StatusCode;
use chrono::Utc;
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
    /// The signup's e-mail, for the password form.
    #[schema(required = true)]
    pub email: Option<String>,
    pub account_exists: bool,
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

async fn signup_email(
    state: &AppState,
    session: &CheckoutSession,
) -> Result<Option<String>, ApiError> {
    let signup = match session
        .client_reference_id
        .as_deref()
        .and_then(|s| Uuid::parse_str(s).ok())
    {
        Some(id) => signup_repo::find(&state.db, id).await?,
        None => signup_repo::find_by_session(&state.db, &session.id).await?,
    };
    Ok(signup
        .and_then(|s| s.email)
        .or_else(|| session.customer_email.clone()))
}

pub async fn check(state: &AppState, session_id: &str) -> Result<SubscriptionCheck, ApiError> {
    let session = retrieve(state, session_id).await?;
    if is_paid(&session) {
        // Webhooks may lag the customer's return: record what Stripe says now
        // through the same path the webhook takes (idempotent, newest wins).
        record_checkout(&state.db, &session, Utc::now()).await?;
    }
    let email = signup_email(state, &session).await?;
    let account_exists = match &email {
        Some(email) => auth_repo::email_exists(&state.db, email).await?,
        None => false,
    };
    let status = if is_paid(&session) {
        "paid".to_owned()
    } else {
        session
            .status
            .clone()
            .unwrap_or_else(|| session.payment_status.clone())
    };
    Ok(SubscriptionCheck {
        status,
        subscription_id: session.subscription.clone(),
        mode: session.mode.clone(),
        email,
        account_exists,
    })
}

/// The fleet admin's login for a paid signup. The payment tied the e-mail to
/// the signup, so no confirmation e-mail is needed.
pub async fn create_account(
    state: &AppState,
    session_id: &str,
    password: String,
) -> Result<SignedIn, ApiError> {
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
    let email = signup_email(state, &session)
        .await?
        .ok_or_else(|| ApiError::BadRequest {
            code: "missing_email",
            message: texts().subscription_success.missing_email.clone(),
        })?;
    let email = Email::parse(&email).map_err(|_| ApiError::BadRequest {
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
    let password_hash = state.passwords.hash(password).await?;
    let profile = auth_repo::insert_profile(
        &state.db,
        NewProfile {
            email: email.as_str(),
            password_hash,
            role: Some(Role::FleetAdmin.as_str()),
            first_name: None,
            last_name: None,
            confirmed: true,
            account_id: None,
        },
    )
    .await
    .map_err(|err| {
        if matches!(
            err.sql_err(),
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
        ) {
            account_exists()
        } else {
            err.into()
        }
    })?;
    // Names from the signup's contact step, when there is one.
    if let Some(signup) = match session
        .client_reference_id
        .as_deref()
        .and_then(|s| Uuid::parse_str(s).ok())
    {
        Some(id) => signup_repo::find(&state.db, id).await?,
        None => None,
    } {
        use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
        let mut active = profile.clone().into_active_model();
        active.first_name = Set(signup.first_name.clone());
        active.last_name = Set(signup.last_name.clone());
        let profile = active.update(&state.db).await?;
        return start_session(state, profile).await;
    }
    start_session(state, profile).await
}
