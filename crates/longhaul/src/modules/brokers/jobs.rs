//! The brokers' job: saved-search alert digests.

use crate::jobs::{Job, JobContext, JobError, Tick};

/// Saved-search alert digests, at most one per search an hour.
pub struct SavedSearchAlerts;

impl Job for SavedSearchAlerts {
    const KIND: &'static str = "saved_search_alerts";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("15 */5 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let sent = super::alerts::run(&super::deps::BrokersDeps::of(ctx.state), chrono::Utc::now())
            .await
            .map_err(JobError::retry)?;
        tracing::info!(sent, "saved-search digests sent");
        Ok(())
    }
}
