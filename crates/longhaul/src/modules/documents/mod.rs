//! Fleet documents (spec part 2 §2–§9, issue 12): uploads streamed into the
//! file store, the list with its tabs and filters, download, delete, and
//! the sweep that removes objects no row points at. The web's
//! `features/documents` has the same name.

pub mod dto;
pub mod error;
pub mod jobs;
mod repo;
pub mod routes;
pub mod service;

pub use error::DocumentsError;
pub use filing::{NewDocument, file};
/// Files a received upload (a load's when `load_id` is given): the loads'
/// own upload route files its documents through it.
pub use service::create as file_upload;
/// The names of the fleet's trucks, trailers and drivers by id, as the
/// documents list shows them (the compliance calendar shows them too).
use service::filing;
pub use service::{
    PhoneDocument, StoredObject, by_client_id, file_for_load, file_from_phone, sweep, upload,
};
/// What the driver portal's renewals share with an office upload: the form's
/// date and error rules and the store's key for a new object.
pub(crate) use service::{date, invalid, new_object_path};

/// The spec's bucket, as the prefix of every document's key in the store:
/// `fleet-documents/{fleet}/{uuid}`.
pub const KEY_PREFIX: &str = "fleet-documents";
