//! The documents' rules: what a valid upload is, the list and its counts,
//! and the order of the two stores' writes — a row only for a stored
//! object; on delete the row first, then the object (what is left behind
//! is an object no row points at, which the sweep removes).

use super::dto::{DocumentCounts, DocumentDriver, DocumentItem, DocumentPage, DocumentVehicle};
use super::repo::{self, DocumentFilter};
use super::upload::{Received, remove_quietly};
use super::{DocumentsError, KEY_PREFIX};
use crate::modules::fleet_account::time_zone::fleet_today_in;
use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{fleet_document, fleet_driver, fleet_trailer, fleet_vehicle, load};
use db::tenancy::{FleetTx, TenantScope};
use domain::documents::{expiry_status, is_document_type, is_load_document_type};
use domain::fleet::driver_display_name;
use domain::text_input::clean_text;
use domain::texts;
use filing::NewDocument;
use object_store::path::Path;
use object_store::{GetResult, ObjectStore, ObjectStoreExt};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

const NAME_MAX_CHARS: usize = 200;
const DESCRIPTION_MAX_CHARS: usize = 2000;

/// Where a new document of the fleet is stored: `fleet-documents/{fleet}/{uuid}`.
pub fn new_object_path(scope: TenantScope) -> Path {
    Path::from(format!(
        "{KEY_PREFIX}/{}/{}",
        scope.fleet_account_id(),
        Uuid::new_v4()
    ))
}

/// The day the expiry status and tabs are counted from: the fleet's
/// calendar day at `now`, in its home time zone (decision 043).
async fn today(tx: &FleetTx, now: DateTime<Utc>) -> Result<NaiveDate, DocumentsError> {
    Ok(fleet_today_in(tx, now).await?)
}

pub(crate) fn invalid(field: &'static str, message: &str) -> DocumentsError {
    DocumentsError::Invalid {
        field,
        message: message.to_owned(),
    }
}

pub(crate) fn date(
    received: &Received,
    field: &'static str,
) -> Result<Option<NaiveDate>, DocumentsError> {
    received
        .text(field)
        .map(|raw| {
            NaiveDate::parse_from_str(raw, "%Y-%m-%d")
                .map_err(|_| invalid(field, &texts().documents.date_invalid))
        })
        .transpose()
}

fn uuid_field(
    received: &Received,
    field: &'static str,
    not_found: &str,
) -> Result<Option<Uuid>, DocumentsError> {
    received
        .text(field)
        .map(|raw| Uuid::parse_str(raw).map_err(|_| invalid(field, not_found)))
        .transpose()
}

/// The checked form of an upload (everything but the file).
struct CheckedForm {
    name: String,
    document_type: String,
    description: Option<String>,
    issue_date: Option<NaiveDate>,
    expiration_date: Option<NaiveDate>,
    shared: bool,
    truck_id: Option<Uuid>,
    trailer_id: Option<Uuid>,
    driver_id: Option<Uuid>,
}

