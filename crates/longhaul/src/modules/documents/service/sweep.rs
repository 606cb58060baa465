//! The orphan sweep: objects under `fleet-documents/` that no document row
//! points at — an upload whose row never committed (a crash between the
//! two writes), a delete whose object removal failed, a fleet deleted with
//! its rows — are removed once they are older than the grace period (so an
//! upload still in flight, whose row is not written yet, is never taken).
//! The local store's partial files of a write that was cut off (a killed
//! process) go the same way.

use crate::config::Config;
use crate::modules::documents::{KEY_PREFIX, repo};
use chrono::{Duration, Utc};
use db::tenancy::TenantScope;
use futures_util::StreamExt;
use object_store::ObjectStore;
use object_store::path::Path;
use object_store::{ObjectMeta, ObjectStoreExt};
use sea_orm::DatabaseConnection;
use std::collections::HashMap;
use uuid::Uuid;

/// Objects looked up per query.
const BATCH: usize = 500;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct SweptObjects {
    /// Objects listed.
    pub checked: u64,
    pub removed: u64,
    /// Orphans left for a later run (too young, or their removal failed).
    pub kept: u64,
}

/// The fleet a document key belongs to: `fleet-documents/{fleet}/{uuid}`.
fn fleet_of(path: &Path) -> Option<Uuid> {
    let mut parts = path.parts();
    (parts.next()?.as_ref() == KEY_PREFIX).then_some(())?;
    Uuid::parse_str(parts.next()?.as_ref()).ok()
}

/// Where the local store keeps its files (none with S3): its cut-off
/// writes are swept too.
pub fn local_files_dir(config: &Config) -> Option<std::path::PathBuf> {
    config.s3.is_none().then(|| config.data_dir.join("files"))
}

pub async fn sweep_orphans(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    local_files: Option<&std::path::Path>,
    grace: Duration,
) -> anyhow::Result<SweptObjects> {
    let cutoff = Utc::now() - grace;
    let mut swept = SweptObjects::default();
    let mut listing = files.list(Some(&Path::from(KEY_PREFIX)));
    let mut batch = Vec::with_capacity(BATCH);
    while let Some(meta) = listing.next().await {
        batch.push(meta?);
        if batch.len() == BATCH {
            sweep_batch(db, files, std::mem::take(&mut batch), cutoff, &mut swept).await?;
        }
    }
    sweep_batch(db, files, batch, cutoff, &mut swept).await?;
    // The local store's cut-off writes, which its listing never shows.
    if let Some(dir) = local_files {
        swept.removed += crate::files::remove_stale_partials(dir.to_owned(), cutoff.into()).await?;
    }
    Ok(swept)
}

async fn sweep_batch(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    batch: Vec<ObjectMeta>,
    cutoff: chrono::DateTime<Utc>,
    swept: &mut SweptObjects,
) -> anyhow::Result<()> {
    swept.checked += batch.len() as u64;
    let mut by_fleet: HashMap<Uuid, Vec<ObjectMeta>> = HashMap::new();
    for meta in batch {
        match fleet_of(&meta.location) {
            Some(fleet) => by_fleet.entry(fleet).or_default().push(meta),
            None => {
                tracing::warn!(path = %meta.location, "an object under the documents prefix has no fleet in its key; left alone")
            }
        }
    }
    for (fleet, objects) in by_fleet {
        // The same finder as the fleet's own requests (RLS keyed on the fleet).
        #[expect(
            clippy::disallowed_methods,
            reason = "the documents sweep job: the fleet named by an object's key"
        )]
        let scope = TenantScope::for_job(fleet);
        let paths: Vec<String> = objects.iter().map(|m| m.location.to_string()).collect();
        let txn = db::tenancy::read(db, scope).await?;
        let referenced = repo::referenced_paths(&txn, &paths).await?;
        drop(txn);
        for meta in objects {
            if referenced.contains(meta.location.as_ref()) {
                continue;
            }
            if meta.last_modified > cutoff {
                swept.kept += 1;
                continue;
            }
            match files.delete(&meta.location).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => swept.removed += 1,
                Err(err) => {
                    tracing::warn!(path = %meta.location, error = %err, "removing an orphaned object failed; the next sweep retries it");
                    swept.kept += 1;
                }
            }
        }
    }
    Ok(())
}
