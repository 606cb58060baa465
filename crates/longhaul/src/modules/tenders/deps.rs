//! What the tender services need from the application.

use crate::crypto::Cipher;
use crate::jobs::JobQueue;
use crate::state::AppState;
use object_store::ObjectStore;
use sea_orm::DatabaseConnection;

pub struct TendersDeps<'a> {
    pub db: &'a DatabaseConnection,
    /// E-mails are sealed into the outbox in the change's transaction.
    pub cipher: &'a Cipher,
    pub jobs: &'a JobQueue,
    /// Rate confirmations are stored here and filed on both sides.
    pub files: &'a dyn ObjectStore,
    /// Links in e-mails point here.
    pub public_url: &'a str,
}

impl<'a> TendersDeps<'a> {
    pub fn of(state: &'a AppState) -> TendersDeps<'a> {
        TendersDeps {
            db: &state.db,
            cipher: &state.cipher,
            jobs: &state.jobs,
            files: state.files.as_ref(),
            public_url: &state.config.public_url,
        }
    }
}
