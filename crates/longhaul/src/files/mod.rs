//! The file store (object_store): a directory under `DATA_DIR` by default,
//! an S3-compatible bucket when `S3_BUCKET` is set. Logos and documents
//! live in it side by side under their own prefixes.

mod http_client;

use crate::config::{Config, S3Config};
use anyhow::Context;
use object_store::ObjectStore;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use std::sync::Arc;

/// The store in use, and how the start-up log names it.
pub struct OpenedStore {
    pub store: Arc<dyn ObjectStore>,
    pub description: String,
}

/// Opens the configured store (creating the local directory when needed).
pub async fn open(config: &Config) -> anyhow::Result<OpenedStore> {
    match &config.s3 {
        Some(s3) => Ok(OpenedStore {
            store: Arc::new(s3_store(s3)?),
            description: format!(
                "S3 bucket {} at {}{}",
                s3.bucket,
                s3.endpoint.as_deref().unwrap_or("AWS"),
                if s3.path_style { " (path-style)" } else { "" }
            ),
        }),
        None => {
            let dir = config.data_dir.join("files");
            tokio::fs::create_dir_all(&dir)
                .await
                .with_context(|| format!("creating {}", dir.display()))?;
            Ok(OpenedStore {
                store: Arc::new(
                    LocalFileSystem::new_with_prefix(&dir).context("opening the file store")?,
                ),
                description: format!("local directory {}", dir.display()),
            })
        }
    }
}

/// An S3 client for the bucket. Requests go through our own reqwest client
/// (decision 021); credentials come from the configuration, else from the
/// standard AWS environment (instance roles included).
pub fn s3_store(s3: &S3Config) -> anyhow::Result<object_store::aws::AmazonS3> {
    let mut builder = AmazonS3Builder::from_env()
        .with_bucket_name(&s3.bucket)
        .with_region(&s3.region)
        .with_virtual_hosted_style_request(!s3.path_style)
        .with_http_connector(http_client::ReqwestConnector);
    if let Some(endpoint) = &s3.endpoint {
        builder = builder
            .with_endpoint(endpoint)
            .with_allow_http(endpoint.starts_with("http://"));
    }
    if let (Some(id), Some(secret)) = (&s3.access_key_id, &s3.secret_access_key) {
        builder = builder
            .with_access_key_id(id.expose())
            .with_secret_access_key(secret.expose());
    }
    builder.build().context("configuring the S3 bucket")
}

/// The local store writes an object to `<name>#<n>` and renames it when the
/// write completes; a process killed mid-upload leaves that file behind,
/// and the store's listing never shows it. Removes such files under `dir`
/// last modified before `cutoff` (so an upload in flight is never taken).
/// Answers how many.
pub async fn remove_stale_partials(
    dir: std::path::PathBuf,
    cutoff: std::time::SystemTime,
) -> std::io::Result<u64> {
    tokio::task::spawn_blocking(move || {
        let mut removed = 0;
        let mut pending = vec![dir];
        while let Some(dir) = pending.pop() {
            let entries = match std::fs::read_dir(&dir) {
                Ok(entries) => entries,
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
                Err(err) => return Err(err),
            };
            for entry in entries {
                let entry = entry?;
                let kind = entry.file_type()?;
                if kind.is_dir() {
                    pending.push(entry.path());
                } else if kind.is_file()
                    && is_partial(&entry.file_name().to_string_lossy())
                    && entry.metadata()?.modified()? < cutoff
                {
                    std::fs::remove_file(entry.path())?;
                    removed += 1;
                }
            }
        }
        Ok(removed)
    })
    .await
    .map_err(std::io::Error::other)?
}

/// `<name>#<digits>`: a local write in progress (or cut off).
fn is_partial(name: &str) -> bool {
    name.rsplit_once('#').is_some_and(|(stem, n)| {
        !stem.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    #[test]
    fn partial_names_are_the_stores_staging_names() {
        assert!(is_partial("2f1c0a7e-6b1d-4c1e-9d5a-1c2b3d4e5f60#1"));
        assert!(is_partial("logo.png#12"));
        assert!(!is_partial("report#final.pdf"));
        assert!(!is_partial("#1"));
        assert!(!is_partial("scan.pdf"));
    }

    #[tokio::test]
    async fn a_cut_off_upload_is_removed_once_it_is_old_and_a_live_one_is_kept() {
        let root = std::env::temp_dir().join(format!("lh-partials-{}", uuid::Uuid::new_v4()));
        let fleet = root.join("fleet-documents").join("f1");
        std::fs::create_dir_all(&fleet).unwrap();
        let old = fleet.join("a1#1");
        let young = fleet.join("b2#1");
        let whole = fleet.join("c3");
        for f in [&old, &young, &whole] {
            std::fs::write(f, b"%PDF-1.7 partial").unwrap();
        }
        let hour_ago = SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options()
            .write(true)
            .open(&old)
            .unwrap()
            .set_modified(hour_ago - Duration::from_secs(3600))
            .unwrap();
        let removed = remove_stale_partials(root.clone(), hour_ago).await.unwrap();
        assert_eq!(removed, 1);
        assert!(!old.exists());
        assert!(young.exists(), "an upload in flight stays");
        assert!(whole.exists(), "a stored object is not a partial");
        std::fs::remove_dir_all(root).unwrap();
    }
}
