//! The fleet's loads as lists: the searchable, paged list with its status
//! counts, its CSV export, and the dispatch board's week.

use super::{LoadsError, number_in, optional_text, texts};
use crate::modules::fleet_account::time_zone;
use crate::modules::loads::dto::{
    DispatchBoard, DispatchDriver, DispatchLoad, DispatchTrailer, DispatchTruck, LoadList, LoadRow,
    StatusCount,
};
use crate::modules::loads::repo;
use chrono::{DateTime, Days, NaiveDate, Utc};
use chrono_tz::Tz;
use db::entities::{fleet_vehicle, load, load_stop};
use db::tenancy::{self, FleetTx, TenantScope};
use domain::loads::LoadStatus;
use sea_orm::DatabaseConnection;
use std::collections::{BTreeMap, HashMap};
use uuid::Uuid;

/// The most matches one search counts (years of a large fleet's loads).
const SEARCH_LIMIT: u64 = 250_000;
/// The most rows one export carries.
const EXPORT_LIMIT: u64 = 50_000;
/// The most loads the board draws for its days.
const BOARD_LIMIT: u64 = 2_000;
/// The most drivers, trucks and trailers the board offers.
const BOARD_PEOPLE_LIMIT: u64 = 2_000;

/// A search as the list and the export take it.
pub struct Search {
    statuses: Vec<&'static str>,
    q: Option<String>,
}

impl Search {
    /// `status` is a comma-separated list of statuses; empty means all.
    pub fn parse(status: Option<&str>, q: Option<&str>) -> Result<Search, LoadsError> {
        let mut statuses = Vec::new();
        for part in status.unwrap_or("").split(',').map(str::trim) {
            if part.is_empty() {
                continue;
            }
            let parsed = LoadStatus::parse(part)
                .ok_or_else(|| LoadsError::invalid("status", &texts().status_invalid))?;
            statuses.push(parsed.as_str());
        }
        Ok(Search {
            statuses,
            q: optional_text("q", q, 100)?,
        })
    }
}

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
    search: &Search,
    page: Option<u64>,
    per_page: Option<u64>,
) -> Result<LoadList, LoadsError> {
    let page = number_in("page", page, 1, 10_000)?.unwrap_or(1);
    let per_page = number_in("per_page", per_page, 1, 100)?.unwrap_or(50);
    let tx = tenancy::read(db, scope).await?;
    let (rows, counts) = match search.q.as_deref() {
        Some(q) => searched_page(&tx, &search.statuses, q, page, per_page).await?,
        None => (
            repo::page(&tx, &search.statuses, None, page, per_page).await?,
            repo::status_counts(&tx, None).await?,
        ),
    };
    let loads = rows_of(&tx, rows).await?;
    tx.commit().await?;
    // The total is the counts' sum over the statuses asked for: one scan
    // of the fleet's loads fewer than a COUNT beside the GROUP BY.
    let total = counts
        .iter()
        .filter(|(status, _)| {
            search.statuses.is_empty() || search.statuses.contains(&status.as_str())
        })
        .map(|(_, count)| count.max(&0).unsigned_abs())
        .sum();
    Ok(LoadList {
        loads,
        total,
        counts: counts
            .into_iter()
            .map(|(status, count)| StatusCount {
                status,
                count: count.max(0) as u64,
            })
            .collect(),
    })
}

/// A search's page and its counts from one read of the matching loads.
/// The counts need every match anyway; on PostgreSQL row-level security
/// keeps the planner from an ordered index scan for a LIKE (not leakproof),
/// so a separate page query would read them all a second time.
async fn searched_page(
    tx: &FleetTx,
    statuses: &[&str],
    q: &str,
    page: u64,
    per_page: u64,
) -> Result<(Vec<load::Model>, Vec<(String, i64)>), LoadsError> {
    let mut hits = repo::search_hits(tx, q, SEARCH_LIMIT).await?;
    let mut counts: BTreeMap<String, i64> = BTreeMap::new();
    for (_, status, _, _) in &hits {
        *counts.entry(status.clone()).or_default() += 1;
    }
    hits.retain(|(_, status, _, _)| statuses.is_empty() || statuses.contains(&status.as_str()));
    hits.sort_unstable_by_key(|hit| std::cmp::Reverse((hit.2, hit.3)));
    let ids: Vec<Uuid> = hits
        .iter()
        .skip(usize::try_from((page - 1) * per_page).unwrap_or(usize::MAX))
        .take(usize::try_from(per_page).unwrap_or(usize::MAX))
        .map(|hit| hit.0)
        .collect();
    let mut rows = repo::loads_by_ids(tx, ids.clone()).await?;
    rows.sort_by_key(|row| ids.iter().position(|id| *id == row.id));
    Ok((rows, counts.into_iter().collect()))
}

