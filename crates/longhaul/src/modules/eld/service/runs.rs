//! A sync run's life: started (one per kind at a time), run by the
//! `eld_sync` job, failed and freed. The job lives beside the code that
//! queues it, so the capability's files import one another one way.

use super::kinds::{DataKind, EldDeps, SyncJob};
use super::sync::{self, SyncError};
use crate::integrations::eld::{EldProviderError, ProviderKind};
use crate::jobs::{Enqueue, Job, JobContext, JobError};
use crate::metrics::Metrics;
use crate::modules::eld::EldError;
use crate::modules::eld::dto::SyncRun;
use crate::modules::eld::repo::{self, NewRun};
use chrono::Utc;
use db::entities::eld_sync_run;
use db::tenancy::{self, TenantScope};
use domain::texts::texts;
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};

/// Starts a run of `kind`, or returns the one of that kind already queued or
/// running (the unique slot decides between two requests at once).
pub async fn start_sync(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    kind: DataKind,
    trigger: &str,
) -> Result<SyncRun, EldError> {
    let txn = tenancy::write(deps.db, scope).await?;
    let integration = repo::integration(&txn)
        .await?
        .filter(|i| i.is_active)
        .ok_or_else(|| EldError::NotConnected(kind.not_connected()))?;
    let provider = ProviderKind::parse(&integration.provider)
        .ok_or_else(|| EldError::NotConnected(kind.not_connected()))?;
    match provider {
        ProviderKind::Omnitracs => {
            return Err(EldError::Unsupported(
                texts().eld.omnitracs_partner_only.clone(),
            ));
        }
        ProviderKind::Other => {
            return Err(EldError::Unsupported(
                domain::texts().server.eld.csv_fleet.clone(),
            ));
        }
        ProviderKind::Samsara | ProviderKind::Keeptruckin | ProviderKind::Geotab
            if integration.api_key_encrypted.is_none() =>
        {
            return Err(EldError::KeyMissing(kind.key_missing()));
        }
        _ => {}
    }
    let inserted = repo::insert_run(
        &txn,
        NewRun {
            kind: kind.as_str(),
            trigger,
            provider: provider.as_str(),
        },
        Utc::now(),
    )
    .await;
    let run = match inserted {
        Ok(run) => run,
        Err(err) if db::is_unique_violation(&err) => {
            drop(txn);
            let txn = tenancy::read(deps.db, scope).await?;
            let running = repo::active_run_of_kind(&txn, kind.as_str()).await?;
            txn.commit().await?;
            // Ended between the insert and this read: start a new one.
            return match running {
                Some(run) => Ok(run.into()),
                None => Box::pin(start_sync(deps, scope, kind, trigger)).await,
            };
        }
        Err(err) => return Err(err.into()),
    };
    txn.commit().await?;
    let pushed = deps
        .jobs
        .push::<EldSync>(
            &SyncJob {
                fleet_account_id: scope.fleet_account_id(),
                run_id: run.id,
            },
            Enqueue {
                idempotency_key: Some(run.id.to_string()),
                ..Default::default()
            },
        )
        .await;
    if let Err(err) = pushed {
        finish_failed(
            deps.db,
            scope,
            run.clone(),
            &domain::texts().server.eld.not_queued,
        )
        .await?;
        return Err(EldError::Internal(err.into()));
    }
    Ok(run.into())
}

/// Ends a run as failed and frees its slot.
pub async fn finish_failed(
    db: &DatabaseConnection,
    scope: TenantScope,
    run: eld_sync_run::Model,
    error: &str,
) -> Result<eld_sync_run::Model, EldError> {
    let txn = tenancy::write(db, scope).await?;
    let mut run = run.into_active_model();
    run.status = Set("failed".into());
    run.active_kind = Set(None);
    run.finished_at = Set(Some(Utc::now()));
    run.error = Set(Some(error.chars().take(1000).collect()));
    let saved = repo::save_run(&txn, run).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Runs one sync run. A run that already ended is left alone (a rerun after
/// a crash finds it done); one that was running when its process died starts
/// over, which is safe: the rows are written in one transaction at the end.
pub async fn run_sync(deps: &EldDeps<'_>, metrics: &Metrics, job: SyncJob) -> Result<(), JobError> {
    #[expect(
        clippy::disallowed_methods,
        reason = "ELD sync jobs: the fleet named by the job's payload or the schedule's own query"
    )]
    let scope = TenantScope::for_job(job.fleet_account_id);
    let txn = tenancy::write(deps.db, scope)
        .await
        .map_err(JobError::retry)?;
    let Some(run) = repo::run(&txn, job.run_id).await.map_err(JobError::retry)? else {
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

    let outcome = sync::sync_kind(deps, scope, kind, &mut run).await;
    match outcome {
        Ok(outcome) => {
            let txn = tenancy::write(deps.db, scope)
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
            metrics.eld_sync_run(kind.as_str(), "succeeded");
            Ok(())
        }
        // The database failing is the job's problem: retry it.
        Err(SyncError::Database(err)) => Err(JobError::retry(err)),
        Err(err) => {
            if let SyncError::Provider(EldProviderError::Unauthorized(reason)) = &err {
                sync::mark_needs_attention(deps, scope, reason)
                    .await
                    .map_err(JobError::retry)?;
            }
            finish_failed(deps.db, scope, run, &err.to_string())
                .await
                .map_err(|e| JobError::retry(anyhow::anyhow!(e.to_string())))?;
            metrics.eld_sync_run(kind.as_str(), "failed");
            Ok(())
        }
    }
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
        run_sync(&EldDeps::of(ctx.state), &ctx.state.metrics, job).await
    }
}
