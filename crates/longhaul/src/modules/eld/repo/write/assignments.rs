//! The second step of a trailer sync: each of this provider's trailers gets
//! its current driver, in the spec's `assignment_data` shape.

use super::{driver_ids, stamp, valid_hash, values_of, write_time};
use crate::integrations::eld::EldTrailerAssignment;
use chrono::{DateTime, Utc};
use db::entities::fleet_trailer::{self, Column};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::{ColumnTrait, DbErr, FromQueryResult, QueryFilter, QuerySelect, Set};
use serde_json::json;
use std::collections::HashMap;
use uuid::Uuid;

const UPDATED: [Column; 8] = [
    Column::AssignedDriverEldId,
    Column::AssignedDriverName,
    Column::AssignedDriverId,
    Column::AssignedAt,
    Column::Raw,
    Column::UpdatedAt,
    Column::SearchText,
    Column::EldFingerprint,
];

#[derive(FromQueryResult)]
struct Row {
    id: Uuid,
    trailer_id: Option<String>,
    name: Option<String>,
    vin: Option<String>,
    license_plate: Option<String>,
    trailer_type: Option<String>,
    assigned_driver_eld_id: Option<String>,
    assigned_driver_name: Option<String>,
    assigned_driver_id: Option<Uuid>,
    eld_fingerprint: Option<String>,
    updated_at: DateTime<Utc>,
}

/// The trailers' current drivers (`incoming` by the provider's trailer id);
/// a trailer missing from it has none. Returns how many trailers changed.
pub async fn write_trailer_assignments(
    tx: &FleetTx,
    provider: &str,
    incoming: HashMap<String, EldTrailerAssignment>,
) -> Result<i32, DbErr> {
    let trailers = fleet_trailer::Entity::within(tx)
        .filter(Column::EldProvider.eq(provider))
        .filter(Column::TrailerId.is_not_null())
        .select_only()
        .columns([
            Column::Id,
            Column::TrailerId,
            Column::Name,
            Column::Vin,
            Column::LicensePlate,
            Column::TrailerType,
            Column::AssignedDriverEldId,
            Column::AssignedDriverName,
            Column::AssignedDriverId,
            Column::EldFingerprint,
            Column::UpdatedAt,
        ])
        .into_model::<Row>()
        .all(tx)
        .await?;
    let drivers = driver_ids(tx, provider).await?;
    let now = write_time();
    let mut updates = Vec::new();
    for t in trailers {
        let a = t.trailer_id.as_ref().and_then(|id| incoming.get(id));
        let driver_eld = a.map(|a| a.driver.id.clone());
        let driver_name = a.and_then(|a| a.driver.name.clone());
        let driver_id = driver_eld.as_ref().and_then(|e| drivers.get(e).copied());
        if (&driver_eld, &driver_name, &driver_id)
            == (
                &t.assigned_driver_eld_id,
                &t.assigned_driver_name,
                &t.assigned_driver_id,
            )
        {
            continue;
        }
        let since = a.and_then(|a| a.since).or(a.map(|_| now));
        let raw = json!({
            "assigned_driver": a.map(|a| json!({
                "driver_id": driver_id,
                "samsara_driver_id": a.driver.id,
                "driver_name": a.driver.name,
            })),
            "assigned_date": since,
        });
        // This write is the sync's own: the trailer's fingerprint stays good
        // (moved to the new `updated_at`) unless something else voided it.
        let fingerprint =
            valid_hash(t.eld_fingerprint.as_deref(), t.updated_at).map(|hash| stamp(hash, now));
        let mut row = fleet_trailer::ActiveModel {
            id: Set(t.id),
            trailer_id: Set(t.trailer_id),
            name: Set(t.name),
            vin: Set(t.vin),
            license_plate: Set(t.license_plate),
            trailer_type: Set(t.trailer_type),
            assigned_driver_eld_id: Set(driver_eld),
            assigned_driver_name: Set(driver_name),
            assigned_driver_id: Set(driver_id),
            assigned_at: Set(since),
            raw: Set(Some(raw)),
            updated_at: Set(now),
            eld_fingerprint: Set(fingerprint),
            ..Default::default()
        };
        row.derive_list_columns(false)?;
        updates.push(Ok((t.id, values_of(&row, &UPDATED)?)));
    }
    let changed = updates.len() as i32;
    db::bulk::update_rows_within::<fleet_trailer::Entity>(tx, &UPDATED, updates).await?;
    Ok(changed)
}
