//! Opening the database: an SQLite file by default, PostgreSQL when asked.

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, Database, DatabaseConnection, DatabaseTransaction, DbErr,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
}

/// Connects and tunes the pool for the backend. Every SQLite connection of
/// the pool gets WAL, foreign keys and a busy timeout (they are per-connection
/// settings), so concurrent requests wait for the writer instead of failing.
pub async fn connect(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
    Backend::of_url(url)
        .ok_or_else(|| DbErr::Custom(format!("unsupported database URL scheme: {url}")))?;
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.max_connections(max_connections)
        .min_connections(1)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        .sqlx_logging(false)
        // Random reads cost about what sequential ones do on SSDs and with
        // the working set cached (PostgreSQL's default, 4, assumes spinning
        // disks): with it, the planner reads a fleet's list index (an
        // index-only scan) instead of the whole table for a search, even
        // where one large fleet holds half the rows (decision 015).
        .map_sqlx_postgres_opts(|pg| pg.options([("random_page_cost", "1.1")]))
        // A connection handed back inside a transaction (one dropped while a
        // statement held it) is closed, never lent to the next request. The
        // driver's own flag counts only transactions begun through its API,
        // so the server is asked: within a transaction begun earlier, now()
        // (its start) is before this statement's start. The check runs as
        // the connection goes back, off the request's path, as one simple
        // query: with the extended protocol the two times differ even
        // outside a transaction, and every connection would be closed.
        .map_sqlx_postgres_pool_opts(|pool| {
            pool.after_release(|conn, _| {
                Box::pin(async move {
                    use sea_orm::sqlx::{self, Connection, Row};
                    if conn.is_in_transaction() {
                        return Ok(false);
                    }
                    let row = sqlx::raw_sql("SELECT now() = statement_timestamp() AS clean")
                        .fetch_one(&mut *conn)
                        .await?;
                    row.try_get::<bool, _>("clean")
                })
            })
        })
        .map_sqlx_sqlite_opts(|sqlite| {
            sqlite
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(BUSY_TIMEOUT)
                // Reads through a memory map instead of a read() call and a
                // copy per page (the truck board's radius search read its
                // R*Tree and rows mostly in the kernel's copy routine), and
                // a larger page cache per connection.
                .pragma("mmap_size", "1073741824")
                .pragma("cache_size", "-16384")
        });
    Database::connect(opts).await
}

const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Begins a transaction that is going to write. On SQLite it takes the write
/// lock at BEGIN (IMMEDIATE): a deferred transaction that reads and then
/// writes fails at once with SQLITE_BUSY_SNAPSHOT when another writer committed
/// in between, while an immediate one waits its turn within the busy timeout.
/// On PostgreSQL it is a plain BEGIN.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    let db = db.clone();
    // On a task of its own: see `tenancy::open`.
    tokio::spawn(async move { begin_write_here(&db).await })
        .await
        .map_err(|err| DbErr::Custom(format!("the BEGIN task failed: {err}")))?
}

/// `begin_write` in the calling task.
pub(crate) async fn begin_write_here(
    db: &DatabaseConnection,
) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
}

/// SQLite only: refreshes the planner's statistics (`ANALYZE`, sampling at
/// most 10,000 entries of each index: 0.1 s on a million documents; 400
/// samples, `PRAGMA optimize`'s habit, could not tell a truck's documents
/// from its fleet's). Without them SQLite guesses that any index equality finds ten
/// rows, and answers a large fleet's filtered documents list through the
/// wrong index (hundreds of ms instead of tens, decision 021). Run at start
/// and by the hourly sweep; PostgreSQL's autovacuum does this itself.
pub async fn refresh_statistics(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() != sea_orm::DatabaseBackend::Sqlite {
        return Ok(());
    }
    sea_orm::ConnectionTrait::execute_unprepared(db, "PRAGMA analysis_limit = 10000; ANALYZE;")
        .await
        .map(|_| ())
}

/// The key of the advisory lock that start-up work (migrations, the job
/// store's migrations, grants to the serving role) runs under.
const STARTUP_LOCK_KEY: i64 = 0x6c68_7374_6172_7475; // "lhstartu"

/// Held while one process does the start-up work on PostgreSQL: several
/// replicas started at once take turns instead of racing (two concurrent
/// GRANTs fail with "tuple concurrently updated"). A session lock on a
/// connection of its own, so it ends with the process whatever happens;
/// SQLite needs none (its writer lock already serialises).
pub struct StartupLock(Option<DatabaseConnection>);

impl StartupLock {
    pub async fn acquire(url: &str) -> Result<StartupLock, DbErr> {
        if Backend::of_url(url) != Some(Backend::Postgres) {
            return Ok(StartupLock(None));
        }
        let conn = connect(url, 1).await?;
        sea_orm::ConnectionTrait::execute_unprepared(
            &conn,
            &format!("SELECT pg_advisory_lock({STARTUP_LOCK_KEY})"),
        )
        .await?;
        Ok(StartupLock(Some(conn)))
    }

    pub async fn release(self) -> Result<(), DbErr> {
        if let Some(conn) = self.0 {
            sea_orm::ConnectionTrait::execute_unprepared(
                &conn,
                &format!("SELECT pg_advisory_unlock({STARTUP_LOCK_KEY})"),
            )
            .await?;
            conn.close().await?;
        }
        Ok(())
    }
}
