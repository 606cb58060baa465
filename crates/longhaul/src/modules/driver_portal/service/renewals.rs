//! Renewals: a driver photographs a renewed card or document (with its new
//! expiration date) and sends it; the fleet admin sees it in a review queue
//! on the Documents screen and accepts it — which files it as a document of
//! the driver, or of the driver's truck or trailer, with its expiration —
//! or rejects it with a reason the driver sees. A review is a conditional
//! update of a pending row, so two admins cannot both review one renewal.

use super::shared_documents::type_label;
use crate::modules::auth::DriverSession;
use crate::modules::documents::upload::{Received, remove_quietly};
use crate::modules::documents::{self, NewDocument};
use crate::modules::documents::{date, invalid, new_object_path};
use crate::modules::driver_portal::dto::RenewalView;
use crate::modules::driver_portal::error::DriverPortalError;
use crate::modules::driver_portal::repo;
use chrono::Utc;
use db::entities::driver_renewal;
use db::tenancy::TenantScope;
use domain::fleet::driver_display_name;
use domain::text_input::clean_text;
use domain::texts;
use object_store::path::Path;
use object_store::{GetResult, ObjectStore, ObjectStoreExt};
use sea_orm::{DatabaseConnection, Set};
use std::collections::HashMap;
use uuid::Uuid;

const NAME_MAX_CHARS: usize = 200;
const NOTE_MAX_CHARS: usize = 1000;
const REASON_MAX_CHARS: usize = 500;

/// Where a new renewal's file goes: beside the fleet's documents, so that
/// an accepted renewal's document points at the same object.
pub fn object_path(session: &DriverSession) -> Path {
    new_object_path(session.scope())
}

/// Files an uploaded renewal for review. The stored object is removed again
/// when the form is refused.
pub async fn submit(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    session: &DriverSession,
    received: Received,
) -> Result<RenewalView, DriverPortalError> {
    let path = received.file.as_ref().map(|f| f.path.clone());
    let result = insert(db, session, &received).await;
    if result.is_err()
        && let Some(path) = path
    {
        remove_quietly(files, &path).await;
    }
    let row = result?;
    let names = Names::of(db, session.scope(), std::slice::from_ref(&row)).await?;
    Ok(names.view(row))
}

async fn insert(
    db: &DatabaseConnection,
    session: &DriverSession,
    received: &Received,
) -> Result<driver_renewal::Model, DriverPortalError> {
    let t = &texts().documents;
    let Some(file) = &received.file else {
        return Err(invalid("file", &t.file_required).into());
    };
    let document_type = received
        .text("document_type")
        .ok_or_else(|| invalid("document_type", &t.required_fields))?;
    if !domain::documents::is_document_type(document_type) {
        return Err(invalid("document_type", &t.unknown_document_type).into());
    }
    let expiration_date = date(received, "expiration_date")?;
    let note = received
        .text("note")
        .map(|n| clean_text(n, true))
        .filter(|n| !n.is_empty());
    if note
        .as_ref()
        .is_some_and(|n| n.chars().count() > NOTE_MAX_CHARS)
    {
        return Err(DriverPortalError::field(
            "note",
            crate::http::validation::at_most(NOTE_MAX_CHARS),
        ));
    }
    // A driver's renewal may name the qualification item it renews (CDL or
    // medical card, the items kept by expiry); accepting it updates the item.
    let qualification = match received.text("qualification").filter(|q| !q.is_empty()) {
        None => None,
        Some(q) => match domain::compliance::QualificationKind::parse(q) {
            Some(kind) if kind.has_expiry() => Some(kind.as_str().to_owned()),
            _ => {
                return Err(DriverPortalError::field(
                    "qualification",
                    texts().compliance.renewal_qualification_invalid.clone(),
                ));
            }
        },
    };
    // A renewed CDL or medical card is filed as that, not as what the form
    // sent (a medical card reached the office labelled 'Other').
    let document_type = qualification
        .as_deref()
        .and_then(domain::compliance::QualificationKind::parse)
        .map_or(document_type, |kind| kind.document_type());
    let name = received
        .text("name")
        .map(|n| clean_text(n, false))
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| type_label(document_type));
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(invalid("name", &t.name_too_long).into());
    }
    // The item's new expiry is what the renewal is for.
    if qualification.is_some() && expiration_date.is_none() {
        return Err(DriverPortalError::field(
            "expiration_date",
            texts().compliance.qualification_needs_expiry.clone(),
        ));
    }
    let scope = session.scope();
    let txn = db::tenancy::write(db, scope).await?;
    let (target_kind, truck_id, trailer_id) = match received.text("target").unwrap_or("driver") {
        "driver" => ("driver", None, None),
        "truck" => {
            let truck = repo::truck_of(&txn, session.driver_id)
                .await?
                .ok_or_else(|| DriverPortalError::field("target", t.vehicle_not_found.clone()))?;
            ("truck", Some(truck.id), None)
        }
        "trailer" => {
            let wanted = received
                .text("trailer_id")
                .and_then(|id| Uuid::parse_str(id).ok());
            let mine = repo::trailers_of(&txn, session.driver_id).await?;
            let trailer = mine
                .into_iter()
                .find(|t| Some(t.id) == wanted)
                .ok_or_else(|| {
                    DriverPortalError::field("trailer_id", t.vehicle_not_found.clone())
                })?;
            ("trailer", None, Some(trailer.id))
        }
        _ => {
            return Err(DriverPortalError::field(
                "target",
                &domain::texts().server.driver_portal.renewal_target_invalid,
            ));
        }
    };
    let row = repo::insert_renewal(
        &txn,
        driver_renewal::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(scope.fleet_account_id()),
            driver_id: Set(session.driver_id),
            target_kind: Set(target_kind.into()),
            truck_id: Set(truck_id),
            trailer_id: Set(trailer_id),
            document_type: Set(document_type.to_owned()),
            name: Set(name),
            expiration_date: Set(expiration_date),
            note: Set(note),
            file_path: Set(file.path.to_string()),
            file_name: Set(file.file_name.clone()),
            file_type: Set(file.mime.to_owned()),
            file_size: Set(file.size as i64),
            status: Set("pending".into()),
            reason: Set(None),
            document_id: Set(None),
            created_at: Set(Utc::now()),
            reviewed_at: Set(None),
            reviewed_by: Set(None),
            qualification: Set(qualification.filter(|_| target_kind == "driver")),
        },
    )
    .await?;
    txn.commit().await?;
    Ok(row)
}