/// `on_load`: the upload is a load's (its type must be a load's, and it
/// names no truck, trailer or driver); otherwise a load's type is refused.
fn check_form(received: &Received, on_load: bool) -> Result<CheckedForm, DocumentsError> {
    let t = &texts().documents;
    if received.file.is_none() {
        return Err(invalid("file", &t.file_required));
    }
    let name = received
        .text("name")
        .map(|n| clean_text(n, false))
        .unwrap_or_default();
    if name.is_empty() {
        return Err(invalid("name", &t.required_fields));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(invalid("name", &t.name_too_long));
    }
    let document_type = received
        .text("document_type")
        .ok_or_else(|| invalid("document_type", &t.required_fields))?;
    match (on_load, is_load_document_type(document_type)) {
        (true, false) => {
            return Err(invalid(
                "document_type",
                &t.load_documents.type_not_for_load,
            ));
        }
        (false, true) => {
            return Err(invalid(
                "document_type",
                &t.load_documents.type_on_load_only,
            ));
        }
        (false, false) if !is_document_type(document_type) => {
            return Err(invalid("document_type", &t.unknown_document_type));
        }
        _ => {}
    }
    let description = received
        .text("description")
        .map(|d| clean_text(d, true))
        .filter(|d| !d.is_empty());
    if description
        .as_ref()
        .is_some_and(|d| d.chars().count() > DESCRIPTION_MAX_CHARS)
    {
        return Err(invalid("description", &t.description_too_long));
    }
    let issue_date = date(received, "issue_date")?;
    let expiration_date = date(received, "expiration_date")?;
    if let (Some(issued), Some(expires)) = (issue_date, expiration_date)
        && expires < issued
    {
        return Err(invalid("expiration_date", &t.expiration_before_issue));
    }
    let vehicle = uuid_field(received, "vehicle_id", &t.vehicle_not_found)?;
    let (truck_id, trailer_id) = match (received.text("vehicle_type"), vehicle) {
        (_, None) => (None, None),
        (Some("truck"), Some(id)) => (Some(id), None),
        (Some("trailer"), Some(id)) => (None, Some(id)),
        (_, Some(_)) => return Err(invalid("vehicle_type", &t.vehicle_type_required)),
    };
    let shared = matches!(
        received.text("share_with_drivers"),
        Some("true" | "on" | "1")
    );
    if on_load {
        // A load's paper is the load's: no truck, trailer or driver of its own.
        return Ok(CheckedForm {
            name,
            document_type: document_type.to_owned(),
            description,
            issue_date,
            expiration_date,
            shared,
            truck_id: None,
            trailer_id: None,
            driver_id: None,
        });
    }
    Ok(CheckedForm {
        name,
        document_type: document_type.to_owned(),
        description,
        issue_date,
        expiration_date,
        shared,
        truck_id,
        trailer_id,
        driver_id: uuid_field(received, "driver_id", &t.driver_not_found)?,
    })
}

/// Files a received upload: checks the form, then inserts the row for the
/// stored object — on the load `load_id` names, when it does (another
/// fleet's load is not found). The object is removed again when anything
/// fails, and the sweep removes it if the process dies first.
pub async fn create(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    created_by: Uuid,
    load_id: Option<Uuid>,
    received: Received,
    now: DateTime<Utc>,
) -> Result<DocumentItem, DocumentsError> {
    let stored_path = received.file.as_ref().map(|f| f.path.clone());
    let result = insert_row(db, scope, created_by, load_id, &received).await;
    if result.is_err()
        && let Some(path) = stored_path
    {
        remove_quietly(files, &path).await;
    }
    let row = result?;
    let txn = db::tenancy::read(db, scope).await?;
    let item = item_of(&txn, row, now).await?;
    txn.commit().await?;
    Ok(item)
}

async fn insert_row(
    db: &DatabaseConnection,
    scope: TenantScope,
    created_by: Uuid,
    load_id: Option<Uuid>,
    received: &Received,
) -> Result<fleet_document::Model, DocumentsError> {
    let txn = db::tenancy::write(db, scope).await?;
    if let Some(id) = load_id
        && !repo::has::<load::Entity>(&txn, id).await?
    {
        return Err(DocumentsError::NotFound);
    }
    let form = check_form(received, load_id.is_some())?;
    let Some(file) = &received.file else {
        return Err(invalid("file", &texts().documents.file_required));
    };
    let t = &texts().documents;
    if let Some(id) = form.truck_id
        && !repo::has::<fleet_vehicle::Entity>(&txn, id).await?
    {
        return Err(invalid("vehicle_id", &t.vehicle_not_found));
    }
    if let Some(id) = form.trailer_id
        && !repo::has::<fleet_trailer::Entity>(&txn, id).await?
    {
        return Err(invalid("vehicle_id", &t.vehicle_not_found));
    }
    if let Some(id) = form.driver_id
        && !repo::has::<fleet_driver::Entity>(&txn, id).await?
    {
        return Err(invalid("driver_id", &t.driver_not_found));
    }
    let row = filing::file_on(
        &txn,
        Some(created_by),
        NewDocument {
            id: Uuid::new_v4(),
            name: form.name,
            document_type: form.document_type,
            description: form.description,
            file_path: file.path.to_string(),
            file_name: file.file_name.clone(),
            file_type: file.mime.to_owned(),
            file_size: file.size as i64,
            issue_date: form.issue_date,
            expiration_date: form.expiration_date,
            shared_with_drivers: form.shared,
            truck_id: form.truck_id,
            trailer_id: form.trailer_id,
            driver_id: form.driver_id,
        },
        load_id,
    )
    .await?;
    txn.commit().await?;
    Ok(row)
}