/// Every load of the search as CSV, one row per load.
pub async fn export_csv(
    db: &DatabaseConnection,
    scope: TenantScope,
    search: &Search,
) -> Result<Vec<u8>, LoadsError> {
    let tx = tenancy::read(db, scope).await?;
    let rows = repo::all_matching(&tx, &search.statuses, search.q.as_deref(), EXPORT_LIMIT).await?;
    let mut rows_out = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(500) {
        rows_out.extend(rows_of(&tx, chunk.to_vec()).await?);
    }
    tx.commit().await?;
    let t = &texts().export;
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut write = |record: Vec<String>| {
        out.write_record(record.iter().map(|c| domain::csv_cell::spreadsheet_safe(c)))
            .map_err(|e| LoadsError::Internal(e.into()))
    };
    write(t.headers.clone())?;
    for row in rows_out {
        write(vec![
            row.pro_number.to_string(),
            row.load_number,
            row.customer_name,
            row.status,
            row.origin,
            row.destination,
            row.first_pickup_at.to_rfc3339(),
            row.last_delivery_at.to_rfc3339(),
            row.driver_name.unwrap_or_default(),
            row.truck_unit.unwrap_or_default(),
            row.loaded_miles.to_string(),
            format!(
                "{}.{:02}",
                row.revenue_cents / 100,
                (row.revenue_cents % 100).abs()
            ),
        ])?;
    }
    out.into_inner()
        .map_err(|e| LoadsError::Internal(anyhow::anyhow!("{e}")))
}

/// The list's rows for `loads`: their customer, first and last city,
/// driver, truck and revenue, read in one query each.
async fn rows_of(tx: &FleetTx, loads: Vec<load::Model>) -> Result<Vec<LoadRow>, LoadsError> {
    let ids: Vec<Uuid> = loads.iter().map(|l| l.id).collect();
    let places = Places::read(tx, &loads).await?;
    let customers = customer_names(tx, &loads).await?;
    let drivers: HashMap<Uuid, String> =
        repo::drivers(tx, loads.iter().filter_map(|l| l.driver_id).collect())
            .await?
            .into_iter()
            .map(|d| {
                let name = domain::fleet::driver_display_name(
                    d.first_name.as_deref(),
                    d.last_name.as_deref(),
                    d.username.as_deref(),
                );
                (d.id, name)
            })
            .collect();
    let trucks: HashMap<Uuid, String> =
        repo::trucks(tx, loads.iter().filter_map(|l| l.truck_id).collect())
            .await?
            .into_iter()
            .map(|t| (t.id, truck_unit(&t)))
            .collect();
    let extras: HashMap<Uuid, i64> = repo::accessorial_totals(tx, ids)
        .await?
        .into_iter()
        .collect();
    Ok(loads
        .into_iter()
        .map(|l| {
            let (origin, destination) = places.ends(l.id);
            LoadRow {
                id: l.id,
                pro_number: l.pro_number,
                load_number: l.load_number,
                customer_name: customers.get(&l.customer_id).cloned().unwrap_or_default(),
                status: l.status,
                first_pickup_at: l.first_pickup_at,
                last_delivery_at: l.last_delivery_at,
                loaded_miles: l.loaded_miles,
                origin,
                destination,
                driver_name: l.driver_id.and_then(|d| drivers.get(&d).cloned()),
                truck_unit: l.truck_id.and_then(|t| trucks.get(&t).cloned()),
                revenue_cents: l.linehaul_cents
                    + l.fuel_surcharge_cents
                    + extras.get(&l.id).copied().unwrap_or(0),
            }
        })
        .collect())
}

async fn customer_names(
    tx: &FleetTx,
    loads: &[load::Model],
) -> Result<HashMap<Uuid, String>, LoadsError> {
    Ok(
        repo::customers_by_ids(tx, loads.iter().map(|l| l.customer_id).collect())
            .await?
            .into_iter()
            .map(|c| (c.id, c.name))
            .collect(),
    )
}

/// A truck as dispatchers name it: its unit name, else the ELD's id.
fn truck_unit(truck: &fleet_vehicle::Model) -> String {
    unit_name(
        [truck.name.as_deref(), truck.vehicle_id.as_deref()],
        &domain::texts().fleet.assets.unnamed_truck,
    )
}

/// The first of `names` that is not blank, else `unnamed`.
fn unit_name(names: [Option<&str>; 2], unnamed: &str) -> String {
    names
        .into_iter()
        .flatten()
        .map(str::trim)
        .find(|n| !n.is_empty())
        .unwrap_or(unnamed)
        .to_owned()
}

/// Where each load starts and ends ("City, ST").
struct Places {
    ends: HashMap<Uuid, (String, String)>,
}

