//! The company logo in the file store (object_store: a local directory by
//! default). The file is written before the row points at it, and the old
//! file removed after, so a crash never leaves the row pointing at nothing.

use super::repo;
use crate::http::ApiError;
use crate::state::AppState;
use axum::http::StatusCode;
use bytes::Bytes;
use chrono::Utc;
use db::tenancy::TenantScope;
use object_store::path::Path;
use object_store::{ObjectStoreExt, PutPayload};
use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};

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

pub fn too_large() -> ApiError {
    ApiError::PayloadTooLarge("The logo must be at most 2 MB".into())
}

pub async fn save_logo(state: &AppState, scope: TenantScope, bytes: Bytes) -> Result<(), ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::field("logo", "Choose an image file"));
    }
    if bytes.len() > MAX_LOGO_BYTES {
        return Err(too_large());
    }
    let content_type = sniff_image(&bytes).ok_or_else(|| {
        ApiError::UnsupportedMediaType("The logo must be a PNG, JPEG, WebP or GIF image".into())
    })?;
    let path = format!(
        "fleets/{}/logo-{}",
        scope.fleet_account_id(),
        uuid::Uuid::new_v4().simple()
    );
    state
        .files
        .put(&Path::from(path.clone()), PutPayload::from_bytes(bytes))
        .await
        .map_err(ApiError::internal)?;
    let txn = repo::begin_write(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let old = fleet.logo_path.clone();
    let mut active = fleet.into_active_model();
    active.logo_path = Set(Some(path));
    active.logo_content_type = Set(Some(content_type.to_owned()));
    active.updated_at = Set(Utc::now());
    active.update(&txn).await?;
    txn.commit().await?;
    remove_quietly(state, old).await;
    Ok(())
}

pub async fn delete_logo(state: &AppState, scope: TenantScope) -> Result<(), ApiError> {
    let txn = repo::begin_write(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let old = fleet.logo_path.clone();
    let mut active = fleet.into_active_model();
    active.logo_path = Set(None);
    active.logo_content_type = Set(None);
    active.updated_at = Set(Utc::now());
    active.update(&txn).await?;
    txn.commit().await?;
    remove_quietly(state, old).await;
    Ok(())
}

async fn remove_quietly(state: &AppState, path: Option<String>) {
    if let Some(path) = path
        && let Err(err) = state.files.delete(&Path::from(path)).await
    {
        tracing::warn!(error = %err, "old logo could not be removed");
    }
}

pub async fn load_logo(state: &AppState, scope: TenantScope) -> Result<(String, Bytes), ApiError> {
    let txn = repo::begin(&state.db, scope).await?;
    let fleet = repo::account(scope)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    txn.commit().await?;
    let (Some(path), Some(content_type)) = (fleet.logo_path, fleet.logo_content_type) else {
        return Err(ApiError::NotFound);
    };
    let bytes = state
        .files
        .get(&Path::from(path))
        .await
        .map_err(|err| match err {
            object_store::Error::NotFound { .. } => ApiError::NotFound,
            other => ApiError::internal(other),
        })?
        .bytes()
        .await
        .map_err(ApiError::internal)?;
    Ok((content_type, bytes))
}

pub fn status_for_multipart(err: &axum::extract::multipart::MultipartError) -> StatusCode {
    err.status()
}
