//! What the broker services refuse; it becomes HTTP in one place.

use crate::http::ApiError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum BrokersError {
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

impl BrokersError {
    pub fn invalid(field: &'static str, message: &str) -> Self {
        BrokersError::Invalid {
            field,
            message: message.to_owned(),
        }
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        BrokersError::Conflict {
            code,
            message: message.into(),
        }
    }
}

impl From<BrokersError> for ApiError {
    fn from(err: BrokersError) -> Self {
        match err {
            BrokersError::NotFound => ApiError::NotFound,
            BrokersError::Invalid { field, message } => ApiError::field(field, message),
            BrokersError::Conflict { code, message } => ApiError::Conflict { code, message },
            BrokersError::EmailTaken(email) => ApiError::Conflict {
                code: "email_taken",
                message: domain::texts()
                    .brokers
                    .users
                    .exists
                    .as_str()
                    .replace("{email}", &email),
            },
            BrokersError::RateLimited { retry_after_secs } => ApiError::RateLimited {
                message: domain::texts().auth.too_many_requests.clone(),
                retry_after_secs,
            },
            BrokersError::Database(err) => err.into(),
            BrokersError::Internal(err) => ApiError::internal(err),
        }
    }
}

impl From<crate::modules::auth::AuthError> for BrokersError {
    fn from(err: crate::modules::auth::AuthError) -> Self {
        use crate::modules::auth::AuthError;
        match err {
            AuthError::TooManyRequests { retry_after_secs } => {
                BrokersError::RateLimited { retry_after_secs }
            }
            other => BrokersError::Internal(anyhow::anyhow!(other)),
        }
    }
}
