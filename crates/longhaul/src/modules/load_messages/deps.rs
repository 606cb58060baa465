//! What the load messages' services use, taken from the application's state once.

use crate::crypto::Cipher;
use crate::jobs::JobQueue;
use crate::state::AppState;
use sea_orm::DatabaseConnection;

pub struct LoadMessagesDeps<'a> {
    pub db: &'a DatabaseConnection,
    /// The unread-message e-mails are sealed into the outbox in the claim's
    /// own transaction and sent by a job.
    pub cipher: &'a Cipher,
    pub jobs: &'a JobQueue,
    pub system_key: &'a db::SystemKey,
    pub public_url: &'a str,
}

impl<'a> LoadMessagesDeps<'a> {
    pub fn of(state: &'a AppState) -> LoadMessagesDeps<'a> {
        LoadMessagesDeps {
            db: &state.db,
            cipher: &state.cipher,
            jobs: &state.jobs,
            system_key: &state.system_key,
            public_url: &state.config.public_url,
        }
    }
}
