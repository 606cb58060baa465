//! Stop status from the ELD (issue 32 §2, decision 046): every two minutes
//! the `eld_stop_geofence` job compares each watched load's truck position
//! (the shared position cache, `eld::positions`) with its stops
//! (`domain::loads::geofence`) and records an arrival or a departure
//! through the same `stop_events::report` the office and the phone use,
//! as the ELD with the position's time and place. A report the ELD made
//! already writes nothing, so a run twice, or two at once, records once.

use super::loads::Actor;
use super::stop_events::{self, Outcome, Report};
use crate::integrations::eld::ProviderKind;
use crate::modules::eld::EldDeps;
use crate::modules::eld::positions::{self, FleetPositions};
use crate::modules::loads::LoadsError;
use crate::modules::loads::repo::geofence::{self as repo, WatchedLoad};
use chrono::{DateTime, Utc};
use db::SystemKey;
use db::tenancy::{self, TenantScope};
use domain::geo::LatLon;
use domain::loads::geofence::{EldSeen, Fence, Fix, StopFence, WATCHED, judge};
use domain::loads::{Source, StopEvent};

/// What the job uses: the ELD's (positions) and the system key (to find
/// the fleets to visit).
pub struct GeofenceDeps<'a> {
    pub eld: EldDeps<'a>,
    pub system_key: &'a SystemKey,
}

impl<'a> GeofenceDeps<'a> {
    pub fn of(state: &'a crate::state::AppState) -> GeofenceDeps<'a> {
        GeofenceDeps {
            eld: EldDeps::of(state),
            system_key: &state.system_key,
        }
    }
}

/// What a run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct GeofenceRun {
    pub fleets: usize,
    pub arrivals: usize,
    pub departures: usize,
}

/// The history's name for the ELD of a provider: "ELD (Samsara)".
pub fn actor_name(provider: ProviderKind) -> String {
    let name = match provider {
        ProviderKind::Keeptruckin => "Motive",
        ProviderKind::Demo => "Demo",
        other => other.label(),
    };
    format!("ELD ({name})")
}

/// Visits every fleet with a watched load whose truck may report a
/// position; a fleet that fails is logged and the others go on.
pub async fn run(deps: &GeofenceDeps<'_>, now: DateTime<Utc>) -> anyhow::Result<GeofenceRun> {
    let statuses: Vec<&str> = WATCHED.iter().map(|s| s.as_str()).collect();
    let tx = tenancy::system_read(deps.eld.db, deps.system_key).await?;
    let fleets = repo::fleets_watched(&tx, &statuses).await?;
    tx.commit().await?;
    let mut out = GeofenceRun::default();
    for fleet_id in fleets {
        // Every caller of for_job is reviewed: this one acts on the fleet's
        // own loads and positions only.
        #[expect(
            clippy::disallowed_methods,
            reason = "the stop geofence job: a fleet its own system-scope query found"
        )]
        let scope = TenantScope::for_job(fleet_id);
        match run_fleet(deps, scope, now).await {
            Ok(done) => {
                out.fleets += 1;
                out.arrivals += done.arrivals;
                out.departures += done.departures;
            }
            Err(err) => {
                tracing::warn!(fleet = %fleet_id, error = %format!("{err:#}"), "stop geofence of a fleet failed");
            }
        }
    }
    Ok(out)
}

/// One fleet: its watched loads, its trucks' positions, the events.
pub async fn run_fleet(
    deps: &GeofenceDeps<'_>,
    scope: TenantScope,
    now: DateTime<Utc>,
) -> anyhow::Result<GeofenceRun> {
    let statuses: Vec<&str> = WATCHED.iter().map(|s| s.as_str()).collect();
    let loads = {
        let tx = tenancy::read(deps.eld.db, scope).await?;
        let loads = repo::watched(&tx, &statuses, Source::Eld.as_str()).await?;
        tx.commit().await?;
        loads
    };
    let mut out = GeofenceRun::default();
    if loads.is_empty() {
        return Ok(out);
    }
    // Outside a transaction: the provider may take seconds.
    let Some(positions) = positions::current(&deps.eld, scope, now).await? else {
        return Ok(out);
    };
    // The shipments of booked loads whose carrier shares the position
    // take the trucks' positions (decision 049).
    let fixes: Vec<_> = loads
        .iter()
        .filter_map(|l| {
            positions
                .by_vehicle
                .get(&l.eld_vehicle_id)
                .map(|p| (l.load_id, p.lat, p.lon, p.at))
        })
        .collect();
    if !fixes.is_empty() {
        let tx = tenancy::write(deps.eld.db, scope).await?;
        crate::modules::loads::repo::share_positions(&tx, &fixes).await?;
        tx.commit().await?;
    }
    let actor = Actor {
        id: None,
        name: actor_name(positions.provider),
        email: String::new(),
    };
    for load in &loads {
        for (seq, event, fix) in events_of(load, &positions, now) {
            let report = Report {
                source: Source::Eld,
                actor: &actor,
                seq,
                event,
                at: fix.reported_at,
                position: Some((fix.at.lat, fix.at.lon)),
                client_id: None,
            };
            match stop_events::report(deps.eld.db, scope, load.load_id, report).await {
                Ok((Outcome::Repeated, _)) => {}
                Ok(_) => match event {
                    StopEvent::Departed => out.departures += 1,
                    _ => out.arrivals += 1,
                },
                // The load moved on meanwhile (cancelled, served out of
                // order by the office): the ELD's word is not forced on it.
                Err(
                    err @ (LoadsError::NotFound
                    | LoadsError::IllegalTransition(_)
                    | LoadsError::Invalid { .. }),
                ) => {
                    tracing::info!(load = %load.load_id, seq, event = event.as_str(), error = %err, "ELD stop event not recorded");
                }
                Err(err) => return Err(anyhow::anyhow!("load {}: {err}", load.load_id)),
            }
        }
    }
    Ok(out)
}

/// The events the truck's position makes at the load's stops, in stop
/// order (a departure from a stop another source already departed can
/// come with the arrival at the next).
fn events_of(
    load: &WatchedLoad,
    positions: &FleetPositions,
    now: DateTime<Utc>,
) -> Vec<(i32, StopEvent, Fix)> {
    let Some(location) = positions.by_vehicle.get(&load.eld_vehicle_id) else {
        return Vec::new();
    };
    let fix = Fix {
        at: LatLon {
            lat: location.lat,
            lon: location.lon,
        },
        reported_at: location.at,
    };
    // The stop being served is the first not yet departed.
    let current = load
        .stops
        .iter()
        .find(|s| s.stop.departed_at.is_none())
        .map(|s| s.stop.id);
    load.stops
        .iter()
        .filter_map(|s| {
            let reported = |event: StopEvent| {
                load.eld_reports
                    .iter()
                    .find(|r| r.stop_id == s.stop.id && r.event == event.as_str())
            };
            let stop = StopFence {
                fence: Fence {
                    at: LatLon {
                        lat: s.lat,
                        lon: s.lon,
                    },
                    radius_mi: s.radius_miles,
                },
                current: current == Some(s.stop.id),
                seen: EldSeen {
                    arrived_at: reported(StopEvent::Arrived).map(|r| r.at),
                    departed: reported(StopEvent::Departed).is_some(),
                },
            };
            judge(&stop, &fix, now).map(|event| (s.stop.seq, event, fix))
        })
        .collect()
}
