//! The loads' jobs: rate confirmations uploaded for a draft that was never
//! saved are removed once they are a day old; stop status from the ELD.

use super::service::{geofence, rate_con};
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

/// Stop status from the ELD (issue 32 §2, `service::geofence`): every two
/// minutes, at :15 (off the board's refresh at :30), so each run reads the
/// positions afresh and the board's refresh reuses them.
pub struct EldStopGeofence;

impl Job for EldStopGeofence {
    const KIND: &'static str = "eld_stop_geofence";
    const MAX_ATTEMPTS: usize = 2;
    const SCHEDULE: Option<&'static str> = Some("15 */2 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let done = geofence::run(
            &geofence::GeofenceDeps::of(ctx.state),
            ctx.state.clock.now(),
        )
        .await
        .map_err(JobError::retry)?;
        tracing::info!(?done, "ELD stop geofence ran");
        Ok(())
    }
}
