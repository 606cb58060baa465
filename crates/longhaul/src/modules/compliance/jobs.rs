//! The day's compliance reminders. The FMCSA record checks and the schedule
//! that queues them live beside the monitor that runs and queues them
//! (`monitor.rs`).

use crate::jobs::{Job, JobContext, JobError, Tick};

/// The day's compliance reminders and digests.
pub struct ComplianceReminders;

impl Job for ComplianceReminders {
    const KIND: &'static str = "compliance_reminders";
    const MAX_ATTEMPTS: usize = 3;
    /// 13:00 UTC: 8 a.m. on the East Coast, 5 a.m. on the West — the same
    /// calendar day in every US zone, Guam's included.
    const SCHEDULE: Option<&'static str> = Some("0 0 13 * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        // Each fleet on its own calendar day (decision 043).
        let now = ctx.state.clock.now();
        let run = super::reminders::run_daily(&super::deps::ComplianceDeps::of(ctx.state), now)
            .await
            .map_err(JobError::retry)?;
        tracing::info!(?run, "compliance reminders sent");
        Ok(())
    }
}
