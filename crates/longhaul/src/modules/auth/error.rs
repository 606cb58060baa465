//! What the account rules can refuse, and how each refusal reads over HTTP
//! (converted once, here).

use crate::crypto::password::HashError;
use crate::http::ApiError;
use domain::texts;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// Bad input on one field; the message is the spec's text.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// A per-address budget is spent (sign-up, reset requests).
    #[error("too many requests; retry in {retry_after_secs}s")]
    TooManyRequests { retry_after_secs: u64 },
    /// A sign-in budget is spent.
    #[error("too many sign-in attempts; retry in {retry_after_secs}s")]
    TooManyAttempts { retry_after_secs: u64 },
    #[error("invalid credentials")]
    InvalidCredentials,
    #[error("e-mail not confirmed")]
    EmailNotConfirmed,
    #[error("confirmation link invalid or expired")]
    ConfirmLinkInvalid,
    #[error("reset link invalid or expired")]
    ResetLinkInvalid,
    /// The e-mail already has a profile (decided by the unique index).
    #[error("e-mail already registered")]
    EmailTaken,
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AuthError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        AuthError::Invalid {
            field,
            message: message.into(),
        }
    }
}

impl From<HashError> for ApiError {
    fn from(err: HashError) -> Self {
        match err {
            HashError::Busy => ApiError::RateLimited {
                message: texts().auth.server_busy.clone(),
                retry_after_secs: 1,
            },
            HashError::Failed(err) => ApiError::Internal(err),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(err: AuthError) -> Self {
        let t = &texts().auth;
        match err {
            AuthError::Invalid { field, message } => ApiError::field(field, message),
            AuthError::TooManyRequests { retry_after_secs } => ApiError::RateLimited {
                message: t.too_many_requests.clone(),
                retry_after_secs,
            },
            AuthError::TooManyAttempts { retry_after_secs } => ApiError::RateLimited {
                message: t.too_many_attempts.clone(),
                retry_after_secs,
            },
            AuthError::InvalidCredentials => ApiError::Unauthorized(t.invalid_credentials.clone()),
            AuthError::EmailNotConfirmed => ApiError::Forbidden {
                code: "email_not_confirmed",
                message: t.email_not_confirmed.clone(),
            },
            AuthError::ConfirmLinkInvalid => ApiError::BadRequest {
                code: "invalid_token",
                message: t.confirm_link_invalid.clone(),
            },
            AuthError::ResetLinkInvalid => ApiError::BadRequest {
                code: "invalid_token",
                message: t.reset_link_invalid.clone(),
            },
            AuthError::EmailTaken => ApiError::Conflict {
                code: "email_taken",
                message: t.email_already_registered.clone(),
            },
            AuthError::Hashing(err) => err.into(),
            AuthError::Database(err) => err.into(),
            AuthError::Internal(err) => ApiError::Internal(err),
        }
    }
}
