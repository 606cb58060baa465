//! Receiving an upload: the multipart body is read once, front to back. Text
//! fields are kept (each bounded); the file is checked by its first bytes
//! and then streamed into the file store in parts, so no more than a part
//! or two of it is ever in memory. Whatever goes wrong, the rest of the body
//! is read and dropped (so the client sees our answer, not a reset
//! connection) and an object begun is aborted.

use super::sniff::{HEAD_BYTES, PHOTO_OR_PDF, sniff, sniff_among};
use crate::modules::documents::DocumentsError;
use axum::extract::Multipart;
use axum::extract::multipart::{Field, MultipartError};
use axum::http::StatusCode;
use bytes::Bytes;
use domain::documents::{clean_file_name, size_for_people};
use domain::texts;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, WriteMultipart};
use std::collections::HashMap;

/// Parts of this size go to the store (S3's smallest part but the last).
const PART_BYTES: usize = 5 * 1024 * 1024;
/// Longest text field kept; longer ones are refused by the service's checks.
const FIELD_BYTES: usize = 16 * 1024;
/// At most this many text fields.
const MAX_FIELDS: usize = 32;

/// The file as stored.
pub struct StoredFile {
    pub path: Path,
    pub file_name: String,
    pub mime: &'static str,
    pub size: u64,
}

/// The form's text fields and, when one came, the stored file.
pub struct Received {
    pub fields: HashMap<String, String>,
    pub file: Option<StoredFile>,
}

impl Received {
    pub fn text(&self, name: &str) -> Option<&str> {
        self.fields
            .get(name)
            .map(|v| v.trim())
            .filter(|v| !v.is_empty())
    }
}

fn malformed(err: MultipartError) -> DocumentsError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        DocumentsError::TooLarge(err.body_text())
    } else {
        DocumentsError::Malformed(err.body_text())
    }
}

/// Reads the whole form, storing the field `file` at `path`. `limit` is the
/// largest file accepted, in bytes.
pub async fn receive(
    store: &dyn ObjectStore,
    multipart: Multipart,
    path: Path,
    limit: u64,
) -> Result<Received, DocumentsError> {
    receive_gated(store, multipart, limit, Accept::Documents, |_| async move {
        Ok(Some(path))
    })
    .await
}

/// Which files an upload takes, judged by their first bytes.
#[derive(Debug, Clone, Copy)]
pub enum Accept {
    /// The fleet's documents (`sniff`).
    Documents,
    /// A photo or a PDF from a driver's phone; the 415 says so with `message`
    /// (its `{found}` filled).
    PhotoOrPdf { message: &'static str },
}

/// `receive`, asking `gate` with the text fields read so far, as the file
/// field begins, where to store it: `None` reads the file and drops it (a
/// repeat of an upload already filed stores nothing). Clients send the
/// fields the gate needs before the file.
pub async fn receive_gated<G, F>(
    store: &dyn ObjectStore,
    mut multipart: Multipart,
    limit: u64,
    accept: Accept,
    gate: G,
) -> Result<Received, DocumentsError>
where
    G: FnOnce(&HashMap<String, String>) -> F,
    F: Future<Output = Result<Option<Path>, DocumentsError>>,
{
    let mut received = Received {
        fields: HashMap::new(),
        file: None,
    };
    let mut gate = Some(gate);
    let outcome = async {
        while let Some(mut field) = multipart.next_field().await.map_err(malformed)? {
            let name = field.name().unwrap_or_default().to_owned();
            if name == "file" {
                let Some(gate) = gate.take() else {
                    return Err(DocumentsError::Malformed("send one file per upload".into()));
                };
                match gate(&received.fields).await? {
                    Some(path) => {
                        received.file = Some(store_file(store, field, &path, limit, accept).await?)
                    }
                    None => {
                        let mut size = 0u64;
                        while let Some(chunk) = field.chunk().await.map_err(malformed)? {
                            size += chunk.len() as u64;
                            if size > limit {
                                return Err(too_large(limit));
                            }
                        }
                    }
                }
            } else {
                if received.fields.len() >= MAX_FIELDS {
                    return Err(DocumentsError::Malformed("too many form fields".into()));
                }
                let value = read_text(field).await?;
                received.fields.insert(name, value);
            }
        }
        Ok(())
    }
    .await;
    match outcome {
        Ok(()) => Ok(received),
        Err(err) => {
            drain(&mut multipart, limit).await;
            if let Some(file) = &received.file {
                remove_quietly(store, &file.path).await;
            }
            Err(err)
        }
    }
}

/// A text field, at most `FIELD_BYTES` kept (the rest read and dropped).
async fn read_text(mut field: Field<'_>) -> Result<String, DocumentsError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(malformed)? {
        let room = FIELD_BYTES.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
    }
    String::from_utf8(bytes)
        .map_err(|_| DocumentsError::Malformed("a form field is not UTF-8 text".into()))
}

