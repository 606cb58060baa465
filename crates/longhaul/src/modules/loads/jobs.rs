//! The loads' job: rate confirmations uploaded for a draft that was never
//! saved are removed once they are a day old.

use super::service::rate_con;
use crate::jobs::{Job, JobContext, JobError, Tick};

pub struct PendingRateConSweep;

impl Job for PendingRateConSweep {
    const KIND: &'static str = "sweep_pending_rate_cons";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 53 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let cutoff = chrono::Utc::now() - rate_con::PENDING_KEPT_FOR;
        let removed = rate_con::sweep_pending(ctx.state.files.as_ref(), cutoff)
            .await
            .map_err(JobError::retry)?;
        tracing::info!(removed, "unsaved rate confirmation uploads swept");
        Ok(())
    }
}
