//! The workers: one per job kind on the job store, plus the schedules
//! (apalis-cron), which only push a job — keyed by the tick, so N worker
//! processes firing the same tick store one job between them.

use super::poll_timer::RearmingInterval;
use super::{Enqueue, JobEntry, JobError, JobStore};
use crate::state::AppState;
use apalis::layers::retry::RetryPolicy;
use apalis::prelude::*;
use apalis_cron::{CronScheduler, Tick};
use apalis_postgres::PostgresStorage;
use apalis_sqlite::SqliteStorage;
use serde_json::Value;
use std::future::Future;
use std::str::FromStr;

use std::time::{Duration, Instant};
use tower::retry::backoff::{ExponentialBackoffMaker, MakeBackoff};
use tower::util::rng::HasherRng;

/// How often the workers look for new jobs, how often they say they are
/// alive, and when a silent worker's running jobs are taken back (twice the
/// heartbeat): the time a job killed with its process waits to run again.
#[derive(Debug, Clone)]
pub struct WorkerOptions {
    pub poll_interval: Duration,
    /// For the queues someone watches ([`JobEntry::watched`]): a sync starts
    /// within this of its button being pressed.
    pub watched_poll_interval: Duration,
    pub heartbeat: Duration,
    /// Retry backoff: first wait, doubling up to `max_backoff`.
    pub min_backoff: Duration,
    pub max_backoff: Duration,
    /// Every schedule fires on this cron expression instead of its own
    /// (`JOB_SCHEDULE_OVERRIDE`).
    pub schedule_override: Option<String>,
}

impl WorkerOptions {
    pub fn from_config(config: &crate::Config) -> Self {
        Self {
            heartbeat: Duration::from_secs(config.job_heartbeat_secs),
            schedule_override: config.job_schedule_override.clone(),
            ..Self::default()
        }
    }
}

impl Default for WorkerOptions {
    fn default() -> Self {
        Self {
            poll_interval: Duration::from_millis(500),
            watched_poll_interval: Duration::from_millis(100),
            heartbeat: Duration::from_secs(10),
            min_backoff: Duration::from_secs(2),
            max_backoff: Duration::from_secs(300),
            schedule_override: None,
        }
    }
}

macro_rules! storage_worker {
    ($monitor:expr, $state:expr, $options:expr, $instance:expr, $make:expr, $entry:expr) => {{
        let state = $state.clone();
        let options = $options.clone();
        let entry: &'static JobEntry = $entry;
        let name = format!("{}-{}", entry.kind, $instance);
        let make = $make;
        $monitor.register(move |_restarts| {
            let backoff = ExponentialBackoffMaker::new(
                options.min_backoff,
                options.max_backoff,
                0.5,
                HasherRng::default(),
            )
            .expect("valid backoff bounds")
            .make_backoff();
            WorkerBuilder::new(name.clone())
                .backend(
                    make(entry.kind).poll_with_strategy(
                        RearmingInterval::new(if entry.watched {
                            options.watched_poll_interval
                        } else {
                            options.poll_interval
                        })
                        .nudged_by(state.jobs.nudges.of(entry.kind)),
                    ),
                )
                .retry(
                    RetryPolicy::retries(entry.max_attempts.saturating_sub(1))
                        .with_backoff(backoff),
                )
                // After the retry layer, so a panic counts as a failed attempt.
                .catch_panic()
                .data(state.clone())
                .build(
                    move |args: Value, state: Data<AppState>, attempt: Attempt| {
                        dispatch(entry, args, state, attempt)
                    },
                )
        })
    }};
}

/// The storage workers whose heartbeat is older than three beats (dead, or
/// stalled in their poll loop), by kind; empty when all are alive.
pub async fn stalled(state: &AppState) -> Result<Vec<String>, sea_orm::DbErr> {
    use sea_orm::{ConnectionTrait, Statement};
    let Some((instance, heartbeat)) = state.workers.get() else {
        return Ok(Vec::new());
    };
    let since = chrono::Utc::now() - chrono::Duration::from_std(*heartbeat * 3).unwrap_or_default();
    let backend = state.db.get_database_backend();
    let statement = match backend {
        sea_orm::DatabaseBackend::Postgres => Statement::from_sql_and_values(
            backend,
            "SELECT id FROM apalis.workers WHERE id LIKE $1 AND last_seen >= $2",
            [format!("%-{instance}").into(), since.into()],
        ),
        _ => Statement::from_sql_and_values(
            backend,
            "SELECT id FROM Workers WHERE id LIKE ? AND last_seen >= ?",
            [format!("%-{instance}").into(), since.timestamp().into()],
        ),
    };
    let alive: Vec<String> = state
        .db
        .query_all_raw(statement)
        .await?
        .into_iter()
        .filter_map(|row| row.try_get_by_index::<String>(0).ok())
        .collect();
    Ok(state
        .job_kinds
        .iter()
        .map(|kind| format!("{kind}-{instance}"))
        .filter(|name| !alive.contains(name))
        .collect())
}

/// How long a worker that stopped on an error waits before it starts again:
/// 0.1 s doubling up to 5 s, so a database that is down is not hammered.
fn restart_delay(restarts: usize) -> Duration {
    Duration::from_millis(100 << restarts.min(6)).min(Duration::from_secs(5))
}

