//! What the fleet-account services can answer besides their result; it
//! becomes an HTTP error in one place (`From<FleetAccountError> for ApiError`).

use crate::crypto::password::HashError;
use crate::http::{ApiError, Refusal};
use domain::texts;
use sea_orm::DbErr;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum FleetAccountError {
    /// The scope's fleet account (or its logo) does not exist.
    #[error("not found")]
    NotFound,
    /// Settings that break a rule; the message of each field.
    #[error("invalid settings")]
    Invalid(BTreeMap<String, String>),
    /// An upload without a logo in it.
    #[error("no logo was sent")]
    LogoMissing,
    #[error("the logo is larger than 2 MB")]
    LogoTooLarge,
    /// The bytes are no PNG, JPEG, WebP or GIF, whatever the client declared.
    #[error("the logo is not a supported image")]
    LogoNotImage,
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error("file store: {0}")]
    Files(#[from] object_store::Error),
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl FleetAccountError {
    /// One refused field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Refusal::one(field, message).into()
    }
}

impl From<Refusal> for FleetAccountError {
    fn from(refusal: Refusal) -> Self {
        FleetAccountError::Invalid(refusal.fields)
    }
}

impl From<FleetAccountError> for ApiError {
    fn from(err: FleetAccountError) -> Self {
        match err {
            FleetAccountError::NotFound => ApiError::NotFound,
            FleetAccountError::Invalid(fields) => Refusal::of(fields).into(),
            FleetAccountError::LogoMissing => {
                ApiError::field("logo", domain::texts().server.fleet.image_required.as_str())
            }
            FleetAccountError::LogoTooLarge => {
                ApiError::PayloadTooLarge(texts().fleet.settings_form.logo_too_large.clone())
            }
            FleetAccountError::LogoNotImage => {
                ApiError::UnsupportedMediaType(texts().fleet.settings_form.logo_not_image.clone())
            }
            FleetAccountError::Hashing(err) => err.into(),
            FleetAccountError::Files(err) => ApiError::internal(err),
            FleetAccountError::Database(err) => err.into(),
            FleetAccountError::Internal(err) => ApiError::Internal(err),
        }
    }
}
