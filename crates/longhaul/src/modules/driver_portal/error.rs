//! What the driver portal can refuse, and how each refusal reads over HTTP.

use crate::crypto::password::HashError;
use crate::http::{ApiError, Refusal};
use crate::modules::auth::AuthError;
use crate::modules::documents::DocumentsError;
use axum::http::StatusCode;
use sea_orm::DbErr;
use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum DriverPortalError {
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// No such fleet, driver, document or renewal (another fleet's is the same).
    #[error("not found")]
    NotFound,
    /// The fleet's portal is turned off.
    #[error("the driver portal is turned off")]
    Disabled { fleet_name: String },
    /// Wrong login or password, or a driver who may not sign in.
    #[error("invalid credentials")]
    InvalidCredentials { login_method: String },
    /// The invite link is unknown, used or expired.
    #[error("the invite link is no longer valid")]
    InviteInvalid,
    /// Only with individual passwords.
    #[error("the fleet uses one shared password")]
    SharedPassword,
    /// The renewal was reviewed already.
    #[error("already reviewed")]
    AlreadyReviewed,
    /// The driver has no e-mail to send an invite to.
    #[error("the driver has no e-mail")]
    NoEmail,
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Documents(#[from] DocumentsError),
    #[error(transparent)]
    Database(#[from] DbErr),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl DriverPortalError {
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Refusal::one(field, message).into()
    }
}

impl From<Refusal> for DriverPortalError {
    fn from(Refusal { message, fields }: Refusal) -> Self {
        DriverPortalError::Invalid { message, fields }
    }
}

impl From<DriverPortalError> for ApiError {
    fn from(err: DriverPortalError) -> Self {
        let t = &domain::texts().driver_portal;
        match err {
            DriverPortalError::Invalid { message, fields } => ApiError::Invalid { message, fields },
            DriverPortalError::NotFound => ApiError::NotFound,
            DriverPortalError::Disabled { fleet_name } => ApiError::Forbidden {
                code: "portal_disabled",
                message: t.disabled.replace("{fleet}", &fleet_name),
            },
            DriverPortalError::InvalidCredentials { login_method } => ApiError::Status {
                status: StatusCode::UNAUTHORIZED,
                code: "invalid_credentials",
                message: if login_method == "email" {
                    t.invalid_email_credentials.clone()
                } else {
                    t.invalid_username_credentials.clone()
                },
            },
            DriverPortalError::InviteInvalid => ApiError::Status {
                status: StatusCode::GONE,
                code: "invite_invalid",
                message: t.invite_invalid.clone(),
            },
            DriverPortalError::SharedPassword => ApiError::Conflict {
                code: "shared_password",
                message: t.shared_password.clone(),
            },
            DriverPortalError::AlreadyReviewed => ApiError::Conflict {
                code: "already_reviewed",
                message: t.already_reviewed.clone(),
            },
            DriverPortalError::NoEmail => {
                Refusal::one("email", t.invite_needs_email.as_str()).into()
            }
            DriverPortalError::Auth(err) => err.into(),
            DriverPortalError::Hashing(err) => err.into(),
            DriverPortalError::Documents(err) => err.into(),
            DriverPortalError::Database(err) => err.into(),
            DriverPortalError::Internal(err) => ApiError::internal(err),
        }
    }
}