/// The most documents one load lists.
const LOAD_DOCUMENTS_MAX: u64 = 200;

/// A load's documents, newest first; another fleet's load is not found.
pub async fn list_for_load(
    db: &DatabaseConnection,
    scope: TenantScope,
    load_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<DocumentItem>, DocumentsError> {
    let txn = db::tenancy::read(db, scope).await?;
    if !repo::has::<load::Entity>(&txn, load_id).await? {
        return Err(DocumentsError::NotFound);
    }
    let rows = repo::of_load(&txn, load_id, LOAD_DOCUMENTS_MAX).await?;
    let items = items_of(&txn, rows, today(&txn, now).await?).await?;
    txn.commit().await?;
    Ok(items)
}

/// An object already in the file store, to be filed as a load's document.
pub struct StoredObject {
    /// Its key: under the fleet's `fleet-documents/{fleet}/` prefix.
    pub file_path: String,
    pub file_name: String,
    /// Its MIME type (`application/pdf`).
    pub file_type: String,
    pub file_size: i64,
}

/// Files an object already stored (a rate confirmation the rate-con
/// reader kept, say) as the load's document of `document_type`, in the
/// caller's transaction, and returns the document's id. Another fleet's
/// load is not found; a key outside the fleet's prefix, or a type that is
/// not a load's, is refused.
pub async fn file_for_load(
    tx: &FleetTx,
    load_id: Uuid,
    document_type: &str,
    object: StoredObject,
    created_by: Option<Uuid>,
) -> Result<Uuid, DocumentsError> {
    let t = &texts().documents;
    if !is_load_document_type(document_type) {
        return Err(invalid(
            "document_type",
            &t.load_documents.type_not_for_load,
        ));
    }
    let prefix = format!("{KEY_PREFIX}/{}/", tx.scope().fleet_account_id());
    if !object.file_path.starts_with(&prefix) {
        return Err(DocumentsError::NotFound);
    }
    if !repo::has::<load::Entity>(tx, load_id).await? {
        return Err(DocumentsError::NotFound);
    }
    let file_name = domain::documents::clean_file_name(&object.file_name);
    let stem = file_name.split('.').next().unwrap_or_default().trim();
    let name = if stem.is_empty() {
        t.types
            .get(document_type)
            .cloned()
            .unwrap_or_else(|| document_type.to_owned())
    } else {
        stem.chars().take(NAME_MAX_CHARS).collect()
    };
    let row = filing::file_on(
        tx,
        created_by,
        NewDocument {
            id: Uuid::new_v4(),
            name,
            document_type: document_type.to_owned(),
            description: None,
            file_path: object.file_path,
            file_name,
            file_type: object.file_type,
            file_size: object.file_size,
            issue_date: None,
            expiration_date: None,
            shared_with_drivers: false,
            truck_id: None,
            trailer_id: None,
            driver_id: None,
        },
        Some(load_id),
    )
    .await?;
    Ok(row.id)
}

/// A POD or receipt a driver's phone sent, at a stop of a load (issue 32).
pub struct PhoneDocument {
    pub load_id: Uuid,
    pub stop_id: Uuid,
    /// proof_of_delivery | lumper_receipt | scale_ticket
    pub document_type: String,
    /// The phone's id of the upload: unique in the fleet.
    pub client_id: String,
    pub receiver_name: Option<String>,
    pub amount_cents: Option<i64>,
    pub object: StoredObject,
}

/// The document a phone filed under `client_id`, if any.
pub async fn by_client_id(
    tx: &FleetTx,
    client_id: &str,
) -> Result<Option<fleet_document::Model>, DocumentsError> {
    Ok(repo::by_client_id(tx, client_id).await?)
}

/// Files the phone's document on its load and stop, shared with drivers,
/// in the caller's transaction; `None` when the client id was filed
/// already (the unique index decides: of two at once, one row is kept).
pub async fn file_from_phone(
    tx: &FleetTx,
    document: PhoneDocument,
) -> Result<Option<fleet_document::Model>, DocumentsError> {
    let prefix = format!("{KEY_PREFIX}/{}/", tx.scope().fleet_account_id());
    if !document.object.file_path.starts_with(&prefix) {
        return Err(DocumentsError::NotFound);
    }
    let file_name = domain::documents::clean_file_name(&document.object.file_name);
    let name = texts()
        .documents
        .types
        .get(&document.document_type)
        .cloned()
        .unwrap_or_else(|| document.document_type.clone());
    let id = Uuid::new_v4();
    let row = fleet_document::ActiveModel {
        id: sea_orm::Set(id),
        fleet_account_id: sea_orm::Set(tx.scope().fleet_account_id()),
        search_name: sea_orm::Set(fleet_document::search_name(&name)),
        name: sea_orm::Set(name),
        document_type: sea_orm::Set(document.document_type),
        description: sea_orm::Set(None),
        file_path: sea_orm::Set(document.object.file_path),
        file_name: sea_orm::Set(file_name),
        file_type: sea_orm::Set(document.object.file_type),
        file_size: sea_orm::Set(document.object.file_size),
        issue_date: sea_orm::Set(None),
        expiration_date: sea_orm::Set(None),
        is_shared_with_drivers: sea_orm::Set(true),
        truck_id: sea_orm::Set(None),
        trailer_id: sea_orm::Set(None),
        driver_id: sea_orm::Set(None),
        load_id: sea_orm::Set(Some(document.load_id)),
        created_by: sea_orm::Set(None),
        created_at: sea_orm::Set(Utc::now()),
        stop_id: sea_orm::Set(Some(document.stop_id)),
        client_id: sea_orm::Set(Some(document.client_id)),
        receiver_name: sea_orm::Set(document.receiver_name),
        amount_cents: sea_orm::Set(document.amount_cents),
    };
    if !repo::insert_once(tx, row).await? {
        return Ok(None);
    }
    Ok(repo::find(tx, id).await?)
}

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
    filter: &DocumentFilter,
    now: DateTime<Utc>,
) -> Result<DocumentPage, DocumentsError> {
    let txn = db::tenancy::read(db, scope).await?;
    let today = today(&txn, now).await?;
    let mut filter = filter.clone();
    if let Some(repo::Vehicle::Either(id)) = filter.vehicle {
        filter.vehicle = Some(repo::resolve_vehicle(&txn, id).await?);
    }
    let filter = &filter;
    let (rows, total) = repo::page(&txn, filter, today).await?;
    let (expiring_soon, expired) = repo::tab_counts(&txn, filter, today).await?;
    let items = items_of(&txn, rows, today).await?;
    txn.commit().await?;
    Ok(DocumentPage {
        items,
        total,
        page: filter.page,
        per_page: filter.per_page,
        counts: DocumentCounts {
            expiring_soon,
            expired,
        },
    })
}

