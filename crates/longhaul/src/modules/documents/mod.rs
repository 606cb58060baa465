//! Fleet documents (spec part 2 §2–§9, issue 12): uploads streamed into the
//! file store, the list with its tabs and filters, download, delete, and
//! the sweep that removes objects no row points at. The web's
//! `features/documents` has the same name.

pub mod dto;
pub mod error;
pub mod jobs;
pub mod repo;
pub mod routes;
pub mod service;
mod sniff;
pub mod sweep;
pub mod upload;

pub use error::DocumentsError;

/// The spec's bucket, as the prefix of every document's key in the store:
/// `fleet-documents/{fleet}/{uuid}`.
pub const KEY_PREFIX: &str = "fleet-documents";
