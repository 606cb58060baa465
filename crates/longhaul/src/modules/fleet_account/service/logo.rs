//! The company logo in the file store (object_store: a local directory by
//! default). The file is written before the row points at it, and the old
//! file removed after, so a crash never leaves the row pointing at nothing.

use crate::modules::fleet_account::error::FleetAccountError;
use crate::modules::fleet_account::repo;
use bytes::Bytes;
use chrono::Utc;
use db::tenancy::TenantScope;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};

pub const MAX_LOGO_BYTES: usize = 2 * 1024 * 1024;
/// Bodies up to this size are read to their end; larger ones are cut off.
pub const MAX_UPLOAD_BODY: usize = 16 * 1024 * 1024;

/// The image type by its first bytes; the client's declared type is not trusted.
pub fn sniff_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Stores a new logo and points the account at it; the old file goes after.
pub async fn save_logo(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    bytes: Bytes,
) -> Result<(), FleetAccountError> {
    if bytes.is_empty() {
        return Err(FleetAccountError::LogoMissing);
    }
    if bytes.len() > MAX_LOGO_BYTES {
        return Err(FleetAccountError::LogoTooLarge);
    }
    let content_type = sniff_image(&bytes).ok_or(FleetAccountError::LogoNotImage)?;
    let path = format!(
        "fleets/{}/logo-{}",
        scope.fleet_account_id(),
        uuid::Uuid::new_v4().simple()
    );
    files
        .put(&Path::from(path.clone()), PutPayload::from_bytes(bytes))
        .await?;
    let old = point_logo_at(db, scope, Some((path, content_type))).await?;
    remove_quietly(files, old).await;
    Ok(())
}

pub async fn delete_logo(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
) -> Result<(), FleetAccountError> {
    let old = point_logo_at(db, scope, None).await?;
    remove_quietly(files, old).await;
    Ok(())
}

/// Sets (or clears) the account's logo; returns the path it had.
async fn point_logo_at(
    db: &DatabaseConnection,
    scope: TenantScope,
    logo: Option<(String, &str)>,
) -> Result<Option<String>, FleetAccountError> {
    let txn = db::tenancy::write(db, scope).await?;
    let fleet = repo::account(&txn)
        .await?
        .ok_or(FleetAccountError::NotFound)?;
    let old = fleet.logo_path.clone();
    let (path, content_type) = logo.unzip();
    let mut active = fleet.into_active_model();
    active.logo_path = Set(path);
    active.logo_content_type = Set(content_type.map(str::to_owned));
    active.updated_at = Set(Utc::now());
    repo::save(&txn, active).await?;
    txn.commit().await?;
    Ok(old)
}

async fn remove_quietly(files: &dyn ObjectStore, path: Option<String>) {
    if let Some(path) = path
        && let Err(err) = files.delete(&Path::from(path)).await
    {
        tracing::warn!(error = %err, "old logo could not be removed");
    }
}

/// The logo's content type and bytes.
pub async fn load_logo(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
) -> Result<(String, Bytes), FleetAccountError> {
    let txn = db::tenancy::read(db, scope).await?;
    let fleet = repo::account(&txn)
        .await?
        .ok_or(FleetAccountError::NotFound)?;
    txn.commit().await?;
    let (Some(path), Some(content_type)) = (fleet.logo_path, fleet.logo_content_type) else {
        return Err(FleetAccountError::NotFound);
    };
    let not_found = |err: object_store::Error| match err {
        object_store::Error::NotFound { .. } => FleetAccountError::NotFound,
        other => other.into(),
    };
    let bytes = files
        .get(&Path::from(path))
        .await
        .map_err(not_found)?
        .bytes()
        .await?;
    Ok((content_type, bytes))
}
