//! What the stop geofence reads: the fleets to visit (system scope) and,
//! in a fleet's own transaction, its watched loads with their trucks,
//! stops, facilities and the ELD's reports.

use db::entities::{facility, fleet_eld_integration, fleet_vehicle, load, load_stop, stop_report};
use db::system::AcrossFleets;
use db::tenancy::{FleetOwned, FleetTx, SystemTx};
use sea_orm::{ColumnTrait, DbErr, QueryFilter, QueryOrder, QuerySelect};
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// More loads under way than any fleet has.
const MAX_LOADS: u64 = 10_000;

/// The fleets with a load in one of `statuses` that has a truck, and an
/// active ELD connection in good standing.
pub async fn fleets_watched(tx: &SystemTx, statuses: &[&str]) -> Result<Vec<Uuid>, DbErr> {
    let with_loads: HashSet<Uuid> = load::Entity::across_fleets(tx)
        .select_only()
        .column(load::Column::FleetAccountId)
        .distinct()
        .filter(load::Column::Status.is_in(statuses.iter().copied()))
        .filter(load::Column::TruckId.is_not_null())
        .into_tuple::<Uuid>()
        .all(tx)
        .await?
        .into_iter()
        .collect();
    if with_loads.is_empty() {
        return Ok(Vec::new());
    }
    let mut connected: Vec<Uuid> = fleet_eld_integration::Entity::across_fleets(tx)
        .select_only()
        .column(fleet_eld_integration::Column::FleetAccountId)
        .filter(fleet_eld_integration::Column::IsActive.eq(true))
        .filter(fleet_eld_integration::Column::NeedsAttention.eq(false))
        .into_tuple::<Uuid>()
        .all(tx)
        .await?;
    connected.retain(|fleet| with_loads.contains(fleet));
    connected.sort();
    connected.dedup();
    Ok(connected)
}

/// A stop with its geofence.
#[derive(Debug, Clone)]
pub struct FencedStop {
    pub stop: load_stop::Model,
    pub lat: f64,
    pub lon: f64,
    pub radius_miles: Option<f64>,
}

/// A watched load: its truck's ELD id, its stops in order and the ELD's
/// reports of them.
#[derive(Debug, Clone)]
pub struct WatchedLoad {
    pub load_id: Uuid,
    pub eld_vehicle_id: String,
    pub stops: Vec<FencedStop>,
    pub eld_reports: Vec<stop_report::Model>,
}

/// The fleet's loads in `statuses` whose truck has an ELD id.
pub async fn watched(
    tx: &FleetTx,
    statuses: &[&str],
    eld_source: &str,
) -> Result<Vec<WatchedLoad>, DbErr> {
    let loads: Vec<(Uuid, Option<Uuid>)> = load::Entity::within(tx)
        .select_only()
        .column(load::Column::Id)
        .column(load::Column::TruckId)
        .filter(load::Column::Status.is_in(statuses.iter().copied()))
        .filter(load::Column::TruckId.is_not_null())
        .order_by_asc(load::Column::Id)
        .limit(MAX_LOADS)
        .into_tuple()
        .all(tx)
        .await?;
    if loads.is_empty() {
        return Ok(Vec::new());
    }
    let truck_ids: Vec<Uuid> = loads.iter().filter_map(|l| l.1).collect();
    let eld_ids: HashMap<Uuid, String> = fleet_vehicle::Entity::within(tx)
        .select_only()
        .column(fleet_vehicle::Column::Id)
        .column(fleet_vehicle::Column::VehicleId)
        .filter(fleet_vehicle::Column::Id.is_in(truck_ids))
        .into_tuple::<(Uuid, Option<String>)>()
        .all(tx)
        .await?
        .into_iter()
        .filter_map(|(id, eld)| eld.filter(|e| !e.trim().is_empty()).map(|e| (id, e)))
        .collect();
    let loads: Vec<(Uuid, String)> = loads
        .into_iter()
        .filter_map(|(id, truck)| Some((id, eld_ids.get(&truck?)?.clone())))
        .collect();
    if loads.is_empty() {
        return Ok(Vec::new());
    }
    let load_ids: Vec<Uuid> = loads.iter().map(|l| l.0).collect();
    let stops: Vec<load_stop::Model> = load_stop::Entity::within(tx)
        .filter(load_stop::Column::LoadId.is_in(load_ids.clone()))
        .order_by_asc(load_stop::Column::LoadId)
        .order_by_asc(load_stop::Column::Seq)
        .all(tx)
        .await?;
    let facility_ids: Vec<Uuid> = stops.iter().map(|s| s.facility_id).collect();
    let fences: HashMap<Uuid, (f64, f64, Option<f64>)> = facility::Entity::within(tx)
        .select_only()
        .column(facility::Column::Id)
        .column(facility::Column::Lat)
        .column(facility::Column::Lon)
        .column(facility::Column::ArrivalRadiusMiles)
        .filter(facility::Column::Id.is_in(facility_ids))
        .into_tuple::<(Uuid, f64, f64, Option<f64>)>()
        .all(tx)
        .await?
        .into_iter()
        .map(|(id, lat, lon, radius)| (id, (lat, lon, radius)))
        .collect();
    let reports: Vec<stop_report::Model> = stop_report::Entity::within(tx)
        .filter(stop_report::Column::LoadId.is_in(load_ids))
        .filter(stop_report::Column::Source.eq(eld_source))
        .all(tx)
        .await?;
    Ok(loads
        .into_iter()
        .map(|(load_id, eld_vehicle_id)| WatchedLoad {
            load_id,
            eld_vehicle_id,
            stops: stops
                .iter()
                .filter(|s| s.load_id == load_id)
                .filter_map(|s| {
                    let (lat, lon, radius_miles) = *fences.get(&s.facility_id)?;
                    Some(FencedStop {
                        stop: s.clone(),
                        lat,
                        lon,
                        radius_miles,
                    })
                })
                .collect(),
            eld_reports: reports
                .iter()
                .filter(|r| r.load_id == load_id)
                .cloned()
                .collect(),
        })
        .collect())
}
