//! Each truck's last position from the fleet's ELD, kept in `eld_positions`
//! (m0032, decision 046) and shared by every reader: the truck board's
//! refresh, the posting dialog and the stop geofence. A read of the
//! provider at most [`FRESH_FOR`] old is reused instead of asking again, so
//! the readers together ask a provider at most once per cycle; the
//! adapters keep their own retries (429 with `Retry-After`, backoff). One
//! read per fleet at a time in a process: a reader that finds a read in
//! flight waits for it and uses its rows.

use super::kinds::EldDeps;
use super::sync::provider_of;
use crate::integrations::eld::demo::{DemoRoute, follow_routes};
use crate::integrations::eld::{EldVehicleLocation, ProviderKind};
use crate::modules::eld::repo;
use crate::modules::eld::repo::positions as positions_repo;
use chrono::{DateTime, Duration, Utc};
use db::entities::{eld_position, fleet_eld_integration};
use db::tenancy::{self, TenantScope};
use domain::loads::geofence::WATCHED;
use sea_orm::{DbErr, Set};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Weak};
use uuid::Uuid;

/// A read of the provider younger than this is reused. Under the stop
/// geofence's two-minute period, so each of its runs reads afresh while
/// the board's refresh and the posting dialog ride along.
pub const FRESH_FOR: Duration = Duration::seconds(100);
/// The most pages of positions read in one go (512 a page on Samsara).
const MAX_PAGES: usize = 40;

/// The fleet's trucks' last positions, by the provider's vehicle id.
#[derive(Debug, Clone)]
pub struct FleetPositions {
    pub provider: ProviderKind,
    pub by_vehicle: HashMap<String, EldVehicleLocation>,
}

/// The fleet's positions as of `now`: the stored ones when read from the
/// provider within [`FRESH_FOR`], else read again (and stored). None when
/// the fleet has no active ELD connection (its stored positions are then
/// forgotten). A provider that fails is logged and the stored positions
/// (however old: their `at` says) are returned.
pub async fn current(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    now: DateTime<Utc>,
) -> Result<Option<FleetPositions>, DbErr> {
    let (integration, stored) = stored_of(deps, scope).await?;
    let Some(integration) = integration else {
        if !stored.is_empty() {
            let tx = tenancy::write(deps.db, scope).await?;
            positions_repo::forget(&tx).await?;
            tx.commit().await?;
        }
        return Ok(None);
    };
    let Some(provider) = ProviderKind::parse(&integration.provider) else {
        return Ok(None);
    };
    if fresh(&stored, now) {
        return Ok(Some(view(provider, stored)));
    }
    let gate = gate(scope.fleet_account_id());
    let _held = gate.lock().await;
    // Another reader may have read them while this one waited.
    let (_, stored) = stored_of(deps, scope).await?;
    if fresh(&stored, now) {
        return Ok(Some(view(provider, stored)));
    }
    let Some(mut fetched) = fetch(deps, scope).await else {
        return Ok(Some(view(provider, stored)));
    };
    if provider == ProviderKind::Demo {
        let routes = demo_routes(deps, scope, integration.created_at).await?;
        follow_routes(&mut fetched, &routes, now);
    }
    let fleet = scope.fleet_account_id();
    // One row per truck: should a provider list a truck twice, the last wins.
    let rows: HashMap<String, eld_position::ActiveModel> = fetched
        .into_iter()
        .map(|l| {
            (
                l.vehicle_id.clone(),
                eld_position::ActiveModel {
                    fleet_account_id: Set(fleet),
                    eld_vehicle_id: Set(l.vehicle_id),
                    lat: Set(l.lat),
                    lon: Set(l.lon),
                    reported_at: Set(l.at),
                    fetched_at: Set(now),
                },
            )
        })
        .collect();
    let tx = tenancy::write(deps.db, scope).await?;
    positions_repo::upsert(&tx, rows.into_values().collect()).await?;
    let stored = positions_repo::all(&tx).await?;
    tx.commit().await?;
    Ok(Some(view(provider, stored)))
}

/// The fleet's active connection and its stored positions.
async fn stored_of(
    deps: &EldDeps<'_>,
    scope: TenantScope,
) -> Result<
    (
        Option<fleet_eld_integration::Model>,
        Vec<eld_position::Model>,
    ),
    DbErr,
> {
    let tx = tenancy::read(deps.db, scope).await?;
    let integration = repo::integration(&tx).await?.filter(|i| i.is_active);
    let stored = positions_repo::all(&tx).await?;
    tx.commit().await?;
    Ok((integration, stored))
}

