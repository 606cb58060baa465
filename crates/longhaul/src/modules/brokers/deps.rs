//! What the broker services that write to other tenants or send mail use,
//! taken from the application's state once.

use crate::crypto::Cipher;
use crate::jobs::JobQueue;
use crate::state::AppState;
use db::SystemKey;
use sea_orm::DatabaseConnection;

pub struct BrokersDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub system_key: &'a SystemKey,
    /// E-mails are sealed into the outbox and sent by a job.
    pub cipher: &'a Cipher,
    pub jobs: &'a JobQueue,
    /// Links in e-mails point here.
    pub public_url: &'a str,
}

impl<'a> BrokersDeps<'a> {
    pub fn of(state: &'a AppState) -> BrokersDeps<'a> {
        BrokersDeps {
            db: &state.db,
            system_key: &state.system_key,
            cipher: &state.cipher,
            jobs: &state.jobs,
            public_url: &state.config.public_url,
        }
    }
}