/// The names a renewal's view shows: its driver's and its truck's or trailer's.
struct Names {
    drivers: HashMap<Uuid, String>,
    assets: HashMap<Uuid, String>,
}

impl Names {
    async fn of(
        db: &DatabaseConnection,
        scope: TenantScope,
        rows: &[driver_renewal::Model],
    ) -> Result<Names, DriverPortalError> {
        let txn = db::tenancy::read(db, scope).await?;
        let drivers = repo::driver_names(&txn, rows.iter().map(|r| r.driver_id).collect()).await?;
        let trucks = repo::truck_names(&txn, rows.iter().filter_map(|r| r.truck_id).collect());
        let trucks = trucks.await?;
        let trailers =
            repo::trailer_names(&txn, rows.iter().filter_map(|r| r.trailer_id).collect());
        let trailers = trailers.await?;
        txn.commit().await?;
        // A truck or trailer goes by its name, else its identifier.
        let assets = trucks
            .into_iter()
            .chain(trailers)
            .filter_map(|(id, (name, identifier))| Some((id, name.or(identifier)?)))
            .collect();
        Ok(Names {
            drivers: drivers
                .into_iter()
                .map(|(id, (first, last, username))| {
                    (
                        id,
                        driver_display_name(first.as_deref(), last.as_deref(), username.as_deref()),
                    )
                })
                .collect(),
            assets,
        })
    }

    fn view(&self, r: driver_renewal::Model) -> RenewalView {
        RenewalView {
            id: r.id,
            driver_id: r.driver_id,
            driver_name: self
                .drivers
                .get(&r.driver_id)
                .cloned()
                .unwrap_or_else(|| driver_display_name(None, None, None)),
            target_name: r
                .truck_id
                .or(r.trailer_id)
                .and_then(|id| self.assets.get(&id).cloned()),
            target_kind: r.target_kind,
            document_type_label: type_label(&r.document_type),
            name: r.name,
            document_type: r.document_type,
            expiration_date: r.expiration_date,
            note: r.note,
            file_name: r.file_name,
            file_type: r.file_type,
            file_size: r.file_size,
            status: r.status,
            reason: r.reason,
            document_id: r.document_id,
            qualification: r.qualification,
            created_at: r.created_at,
        }
    }
}

async fn views(
    db: &DatabaseConnection,
    scope: TenantScope,
    rows: Vec<driver_renewal::Model>,
) -> Result<Vec<RenewalView>, DriverPortalError> {
    let names = Names::of(db, scope, &rows).await?;
    Ok(rows.into_iter().map(|r| names.view(r)).collect())
}

