//! What billing can refuse, and how each refusal reads over HTTP (converted
//! once, here).

use crate::crypto::password::HashError;
use crate::http::{ApiError, Refusal};
use crate::integrations::stripe::test_mode::TestModeError;
use crate::modules::auth::AuthError;
use axum::http::StatusCode;
use domain::texts;
use sea_orm::DbErr;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum BillingError {
    /// Bad input: each field with the spec's message; `message` is the
    /// first problem found.
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// No checkout session with that id (or not one of ours).
    #[error("checkout session not found")]
    SessionNotFound,
    /// Stripe could not be asked about the session.
    #[error("the checkout session could not be verified")]
    VerifyFailed,
    /// The session is not paid; `status` is Stripe's.
    #[error("not paid: {status}")]
    NotPaid { status: String },
    /// The paid session carries no usable payer e-mail.
    #[error("the payment has no e-mail")]
    MissingEmail,
    /// The payer's e-mail already has a login: they sign in instead.
    #[error("an account exists for the payer's e-mail")]
    AccountExists,
    /// No webhook secret is configured: the endpoint does not exist.
    #[error("webhooks are not configured")]
    WebhooksOff,
    #[error("invalid webhook signature: {0}")]
    InvalidSignature(String),
    #[error("{0}")]
    InvalidEvent(String),
    /// The offline test checkout has no such session.
    #[error("test checkout not found")]
    TestCheckoutNotFound,
    #[error("test checkout already complete")]
    AlreadyComplete,
    #[error("card declined")]
    CardDeclined,
    /// The fleet has no Stripe customer.
    #[error("no billing information")]
    NoBilling,
    #[error("the billing portal could not be opened")]
    PortalFailed,
    /// Stripe failed or could not be reached.
    #[error(transparent)]
    Gateway(#[from] crate::integrations::stripe::GatewayError),
    #[error(transparent)]
    Auth(AuthError),
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Database(#[from] DbErr),
}

impl BillingError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Refusal::one(field, message).into()
    }
}

impl From<Refusal> for BillingError {
    fn from(Refusal { message, fields }: Refusal) -> Self {
        BillingError::Invalid { message, fields }
    }
}

/// The Stripe stand-in's pages refuse as billing's own routes do.
impl From<TestModeError> for BillingError {
    fn from(err: TestModeError) -> Self {
        match err {
            TestModeError::NotFound => BillingError::TestCheckoutNotFound,
            TestModeError::AlreadyComplete => BillingError::AlreadyComplete,
            TestModeError::CardDeclined => BillingError::CardDeclined,
            TestModeError::Invalid { message, fields } => BillingError::Invalid { message, fields },
            TestModeError::BadObject(message) => BillingError::InvalidEvent(message),
            TestModeError::Gateway(err) => BillingError::Gateway(err),
            TestModeError::Database(err) => BillingError::Database(err),
        }
    }
}

impl From<AuthError> for BillingError {
    fn from(err: AuthError) -> Self {
        match err {
            AuthError::EmailTaken => BillingError::AccountExists,
            other => BillingError::Auth(other),
        }
    }
}

impl From<BillingError> for ApiError {
    fn from(err: BillingError) -> Self {
        let t = &texts().subscription_success;
        match err {
            BillingError::Invalid { message, fields } => ApiError::Invalid { message, fields },
            BillingError::SessionNotFound => ApiError::Status {
                status: StatusCode::NOT_FOUND,
                code: "session_not_found",
                message: t.session_not_found.clone(),
            },
            BillingError::VerifyFailed => ApiError::Status {
                status: StatusCode::BAD_GATEWAY,
                code: "verify_failed",
                message: t.verify_failed.clone(),
            },
            BillingError::NotPaid { status } => ApiError::Conflict {
                code: "not_paid",
                message: t.status_info.replace("{status}", &status),
            },
            BillingError::MissingEmail => ApiError::BadRequest {
                code: "missing_email",
                message: t.missing_email.clone(),
            },
            BillingError::AccountExists => ApiError::Conflict {
                code: "account_exists",
                message: t.please_sign_in.clone(),
            },
            BillingError::WebhooksOff | BillingError::TestCheckoutNotFound => ApiError::NotFound,
            BillingError::InvalidSignature(message) => ApiError::BadRequest {
                code: "invalid_signature",
                message,
            },
            BillingError::InvalidEvent(message) => ApiError::BadRequest {
                code: "invalid_event",
                message,
            },
            BillingError::AlreadyComplete => ApiError::Conflict {
                code: "already_complete",
                message: texts().test_checkout.already_paid.clone(),
            },
            BillingError::CardDeclined => ApiError::Status {
                status: StatusCode::PAYMENT_REQUIRED,
                code: "card_declined",
                message: texts().test_checkout.declined.clone(),
            },
            BillingError::NoBilling => ApiError::Status {
                status: StatusCode::NOT_FOUND,
                code: "no_billing",
                message: texts().billing.empty_state.clone(),
            },
            BillingError::PortalFailed => ApiError::Status {
                status: StatusCode::BAD_GATEWAY,
                code: "portal_failed",
                message: texts().billing.portal_failed.clone(),
            },
            BillingError::Gateway(err) => {
                tracing::error!(error = %err, "Stripe failed");
                ApiError::Status {
                    status: StatusCode::BAD_GATEWAY,
                    code: "billing_unavailable",
                    message: texts().billing.billing_unavailable.clone(),
                }
            }
            BillingError::Auth(err) => err.into(),
            BillingError::Hashing(err) => err.into(),
            BillingError::Database(err) => err.into(),
        }
    }
}
