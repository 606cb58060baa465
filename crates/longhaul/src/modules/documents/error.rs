//! What the documents service can answer besides its result; it becomes an
//! HTTP error in one place (`From<DocumentsError> for ApiError`).

use crate::http::ApiError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum DocumentsError {
    /// No such document in the scope's fleet (another fleet's is the same).
    #[error("no such document in this fleet")]
    NotFound,
    /// A field is missing or wrong; the message is the spec's text.
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// The body is not multipart/form-data, or does not parse as it.
    #[error("{0}")]
    Malformed(String),
    /// The file is over the limit (the message names it).
    #[error("{0}")]
    TooLarge(String),
    /// The file's bytes are not an allowed type (the message names what was found).
    #[error("{0}")]
    Unsupported(String),
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error("file store: {0}")]
    Files(#[from] object_store::Error),
}

impl From<DocumentsError> for ApiError {
    fn from(err: DocumentsError) -> Self {
        match err {
            DocumentsError::NotFound => ApiError::NotFound,
            DocumentsError::Invalid { field, message } => ApiError::field(field, message),
            DocumentsError::Malformed(message) => ApiError::BadRequest {
                code: "malformed_upload",
                message,
            },
            DocumentsError::TooLarge(message) => ApiError::PayloadTooLarge(message),
            DocumentsError::Unsupported(message) => ApiError::UnsupportedMediaType(message),
            DocumentsError::Database(err) => err.into(),
            DocumentsError::Files(err) => ApiError::internal(err),
        }
    }
}
