//! What the compliance services refuse; it becomes HTTP in one place.

use crate::http::ApiError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum ComplianceError {
    /// No such driver, qualification, notification or document in this
    /// fleet (another fleet's is the same).
    #[error("not found")]
    NotFound,
    /// A field is wrong; the message names what.
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ComplianceError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        ComplianceError::Invalid {
            field,
            message: message.into(),
        }
    }
}

impl From<ComplianceError> for ApiError {
    fn from(err: ComplianceError) -> Self {
        match err {
            ComplianceError::NotFound => ApiError::NotFound,
            ComplianceError::Invalid { field, message } => ApiError::field(field, message),
            ComplianceError::Database(err) => err.into(),
            ComplianceError::Internal(err) => ApiError::internal(err),
        }
    }
}
