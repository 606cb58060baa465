//! The fleet's stored ELD positions (m0032 `eld_positions`), and what the
//! demo provider's trucks follow (the loads under way with their stops).

use chrono::{DateTime, Utc};
use db::entities::{eld_position, facility, fleet_vehicle, load, load_event, load_stop};
use db::tenancy::{FleetOwned, FleetTx};
use domain::geo::LatLon;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;
use uuid::Uuid;

/// More than any fleet has trucks.
const MAX_ROWS: u64 = 20_000;

pub async fn all(tx: &FleetTx) -> Result<Vec<eld_position::Model>, DbErr> {
    eld_position::Entity::within(tx)
        .limit(MAX_ROWS)
        .all(tx)
        .await
}

/// Writes each truck's position, replacing the one stored.
pub async fn upsert(tx: &FleetTx, rows: Vec<eld_position::ActiveModel>) -> Result<(), DbErr> {
    use eld_position::Column as P;
    // Six columns a row: well under SQLite's bound-parameter limit.
    for chunk in rows.chunks(150) {
        eld_position::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([P::FleetAccountId, P::EldVehicleId])
                    .update_columns([P::Lat, P::Lon, P::ReportedAt, P::FetchedAt])
                    .to_owned(),
            )
            .exec_without_returning(tx)
            .await?;
    }
    Ok(())
}

/// Forgets the fleet's positions (its ELD connection is gone).
pub async fn forget(tx: &FleetTx) -> Result<(), DbErr> {
    eld_position::Entity::delete_within(tx)
        .exec(tx)
        .await
        .map(|_| ())
}

/// A truck on a load under way: its ELD id, its stops' coordinates in
/// order, and when the load was dispatched (when the history says).
#[derive(Debug, Clone)]
pub struct TruckOnLoad {
    pub eld_vehicle_id: String,
    pub stops: Vec<LatLon>,
    pub dispatched_at: Option<DateTime<Utc>>,
    /// The first stop's appointment or window start.
    pub first_stop_at: Option<DateTime<Utc>>,
}

/// The trucks (with an ELD id) of the fleet's loads in these statuses.
pub async fn trucks_on_loads(tx: &FleetTx, statuses: &[&str]) -> Result<Vec<TruckOnLoad>, DbErr> {
    let loads: Vec<(Uuid, Option<Uuid>)> = load::Entity::within(tx)
        .select_only()
        .column(load::Column::Id)
        .column(load::Column::TruckId)
        .filter(load::Column::Status.is_in(statuses.iter().copied()))
        .filter(load::Column::TruckId.is_not_null())
        .order_by_asc(load::Column::Id)
        .limit(MAX_ROWS)
        .into_tuple()
        .all(tx)
        .await?;
    if loads.is_empty() {
        return Ok(Vec::new());
    }
    let load_ids: Vec<Uuid> = loads.iter().map(|l| l.0).collect();
    let truck_ids: Vec<Uuid> = loads.iter().filter_map(|l| l.1).collect();
    let eld_ids: HashMap<Uuid, String> = fleet_vehicle::Entity::within(tx)
        .select_only()
        .column(fleet_vehicle::Column::Id)
        .column(fleet_vehicle::Column::VehicleId)
        .filter(fleet_vehicle::Column::Id.is_in(truck_ids))
        .filter(fleet_vehicle::Column::VehicleId.is_not_null())
        .into_tuple::<(Uuid, Option<String>)>()
        .all(tx)
        .await?
        .into_iter()
        .filter_map(|(id, eld)| eld.map(|e| (id, e)))
        .collect();
    let stops: Vec<load_stop::Model> = load_stop::Entity::within(tx)
        .filter(load_stop::Column::LoadId.is_in(load_ids.clone()))
        .order_by_asc(load_stop::Column::LoadId)
        .order_by_asc(load_stop::Column::Seq)
        .all(tx)
        .await?;
    let facility_ids: Vec<Uuid> = stops.iter().map(|s| s.facility_id).collect();
    let places: HashMap<Uuid, LatLon> = facility::Entity::within(tx)
        .select_only()
        .column(facility::Column::Id)
        .column(facility::Column::Lat)
        .column(facility::Column::Lon)
        .filter(facility::Column::Id.is_in(facility_ids))
        .into_tuple::<(Uuid, f64, f64)>()
        .all(tx)
        .await?
        .into_iter()
        .map(|(id, lat, lon)| (id, LatLon { lat, lon }))
        .collect();
    let mut dispatched: HashMap<Uuid, DateTime<Utc>> = HashMap::new();
    let events: Vec<(Uuid, DateTime<Utc>)> = load_event::Entity::within(tx)
        .select_only()
        .column(load_event::Column::LoadId)
        .column(load_event::Column::At)
        .filter(load_event::Column::LoadId.is_in(load_ids))
        .filter(load_event::Column::ToStatus.eq("dispatched"))
        .into_tuple()
        .all(tx)
        .await?;
    for (load_id, at) in events {
        let latest = dispatched.entry(load_id).or_insert(at);
        *latest = (*latest).max(at);
    }
    Ok(loads
        .into_iter()
        .filter_map(|(load_id, truck)| {
            let eld_vehicle_id = eld_ids.get(&truck?)?.clone();
            let stops_of_load: Vec<&load_stop::Model> =
                stops.iter().filter(|s| s.load_id == load_id).collect();
            let first_stop_at = stops_of_load.first().map(|s| s.starts_at);
            Some(TruckOnLoad {
                eld_vehicle_id,
                stops: stops_of_load
                    .iter()
                    .filter_map(|s| places.get(&s.facility_id).copied())
                    .collect(),
                dispatched_at: dispatched.get(&load_id).copied(),
                first_stop_at,
            })
        })
        .collect())
}
