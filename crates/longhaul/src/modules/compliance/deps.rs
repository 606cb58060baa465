//! What the compliance jobs use, taken from the application's state once.

use crate::crypto::Cipher;
use crate::integrations::fmcsa::CarrierRegistry;
use crate::jobs::JobQueue;
use crate::state::AppState;
use db::SystemKey;
use sea_orm::DatabaseConnection;

pub struct ComplianceDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub backend: db::Backend,
    pub system_key: &'a SystemKey,
    /// E-mails are sealed into the outbox and sent by a job.
    pub cipher: &'a Cipher,
    pub jobs: &'a JobQueue,
    pub carriers: &'a dyn CarrierRegistry,
    /// Links in e-mails point here.
    pub public_url: &'a str,
}

impl<'a> ComplianceDeps<'a> {
    pub fn of(state: &'a AppState) -> ComplianceDeps<'a> {
        ComplianceDeps {
            db: &state.db,
            backend: state.backend,
            system_key: &state.system_key,
            cipher: &state.cipher,
            jobs: &state.jobs,
            carriers: state.carriers.as_ref(),
            public_url: &state.config.public_url,
        }
    }
}
