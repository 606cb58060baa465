//! Trucks: matched by provider id, else by VIN. The assigned driver is
//! resolved to the fleet's driver row when that driver is synced.

use super::{
    Fingerprinted, Hasher, Known, Received, RowKind, Writing, driver_ids, identity, insert_rows,
    stamp, valid_hash, values_of,
};
use crate::integrations::eld::EldVehicle;
use chrono::{DateTime, Utc};
use db::entities::fleet_vehicle::{self, Column};
use db::tenancy::{FleetOwned, TenantScope};
use sea_orm::{ConnectionTrait, DbErr, FromQueryResult, QuerySelect, Set};
use serde_json::json;
use std::collections::HashMap;
use uuid::Uuid;

/// The columns a sync writes to a truck it already has: what the provider
/// says of it, as on insert (its notes, which can mark it decommissioned,
/// and its status, which follows its assignment).
const UPDATED: [Column; 20] = [
    Column::VehicleId,
    Column::EldProvider,
    Column::Name,
    Column::Make,
    Column::Model,
    Column::Year,
    Column::Vin,
    Column::LicensePlate,
    Column::IsActive,
    Column::Status,
    Column::Notes,
    Column::AssignedDriverEldId,
    Column::AssignedDriverName,
    Column::AssignedDriverId,
    Column::Raw,
    Column::UpdatedAt,
    Column::SearchText,
    Column::ListTab,
    Column::Unnamed,
    Column::EldFingerprint,
];

/// A run's trucks, fingerprinted as they arrive.
pub type VehicleWriter = Received<EldVehicle>;

impl RowKind for EldVehicle {
    const NAME: &'static str = "vehicles";
    type Extra = ();
    /// This provider's driver ids → the fleet's driver rows.
    type Context = HashMap<String, Uuid>;
    type Entity = fleet_vehicle::Entity;
    const ID: Column = Column::Id;

    async fn known<C: ConnectionTrait>(
        db: &C,
        scope: TenantScope,
        provider: &str,
    ) -> Result<(Vec<Known<Self::Extra>>, Self::Context), DbErr> {
        Ok((
            known(db, scope, provider).await?,
            driver_ids(db, scope, provider).await?,
        ))
    }

    async fn write<C: ConnectionTrait>(
        db: &C,
        scope: TenantScope,
        run: &mut Writing<Self>,
        records: Vec<(Self, String)>,
    ) -> Result<(), DbErr> {
        let mut inserts = Vec::new();
        let mut updates = Vec::new();
        for (v, record_hash) in records {
            let driver_id = v
                .assigned_driver
                .as_ref()
                .and_then(|d| run.context.get(&d.id).copied());
            // The row also holds which fleet driver the truck's driver is.
            let mut h = Hasher::new("vehicle-row");
            h.text(Some(&record_hash)).id(driver_id);
            let hash = h.finish();
            let keys = [identity(v.vin.as_deref()), None];
            match run.matcher.find(&v.id, &keys) {
                Some(row) if row.hash.as_deref() == Some(hash.as_str()) => {}
                Some(row) => updates.push((row.id, v, driver_id, hash)),
                None => inserts.push((Uuid::new_v4(), v, driver_id, hash)),
            }
        }
        run.counts.created += inserts.len() as i32;
        run.counts.updated += updates.len() as i32;
        let now = run.now;
        let provider = Some(run.provider.clone());
        // The rows (with their JSON trees) are made a chunk at a time.
        let model = |id: Uuid, v: &mut EldVehicle, driver_id: Option<Uuid>, hash: &str| {
            let assigned = v.assigned_driver.is_some();
            fleet_vehicle::ActiveModel {
                id: Set(id),
                vehicle_id: Set(Some(std::mem::take(&mut v.id))),
                eld_provider: Set(provider.clone()),
                name: Set(v.name.take()),
                make: Set(v.make.take()),
                model: Set(v.model.take()),
                year: Set(v.year),
                vin: Set(v.vin.take()),
                license_plate: Set(v.license_plate.take()),
                is_active: Set(true),
                status: Set(if assigned { "active" } else { "inactive" }.into()),
                notes: Set(v.notes.take()),
                assigned_driver_eld_id: Set(v.assigned_driver.as_ref().map(|d| d.id.clone())),
                assigned_driver_name: Set(v.assigned_driver.as_ref().and_then(|d| d.name.clone())),
                assigned_driver_id: Set(driver_id),
                updated_at: Set(now),
                eld_fingerprint: Set(Some(stamp(hash, now))),
                ..Default::default()
            }
        };
        let new_rows = inserts.into_iter().map(|(id, mut v, driver_id, hash)| {
            let assigned = v.assigned_driver.is_some();
            let json = metadata(&v);
            let row = fleet_vehicle::ActiveModel {
                fleet_account_id: Set(scope.fleet_account_id()),
                assigned_at: Set(assigned.then_some(now)),
                created_at: Set(now),
                ..model(id, &mut v, driver_id, &hash)
            };
            (row, json)
        });
        let derive = fleet_vehicle::ActiveModel::derive_list_columns;
        insert_rows(db, new_rows, derive, Column::Raw).await?;
        let changed_rows = updates.into_iter().map(|(id, mut v, driver_id, hash)| {
            let raw =
                serde_json::from_str(&metadata(&v)).map_err(|e| DbErr::Json(e.to_string()))?;
            let mut row = fleet_vehicle::ActiveModel {
                raw: Set(Some(raw)),
                ..model(id, &mut v, driver_id, &hash)
            };
            row.derive_list_columns(false)?;
            Ok((id, values_of(&row, &UPDATED)?))
        });
        db::bulk::scoped_update_rows::<fleet_vehicle::Entity, _>(db, scope, &UPDATED, changed_rows)
            .await
            .map(drop)
    }