fn too_large(limit: u64) -> DocumentsError {
    DocumentsError::TooLarge(
        texts()
            .documents
            .file_too_large
            .replace("{limit}", &size_for_people(limit)),
    )
}

async fn store_file(
    store: &dyn ObjectStore,
    mut field: Field<'_>,
    path: &Path,
    limit: u64,
    accept: Accept,
) -> Result<StoredFile, DocumentsError> {
    let file_name = clean_file_name(field.file_name().unwrap_or_default());
    // The head decides the type before anything is stored.
    let mut head = Vec::new();
    let mut complete = false;
    while head.len() < HEAD_BYTES {
        match field.chunk().await.map_err(malformed)? {
            Some(chunk) => head.extend_from_slice(&chunk),
            None => {
                complete = true;
                break;
            }
        }
    }
    if head.is_empty() {
        return Err(DocumentsError::Invalid {
            field: "file",
            message: texts().documents.file_empty.clone(),
        });
    }
    if head.len() as u64 > limit {
        return Err(too_large(limit));
    }
    let mime = match accept {
        Accept::Documents => sniff(&head, &file_name, complete),
        Accept::PhotoOrPdf { message } => {
            sniff_among(&head, &PHOTO_OR_PDF).map_err(|found| message.replace("{found}", &found))
        }
    }
    .map_err(DocumentsError::Unsupported)?;

    let upload = store.put_multipart(path).await?;
    let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
    let mut size = head.len() as u64;
    writer.put(Bytes::from(head));
    let streamed: Result<(), DocumentsError> = async {
        while let Some(chunk) = field.chunk().await.map_err(malformed)? {
            size += chunk.len() as u64;
            if size > limit {
                return Err(too_large(limit));
            }
            // Back-pressure: at most one part in flight besides the one filling.
            writer.wait_for_capacity(1).await?;
            writer.put(chunk);
        }
        Ok(())
    }
    .await;
    if let Err(err) = streamed {
        if let Err(abort) = writer.abort().await {
            tracing::warn!(error = %abort, "aborting a refused upload's object failed; the sweep removes it");
        }
        return Err(err);
    }
    writer.finish().await?;
    Ok(StoredFile {
        path: path.clone(),
        file_name,
        mime,
        size,
    })
}

/// Reads what is left of the body so the client gets the answer; stops
/// after a few times the limit (a client sending more is not listening).
async fn drain(multipart: &mut Multipart, limit: u64) {
    let mut budget = limit.saturating_mul(4).max(64 * 1024 * 1024);
    while let Ok(Some(mut field)) = multipart.next_field().await {
        while let Ok(Some(chunk)) = field.chunk().await {
            budget = budget.saturating_sub(chunk.len() as u64);
            if budget == 0 {
                return;
            }
        }
    }
}

/// Removes an object, logging (not failing) when it cannot: the orphan
/// sweep removes what is left.
pub async fn remove_quietly(store: &dyn ObjectStore, path: &Path) {
    if let Err(err) = store.delete(path).await
        && !matches!(err, object_store::Error::NotFound { .. })
    {
        tracing::warn!(%path, error = %err, "removing a document's object failed; the sweep retries it");
    }
}