/// Whether the newest read is less than [`FRESH_FOR`] from `now`, either
/// way: a reader that started a moment before the read it waited for
/// reuses it too.
fn fresh(stored: &[eld_position::Model], now: DateTime<Utc>) -> bool {
    stored
        .iter()
        .map(|p| p.fetched_at)
        .max()
        .is_some_and(|at| (now - at).abs() < FRESH_FOR)
}

fn view(provider: ProviderKind, stored: Vec<eld_position::Model>) -> FleetPositions {
    FleetPositions {
        provider,
        by_vehicle: stored
            .into_iter()
            .map(|p| {
                (
                    p.eld_vehicle_id.clone(),
                    EldVehicleLocation {
                        vehicle_id: p.eld_vehicle_id,
                        lat: p.lat,
                        lon: p.lon,
                        at: p.reported_at,
                        description: None,
                    },
                )
            })
            .collect(),
    }
}

/// Every vehicle's position from the provider, pages walked until the last
/// or the first failure (what came before it is kept); None when the first
/// page fails or there is no working connection. Positions off the globe
/// are left out.
async fn fetch(deps: &EldDeps<'_>, scope: TenantScope) -> Option<Vec<EldVehicleLocation>> {
    let provider = match provider_of(deps, scope).await {
        Ok((_, provider)) => provider,
        Err(err) => {
            tracing::debug!(fleet = %scope.fleet_account_id(), error = %err, "no ELD positions");
            return None;
        }
    };
    let mut out = Vec::new();
    let mut cursor = None;
    for page_no in 0..MAX_PAGES {
        match provider.vehicle_locations_page(cursor.take()).await {
            Ok(page) => {
                out.extend(page.items.into_iter().filter(|l| {
                    l.lat.is_finite()
                        && l.lon.is_finite()
                        && l.lat.abs() <= 90.0
                        && l.lon.abs() <= 180.0
                }));
                match page.next {
                    Some(next) => cursor = Some(next),
                    None => break,
                }
            }
            Err(err) => {
                tracing::warn!(fleet = %scope.fleet_account_id(), error = %err, "ELD positions unavailable");
                if page_no == 0 {
                    return None;
                }
                break;
            }
        }
    }
    Some(out)
}

/// The demo provider's trucks on the fleet's loads under way, each on its
/// load's stops from when the load was dispatched or the demo provider
/// connected, whichever came later (so a load dispatched days ago starts
/// over when the demo is connected).
async fn demo_routes(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    connected_at: DateTime<Utc>,
) -> Result<Vec<DemoRoute>, DbErr> {
    let statuses: Vec<&str> = WATCHED.iter().map(|s| s.as_str()).collect();
    let tx = tenancy::read(deps.db, scope).await?;
    let trucks = positions_repo::trucks_on_loads(&tx, &statuses).await?;
    tx.commit().await?;
    Ok(trucks
        .into_iter()
        .map(|t| {
            let since = t
                .dispatched_at
                .map_or(connected_at, |d| d.max(connected_at));
            DemoRoute {
                vehicle_id: t.eld_vehicle_id,
                stops: t.stops,
                since: on_time(since, t.first_stop_at),
            }
        })
        .collect())
}

/// A truck dispatched when its first stop is already due is at that stop
/// from the start, as a driver waiting at the dock would be: its timeline
/// begins as if the approach were over.
fn on_time(since: DateTime<Utc>, first_stop_at: Option<DateTime<Utc>>) -> DateTime<Utc> {
    match first_stop_at {
        Some(due) if due <= since => {
            since
                - chrono::Duration::minutes(crate::integrations::eld::demo::ROUTE_APPROACH_MINUTES)
        }
        _ => since,
    }
}

/// One gate per fleet, held while its positions are read.
fn gate(fleet: Uuid) -> Arc<tokio::sync::Mutex<()>> {
    type Gates = std::sync::Mutex<HashMap<Uuid, Weak<tokio::sync::Mutex<()>>>>;
    static GATES: LazyLock<Gates> = LazyLock::new(Default::default);
    let mut gates = GATES.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(gate) = gates.get(&fleet).and_then(Weak::upgrade) {
        return gate;
    }
    if gates.len() > 1024 {
        gates.retain(|_, g| g.strong_count() > 0);
    }
    let gate = Arc::new(tokio::sync::Mutex::new(()));
    gates.insert(fleet, Arc::downgrade(&gate));
    gate
}
