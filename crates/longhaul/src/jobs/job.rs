//! A job kind is a type: the module that owns the work implements [`Job`]
//! for it, and `crate::job_registry` lists it once, the way `app.rs` lists
//! routers. The workers, the schedules, the queue and `/metrics` read that
//! list; nothing here knows the kinds.

use super::JobError;
use crate::queue::{Enqueue, EnqueueError, JobQueue};
use crate::state::AppState;
use futures_util::future::BoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::future::Future;

/// One kind of background job.
pub trait Job: 'static {
    /// The queue's name in the jobs table, in metrics and for `longhaul run-job`.
    const KIND: &'static str;
    /// Attempts before a job is left failed.
    const MAX_ATTEMPTS: usize;
    /// Someone watches for the job to start (a sync's progress bar, a
    /// sign-in link): its queue is polled more often.
    const WATCHED: bool = false;
    /// A cron expression (sec min hour day month weekday) when the schedules
    /// push this job on their own, with a [`Tick`] payload.
    const SCHEDULE: Option<&'static str> = None;
    /// What a push carries. One that does not parse is given up, not retried.
    type Payload: Serialize + DeserializeOwned + Send;

    /// Runs one job. Idempotent: a job whose worker died is run again.
    fn run(
        ctx: &JobContext<'_>,
        payload: Self::Payload,
    ) -> impl Future<Output = Result<(), JobError>> + Send;
}

/// What a running job gets: the state to hand its services what they use,
/// and whether a failure now is final (no attempt is left).
pub struct JobContext<'a> {
    pub state: &'a AppState,
    pub last_attempt: bool,
}

/// The payload the schedules push: the tick's time, which also keys the push
/// so that N processes firing the same tick store one job between them.
#[derive(Debug, Default, Clone, Copy, Serialize, serde::Deserialize)]
pub struct Tick {
    #[serde(default)]
    pub tick: Option<u64>,
}

/// A [`Job`] with its type erased, as the registry lists it.
#[derive(Clone, Copy)]
pub struct JobEntry {
    pub kind: &'static str,
    pub max_attempts: usize,
    pub watched: bool,
    pub schedule: Option<&'static str>,
    run: fn(AppState, Value, bool) -> BoxFuture<'static, Result<(), JobError>>,
}

impl JobEntry {
    pub const fn of<J: Job>() -> Self {
        JobEntry {
            kind: J::KIND,
            max_attempts: J::MAX_ATTEMPTS,
            watched: J::WATCHED,
            schedule: J::SCHEDULE,
            run: run_erased::<J>,
        }
    }

    /// Runs one job of this kind from its stored payload.
    pub fn run(
        &self,
        state: AppState,
        args: Value,
        last_attempt: bool,
    ) -> BoxFuture<'static, Result<(), JobError>> {
        (self.run)(state, args, last_attempt)
    }
}

fn run_erased<J: Job>(
    state: AppState,
    args: Value,
    last_attempt: bool,
) -> BoxFuture<'static, Result<(), JobError>> {
    Box::pin(async move {
        let payload: J::Payload = serde_json::from_value(args).map_err(|e| {
            JobError::abort(anyhow::anyhow!("{} payload does not parse: {e}", J::KIND))
        })?;
        J::run(
            &JobContext {
                state: &state,
                last_attempt,
            },
            payload,
        )
        .await
    })
}

impl JobQueue {
    /// Pushes one job of kind `J`.
    pub async fn push<J: Job>(
        &self,
        payload: &J::Payload,
        opts: Enqueue,
    ) -> Result<(), EnqueueError> {
        self.push_kind(J::KIND, J::MAX_ATTEMPTS, payload, opts)
            .await
    }

    /// Pushes one job of a kind the registry lists (the schedules, the tests).
    pub async fn push_entry<P: Serialize>(
        &self,
        entry: &JobEntry,
        payload: &P,
        opts: Enqueue,
    ) -> Result<(), EnqueueError> {
        self.push_kind(entry.kind, entry.max_attempts, payload, opts)
            .await
    }
}
