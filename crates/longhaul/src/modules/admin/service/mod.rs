//! The super admin's rules (spec part 1 §2, §4, §5), one file per tab. They
//! run in the system scope, and every change is audited in its own
//! transaction.

pub mod accounts;
pub mod audit;
pub mod signups;
pub mod users;

use super::emails;
use super::error::AdminError;
use super::repo::audit::{self as audit_repo, Entry};
use crate::crypto::password::PasswordHasher;
use crate::mail::{Mailer, send_or_log};
use crate::modules::auth::SessionUser;
use crate::modules::auth::profiles::sign_in_link;
use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde_json::Value;
use uuid::Uuid;

/// What administration needs besides its inputs.
pub struct AdminDeps<'a> {
    pub db: &'a DatabaseConnection,
    /// Administration sees every fleet's rows.
    pub system_key: &'a db::SystemKey,
    pub passwords: &'a PasswordHasher,
    pub mailer: &'a dyn Mailer,
    /// Where the links in e-mails point.
    pub public_url: &'a str,
    /// Days a past-due fleet keeps full use (the Accounts tab's state).
    pub grace_days: u32,
    /// A new fleet's FMCSA baseline is read by a worker.
    pub jobs: &'a crate::jobs::JobQueue,
}

/// Who did an administrative act, as the audit log records it.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: Uuid,
    pub email: String,
}

impl From<&SessionUser> for Actor {
    fn from(user: &SessionUser) -> Self {
        Actor {
            id: user.profile.id,
            email: user.profile.email.clone(),
        }
    }
}

/// Records an act in the audit log, in the caller's transaction.
async fn record<C: ConnectionTrait>(
    db: &C,
    actor: &Actor,
    action: &str,
    target: (&str, String),
    before: Option<Value>,
    after: Option<Value>,
) -> Result<(), AdminError> {
    audit_repo::insert(
        db,
        Entry {
            actor_id: actor.id,
            actor_email: &actor.email,
            action,
            target_type: target.0,
            target_id: target.1,
            before,
            after,
        },
    )
    .await?;
    Ok(())
}

/// "Your dashboard is ready": to sign in, or with a link to choose a
/// password. A failure is logged, not returned: the change is made.
async fn send_dashboard_ready(
    deps: &AdminDeps<'_>,
    to: &str,
    fleet_name: &str,
    set_password_url: Option<&str>,
) {
    let sign_in = sign_in_link(deps.public_url);
    let email = emails::dashboard_ready(to, fleet_name, &sign_in, set_password_url);
    send_or_log(deps.mailer, email, "dashboard-ready").await;
}
