//! What the ELD service can answer besides its result; it becomes an HTTP
//! error in one place.

use crate::http::{ApiError, Refusal};
use sea_orm::DbErr;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum EldError {
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// The provider refused the credentials, or could not be reached.
    #[error("{0}")]
    ConnectionFailed(String),
    /// Omnitracs (partner access only), or a sync asked of the CSV import.
    #[error("{0}")]
    Unsupported(String),
    /// No active integration: the data kind's spec text.
    #[error("{0}")]
    NotConnected(String),
    #[error("{0}")]
    KeyMissing(String),
    /// The same work is already under way for the fleet.
    #[error("{0}")]
    Busy(String),
    #[error("no such sync run")]
    NotFound,
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<Refusal> for EldError {
    fn from(Refusal { message, fields }: Refusal) -> Self {
        EldError::Invalid { message, fields }
    }
}

impl From<EldError> for ApiError {
    fn from(err: EldError) -> Self {
        use axum::http::StatusCode;
        match err {
            EldError::Invalid { message, fields } => ApiError::Invalid { message, fields },
            EldError::ConnectionFailed(message) => ApiError::Status {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "connection_failed",
                message,
            },
            EldError::Unsupported(message) => ApiError::Status {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "unsupported",
                message,
            },
            EldError::NotConnected(message) => ApiError::Conflict {
                code: "eld_not_connected",
                message,
            },
            EldError::KeyMissing(message) => ApiError::Conflict {
                code: "eld_key_missing",
                message,
            },
            EldError::Busy(message) => ApiError::Conflict {
                code: "busy",
                message,
            },
            EldError::NotFound => ApiError::NotFound,
            EldError::Database(err) => err.into(),
            EldError::Internal(err) => ApiError::Internal(err),
        }
    }
}
