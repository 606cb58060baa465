//! What the load services that send mail use, taken from the application's
//! state once.

use crate::crypto::Cipher;
use crate::jobs::JobQueue;
use crate::state::AppState;
use sea_orm::DatabaseConnection;

pub struct LoadsDeps<'a> {
    pub db: &'a DatabaseConnection,
    /// The dispatch e-mail is sealed into the outbox in the change's own
    /// transaction and sent by a job.
    pub cipher: &'a Cipher,
    pub jobs: &'a JobQueue,
    /// The site's address, for links in e-mails.
    pub public_url: &'a str,
}

impl<'a> LoadsDeps<'a> {
    pub fn of(state: &'a AppState) -> LoadsDeps<'a> {
        LoadsDeps {
            db: &state.db,
            cipher: &state.cipher,
            jobs: &state.jobs,
            public_url: &state.config.public_url,
        }
    }
}
