//! What the wizard can refuse, and how each refusal reads over HTTP
//! (converted once, here).

use crate::http::{ApiError, Refusal};
use axum::http::StatusCode;
use domain::texts;
use sea_orm::DbErr;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum SignupError {
    /// Bad input: each field with the spec's message; `message` is the
    /// first problem found.
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// Checkout needs the contact e-mail first.
    #[error("the signup has no contact e-mail")]
    EmailMissing,
    #[error("signup not found")]
    NotFound,
    #[error("signup already completed")]
    Completed,
    /// Checkout has started: the signup no longer changes.
    #[error("signup frozen for checkout")]
    Frozen,
    #[error("no carrier with that DOT number")]
    CarrierNotFound,
    #[error("the carrier registry timed out")]
    RegistryTimeout,
    #[error("the carrier registry failed")]
    RegistryFailed,
    #[error("the checkout session could not be created")]
    CheckoutFailed,
    #[error("the checkout session has no URL")]
    NoCheckoutUrl,
    #[error(transparent)]
    Database(#[from] DbErr),
}

impl SignupError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Refusal::one(field, message).into()
    }
}

impl From<Refusal> for SignupError {
    fn from(Refusal { message, fields }: Refusal) -> Self {
        SignupError::Invalid { message, fields }
    }
}

fn status(status: StatusCode, code: &'static str, message: &str) -> ApiError {
    ApiError::Status {
        status,
        code,
        message: message.to_owned(),
    }
}

impl From<SignupError> for ApiError {
    fn from(err: SignupError) -> Self {
        let t = &texts().signup;
        match err {
            SignupError::Invalid { message, fields } => ApiError::Invalid { message, fields },
            SignupError::EmailMissing => ApiError::field("email", &t.email_invalid),
            SignupError::NotFound => {
                status(StatusCode::NOT_FOUND, "not_found", &t.signup_not_found)
            }
            SignupError::Completed => ApiError::Conflict {
                code: "signup_completed",
                message: t.signup_completed.clone(),
            },
            SignupError::Frozen => ApiError::Conflict {
                code: "signup_frozen",
                message: t.signup_frozen.clone(),
            },
            SignupError::CarrierNotFound => {
                status(StatusCode::NOT_FOUND, "carrier_not_found", &t.no_carrier)
            }
            SignupError::RegistryTimeout => status(
                StatusCode::GATEWAY_TIMEOUT,
                "registry_timeout",
                &t.lookup_unavailable,
            ),
            SignupError::RegistryFailed => {
                status(StatusCode::BAD_GATEWAY, "registry_error", &t.lookup_error)
            }
            SignupError::CheckoutFailed => status(
                StatusCode::BAD_GATEWAY,
                "checkout_failed",
                &t.checkout_failed,
            ),
            SignupError::NoCheckoutUrl => status(
                StatusCode::BAD_GATEWAY,
                "checkout_failed",
                &t.no_checkout_url,
            ),
            SignupError::Database(err) => err.into(),
        }
    }
}
