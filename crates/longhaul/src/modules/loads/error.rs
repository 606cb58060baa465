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
    /// The load is past the point where it can be edited.
    #[error("{0}")]
    NotEditable(String),
    /// The edit was made from a version someone else has changed since.
    #[error("{0}")]
    Stale(String),
    /// The edit puts the load's crew or equipment on two loads at once.
    #[error("{0}")]
    Overlap(String),
    /// A customer of that name exists.
    #[error("{0}")]
    Duplicate(String),
    /// An upload over its size limit (413).
    #[error("{0}")]
    TooLarge(String),
    /// An upload of a type not taken here, or not a form upload (415).
    #[error("{0}")]
    Unsupported(String),
    #[error(transparent)]
    Database(#[from] DbErr),
    /// Something of ours failed (writing an export): a 500 with its cause logged.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
    #[error(transparent)]
    Files(#[from] object_store::Error),
    /// A task that read a PDF did not finish (it panicked or was cancelled).
    #[error(transparent)]
    Task(#[from] tokio::task::JoinError),
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
            LoadsError::NotEditable(message) => ApiError::Conflict {
                code: "not_editable",
                message,
            },
            LoadsError::Stale(message) => ApiError::Conflict {
                code: "stale",
                message,
            },
            LoadsError::Overlap(message) => ApiError::Conflict {
                code: "overlap",
                message,
            },
            LoadsError::Duplicate(message) => ApiError::Conflict {
                code: "duplicate",
                message,
            },
            LoadsError::TooLarge(message) => ApiError::PayloadTooLarge(message),
            LoadsError::Unsupported(message) => ApiError::UnsupportedMediaType(message),
            LoadsError::Database(err) => err.into(),
            LoadsError::Internal(err) => ApiError::Internal(err),
            LoadsError::Files(err) => ApiError::internal(err),
            LoadsError::Task(err) => ApiError::internal(err),
        }
    }
}
