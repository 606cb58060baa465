//! Trucks: matched by provider id, else by VIN. The assigned driver is
//! resolved to the fleet's driver row when that driver is synced; an
//! assignment to a driver the fleet's synced drivers do not include (or
//! include as inactive) is not written (spec part 2 §4's cleanup, done by
//! the sync so that reading a truck never writes it).

use super::{
    Fingerprinted, Hasher, Known, Planned, Received, RowKind, Target, Writing, identity,
    insert_rows, stamp, update_rows, valid_hash, values_of,
};
use crate::integrations::eld::{EldRef, EldVehicle};
use crate::modules::vehicles::assignment::{ASSIGNMENT_REMOVED, clear_metadata_driver};
use chrono::{DateTime, Utc};
use db::entities::fleet_vehicle::{self, Column};
use db::tenancy::{FleetOwned, FleetTx};
use domain::fleet_lists::{ListTab, is_decommissioned};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DbErr, FromQueryResult, QueryFilter, QuerySelect, Set};
use serde_json::json;
use std::collections::HashMap;
use uuid::Uuid;

/// The columns a sync writes to a truck it already has: what the provider
/// says of it, as on insert (its notes, which can mark it decommissioned,
/// and its status, which follows its assignment).
const UPDATED: [Column; 21] = [
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
    Column::AssignedAt,
    Column::Raw,
    Column::UpdatedAt,
    Column::SearchText,
    Column::ListTab,
    Column::Unnamed,
    Column::EldFingerprint,
];

/// A run's trucks, fingerprinted as they arrive.
pub type VehicleWriter = Received<EldVehicle>;

/// What an existing truck's assignment was, so that `assigned_at` moves only
/// when the driver changes.
#[derive(Clone)]
pub struct Assigned {
    driver_eld_id: Option<String>,
    at: Option<DateTime<Utc>>,
}

/// This provider's synced drivers: ELD id → (driver row, active).
pub type SyncedDrivers = HashMap<String, (Uuid, bool)>;

/// The truck's ELD driver as the fleet knows it.
enum Resolved {
    /// No driver, or one kept as the ELD names it: the decommission marker,
    /// or any driver while the fleet has no synced drivers to check against.
    Unresolved,
    /// One of the fleet's active drivers.
    Driver(Uuid),
    /// A driver the synced drivers do not include, or include as inactive:
    /// the assignment is not written.
    Unrecognized,
}

fn resolve(driver: Option<&EldRef>, drivers: &SyncedDrivers) -> Resolved {
    let Some(d) = driver else {
        return Resolved::Unresolved;
    };
    if is_decommissioned(Some(&d.id), d.name.as_deref(), None) {
        return Resolved::Unresolved;
    }
    match drivers.get(&d.id) {
        Some((id, true)) => Resolved::Driver(*id),
        Some((_, false)) => Resolved::Unrecognized,
        None if drivers.is_empty() => Resolved::Unresolved,
        None => Resolved::Unrecognized,
    }
}

impl RowKind for EldVehicle {
    const NAME: &'static str = "vehicles";
    type Extra = Assigned;
    type Context = SyncedDrivers;
    type Entity = fleet_vehicle::Entity;
    const ID: Column = Column::Id;

    async fn known(
        tx: &FleetTx,
        provider: &str,
    ) -> Result<(Vec<Known<Self::Extra>>, Self::Context), DbErr> {
        Ok((
            known(tx, provider).await?,
            synced_drivers(tx, provider).await?,
        ))
    }

