//! What administration can refuse, and how each refusal reads over HTTP
//! (converted once, here).

use crate::crypto::password::HashError;
use crate::http::ApiError;
use crate::modules::auth::AuthError;
use domain::texts;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// Bad input on one field; the message is the spec's text.
    #[error("{field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    #[error("not found")]
    NotFound,
    /// An admin may not change their own role (nor take a fleet).
    #[error("cannot change one's own role")]
    OwnRole,
    #[error("a user with the e-mail {email} exists")]
    UserExists { email: String },
    #[error("a fleet account with DOT {dot} exists")]
    FleetExists { dot: String },
    #[error("the fleet account already has a fleet admin")]
    FleetAdminExists,
    #[error("the signup is already completed")]
    SignupCompleted,
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Hashing(#[from] HashError),
    #[error(transparent)]
    Database(#[from] DbErr),
}

impl AdminError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        AdminError::Invalid {
            field,
            message: message.into(),
        }
    }

    /// For `.map_err` on making a login: the e-mail being taken (the unique
    /// index decides) is `UserExists`.
    pub fn user_exists_if_taken(email: &str) -> impl FnOnce(AuthError) -> AdminError + '_ {
        move |err| match err {
            AuthError::EmailTaken => AdminError::UserExists {
                email: email.to_owned(),
            },
            other => other.into(),
        }
    }
}

impl From<AdminError> for ApiError {
    fn from(err: AdminError) -> Self {
        let t = &texts().admin;
        match err {
            AdminError::Invalid { field, message } => ApiError::field(field, message),
            AdminError::NotFound => ApiError::NotFound,
            AdminError::OwnRole => ApiError::Conflict {
                code: "own_role",
                message: t.cannot_change_own_role.clone(),
            },
            AdminError::UserExists { email } => ApiError::Conflict {
                code: "user_exists",
                message: t.user_exists.replace("{email}", &email),
            },
            AdminError::FleetExists { dot } => ApiError::Conflict {
                code: "fleet_exists",
                message: t.fleet_already_exists.replace("{dot}", &dot),
            },
            AdminError::FleetAdminExists => ApiError::Conflict {
                code: "fleet_admin_exists",
                message: t.fleet_admin_exists.clone(),
            },
            AdminError::SignupCompleted => ApiError::Conflict {
                code: "signup_completed",
                message: texts().signup.signup_completed.clone(),
            },
            AdminError::Auth(err) => err.into(),
            AdminError::Hashing(err) => err.into(),
            AdminError::Database(err) => err.into(),
        }
    }
}
