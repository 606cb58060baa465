//! The documents a driver sees: marked 'Share with drivers', and for the
//! whole company, for the driver, or for the driver's truck or trailers.

use crate::modules::auth::DriverSession;
use crate::modules::driver_portal::dto::PortalDocument;
use crate::modules::driver_portal::error::DriverPortalError;
use crate::modules::driver_portal::repo;
use crate::modules::fleet_account::time_zone::fleet_today_in;
use chrono::{DateTime, NaiveDate, Utc};
use db::entities::fleet_document;
use domain::documents::expiry_status;
use domain::texts;
use object_store::path::Path;
use object_store::{GetResult, ObjectStore, ObjectStoreExt};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

pub fn type_label(document_type: &str) -> String {
    texts()
        .documents
        .types
        .get(document_type)
        .cloned()
        .unwrap_or_else(|| document_type.to_owned())
}

fn view(d: fleet_document::Model, today: NaiveDate) -> PortalDocument {
    let belongs_to = if d.driver_id.is_some() {
        "driver"
    } else if d.truck_id.is_some() {
        "truck"
    } else if d.trailer_id.is_some() {
        "trailer"
    } else {
        "company"
    };
    PortalDocument {
        id: d.id,
        document_type_label: type_label(&d.document_type),
        name: d.name,
        document_type: d.document_type,
        expiration_date: d.expiration_date,
        belongs_to: belongs_to.into(),
        status: expiry_status(d.expiration_date, today).as_str().to_owned(),
        file_name: d.file_name,
        file_size: d.file_size,
    }
}

/// The driver's truck and trailers, read with the documents in one
/// transaction so an assignment changing between the two cannot widen
/// what is shown.
async fn assets(
    txn: &db::tenancy::FleetTx,
    session: &DriverSession,
) -> Result<(Option<Uuid>, Vec<Uuid>), DriverPortalError> {
    let truck = repo::truck_of(txn, session.driver_id).await?.map(|t| t.id);
    let trailers = repo::trailers_of(txn, session.driver_id)
        .await?
        .into_iter()
        .map(|t| t.id)
        .collect();
    Ok((truck, trailers))
}

pub async fn list(
    db: &DatabaseConnection,
    session: &DriverSession,
    now: DateTime<Utc>,
) -> Result<Vec<PortalDocument>, DriverPortalError> {
    let scope = session.scope();
    let txn = db::tenancy::read(db, scope).await?;
    let (truck, trailers) = assets(&txn, session).await?;
    let rows = repo::shared_documents(&txn, session.driver_id, truck, &trailers).await?;
    let today = fleet_today_in(&txn, now).await?;
    txn.commit().await?;
    Ok(rows.into_iter().map(|row| view(row, today)).collect())
}

/// A shared document's row and its bytes; any other id is not found.
pub async fn open(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    session: &DriverSession,
    id: Uuid,
) -> Result<(fleet_document::Model, GetResult), DriverPortalError> {
    let scope = session.scope();
    let txn = db::tenancy::read(db, scope).await?;
    let (truck, trailers) = assets(&txn, session).await?;
    let row = repo::shared_document(&txn, id, session.driver_id, truck, &trailers)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    txn.commit().await?;
    match files.get(&Path::from(row.file_path.as_str())).await {
        Ok(object) => Ok((row, object)),
        Err(object_store::Error::NotFound { .. }) => {
            tracing::error!(document = %row.id, "a shared document's object is missing from the file store");
            Err(DriverPortalError::NotFound)
        }
        Err(err) => Err(DriverPortalError::Internal(err.into())),
    }
}