impl Places {
    async fn read(tx: &FleetTx, loads: &[load::Model]) -> Result<Places, LoadsError> {
        let stops = repo::stops_of_loads(tx, loads.iter().map(|l| l.id).collect()).await?;
        let mut first_last: HashMap<Uuid, (&load_stop::Model, &load_stop::Model)> = HashMap::new();
        for stop in &stops {
            first_last
                .entry(stop.load_id)
                .and_modify(|(_, last)| *last = stop)
                .or_insert((stop, stop));
        }
        let facility_ids = first_last
            .values()
            .flat_map(|(a, b)| [a.facility_id, b.facility_id])
            .collect();
        let cities: HashMap<Uuid, String> = repo::facilities_by_ids(tx, facility_ids)
            .await?
            .into_iter()
            .map(|f| (f.id, format!("{}, {}", f.city, f.state)))
            .collect();
        let city = |id: Uuid| cities.get(&id).cloned().unwrap_or_default();
        Ok(Places {
            ends: first_last
                .into_iter()
                .map(|(load, (a, b))| (load, (city(a.facility_id), city(b.facility_id))))
                .collect(),
        })
    }

    fn ends(&self, load_id: Uuid) -> (String, String) {
        self.ends.get(&load_id).cloned().unwrap_or_default()
    }
}

/// The board's days: `days` days from `from` (today in `zone` when absent),
/// as instants bounding them in the fleet's zone.
pub fn board_days(
    from: Option<NaiveDate>,
    days: Option<u32>,
    zone: Tz,
    now: DateTime<Utc>,
) -> Result<(NaiveDate, u32, DateTime<Utc>, DateTime<Utc>), LoadsError> {
    let days = number_in("days", days, 1, 31)?.unwrap_or(7);
    let from = from.unwrap_or_else(|| now.with_timezone(&zone).date_naive());
    let end = from
        .checked_add_days(Days::new(u64::from(days)))
        .ok_or_else(|| LoadsError::invalid("from", &texts().date_invalid))?;
    let start_at = domain::loads::start_of_day(from, zone)
        .ok_or_else(|| LoadsError::invalid("from", &texts().date_invalid))?;
    let end_at = domain::loads::start_of_day(end, zone)
        .ok_or_else(|| LoadsError::invalid("from", &texts().date_invalid))?;
    Ok((from, days, start_at, end_at))
}

pub struct BoardFilter {
    pub from: Option<NaiveDate>,
    pub days: Option<u32>,
    pub customer_id: Option<Uuid>,
    pub driver_id: Option<Uuid>,
}

/// The board's days in the fleet's home zone (Company Settings).
pub async fn board(
    db: &DatabaseConnection,
    scope: TenantScope,
    filter: &BoardFilter,
    now: DateTime<Utc>,
) -> Result<DispatchBoard, LoadsError> {
    let tx = tenancy::read(db, scope).await?;
    let zone = time_zone::fleet_time_zone(&tx).await?;
    let (from, days, start_at, end_at) = board_days(filter.from, filter.days, zone, now)?;
    let loads = repo::board_loads(
        &tx,
        start_at,
        end_at,
        filter.customer_id,
        filter.driver_id,
        BOARD_LIMIT,
    )
    .await?;
    let places = Places::read(&tx, &loads).await?;
    let customers = customer_names(&tx, &loads).await?;
    let drivers = repo::all_drivers(&tx, BOARD_PEOPLE_LIMIT).await?;
    let trucks = repo::all_trucks(&tx, BOARD_PEOPLE_LIMIT).await?;
    let trailers = repo::all_trailers(&tx, BOARD_PEOPLE_LIMIT).await?;
    tx.commit().await?;
    let unnamed_trailer = &domain::texts().fleet.unnamed_trailer;
    Ok(DispatchBoard {
        from,
        days,
        time_zone: zone.name().to_owned(),
        loads: loads
            .into_iter()
            .map(|l| {
                let (origin, destination) = places.ends(l.id);
                DispatchLoad {
                    id: l.id,
                    pro_number: l.pro_number,
                    load_number: l.load_number,
                    customer_id: l.customer_id,
                    customer_name: customers.get(&l.customer_id).cloned().unwrap_or_default(),
                    status: l.status,
                    equipment_type: l.equipment_type,
                    first_pickup_at: l.first_pickup_at,
                    last_delivery_at: l.last_delivery_at,
                    origin,
                    destination,
                    driver_response: l.driver_response,
                    decline_reason: l.decline_reason,
                    driver_id: l.driver_id,
                    second_driver_id: l.second_driver_id,
                    truck_id: l.truck_id,
                    trailer_id: l.trailer_id,
                }
            })
            .collect(),
        drivers: drivers
            .into_iter()
            .map(|d| DispatchDriver {
                id: d.id,
                name: domain::fleet::driver_display_name(
                    d.first_name.as_deref(),
                    d.last_name.as_deref(),
                    d.username.as_deref(),
                ),
                active: d.is_active,
            })
            .collect(),
        trucks: trucks
            .into_iter()
            .map(|t| DispatchTruck {
                id: t.id,
                unit_number: truck_unit(&t),
                active: t.is_active,
            })
            .collect(),
        trailers: trailers
            .into_iter()
            .map(|t| DispatchTrailer {
                id: t.id,
                unit_number: unit_name(
                    [t.name.as_deref(), t.trailer_id.as_deref()],
                    unnamed_trailer,
                ),
                trailer_type: t.trailer_type,
            })
            .collect(),
    })
}