    fn inactive(
        update: sea_orm::UpdateMany<fleet_vehicle::Entity>,
        now: DateTime<Utc>,
    ) -> sea_orm::UpdateMany<fleet_vehicle::Entity> {
        update
            .col_expr(Column::IsActive, false.into())
            .col_expr(Column::Status, "inactive".into())
            .col_expr(Column::UpdatedAt, now.into())
    }
}

/// The spec's `eld_metadata` (part 2 §3), as JSON text: the assignment in
/// both places (the provider's record keeps its own).
fn metadata(v: &EldVehicle) -> String {
    let assignment = json!({
        "driverId": v.assigned_driver.as_ref().map(|d| d.id.clone()),
        "driverName": v.assigned_driver.as_ref().and_then(|d| d.name.clone()),
    });
    format!(
        r#"{{"staticAssignments":{assignment},"samsaraVehicle":{}}}"#,
        v.raw.json()
    )
}

/// What the record makes of a row, but for the fleet driver it resolves to.
impl Fingerprinted for EldVehicle {
    fn fingerprint(&self, provider: &str) -> String {
        let v = self;
        let assigned = v.assigned_driver.as_ref();
        let mut h = Hasher::new("vehicle");
        h.text(Some(provider))
            .text(Some(&v.id))
            .text(v.name.as_deref())
            .text(v.make.as_deref())
            .text(v.model.as_deref())
            .number(v.year.map(i64::from))
            .text(v.vin.as_deref())
            .text(v.license_plate.as_deref())
            .text(v.notes.as_deref())
            .text(assigned.map(|d| d.id.as_str()))
            .text(assigned.and_then(|d| d.name.as_deref()))
            .text(Some(v.raw.json()));
        h.finish()
    }
}

#[derive(FromQueryResult)]
struct Key {
    id: Uuid,
    eld_provider: Option<String>,
    vehicle_id: Option<String>,
    vin: Option<String>,
    is_active: bool,
    eld_fingerprint: Option<String>,
    updated_at: DateTime<Utc>,
}

/// The fleet's trucks as matching needs them: key columns only.
async fn known<C: ConnectionTrait>(
    db: &C,
    scope: TenantScope,
    provider: &str,
) -> Result<Vec<Known<()>>, DbErr> {
    let keys = fleet_vehicle::Entity::scoped(scope)
        .select_only()
        .columns([
            Column::Id,
            Column::EldProvider,
            Column::VehicleId,
            Column::Vin,
            Column::IsActive,
            Column::EldFingerprint,
            Column::UpdatedAt,
        ])
        .into_model::<Key>()
        .all(db)
        .await?;
    Ok(keys
        .into_iter()
        .map(|k| Known {
            id: k.id,
            ours: k.eld_provider.as_deref() == Some(provider),
            identities: [identity(k.vin.as_deref()), None],
            hash: valid_hash(k.eld_fingerprint.as_deref(), k.updated_at).map(str::to_owned),
            provider_id: k.vehicle_id,
            active: k.is_active,
            extra: (),
        })
        .collect())
}
