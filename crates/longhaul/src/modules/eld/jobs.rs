//! The ELD jobs: one sync run, and the schedule's tick that starts the runs
//! that are due.

use super::repo;
use super::service::{self, DataKind, EldDeps, SyncJob};
use super::sync::{self, SyncError};
use crate::integrations::eld::EldProviderError;
use crate::jobs::{Job, JobContext, JobError, Tick};
use crate::state::AppState;
use chrono::Utc;
use db::tenancy::{self, TenantScope};
use sea_orm::{IntoActiveModel, Set};

fn deps(state: &AppState) -> EldDeps<'_> {
    EldDeps {
        db: &state.db,
        jobs: &state.jobs,
        cipher: &state.cipher,
        connector: state.eld.as_ref(),
    }
}

/// Runs one sync run. A run that already ended is left alone (a rerun after
/// a crash finds it done); one that was running when its process died starts
/// over, which is safe: the rows are written in one transaction at the end.
pub async fn run_sync(state: &AppState, job: SyncJob) -> Result<(), JobError> {
    let deps = deps(state);
    #[expect(
        clippy::disallowed_methods,
        reason = "ELD sync jobs: the fleet named by the job's payload or the schedule's own query"
    )]
    let scope = TenantScope::for_job(job.fleet_account_id);
    let txn = tenancy::write(&state.db, scope)
        .await
        .map_err(JobError::retry)?;
    let Some(run) = repo::run(&txn, scope, job.run_id)
        .await
        .map_err(JobError::retry)?
    else {
        return Ok(());
    };
    if !matches!(run.status.as_str(), "queued" | "running") {
        return Ok(());
    }
    let Some(kind) = DataKind::parse(&run.kind) else {
        return Err(JobError::abort(anyhow::anyhow!(
            "unknown sync kind {}",
            run.kind
        )));
    };
    let mut am = run.into_active_model();
    am.status = Set("running".into());
    am.started_at = Set(Some(Utc::now()));
    am.pages_fetched = Set(0);
    am.rows_written = Set(0);
    am.synced = Set(0);
    let mut run = repo::save_run(&txn, am).await.map_err(JobError::retry)?;
    txn.commit().await.map_err(JobError::retry)?;

    let outcome = sync::sync_kind(&deps, scope, kind, &mut run).await;
    match outcome {
        Ok(outcome) => {
            let txn = tenancy::write(&state.db, scope)
                .await
                .map_err(JobError::retry)?;
            let mut am = run.clone().into_active_model();
            am.status = Set("succeeded".into());
            am.active_kind = Set(None);
            am.finished_at = Set(Some(Utc::now()));
            am.synced = Set(outcome.counts.synced);
            am.created = Set(outcome.counts.created);
            am.updated = Set(outcome.counts.updated);
            am.deactivated = Set(outcome.counts.deactivated);
            am.rows_written = Set(sync::written(&outcome.counts));
            am.incremental = Set(run.incremental);
            am.assignments_updated = Set(outcome.assignments_updated);
            am.warning = Set(outcome.warning);
            repo::save_run(&txn, am).await.map_err(JobError::retry)?;
            txn.commit().await.map_err(JobError::retry)?;
            state.metrics.eld_sync_run(kind.as_str(), "succeeded");
            Ok(())
        }
        // The database failing is the job's problem: retry it.
        Err(SyncError::Database(err)) => Err(JobError::retry(err)),
        Err(err) => {
            if let SyncError::Provider(EldProviderError::Unauthorized(reason)) = &err {
                sync::mark_needs_attention(&deps, scope, reason)
                    .await
                    .map_err(JobError::retry)?;
            }
            service::finish_failed(&state.db, scope, run, &err.to_string())
                .await
                .map_err(|e| JobError::retry(anyhow::anyhow!(e.to_string())))?;
            state.metrics.eld_sync_run(kind.as_str(), "failed");
            Ok(())
        }
    }
}

/// Starts the scheduled runs that are due, for every fleet (system scope to
/// find them, then each fleet's own scope to start them).
pub async fn start_due_syncs(state: &AppState) -> anyhow::Result<()> {
    let deps = deps(state);
    let txn = tenancy::system_write(&state.db, &state.system_key).await?;
    let due = repo::due_integrations(&txn, Utc::now()).await?;
    let mut fleets = Vec::new();
    for integration in due {
        fleets.push((
            integration.fleet_account_id,
            service::settings_of(&integration),
        ));
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
            if wanted && let Err(err) = service::start_sync(&deps, scope, kind, "schedule").await {
                tracing::warn!(fleet = %fleet, kind = kind.as_str(), error = %err, "scheduled sync not started");
            }
        }
    }
    Ok(())
}

/// One ELD sync run.
pub struct EldSync;

impl Job for EldSync {
    const KIND: &'static str = "eld_sync";
    /// A run keeps its own state and is retried by the user or the next schedule instead.
    const MAX_ATTEMPTS: usize = 3;
    const WATCHED: bool = true;
    type Payload = SyncJob;

    async fn run(ctx: &JobContext<'_>, job: SyncJob) -> Result<(), JobError> {
        run_sync(ctx.state, job).await
    }
}

/// Starts the fleets' scheduled ELD syncs that are due.
pub struct EldSchedule;

impl Job for EldSchedule {
    const KIND: &'static str = "eld_schedule";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 */5 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        start_due_syncs(ctx.state).await.map_err(JobError::retry)
    }
}