pub async fn get(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
    now: DateTime<Utc>,
) -> Result<DocumentItem, DocumentsError> {
    let txn = db::tenancy::read(db, scope).await?;
    let row = repo::find(&txn, id)
        .await?
        .ok_or(DocumentsError::NotFound)?;
    let item = item_of(&txn, row, now).await?;
    txn.commit().await?;
    Ok(item)
}

/// One row as the API shows it, its status judged on the fleet's day at `now`.
async fn item_of(
    tx: &FleetTx,
    row: fleet_document::Model,
    now: DateTime<Utc>,
) -> Result<DocumentItem, DocumentsError> {
    items_of(tx, vec![row], today(tx, now).await?)
        .await?
        .pop()
        .ok_or(DocumentsError::NotFound)
}

/// The rows as the API shows them, with their truck, trailer and driver.
async fn items_of(
    tx: &FleetTx,
    rows: Vec<fleet_document::Model>,
    today: NaiveDate,
) -> Result<Vec<DocumentItem>, DocumentsError> {
    let trucks = repo::truck_names(tx, rows.iter().filter_map(|r| r.truck_id).collect()).await?;
    let trailers =
        repo::trailer_names(tx, rows.iter().filter_map(|r| r.trailer_id).collect()).await?;
    let drivers = repo::driver_names(tx, rows.iter().filter_map(|r| r.driver_id).collect()).await?;
    let vehicle = |kind: &str, id: Uuid, names: &repo::Names| {
        names.get(&id).map(|(name, identifier)| DocumentVehicle {
            kind: kind.to_owned(),
            id: id.to_string(),
            name: name
                .clone()
                .filter(|n| !n.trim().is_empty())
                .or_else(|| identifier.clone())
                .unwrap_or_else(|| {
                    domain::texts::fill(
                        &domain::texts().server.documents.unnamed_asset,
                        &[("kind", kind)],
                    )
                }),
            identifier: identifier.clone(),
        })
    };
    Ok(rows
        .into_iter()
        .map(|row| DocumentItem {
            id: row.id.to_string(),
            status: expiry_status(row.expiration_date, today)
                .as_str()
                .to_owned(),
            vehicle: row
                .truck_id
                .and_then(|id| vehicle("truck", id, &trucks))
                .or_else(|| {
                    row.trailer_id
                        .and_then(|id| vehicle("trailer", id, &trailers))
                }),
            driver: row.driver_id.and_then(|id| {
                drivers.get(&id).map(|(f, l, u)| DocumentDriver {
                    id: id.to_string(),
                    name: driver_display_name(f.as_deref(), l.as_deref(), u.as_deref()),
                })
            }),
            name: row.name,
            document_type: row.document_type,
            description: row.description,
            file_name: row.file_name,
            file_type: row.file_type,
            file_size: row.file_size,
            issue_date: row.issue_date,
            expiration_date: row.expiration_date,
            is_shared_with_drivers: row.is_shared_with_drivers,
            load_id: row.load_id.map(|id| id.to_string()),
            created_at: row.created_at,
        })
        .collect())
}

