//! The documents API's request and response types.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The truck or trailer a document is for.
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentVehicle {
    /// truck | trailer
    pub kind: String,
    pub id: String,
    pub name: String,
    /// The ELD's vehicle id or the trailer id.
    pub identifier: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentDriver {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentItem {
    pub id: String,
    pub name: String,
    /// One of the twelve stored type values.
    pub document_type: String,
    pub description: Option<String>,
    /// The uploaded file's name, offered on download.
    pub file_name: String,
    /// The MIME type found in the file's bytes.
    pub file_type: String,
    /// Bytes.
    pub file_size: i64,
    /// YYYY-MM-DD
    pub issue_date: Option<NaiveDate>,
    /// YYYY-MM-DD
    pub expiration_date: Option<NaiveDate>,
    /// none | expired | expiring_soon | valid
    pub status: String,
    pub is_shared_with_drivers: bool,
    pub vehicle: Option<DocumentVehicle>,
    pub driver: Option<DocumentDriver>,
    /// The load it is filed on (a rate confirmation, BOL, POD…).
    pub load_id: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A load's documents, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoadDocumentList {
    pub items: Vec<DocumentItem>,
}

/// The badge and banner counts: the fleet's (or the asset's) documents,
/// whatever the other filters.
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentCounts {
    pub expiring_soon: u64,
    pub expired: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentPage {
    pub items: Vec<DocumentItem>,
    /// How many documents the filters find (all pages).
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
    pub counts: DocumentCounts,
}

/// The documents list's filters (spec §3 'Document filter state' and §7).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DocumentListQuery {
    /// all (default) | expiring_soon | expired
    pub tab: Option<String>,
    /// Case-insensitive text in the document's name.
    pub q: Option<String>,
    /// One of the twelve type values.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub document_type: Option<String>,
    /// Uploaded on or after this day (YYYY-MM-DD, UTC).
    pub from: Option<String>,
    /// Uploaded on or before this day (YYYY-MM-DD, UTC).
    pub to: Option<String>,
    /// A truck's or a trailer's id.
    pub vehicle_id: Option<String>,
    pub driver_id: Option<String>,
    pub page: Option<u64>,
    pub per_page: Option<u64>,
}
