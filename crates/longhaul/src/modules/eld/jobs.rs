//! The ELD jobs: one sync run, and the schedule's tick that starts the runs
//! that are due.

use super::kinds::{DataKind, EldDeps, settings_of};
use super::repo;
use super::runs::start_sync;
use super::sync;
use crate::jobs::{Job, JobContext, JobError, Tick};
use chrono::Utc;
use db::SystemKey;
use db::tenancy::{self, TenantScope};

/// Starts the scheduled runs that are due, for every fleet (system scope to
/// find them, then each fleet's own scope to start them).
pub async fn start_due_syncs(deps: &EldDeps<'_>, key: &SystemKey) -> anyhow::Result<()> {
    let txn = tenancy::system_write(deps.db, key).await?;
    let due = repo::due_integrations(&txn, Utc::now()).await?;
    let mut fleets = Vec::new();
    for integration in due {
        fleets.push((integration.fleet_account_id, settings_of(&integration)));
        sync::advance_schedule(&txn, integration).await?;
    }
    txn.commit().await?;
    for (fleet, settings) in fleets {
        #[expect(
            clippy::disallowed_methods,
            reason = "ELD sync jobs: the fleet named by the job's payload or the schedule's own query"
        )]
        let scope = TenantScope::for_job(fleet);
        for (wanted, kind) in [
            (settings.drivers, DataKind::Drivers),
            (settings.trucks, DataKind::Trucks),
            (settings.trailers, DataKind::Trailers),
        ] {
            if wanted && let Err(err) = start_sync(deps, scope, kind, "schedule").await {
                tracing::warn!(fleet = %fleet, kind = kind.as_str(), error = %err, "scheduled sync not started");
            }
        }
    }
    Ok(())
}

/// Starts the fleets' scheduled ELD syncs that are due.
pub struct EldSchedule;

impl Job for EldSchedule {
    const KIND: &'static str = "eld_schedule";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 */5 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        start_due_syncs(&EldDeps::of(ctx.state), &ctx.state.system_key)
            .await
            .map_err(JobError::retry)
    }
}
