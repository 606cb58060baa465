//! Checks outside the schedule: a fleet admin's "Check FMCSA now" and the
//! baseline of a new fleet.

use super::check::{Check, CheckOutcome, MonitorError, check_fleet};
use super::schedule::{CheckJob, CheckKind, FmcsaCheck};
use crate::jobs::{Enqueue, EnqueueError, JobQueue};
use crate::modules::compliance::ComplianceError;
use crate::modules::compliance::deps::ComplianceDeps;
use crate::modules::compliance::dto::{FmcsaCheckOutcome, FmcsaCheckResult};
use crate::modules::compliance::repo;
use chrono::{DateTime, TimeDelta, Utc};
use db::tenancy::TenantScope;
use std::time::Duration;
use uuid::Uuid;

/// A fleet's on-demand checks are at least this far apart.
pub const ON_DEMAND_EVERY: TimeDelta = TimeDelta::minutes(10);

/// "Check FMCSA now": at most one per [`ON_DEMAND_EVERY`] per fleet (two
/// presses at once: one runs, one is refused). A check that cannot reach
/// FMCSA gives its turn back.
pub async fn check_now(
    deps: &ComplianceDeps<'_>,
    scope: TenantScope,
    now: DateTime<Utc>,
) -> Result<FmcsaCheckResult, ComplianceError> {
    let txn = db::tenancy::write(deps.db, scope).await?;
    let claim = repo::monitor::claim_on_demand(&txn, now, now - ON_DEMAND_EVERY).await?;
    txn.commit().await?;
    let previous = match claim {
        Ok(previous) => previous,
        Err(last) => {
            let wait = (last + ON_DEMAND_EVERY - now).num_seconds().max(1);
            return Err(ComplianceError::CheckTooSoon {
                retry_after_secs: wait.unsigned_abs(),
            });
        }
    };
    let next_check_at = now + ON_DEMAND_EVERY;
    match check_fleet(deps, scope, Check::OnDemand).await {
        Ok(outcome) => Ok(FmcsaCheckResult {
            changes: match outcome {
                CheckOutcome::Checked { changes } => changes as u32,
                _ => 0,
            },
            outcome: match outcome {
                CheckOutcome::AlreadyChecked => FmcsaCheckOutcome::AlreadyChecked,
                CheckOutcome::NotFound => FmcsaCheckOutcome::NotFound,
                CheckOutcome::Baseline => FmcsaCheckOutcome::Baseline,
                CheckOutcome::Checked { changes: 0 } => FmcsaCheckOutcome::NoChanges,
                CheckOutcome::Checked { .. } => FmcsaCheckOutcome::Changes,
            },
            next_check_at,
        }),
        Err(err) => {
            let txn = db::tenancy::write(deps.db, scope).await?;
            repo::monitor::release_on_demand(&txn, now, previous).await?;
            txn.commit().await?;
            match err {
                MonitorError::Registry(err) => {
                    tracing::warn!(error = %err, fleet = %scope.fleet_account_id(), "FMCSA check on demand: FMCSA could not be reached");
                    Err(ComplianceError::FmcsaUnavailable)
                }
                MonitorError::Database(err) => Err(err.into()),
                MonitorError::Other(err) => Err(err.into()),
            }
        }
    }
}

/// What taking a new fleet's baseline came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BaselineOutcome {
    Stored,
    /// FMCSA knows no carrier with the fleet's number.
    NotFound,
    /// FMCSA could not be reached: the fleet has no baseline yet; a
    /// queued check retries, and the first check that succeeds stores it.
    Pending(String),
}

/// A new fleet's baseline, read now (the operator's `create-user`).
pub async fn baseline_new_fleet(
    deps: &ComplianceDeps<'_>,
    fleet_account_id: Uuid,
) -> Result<BaselineOutcome, MonitorError> {
    #[expect(
        clippy::disallowed_methods,
        reason = "the fleet was just created by this process (create-user)"
    )]
    let scope = TenantScope::for_job(fleet_account_id);
    match check_fleet(deps, scope, Check::Baseline).await {
        Ok(CheckOutcome::NotFound) => Ok(BaselineOutcome::NotFound),
        Ok(_) => Ok(BaselineOutcome::Stored),
        Err(MonitorError::Registry(err)) => {
            queue_baseline(deps.jobs, fleet_account_id, Duration::from_secs(60))
                .await
                .map_err(anyhow::Error::from)?;
            Ok(BaselineOutcome::Pending(err.to_string()))
        }
        Err(err) => Err(err),
    }
}

/// Queues a new fleet's baseline for a worker (retried with backoff while
/// FMCSA cannot be reached).
pub async fn queue_baseline(
    jobs: &JobQueue,
    fleet_account_id: Uuid,
    after: Duration,
) -> Result<(), EnqueueError> {
    jobs.push::<FmcsaCheck>(
        &CheckJob::of(fleet_account_id, CheckKind::Baseline),
        Enqueue {
            idempotency_key: Some(format!("fmcsa-baseline-{fleet_account_id}")),
            run_after: Some(after),
        },
    )
    .await
}
