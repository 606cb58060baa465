//! What the drivers service can answer besides its result; it becomes an
//! HTTP error in one place (`From<DriversError> for ApiError`).

use crate::http::{ApiError, Refusal};
use domain::driver_form::FieldErrors;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum DriversError {
    /// No such driver in the scope's fleet (another fleet's is the same).
    #[error("no such driver in this fleet")]
    NotFound,
    /// The form broke a rule; the message of each field.
    #[error("the driver form has invalid fields")]
    Invalid(FieldErrors),
    /// A username is unique within its fleet: the unique index
    /// `uq_fleet_drivers_username` decides, so concurrent creations cannot
    /// both win.
    #[error("another driver of this fleet already has that username")]
    UsernameTaken,
    /// So is an e-mail (`uq_fleet_drivers_email`).
    #[error("another driver of this fleet already has that e-mail")]
    EmailTaken,
    #[error(transparent)]
    Database(DbErr),
}

/// The one place a database refusal becomes the conflict: the drivers'
/// unique indexes a write can break are the fleet's usernames and e-mails
/// (PostgreSQL names the index, SQLite the columns).
impl From<DbErr> for DriversError {
    fn from(err: DbErr) -> Self {
        if db::is_unique_violation(&err) {
            if err.to_string().contains("email") {
                DriversError::EmailTaken
            } else {
                DriversError::UsernameTaken
            }
        } else {
            DriversError::Database(err)
        }
    }
}

impl From<DriversError> for ApiError {
    fn from(err: DriversError) -> Self {
        match err {
            DriversError::NotFound => ApiError::NotFound,
            DriversError::Invalid(fields) => Refusal::of(fields).into(),
            DriversError::UsernameTaken => ApiError::Conflict {
                code: "username_taken",
                message: domain::texts().server.drivers.username_taken.clone(),
            },
            DriversError::EmailTaken => ApiError::Conflict {
                code: "email_taken",
                message: domain::texts().server.drivers.email_taken.clone(),
            },
            DriversError::Database(err) => err.into(),
        }
    }
}
