//! The one place a `fleet_documents` row is made: an upload filed by the
//! office (service.rs), a driver's renewal accepted in the driver portal
//! and a load's document (`file_for_load`) all file their stored object here.

use crate::modules::documents::repo;
use chrono::{NaiveDate, Utc};
use db::entities::fleet_document;
use db::tenancy::FleetTx;
use sea_orm::{DbErr, Set};
use uuid::Uuid;

/// A stored object and what it is, to be filed as one of the fleet's documents.
pub struct NewDocument {
    pub id: Uuid,
    pub name: String,
    pub document_type: String,
    pub description: Option<String>,
    /// The object's key in the file store.
    pub file_path: String,
    pub file_name: String,
    pub file_type: String,
    pub file_size: i64,
    pub issue_date: Option<NaiveDate>,
    pub expiration_date: Option<NaiveDate>,
    pub shared_with_drivers: bool,
    pub truck_id: Option<Uuid>,
    pub trailer_id: Option<Uuid>,
    pub driver_id: Option<Uuid>,
}

/// Inserts the document row in the caller's transaction. A second row for
/// the same object is a unique violation the caller maps to its conflict.
pub async fn file(
    tx: &FleetTx,
    created_by: Uuid,
    document: NewDocument,
) -> Result<fleet_document::Model, DbErr> {
    file_on(tx, Some(created_by), document, None).await
}

/// `file`, on a load when `load_id` is given (the caller has checked the
/// load is the fleet's).
pub(super) async fn file_on(
    tx: &FleetTx,
    created_by: Option<Uuid>,
    document: NewDocument,
    load_id: Option<Uuid>,
) -> Result<fleet_document::Model, DbErr> {
    repo::insert(
        tx,
        fleet_document::ActiveModel {
            id: Set(document.id),
            fleet_account_id: Set(tx.scope().fleet_account_id()),
            name: Set(document.name),
            // Derived from the name as the row is saved (the entity's `before_save`).
            search_name: Set(String::new()),
            document_type: Set(document.document_type),
            description: Set(document.description),
            file_path: Set(document.file_path),
            file_name: Set(document.file_name),
            file_type: Set(document.file_type),
            file_size: Set(document.file_size),
            issue_date: Set(document.issue_date),
            expiration_date: Set(document.expiration_date),
            is_shared_with_drivers: Set(document.shared_with_drivers),
            truck_id: Set(document.truck_id),
            trailer_id: Set(document.trailer_id),
            driver_id: Set(document.driver_id),
            load_id: Set(load_id),
            created_by: Set(created_by),
            created_at: Set(Utc::now()),
            ..Default::default()
        },
    )
    .await
}
