//! The account rules, one file per job. Routes call them, and so can jobs
//! and other modules: `profiles` is the surface other modules use to make
//! logins inside their own transactions.

pub mod driver_sessions;
pub mod profiles;
pub mod registration;
pub mod reset;
pub mod sessions;
pub mod sign_in;
pub mod throttle;

use crate::crypto::password::PasswordHasher;
use crate::mail::Mailer;
use sea_orm::DatabaseConnection;
use std::sync::Arc;

/// What the account rules need besides their inputs.
pub struct AuthDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub passwords: &'a PasswordHasher,
    /// Shared: the reset e-mail goes out in the background.
    pub mailer: &'a Arc<dyn Mailer>,
    /// Where the links in e-mails point.
    pub public_url: &'a str,
    /// How long a new session lasts.
    pub session_ttl: chrono::Duration,
    /// Production refuses the demo fleet's public login.
    pub production: bool,
}
pub mod bootstrap;
