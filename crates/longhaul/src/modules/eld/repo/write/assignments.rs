//! The second step of a trailer sync: each of this provider's trailers gets
//! its current driver, in the spec's `assignment_data` shape. Like a kind's
//! rows ([`super::Received`]), the assignments are written page by page as
//! they arrive (PostgreSQL, in a transaction open for the whole step) or
//! all after the last page (SQLite); the trailers the list did not name
//! lose their driver at the end.

use super::{
    PageWriter, Planned, Target, driver_ids, stamp, update_rows, valid_hash, values_of, write_time,
};
use crate::integrations::eld::EldTrailerAssignment;
use chrono::{DateTime, Utc};
use db::entities::fleet_trailer::{self, Column};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::{ColumnTrait, DbErr, FromQueryResult, QueryFilter, QuerySelect, Set, Value};
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

/// The provider's trailers as the step has written them so far.
struct Trailers {
    rows: Vec<Row>,
    by_trailer_id: HashMap<String, usize>,
    /// The list named the trailer (it keeps the driver it was given).
    named: Vec<bool>,
    /// The step wrote the trailer.
    changed: Vec<bool>,
    drivers: HashMap<String, Uuid>,
    now: DateTime<Utc>,
}

/// A trailer sync's assignments as their pages arrive.
pub struct AssignmentWriter {
    provider: String,
    pending: Vec<EldTrailerAssignment>,
    trailers: Option<Trailers>,
}

impl AssignmentWriter {
    pub fn new(provider: &str) -> Self {
        Self {
            provider: provider.to_owned(),
            pending: Vec::new(),
            trailers: None,
        }
    }
}

impl PageWriter for AssignmentWriter {
    type Item = EldTrailerAssignment;
    /// How many trailers changed.
    type Done = i32;
    /// A few short values a trailer.
    const PLANS_AHEAD: bool = true;

    fn add(&mut self, page: Vec<EldTrailerAssignment>) {
        self.pending.extend(page);
    }

    async fn start(&mut self, tx: &FleetTx) -> Result<(), DbErr> {
        if self.trailers.is_none() {
            self.trailers = Some(Trailers::read(tx, &self.provider).await?);
        }
        Ok(())
    }

    /// Gives the trailers named since the last plan their drivers.
    fn plan(&mut self, to: Target) -> Result<Planned, DbErr> {
        let trailers = self
            .trailers
            .as_mut()
            .ok_or_else(|| DbErr::Custom("the assignments' write did not start".into()))?;
        // A trailer named twice keeps the later assignment, as the list's
        // order says.
        let mut latest: HashMap<usize, EldTrailerAssignment> = HashMap::new();
        for a in std::mem::take(&mut self.pending) {
            if let Some(&i) = trailers.by_trailer_id.get(&a.trailer_id) {
                trailers.named[i] = true;
                latest.insert(i, a);
            }
        }
        let updates = latest
            .into_iter()
            .filter_map(|(i, a)| trailers.assign(i, Some(&a)).transpose());
        Ok(Planned(update_rows::<fleet_trailer::Entity>(
            to, &UPDATED, updates,
        )?))
    }

    /// Writes what is left; the trailers the list did not name have no driver.
    async fn finish(mut self, tx: &FleetTx) -> Result<i32, DbErr> {
        self.start(tx).await?;
        let to = Target::of(tx);
        self.plan(to)?.run(tx).await?;
        let trailers = self
            .trailers
            .as_mut()
            .ok_or_else(|| DbErr::Custom("the assignments' write did not start".into()))?;
        let unnamed: Vec<usize> = (0..trailers.rows.len())
            .filter(|&i| !trailers.named[i])
            .collect();
        let updates = unnamed
            .into_iter()
            .filter_map(|i| trailers.assign(i, None).transpose());
        Planned(update_rows::<fleet_trailer::Entity>(to, &UPDATED, updates)?)
            .run(tx)
            .await?;
        Ok(trailers.changed.iter().filter(|c| **c).count() as i32)
    }
}

impl Trailers {
    async fn read(tx: &FleetTx, provider: &str) -> Result<Self, DbErr> {
        let rows = fleet_trailer::Entity::within(tx)
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
        let by_trailer_id = rows
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.trailer_id.clone().map(|id| (id, i)))
            .collect();
        Ok(Self {
            named: vec![false; rows.len()],
            changed: vec![false; rows.len()],
            rows,
            by_trailer_id,
            drivers: driver_ids(tx, provider).await?,
            now: write_time(),
        })
    }

    /// The update that gives trailer `i` the assignment `a` (none: no
    /// driver), or `None` when it has that driver already. The trailer is
    /// taken as written.
    fn assign(
        &mut self,
        i: usize,
        a: Option<&EldTrailerAssignment>,
    ) -> Result<Option<(Uuid, Vec<Value>)>, DbErr> {
        let now = self.now;
        let t = &mut self.rows[i];
        let driver_eld = a.map(|a| a.driver.id.clone());
        let driver_name = a.and_then(|a| a.driver.name.clone());
        let driver_id = driver_eld
            .as_ref()
            .and_then(|e| self.drivers.get(e).copied());
        if (&driver_eld, &driver_name, &driver_id)
            == (
                &t.assigned_driver_eld_id,
                &t.assigned_driver_name,
                &t.assigned_driver_id,
            )
        {
            return Ok(None);
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
            trailer_id: Set(t.trailer_id.clone()),
            name: Set(t.name.clone()),
            vin: Set(t.vin.clone()),
            license_plate: Set(t.license_plate.clone()),
            trailer_type: Set(t.trailer_type.clone()),
            assigned_driver_eld_id: Set(driver_eld.clone()),
            assigned_driver_name: Set(driver_name.clone()),
            assigned_driver_id: Set(driver_id),
            assigned_at: Set(since),
            raw: Set(Some(raw)),
            updated_at: Set(now),
            eld_fingerprint: Set(fingerprint.clone()),
            ..Default::default()
        };
        row.derive_list_columns(false)?;
        let values = values_of(&row, &UPDATED)?;
        t.assigned_driver_eld_id = driver_eld;
        t.assigned_driver_name = driver_name;
        t.assigned_driver_id = driver_id;
        t.eld_fingerprint = fingerprint;
        t.updated_at = now;
        self.changed[i] = true;
        Ok(Some((t.id, values)))
    }
}
