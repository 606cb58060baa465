//! The tenders' errors, and how each becomes HTTP.

use crate::http::ApiError;
use crate::modules::loads::LoadsError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum TendersError {
    /// No such tender, shipment, posting or facility for this party
    /// (another tenant's is the same).
    #[error("not found")]
    NotFound,
    #[error("{message}")]
    Invalid { field: String, message: String },
    /// The tender is no longer open (answered, withdrawn or expired), or
    /// another answer won the race.
    #[error("{0}")]
    Closed(String),
    /// The truck (or the whole fleet) is committed to an overlapping load
    /// and no override reason was given.
    #[error("{0}")]
    Committed(String),
    #[error(transparent)]
    Loads(LoadsError),
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
    #[error(transparent)]
    Files(#[from] object_store::Error),
}

impl TendersError {
    pub fn invalid(field: impl Into<String>, message: &str) -> Self {
        TendersError::Invalid {
            field: field.into(),
            message: message.to_owned(),
        }
    }
}

impl From<LoadsError> for TendersError {
    fn from(err: LoadsError) -> Self {
        match err {
            LoadsError::NotFound => TendersError::NotFound,
            LoadsError::Invalid { field, message } => TendersError::Invalid { field, message },
            LoadsError::Database(err) => TendersError::Database(err),
            other => TendersError::Loads(other),
        }
    }
}

impl From<TendersError> for ApiError {
    fn from(err: TendersError) -> Self {
        match err {
            TendersError::NotFound => ApiError::NotFound,
            TendersError::Invalid { field, message } => ApiError::field(&field, message),
            TendersError::Closed(message) => ApiError::Conflict {
                code: "tender_closed",
                message,
            },
            TendersError::Committed(message) => ApiError::Conflict {
                code: "truck_committed",
                message,
            },
            TendersError::Loads(err) => err.into(),
            TendersError::Database(err) => err.into(),
            TendersError::Internal(err) => ApiError::Internal(err),
            TendersError::Files(err) => ApiError::internal(err),
        }
    }
}
