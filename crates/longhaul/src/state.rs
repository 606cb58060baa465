//! The one shared state: database, configuration and each outside system
//! behind a trait, so tests and stand-ins swap implementations here only.

use crate::config::Config;
use crate::crypto::password::PasswordHasher;
use crate::http::client_ip::TrustedProxies;
use crate::http::session_timeouts::SessionTimeouts;
use crate::integrations::fmcsa::CarrierRegistry;
use crate::integrations::stripe::PaymentGateway;
use crate::mail::Mailer;
use axum::extract::FromRef;
use sea_orm::DatabaseConnection;
use std::ops::Deref;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState(pub Arc<App>);

pub struct App {
    pub config: Config,
    pub db: DatabaseConnection,
    pub backend: db::Backend,
    /// Outgoing e-mail: queued in the outbox, sent by the `send_email` job.
    pub mailer: Arc<dyn Mailer>,
    /// The transport the job sends through (SMTP or the dev mailbox).
    pub transport: Arc<dyn Mailer>,
    pub jobs: crate::queue::JobQueue,
    /// The name of every kind of job (`crate::job_registry::JOBS`), which
    /// `/metrics` and `/readyz` report on.
    pub job_kinds: Vec<&'static str>,
    /// Secrets at rest (ELD credentials, queued e-mail).
    pub cipher: Arc<crate::crypto::Cipher>,
    /// Builds a fleet's ELD provider client from its stored connection.
    pub eld: Arc<dyn crate::integrations::eld::connector::EldConnector>,
    pub carriers: Arc<dyn CarrierRegistry>,
    pub payments: Arc<dyn PaymentGateway>,
    pub passwords: PasswordHasher,
    /// Files (logos, documents): a local directory by default.
    pub files: Arc<dyn object_store::ObjectStore>,
    pub session_timeouts: SessionTimeouts,
    /// Opens the system scope on PostgreSQL (`db::tenancy::system_read`/`system_write`).
    pub system_key: db::SystemKey,
    /// What `/metrics` reports (this application's own recorder).
    pub metrics: crate::metrics::Metrics,
    /// The job workers this process runs, once started: `/readyz` checks
    /// their heartbeats.
    pub workers: crate::queue::RunningWorkers,
    /// The time dates are judged by: the system clock, unless a test pins it.
    pub clock: Clock,
}

/// The server's "now" for judging dates (a fleet's "today"): the system
/// clock, or an instant a test pins so the day it tests is not the day it
/// runs.
#[derive(Debug, Default)]
pub struct Clock {
    pinned: std::sync::RwLock<Option<chrono::DateTime<chrono::Utc>>>,
}

impl Clock {
    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.pinned
            .read()
            .ok()
            .and_then(|p| *p)
            .unwrap_or_else(chrono::Utc::now)
    }

    /// Pins the clock at `at`, or lets it run again with `None`.
    pub fn pin(&self, at: Option<chrono::DateTime<chrono::Utc>>) {
        if let Ok(mut pinned) = self.pinned.write() {
            *pinned = at;
        }
    }
}

impl Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}

impl FromRef<AppState> for TrustedProxies {
    fn from_ref(state: &AppState) -> TrustedProxies {
        TrustedProxies(state.config.trusted_proxies)
    }
}
