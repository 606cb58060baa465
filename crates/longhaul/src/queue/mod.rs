//! The job store: pushing a job of a named kind, and the apalis tables, in
//! the application's own database. It knows no job kind: the shared state
//! holds a `JobQueue`, the outbox pushes e-mail through it, and `crate::jobs`
//! (the workers, the `Job` trait) builds on it.

mod nudges;
mod running;

pub use nudges::Nudges;
pub use running::RunningWorkers;

use apalis::prelude::{TaskBuilder, TaskSink};
use apalis_postgres::PostgresStorage;
use apalis_sqlite::SqliteStorage;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, Statement};
use serde::Serialize;
use serde_json::Value;
use std::time::Duration;

/// The job store: the same database the application uses, through its pool.
#[derive(Clone)]
pub enum JobStore {
    Sqlite(apalis_sqlite::SqlitePool),
    Postgres(apalis_postgres::PgPool),
}

/// The job store, and the wake-ups of this process's workers.
#[derive(Clone)]
pub struct JobQueue {
    pub store: JobStore,
    pub nudges: Nudges,
}

/// How one job is pushed.
#[derive(Debug, Default, Clone)]
pub struct Enqueue {
    /// A second push with the same key (per kind) is dropped: a job that is
    /// started from two places (two replicas' schedulers) runs once.
    pub idempotency_key: Option<String>,
    pub run_after: Option<Duration>,
}

#[derive(Debug, thiserror::Error)]
#[error("the job could not be queued: {0}")]
pub struct EnqueueError(String);

impl JobQueue {
    /// The queue on the application's pool (SeaORM's sqlx pool).
    pub fn of(db: &DatabaseConnection) -> Self {
        let store = match db.get_database_backend() {
            sea_orm::DatabaseBackend::Sqlite => {
                JobStore::Sqlite(db.get_sqlite_connection_pool().clone())
            }
            _ => JobStore::Postgres(db.get_postgres_connection_pool().clone()),
        };
        JobQueue {
            store,
            nudges: Nudges::default(),
        }
    }

    /// Creates or upgrades apalis's tables. Runs as the owner role; apalis's
    /// own `setup` is not used on SQLite because it turns `synchronous` off
    /// on whichever pooled connection runs it.
    pub async fn migrate(owner: &DatabaseConnection) -> anyhow::Result<()> {
        match Self::of(owner).store {
            JobStore::Sqlite(pool) => SqliteStorage::<()>::migrations().run(&pool).await?,
            JobStore::Postgres(pool) => PostgresStorage::<()>::migrations().run(&pool).await?,
        }
        Ok(())
    }

    /// Pushes one job onto the queue named `kind`, to be tried at most
    /// `max_attempts` times (`crate::jobs` pushes a `Job` type through this).
    pub async fn push_kind<P: Serialize>(
        &self,
        kind: &'static str,
        max_attempts: usize,
        payload: &P,
        opts: Enqueue,
    ) -> Result<(), EnqueueError> {
        let args = serde_json::to_value(payload).map_err(|e| EnqueueError(e.to_string()))?;
        let mut task = TaskBuilder::new(args).max_attempts(max_attempts);
        if let Some(key) = &opts.idempotency_key {
            task = task.idempotency_key(key);
        }
        if let Some(delay) = opts.run_after {
            task = task.run_after(delay);
        }
        let task = task.build();
        let pushed = match &self.store {
            JobStore::Sqlite(pool) => {
                let mut storage: SqliteStorage<Value> = SqliteStorage::new(pool)
                    .with_config(apalis_sqlite::Config::default().queue(kind));
                storage.push_task(task).await.map_err(|e| e.to_string())
            }
            JobStore::Postgres(pool) => {
                let mut storage: PostgresStorage<Value> = PostgresStorage::new(pool)
                    .with_config(apalis_postgres::Config::default().queue(kind));
                storage.push_task(task).await.map_err(|e| e.to_string())
            }
        };
        pushed.map_err(EnqueueError)?;
        self.nudges.nudge(kind);
        Ok(())
    }
}

/// (kind, state, count) of every stored job, for `/metrics`. The kind is the
/// queue's name, which apalis stores as `job_type`.
pub async fn job_counts(db: &DatabaseConnection) -> Result<Vec<(String, String, i64)>, DbErr> {
    let backend = db.get_database_backend();
    let table = match backend {
        sea_orm::DatabaseBackend::Postgres => "apalis.jobs",
        _ => "Jobs",
    };
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            format!("SELECT job_type, status, COUNT(*) FROM {table} GROUP BY job_type, status"),
        ))
        .await?;
    rows.into_iter()
        .map(|row| {
            Ok((
                row.try_get_by_index::<String>(0)?,
                row.try_get_by_index::<String>(1)?,
                row.try_get_by_index::<i64>(2)?,
            ))
        })
        .collect()
}

/// Deletes the jobs that finished (done, killed, or failed with no attempt
/// left) before `before`, so the job tables keep a bounded history. Queued,
/// running and retrying jobs stay whatever their age. Answers how many.
pub async fn prune_finished(
    db: &DatabaseConnection,
    before: chrono::DateTime<chrono::Utc>,
) -> Result<u64, DbErr> {
    const FINISHED: &str =
        "(status IN ('Done', 'Killed') OR (status = 'Failed' AND attempts >= max_attempts))";
    let backend = db.get_database_backend();
    let statement = match backend {
        // apalis-postgres keeps `done_at` as a timestamptz in its own schema.
        sea_orm::DatabaseBackend::Postgres => Statement::from_sql_and_values(
            backend,
            format!("DELETE FROM apalis.jobs WHERE done_at < $1 AND {FINISHED}"),
            [before.into()],
        ),
        // apalis-sqlite keeps it as seconds since the epoch.
        _ => Statement::from_sql_and_values(
            backend,
            format!("DELETE FROM Jobs WHERE done_at < ? AND {FINISHED}"),
            [before.timestamp().into()],
        ),
    };
    Ok(db.execute_raw(statement).await?.rows_affected())
}
