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
            BrokerError::Database(err) => err.into(),
            BrokerError::Internal(err) => ApiError::internal(err),
        }
    }
}

impl From<crate::modules::auth::AuthError> for BrokerError {
    fn from(err: crate::modules::auth::AuthError) -> Self {
        BrokerError::Internal(anyhow::anyhow!(err))
    }
}
