//! The compliance jobs: the day's reminders, and the FMCSA record checks
//! with the schedule that queues them.

use super::monitor::{CheckJob, check_fleet, queue_due_checks};
use crate::jobs::{Job, JobContext, JobError, Tick};

/// The day's compliance reminders and digests.
pub struct ComplianceReminders;

impl Job for ComplianceReminders {
    const KIND: &'static str = "compliance_reminders";
    const MAX_ATTEMPTS: usize = 3;
    /// 13:00 UTC: 8 a.m. on the East Coast, 5 a.m. on the West.
    const SCHEDULE: Option<&'static str> = Some("0 0 13 * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let today = chrono::Utc::now().date_naive();
        let run = super::reminders::run_daily(ctx.state, today)
            .await
            .map_err(JobError::retry)?;
        tracing::info!(?run, "compliance reminders sent");
        Ok(())
    }
}

/// Queues the FMCSA checks whose minute of the day has come.
pub struct FmcsaSchedule;

impl Job for FmcsaSchedule {
    const KIND: &'static str = "fmcsa_schedule";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 */10 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let queued = queue_due_checks(ctx.state, chrono::Utc::now())
            .await
            .map_err(JobError::retry)?;
        tracing::info!(queued, "FMCSA checks queued");
        Ok(())
    }
}

/// Re-reads one fleet's FMCSA record and records what changed.
pub struct FmcsaCheck;

impl Job for FmcsaCheck {
    const KIND: &'static str = "fmcsa_check";
    /// An outage of FMCSA's API: retried with backoff up to ~10 min apart.
    const MAX_ATTEMPTS: usize = 6;
    type Payload = CheckJob;

    async fn run(ctx: &JobContext<'_>, job: CheckJob) -> Result<(), JobError> {
        check_fleet(ctx.state, job.fleet_account_id, job.day)
            .await
            .map(|outcome| tracing::info!(?outcome, fleet = %job.fleet_account_id, "FMCSA record checked"))
            .map_err(JobError::retry)
    }
}