/// The row, then the object: once the row is gone the document is gone for
/// the user; an object that cannot be removed now is an orphan the sweep
/// removes later.
pub async fn delete(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    id: Uuid,
) -> Result<(), DocumentsError> {
    let txn = db::tenancy::write(db, scope).await?;
    let row = repo::find(&txn, id)
        .await?
        .ok_or(DocumentsError::NotFound)?;
    if !repo::delete(&txn, id).await? {
        return Err(DocumentsError::NotFound);
    }
    txn.commit().await?;
    remove_quietly(files, &Path::from(row.file_path)).await;
    Ok(())
}

/// The document's row and its object's bytes (a stream).
pub async fn open(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    id: Uuid,
) -> Result<(fleet_document::Model, GetResult), DocumentsError> {
    let txn = db::tenancy::read(db, scope).await?;
    let row = repo::find(&txn, id)
        .await?
        .ok_or(DocumentsError::NotFound)?;
    txn.commit().await?;
    match files.get(&Path::from(row.file_path.as_str())).await {
        Ok(object) => Ok((row, object)),
        Err(object_store::Error::NotFound { .. }) => {
            tracing::error!(document = %row.id, path = %row.file_path, "a document's object is missing from the file store");
            Err(DocumentsError::NotFound)
        }
        Err(err) => Err(err.into()),
    }
}
pub(super) mod filing;
pub(super) mod sniff;
pub mod sweep;
pub mod upload;
