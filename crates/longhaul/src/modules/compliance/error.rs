//! What the compliance services refuse; it becomes HTTP in one place.

use crate::http::ApiError;
use axum::http::StatusCode;
use domain::texts::{self, texts};
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
    /// "Check FMCSA now" again within 10 minutes of the last.
    #[error("FMCSA was checked less than 10 minutes ago")]
    CheckTooSoon { retry_after_secs: u64 },
    /// FMCSA did not answer (or refused our key); nothing was changed.
    #[error("FMCSA could not be reached")]
    FmcsaUnavailable,
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
            ComplianceError::CheckTooSoon { retry_after_secs } => ApiError::RateLimited {
                message: texts::fill(
                    &texts().compliance.fmcsa_check.too_soon,
                    &[("minutes", &retry_after_secs.div_ceil(60).to_string())],
                ),
                retry_after_secs,
            },
            ComplianceError::FmcsaUnavailable => ApiError::Status {
                status: StatusCode::SERVICE_UNAVAILABLE,
                code: "fmcsa_unavailable",
                message: texts().compliance.fmcsa_check.unavailable.clone(),
            },
            ComplianceError::Database(err) => err.into(),
            ComplianceError::Internal(err) => ApiError::internal(err),
        }
    }
}
