//! What the posting services refuse; it becomes HTTP in one place.

use crate::http::ApiError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum PostingsError {
    /// No such posting or truck in this fleet (another fleet's is the same).
    #[error("not found")]
    NotFound,
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// The posting was withdrawn or has ended.
    #[error("{0}")]
    NotActive(String),
    /// The truck already has an active posting.
    #[error("{0}")]
    AlreadyPosted(String),
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl PostingsError {
    pub fn invalid(field: &'static str, message: &str) -> Self {
        PostingsError::Invalid {
            field,
            message: message.to_owned(),
        }
    }

    pub fn not_active() -> Self {
        PostingsError::NotActive(domain::texts().board.not_active.as_str().to_owned())
    }
}

impl From<PostingsError> for ApiError {
    fn from(err: PostingsError) -> Self {
        match err {
            PostingsError::NotFound => ApiError::NotFound,
            PostingsError::Invalid { field, message } => ApiError::field(field, message),
            PostingsError::NotActive(message) => ApiError::Conflict {
                code: "posting_not_active",
                message,
            },
            PostingsError::AlreadyPosted(message) => ApiError::Conflict {
                code: "truck_already_posted",
                message,
            },
            PostingsError::Database(err) => err.into(),
            PostingsError::Internal(err) => ApiError::internal(err),
        }
    }
}
