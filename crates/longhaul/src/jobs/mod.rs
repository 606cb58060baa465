//! Background jobs on apalis (decision 016): a job is a type implementing
//! [`Job`] with a JSON payload, listed in `crate::job_registry`, stored in
//! the application's own database (apalis-sqlite or apalis-postgres, chosen from the database URL), run by workers that
//! `longhaul serve` embeds and `longhaul worker` runs alone.
//!
//! Handlers are idempotent: a job that was running when its process died is
//! run again once another worker sees the dead worker's missed heartbeats.

mod email;
mod job;
mod poll_timer;
mod sweep;
pub mod worker;

pub use crate::queue::{Enqueue, EnqueueError, JobQueue, JobStore, RunningWorkers, job_counts};
pub use email::{SendEmail, deliver_pending_emails};
pub use job::{Job, JobContext, JobEntry, Tick};
pub use sweep::{SweepExpired, sweep_expired};
pub use worker::WorkerOptions;

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