/// The driver's own renewals, newest first.
pub async fn mine(
    db: &DatabaseConnection,
    session: &DriverSession,
) -> Result<Vec<RenewalView>, DriverPortalError> {
    let scope = session.scope();
    let txn = db::tenancy::read(db, scope).await?;
    let rows = repo::renewals_of_driver(&txn, session.driver_id).await?;
    txn.commit().await?;
    views(db, scope, rows).await
}

/// The fleet's review queue, oldest first.
pub async fn pending(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Vec<RenewalView>, DriverPortalError> {
    let txn = db::tenancy::read(db, scope).await?;
    let rows = repo::pending_renewals(&txn).await?;
    txn.commit().await?;
    views(db, scope, rows).await
}

/// Files the renewal as a document of its driver, truck or trailer, shared
/// with drivers so the driver finds it under Documents.
pub async fn accept(
    db: &DatabaseConnection,
    scope: TenantScope,
    reviewer: Uuid,
    id: Uuid,
) -> Result<RenewalView, DriverPortalError> {
    let txn = db::tenancy::write(db, scope).await?;
    let renewal = repo::renewal(&txn, id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    if renewal.status != "pending" {
        return Err(DriverPortalError::AlreadyReviewed);
    }
    let document_id = Uuid::new_v4();
    // The claim first: a second reviewer's update waits on this row and
    // then finds it no longer pending, before it could file a document.
    if !repo::review_renewal(&txn, id, "accepted", None, Some(document_id), reviewer).await? {
        return Err(DriverPortalError::AlreadyReviewed);
    }
    let driver_id = (renewal.target_kind == "driver").then_some(renewal.driver_id);
    documents::file(
        &txn,
        reviewer,
        NewDocument {
            id: document_id,
            name: renewal.name.clone(),
            document_type: renewal.document_type.clone(),
            description: renewal.note.clone(),
            file_path: renewal.file_path.clone(),
            file_name: renewal.file_name.clone(),
            file_type: renewal.file_type.clone(),
            file_size: renewal.file_size,
            issue_date: None,
            expiration_date: renewal.expiration_date,
            shared_with_drivers: true,
            truck_id: renewal.truck_id,
            trailer_id: renewal.trailer_id,
            driver_id,
        },
    )
    .await
    .map_err(|err| {
        // The object is filed already: a review that raced this one.
        if db::is_unique_violation(&err) {
            DriverPortalError::AlreadyReviewed
        } else {
            err.into()
        }
    })?;
    if let (Some(driver_id), Some(kind)) = (driver_id, renewal.qualification.as_deref()) {
        crate::modules::compliance::qualifications::apply_renewal(
            &txn,
            reviewer,
            driver_id,
            kind,
            renewal.expiration_date,
            document_id,
        )
        .await?;
    }
    let row = repo::renewal(&txn, id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    txn.commit().await?;
    Ok(views(db, scope, vec![row]).await?.remove(0))
}

pub async fn reject(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    reviewer: Uuid,
    id: Uuid,
    reason: &str,
) -> Result<RenewalView, DriverPortalError> {
    let reason = clean_text(reason, true);
    if reason.is_empty() {
        return Err(DriverPortalError::field(
            "reason",
            texts().portal_review.reason_required.clone(),
        ));
    }
    if reason.chars().count() > REASON_MAX_CHARS {
        return Err(DriverPortalError::field(
            "reason",
            crate::http::validation::at_most(REASON_MAX_CHARS),
        ));
    }
    let txn = db::tenancy::write(db, scope).await?;
    let renewal = repo::renewal(&txn, id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    if !repo::review_renewal(&txn, id, "rejected", Some(reason), None, reviewer).await? {
        return Err(DriverPortalError::AlreadyReviewed);
    }
    let row = repo::renewal(&txn, id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    txn.commit().await?;
    // The file is not needed once refused; the reason stays for the driver.
    remove_quietly(files, &Path::from(renewal.file_path.as_str())).await;
    Ok(views(db, scope, vec![row]).await?.remove(0))
}

/// A pending or accepted renewal's file, for the reviewer.
pub async fn open(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    id: Uuid,
) -> Result<(driver_renewal::Model, GetResult), DriverPortalError> {
    let txn = db::tenancy::read(db, scope).await?;
    let row = repo::renewal(&txn, id)
        .await?
        .filter(|r| r.status != "rejected")
        .ok_or(DriverPortalError::NotFound)?;
    txn.commit().await?;
    match files.get(&Path::from(row.file_path.as_str())).await {
        Ok(object) => Ok((row, object)),
        Err(object_store::Error::NotFound { .. }) => Err(DriverPortalError::NotFound),
        Err(err) => Err(DriverPortalError::Internal(err.into())),
    }
}
