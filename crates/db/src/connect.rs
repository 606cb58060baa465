//! Opening the database: an SQLite file by default, PostgreSQL when asked.

use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbErr};
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

/// Connects and tunes the pool for the backend. SQLite gets WAL and a busy
/// timeout so concurrent requests wait for the writer instead of failing.
pub async fn connect(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
    let backend = Backend::of_url(url)
        .ok_or_else(|| DbErr::Custom(format!("unsupported database URL scheme: {url}")))?;
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.max_connections(max_connections)
        .min_connections(1)
        .connect_timeout(Duration::from_secs(10))
        .acquire_timeout(Duration::from_secs(10))
        .sqlx_logging(false);
    let db = Database::connect(opts).await?;
    if backend == Backend::Sqlite {
        for pragma in [
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = NORMAL",
            "PRAGMA foreign_keys = ON",
            "PRAGMA busy_timeout = 5000",
        ] {
            db.execute_unprepared(pragma).await?;
        }
    }
    Ok(db)
}
