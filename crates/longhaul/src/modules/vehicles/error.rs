//! What the vehicles service can answer besides its result; it becomes an
//! HTTP error in one place (`From<VehiclesError> for ApiError`).

use crate::http::ApiError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum VehiclesError {
    /// No such truck or trailer in the scope's fleet (another fleet's is the same).
    #[error("no such vehicle in this fleet")]
    NotFound,
    #[error(transparent)]
    Database(#[from] DbErr),
}

impl From<VehiclesError> for ApiError {
    fn from(err: VehiclesError) -> Self {
        match err {
            VehiclesError::NotFound => ApiError::NotFound,
            VehiclesError::Database(err) => err.into(),
        }
    }
}
