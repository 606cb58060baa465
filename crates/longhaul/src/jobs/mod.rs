//! Background jobs on apalis (decision 016): a job is a named kind with a
//! JSON payload, stored in the application's own database (apalis-sqlite or
//! apalis-postgres, chosen from the database URL), run by workers that
//! `longhaul serve` embeds and `longhaul worker` runs alone.
//!
//! Handlers are idempotent: a job that was running when its process died is
//! run again once another worker sees the dead worker's missed heartbeats.

mod email;
pub mod kinds;
mod poll_timer;
mod queue;
mod sweep;
pub mod worker;

pub use email::deliver_pending_emails;
pub use kinds::JobKind;
pub use queue::{Enqueue, EnqueueError, JobQueue, job_counts};
pub use sweep::sweep_expired;
pub use worker::WorkerOptions;

use crate::state::AppState;
use serde_json::Value;

/// A handler's failure: retried with backoff, or given up at once (a payload
/// that does not parse, a message that cannot be read).
#[derive(Debug)]
pub enum JobError {
    Retry(anyhow::Error),
    Abort(anyhow::Error),
}

impl JobError {
    pub fn retry(err: impl Into<anyhow::Error>) -> Self {
        JobError::Retry(err.into())
    }
    pub fn abort(err: impl Into<anyhow::Error>) -> Self {
        JobError::Abort(err.into())
    }
}

fn payload<T: serde::de::DeserializeOwned>(kind: JobKind, args: Value) -> Result<T, JobError> {
    serde_json::from_value(args).map_err(|e| {
        JobError::abort(anyhow::anyhow!(
            "{} payload does not parse: {e}",
            kind.as_str()
        ))
    })
}

/// Runs one job of `kind` (the workers call this; tests may too).
pub async fn run_job(
    state: &AppState,
    kind: JobKind,
    args: Value,
    last_attempt: bool,
) -> Result<(), JobError> {
    match kind {
        JobKind::SendEmail => email::run(state, payload(kind, args)?, last_attempt).await,
        JobKind::Sweep => {
            let swept = sweep_expired(state).await.map_err(JobError::retry)?;
            tracing::info!(?swept, "expired rows swept");
            db::refresh_statistics(&state.db)
                .await
                .map_err(JobError::retry)?;
            Ok(())
        }
        JobKind::EldSync => crate::modules::eld::jobs::run_sync(state, payload(kind, args)?).await,
        JobKind::EldSchedule => crate::modules::eld::jobs::start_due_syncs(state)
            .await
            .map_err(JobError::retry),
        JobKind::DocumentSweep => {
            let grace = chrono::Duration::minutes(state.config.orphan_grace_minutes);
            let swept = crate::modules::documents::sweep::sweep_orphans(state, grace)
                .await
                .map_err(JobError::retry)?;
            tracing::info!(?swept, "orphaned document objects swept");
            Ok(())
        }
        JobKind::BillingRefresh => {
            crate::modules::billing::fleet_billing::run_refresh(state, payload(kind, args)?).await
        }
        JobKind::ComplianceReminders => {
            let today = chrono::Utc::now().date_naive();
            let run = crate::modules::compliance::reminders::run_daily(state, today)
                .await
                .map_err(JobError::retry)?;
            tracing::info!(?run, "compliance reminders sent");
            Ok(())
        }
        JobKind::FmcsaSchedule => {
            let queued =
                crate::modules::compliance::monitor::queue_due_checks(state, chrono::Utc::now())
                    .await
                    .map_err(JobError::retry)?;
            tracing::info!(queued, "FMCSA checks queued");
            Ok(())
        }
        JobKind::FmcsaCheck => {
            let job: crate::modules::compliance::monitor::CheckJob = payload(kind, args)?;
            crate::modules::compliance::monitor::check_fleet(state, job.fleet_account_id, job.day)
                .await
                .map(|outcome| tracing::info!(?outcome, fleet = %job.fleet_account_id, "FMCSA record checked"))
                .map_err(JobError::retry)
        }
        JobKind::BoardRefresh => {
            let run = crate::modules::postings::refresh::run(state)
                .await
                .map_err(JobError::retry)?;
            tracing::info!(?run, "truck board refreshed");
            Ok(())
        }
        JobKind::SavedSearchAlerts => {
            let sent = crate::modules::brokers::alerts::run(state, chrono::Utc::now())
                .await
                .map_err(JobError::retry)?;
            tracing::info!(sent, "saved-search digests sent");
            Ok(())
        }
    }
}
