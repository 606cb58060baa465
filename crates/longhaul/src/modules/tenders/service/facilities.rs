//! A broker's own shippers and receivers: the same fields and checks as a
//! fleet's facilities.

use crate::modules::loads::check_facility;
use crate::modules::loads::dto::{FacilityInput, FacilityView};
use crate::modules::tenders::{TendersError, repo};
use chrono::Utc;
use db::entities::broker_facility;
use db::tenancy::{self, BrokerScope};
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

pub fn view(f: broker_facility::Model) -> FacilityView {
    FacilityView {
        id: f.id,
        name: f.name,
        address: f.address,
        city: f.city,
        state: f.state,
        zip: f.zip,
        lat: f.lat,
        lon: f.lon,
        time_zone: f.time_zone,
        contact_name: f.contact_name,
        contact_phone: f.contact_phone,
        hours: f.hours,
        arrival_radius_miles: domain::loads::geofence::DEFAULT_RADIUS_MI,
    }
}

pub async fn list(
    db: &DatabaseConnection,
    scope: BrokerScope,
) -> Result<Vec<FacilityView>, TendersError> {
    let tx = tenancy::broker_read(db, scope).await?;
    let rows = repo::facilities(&tx).await?;
    tx.commit().await?;
    Ok(rows.into_iter().map(view).collect())
}

pub async fn create(
    db: &DatabaseConnection,
    scope: BrokerScope,
    input: &FacilityInput,
) -> Result<FacilityView, TendersError> {
    let f = check_facility(input)?;
    let tx = tenancy::broker_write(db, scope).await?;
    let saved = repo::insert_facility(
        &tx,
        broker_facility::ActiveModel {
            id: Set(Uuid::new_v4()),
            broker_account_id: Set(scope.broker_account_id()),
            name: Set(f.name),
            address: Set(f.address),
            city: Set(f.city),
            state: Set(f.state),
            zip: Set(f.zip),
            lat: Set(f.lat),
            lon: Set(f.lon),
            time_zone: Set(f.time_zone),
            contact_name: Set(f.contact_name),
            contact_phone: Set(f.contact_phone),
            hours: Set(f.hours),
            created_at: Set(Utc::now()),
        },
    )
    .await
    .map_err(|err| {
        if db::is_unique_violation(&err) {
            TendersError::invalid("name", &domain::texts().tenders.facility_exists)
        } else {
            err.into()
        }
    })?;
    tx.commit().await?;
    Ok(view(saved))
}