    fn plan(
        to: Target,
        run: &mut Writing<Self>,
        records: Vec<(Self, String)>,
    ) -> Result<Planned, DbErr> {
        let mut inserts = Vec::new();
        let mut updates = Vec::new();
        for (mut v, record_hash) in records {
            let (driver_id, removed) = match resolve(v.assigned_driver.as_ref(), &run.context) {
                Resolved::Unresolved => (None, None),
                Resolved::Driver(id) => (Some(id), None),
                Resolved::Unrecognized => (None, v.assigned_driver.take()),
            };
            // The row also holds which fleet driver the truck's driver is.
            let mut h = Hasher::new("vehicle-row");
            h.text(Some(&record_hash))
                .id(driver_id)
                .flag(removed.is_some());
            let hash = h.finish();
            let keys = [identity(v.vin.as_deref()), None];
            match run.matcher.find(&v.id, &keys) {
                Some(row) if row.hash.as_deref() == Some(hash.as_str()) => {}
                Some(row) => {
                    let before = row.extra.clone();
                    updates.push((row.id, v, driver_id, removed, hash, before))
                }
                None => inserts.push((Uuid::new_v4(), v, driver_id, removed, hash)),
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
        let new_rows = inserts
            .into_iter()
            .map(|(id, mut v, driver_id, removed, hash)| {
                let assigned = v.assigned_driver.is_some();
                let json = metadata(&v, removed.as_ref());
                let row = fleet_vehicle::ActiveModel {
                    fleet_account_id: Set(to.fleet),
                    assigned_at: Set(assigned.then_some(now)),
                    created_at: Set(now),
                    ..model(id, &mut v, driver_id, &hash)
                };
                (row, json)
            });
        let derive = fleet_vehicle::ActiveModel::derive_list_columns;
        let mut statements = insert_rows(to, new_rows, derive, Column::Raw)?;
        let changed_rows =
            updates
                .into_iter()
                .map(|(id, mut v, driver_id, removed, hash, before)| {
                    let raw = serde_json::from_str(&metadata(&v, removed.as_ref()))
                        .map_err(|e| DbErr::Json(e.to_string()))?;
                    let driver_eld_id = v.assigned_driver.as_ref().map(|d| d.id.clone());
                    // The assignment's date is the date this driver got the truck.
                    let assigned_at = match driver_eld_id {
                        None => None,
                        Some(_) if driver_eld_id == before.driver_eld_id => before.at.or(Some(now)),
                        Some(_) => Some(now),
                    };
                    let mut row = fleet_vehicle::ActiveModel {
                        raw: Set(Some(raw)),
                        assigned_at: Set(assigned_at),
                        ..model(id, &mut v, driver_id, &hash)
                    };
                    row.derive_list_columns(false)?;
                    Ok((id, values_of(&row, &UPDATED)?))
                });
        statements.extend(update_rows::<fleet_vehicle::Entity>(
            to,
            &UPDATED,
            changed_rows,
        )?);
        Ok(Planned(statements))
    }

    /// Gone upstream: inactive, without a driver, in the inactive tab (a
    /// decommissioned truck stays in none); `update_many` runs no
    /// `before_save`, so the derived tab is written here (decision 014).
    fn inactive(
        update: sea_orm::UpdateMany<fleet_vehicle::Entity>,
        now: DateTime<Utc>,
    ) -> sea_orm::UpdateMany<fleet_vehicle::Entity> {
        let decommissioned = ListTab::Decommissioned.as_str();
        update
            .col_expr(Column::IsActive, false.into())
            .col_expr(Column::Status, "inactive".into())
            .col_expr(
                Column::AssignedDriverEldId,
                Expr::value(Option::<String>::None),
            )
            .col_expr(
                Column::AssignedDriverName,
                Expr::value(Option::<String>::None),
            )
            .col_expr(Column::AssignedDriverId, Expr::value(Option::<Uuid>::None))
            .col_expr(
                Column::AssignedAt,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(
                Column::ListTab,
                Expr::case(Column::ListTab.eq(decommissioned), decommissioned)
                    .finally(ListTab::Inactive.as_str())
                    .into(),
            )
            .col_expr(Column::UpdatedAt, now.into())
    }
}

/// The spec's `eld_metadata` (part 2 §3), as JSON text: the assignment in
/// both places (the provider's record keeps its own). An unrecognized
/// driver that was not written is named in neither, but kept aside, so the
/// truck's page can say why the truck has no driver.
fn metadata(v: &EldVehicle, removed: Option<&EldRef>) -> String {
    let assignment = json!({
        "driverId": v.assigned_driver.as_ref().map(|d| d.id.clone()),
        "driverName": v.assigned_driver.as_ref().and_then(|d| d.name.clone()),
    });
    let text = format!(
        r#"{{"staticAssignments":{assignment},"samsaraVehicle":{}}}"#,
        v.raw.json()
    );
    let Some(removed) = removed else {
        return text;
    };
    let mut raw =
        serde_json::from_str(&text).map_or(serde_json::Value::Null, clear_metadata_driver);
    if let Some(map) = raw.as_object_mut() {
        map.insert(
            ASSIGNMENT_REMOVED.into(),
            json!({ "driverId": removed.id, "driverName": removed.name }),
        );
    }
    raw.to_string()
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
    assigned_driver_eld_id: Option<String>,
    assigned_at: Option<DateTime<Utc>>,
    eld_fingerprint: Option<String>,
    updated_at: DateTime<Utc>,
}

/// The fleet's trucks as matching needs them: key columns only.
async fn known(tx: &FleetTx, provider: &str) -> Result<Vec<Known<Assigned>>, DbErr> {
    let keys = fleet_vehicle::Entity::within(tx)
        .select_only()
        .columns([
            Column::Id,
            Column::EldProvider,
            Column::VehicleId,
            Column::Vin,
            Column::IsActive,
            Column::AssignedDriverEldId,
            Column::AssignedAt,
            Column::EldFingerprint,
            Column::UpdatedAt,
        ])
        .into_model::<Key>()
        .all(tx)
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
            extra: Assigned {
                driver_eld_id: k.assigned_driver_eld_id,
                at: k.assigned_at,
            },
        })
        .collect())
}

/// This provider's synced drivers, active or not, as two ids and a flag.
async fn synced_drivers(tx: &FleetTx, provider: &str) -> Result<SyncedDrivers, DbErr> {
    use db::entities::fleet_driver::{Column, Entity};
    let rows: Vec<(String, Uuid, bool)> = Entity::within(tx)
        .filter(Column::EldProvider.eq(provider))
        .filter(Column::DriverId.is_not_null())
        .select_only()
        .columns([Column::DriverId, Column::Id, Column::IsActive])
        .into_tuple()
        .all(tx)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(eld_id, id, active)| (eld_id, (id, active)))
        .collect())
}
