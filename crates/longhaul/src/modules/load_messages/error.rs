//! What the load messages refuse; it becomes HTTP in one place.

use crate::http::{ApiError, Refusal};
use sea_orm::DbErr;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum LoadMessagesError {
    /// No such load in the fleet, or (for a driver) not a load of theirs:
    /// the same answer as a missing one.
    #[error("not found")]
    NotFound,
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    #[error(transparent)]
    Database(#[from] DbErr),
    /// Something of ours failed (sealing an e-mail): a 500 with its cause logged.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<Refusal> for LoadMessagesError {
    fn from(Refusal { message, fields }: Refusal) -> Self {
        LoadMessagesError::Invalid { message, fields }
    }
}

impl From<LoadMessagesError> for ApiError {
    fn from(err: LoadMessagesError) -> Self {
        match err {
            LoadMessagesError::NotFound => ApiError::NotFound,
            LoadMessagesError::Invalid { message, fields } => ApiError::Invalid { message, fields },
            LoadMessagesError::Database(err) => err.into(),
            LoadMessagesError::Internal(err) => ApiError::internal(err),
        }
    }
}
