//! What the load services refuse; it becomes HTTP in one place.

use crate::http::ApiError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum LoadsError {
    /// No such load, customer or facility in this fleet (another fleet's is
    /// the same).
    #[error("not found")]
    NotFound,
    #[error("{message}")]
    Invalid { field: String, message: String },
    /// The status change is not a step of the lifecycle.
    #[error("{0}")]
    IllegalTransition(String),
    /// An eligibility finding blocks the assignment and no override reason was given.
    #[error("{0}")]
    Blocked(String),
    /// A customer of that name exists.
    #[error("{0}")]
    Duplicate(String),
    #[error(transparent)]
    Database(#[from] DbErr),
    /// Something of ours failed (writing an export): a 500 with its cause logged.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl LoadsError {
    pub fn invalid(field: impl Into<String>, message: &str) -> Self {
        LoadsError::Invalid {
            field: field.into(),
            message: message.to_owned(),
        }
    }
}

impl From<LoadsError> for ApiError {
    fn from(err: LoadsError) -> Self {
        match err {
            LoadsError::NotFound => ApiError::NotFound,
            LoadsError::Invalid { field, message } => ApiError::field(&field, message),
            LoadsError::IllegalTransition(message) => ApiError::Conflict {
                code: "illegal_transition",
                message,
            },
            LoadsError::Blocked(message) => ApiError::Conflict {
                code: "assignment_blocked",
                message,
            },
            LoadsError::Duplicate(message) => ApiError::Conflict {
                code: "duplicate",
                message,
            },
            LoadsError::Database(err) => err.into(),
            LoadsError::Internal(err) => ApiError::Internal(err),
        }
    }
}
