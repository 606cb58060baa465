//! What the ELD service can answer besides its result; it becomes an HTTP
//! error in one place.

use crate::http::ApiError;
use domain::texts::texts;
use sea_orm::DbErr;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum EldModuleError {
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

impl EldModuleError {
    pub fn missing_information(fields: BTreeMap<String, String>) -> Self {
        EldModuleError::Invalid {
            message: texts().eld.missing_information.clone(),
            fields,
        }
    }
}

impl From<EldModuleError> for ApiError {
    fn from(err: EldModuleError) -> Self {
        use axum::http::StatusCode;
        match err {
            EldModuleError::Invalid { message, fields } => ApiError::Invalid { message, fields },
            EldModuleError::ConnectionFailed(message) => ApiError::Status {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "connection_failed",
                message,
            },
            EldModuleError::Unsupported(message) => ApiError::Status {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "unsupported",
                message,
            },
            EldModuleError::NotConnected(message) => ApiError::Conflict {
                code: "eld_not_connected",
                message,
            },
            EldModuleError::KeyMissing(message) => ApiError::Conflict {
                code: "eld_key_missing",
                message,
            },
            EldModuleError::Busy(message) => ApiError::Conflict {
                code: "busy",
                message,
            },
            EldModuleError::NotFound => ApiError::NotFound,
            EldModuleError::Database(err) => err.into(),
            EldModuleError::Internal(err) => ApiError::Internal(err),
        }
    }
}
