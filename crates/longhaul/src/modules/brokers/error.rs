//! What the broker services refuse; it becomes HTTP in one place.

use crate::http::ApiError;
use domain::texts::text;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum BrokerError {
    #[error("not found")]
    NotFound,
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// The address has an account already (told to the operator only: a
    /// broker's invitation answers as for a new address).
    #[error("a user with this e-mail already exists")]
    EmailTaken(String),
    /// A per-user budget is spent (contacting carriers).
    #[error("too many requests; retry in {retry_after_secs}s")]
    RateLimited { retry_after_secs: u64 },
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl BrokerError {
    pub fn invalid(field: &'static str, path: &str) -> Self {
        BrokerError::Invalid {
            field,
            message: text(path).to_owned(),
        }
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        BrokerError::Conflict {
            code,
            message: message.into(),
        }
    }
}

impl From<BrokerError> for ApiError {
    fn from(err: BrokerError) -> Self {
        match err {
            BrokerError::NotFound => ApiError::NotFound,
            BrokerError::Invalid { field, message } => ApiError::field(field, message),
            BrokerError::Conflict { code, message } => ApiError::Conflict { code, message },
            BrokerError::EmailTaken(email) => ApiError::Conflict {
                code: "email_taken",
                message: text("brokers.users.exists").replace("{email}", &email),
            },
            BrokerError::RateLimited { retry_after_secs } => ApiError::RateLimited {
                message: domain::texts().auth.too_many_requests.clone(),
                retry_after_secs,
            },
            BrokerError::Database(err) => err.into(),
            BrokerError::Internal(err) => ApiError::internal(err),
        }
    }
}

impl From<crate::modules::auth::AuthError> for BrokerError {
    fn from(err: crate::modules::auth::AuthError) -> Self {
        use crate::modules::auth::AuthError;
        match err {
            AuthError::TooManyRequests { retry_after_secs } => {
                BrokerError::RateLimited { retry_after_secs }
            }
            other => BrokerError::Internal(anyhow::anyhow!(other)),
        }
    }
}
