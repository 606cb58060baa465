//! One file field of a multipart upload, read to a size limit.

use axum::extract::Multipart;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::http::StatusCode;

#[derive(Debug)]
pub enum UploadError {
    /// Not multipart/form-data at all.
    NotMultipart,
    /// The field, or the whole body, is over the limit.
    TooLarge,
    /// No field of that name.
    Missing,
    /// The body does not parse as multipart.
    Malformed(String),
}

impl UploadError {
    fn from_read(err: MultipartError) -> Self {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
            UploadError::TooLarge
        } else {
            UploadError::Malformed(err.body_text())
        }
    }
}

/// The bytes of the field `name`. The body is read to its end even past the
/// limit (so the client sees the 413 rather than a reset connection),
/// keeping nothing beyond the limit.
pub async fn read_file_field(
    multipart: Result<Multipart, MultipartRejection>,
    name: &str,
    limit: usize,
) -> Result<Vec<u8>, UploadError> {
    let mut multipart = multipart.map_err(|_| UploadError::NotMultipart)?;
    while let Some(mut field) = multipart
        .next_field()
        .await
        .map_err(UploadError::from_read)?
    {
        if field.name() != Some(name) {
            continue;
        }
        let mut buffer = Vec::new();
        let mut too_big = false;
        while let Some(chunk) = field.chunk().await.map_err(UploadError::from_read)? {
            if buffer.len() + chunk.len() > limit {
                too_big = true;
                buffer = Vec::new();
            }
            if !too_big {
                buffer.extend_from_slice(&chunk);
            }
        }
        return if too_big {
            Err(UploadError::TooLarge)
        } else {
            Ok(buffer)
        };
    }
    Err(UploadError::Missing)
}