/// apalis's restart hook is synchronous: the wait blocks its thread, which
/// the runtime first empties of other tasks (`block_in_place`), so requests
/// go on meanwhile. Where that is impossible (a single-threaded runtime),
/// the worker restarts at once.
fn wait_before_restart(restarts: usize) {
    use tokio::runtime::{Handle, RuntimeFlavor};
    if Handle::try_current().is_ok_and(|h| h.runtime_flavor() == RuntimeFlavor::MultiThread) {
        tokio::task::block_in_place(|| std::thread::sleep(restart_delay(restarts)));
    }
}

/// Runs every worker until `shutdown` resolves; running jobs get a grace
/// period to finish, the rest are taken back by the next worker. A worker
/// that stops on an error (the database went away) is started again.
pub async fn run(
    state: AppState,
    kinds: &'static [JobEntry],
    options: WorkerOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let instance = uuid::Uuid::new_v4().simple().to_string();
    state.workers.set(instance.clone(), options.heartbeat);
    let mut monitor = Monitor::new()
        .shutdown_timeout(Duration::from_secs(20))
        .should_restart(|worker, error| {
            tracing::warn!(worker = %worker.name(), restarts = worker.restarts(), error = %error, "job worker stopped; starting it again");
            wait_before_restart(worker.restarts());
            true
        });
    match state.jobs.store.clone() {
        JobStore::Sqlite(pool) => {
            let heartbeat = options.heartbeat;
            let make = move |kind: &'static str| {
                SqliteStorage::<Value>::new(&pool).with_config(
                    apalis_sqlite::Config::default()
                        .queue(kind)
                        .heartbeat_interval(heartbeat)
                        .missed_heartbeats(2),
                )
            };
            for entry in kinds {
                monitor = storage_worker!(monitor, state, options, instance, make.clone(), entry);
            }
        }
        JobStore::Postgres(pool) => {
            let heartbeat = options.heartbeat;
            let make = move |kind: &'static str| {
                PostgresStorage::<Value>::new(&pool).with_config(
                    apalis_postgres::Config::default()
                        .queue(kind)
                        .heartbeat_interval(heartbeat)
                        .missed_heartbeats(2),
                )
            };
            for entry in kinds {
                monitor = storage_worker!(monitor, state, options, instance, make.clone(), entry);
            }
        }
    }
    let monitor = register_schedules(monitor, kinds, &state, &instance, &options)?;
    tracing::info!(instance = %instance, "job workers started");
    monitor
        .run_with_signal(async move {
            shutdown.await;
            Ok(())
        })
        .await?;
    tracing::info!("job workers stopped");
    Ok(())
}

async fn dispatch(
    entry: &'static JobEntry,
    args: Value,
    state: Data<AppState>,
    attempt: Attempt,
) -> Result<(), BoxDynError> {
    let started = Instant::now();
    let last_attempt = attempt.current() + 1 >= entry.max_attempts;
    let result = entry.run((*state).clone(), args, last_attempt).await;
    let outcome = match &result {
        Ok(()) => "succeeded",
        Err(JobError::Abort(_)) => "aborted",
        Err(JobError::Retry(_)) => "failed",
    };
    state
        .metrics
        .job_finished(entry.kind, outcome, started.elapsed());
    match result {
        Ok(()) => Ok(()),
        Err(JobError::Abort(err)) => {
            tracing::error!(kind = entry.kind, error = %format!("{err:#}"), "job given up (not retried)");
            Err(AbortError::new(err.to_string()).into())
        }
        Err(JobError::Retry(err)) => {
            tracing::warn!(kind = entry.kind, attempt = attempt.current(), error = %format!("{err:#}"), "job failed; it will be retried");
            Err(err.to_string().into())
        }
    }
}

/// One schedule per job that has one: it pushes the job on its cron
/// expression, keyed by the tick.
fn register_schedules(
    monitor: Monitor,
    kinds: &'static [JobEntry],
    state: &AppState,
    instance: &str,
    options: &WorkerOptions,
) -> anyhow::Result<Monitor> {
    let mut monitor = monitor;
    for entry in kinds {
        let Some(own) = entry.schedule else {
            continue;
        };
        let expr = options.schedule_override.as_deref().unwrap_or(own);
        let schedule = cron::Schedule::from_str(expr)
            .map_err(|e| anyhow::anyhow!("schedule '{expr}' of {}: {e}", entry.kind))?;
        let queue = state.jobs.clone();
        let name = format!("{}-schedule-{instance}", entry.kind);
        monitor = monitor.register(move |_| {
            let queue = queue.clone();
            WorkerBuilder::new(name.clone())
                .backend(CronScheduler::new(schedule.clone()))
                .build(move |tick: Tick| {
                    let queue = queue.clone();
                    async move {
                        let at = tick.get_timestamp();
                        queue
                            .push_entry(
                                entry,
                                &super::Tick { tick: Some(at) },
                                Enqueue {
                                    idempotency_key: Some(format!("tick-{at}")),
                                    ..Default::default()
                                },
                            )
                            .await
                            .map_err(|e| -> BoxDynError { e.to_string().into() })
                    }
                })
        });
    }
    Ok(monitor)
}
