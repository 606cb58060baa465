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
