//! The board's refresh job (every 10 minutes): ends postings whose window
//! is over, moves postings that follow the ELD to the truck's latest
//! reported position, and copies each posting fleet's current carrier
//! facts onto its postings.

use crate::modules::billing::billing_state_of_fleet;
use crate::modules::eld::EldDeps;
use crate::modules::postings::{carrier, position, repo, service};
use crate::state::AppState;
use chrono::Utc;
use db::SystemKey;
use db::entities::truck_posting;
use db::tenancy::{self, TenantScope};
use domain::geo::{LatLon, nearest_city};
use sea_orm::{IntoActiveModel, Set};
use uuid::Uuid;

/// What the refresh uses: the ELD's (positions), the system key (to find
/// the fleets with postings) and the billing grace (read-only fleets leave
/// the board).
pub struct RefreshDeps<'a> {
    pub eld: EldDeps<'a>,
    pub system_key: &'a SystemKey,
    pub past_due_grace_days: u32,
}

impl<'a> RefreshDeps<'a> {
    pub fn of(state: &'a AppState) -> RefreshDeps<'a> {
        RefreshDeps {
            eld: EldDeps::of(state),
            system_key: &state.system_key,
            past_due_grace_days: state.config.past_due_grace_days,
        }
    }
}

#[derive(Debug, Default)]
pub struct RefreshRun {
    pub ended: u64,
    pub fleets: usize,
    pub moved: usize,
}

pub async fn run(deps: &RefreshDeps<'_>) -> anyhow::Result<RefreshRun> {
    let now = Utc::now();
    let mut out = RefreshRun {
        ended: service::end_expired(deps.eld.db, deps.system_key, now).await?,
        ..Default::default()
    };
    let txn = tenancy::system_read(deps.eld.db, deps.system_key).await?;
    let fleets = repo::fleets_posting(&txn).await?;
    txn.commit().await?;
    for fleet_id in fleets {
        // Every caller of for_job is reviewed: this one acts on the fleet's
        // own postings only.
        #[expect(
            clippy::disallowed_methods,
            reason = "the postings refresh job: a fleet with active postings"
        )]
        let scope = TenantScope::for_job(fleet_id);
        match refresh_fleet(deps, scope).await {
            Ok(moved) => {
                out.fleets += 1;
                out.moved += moved;
            }
            Err(err) => {
                tracing::warn!(fleet = %fleet_id, error = %format!("{err:#}"), "board refresh of a fleet failed");
            }
        }
    }
    Ok(out)
}

/// One fleet: carrier facts, then ELD positions. Returns how many postings moved.
pub async fn refresh_fleet(deps: &RefreshDeps<'_>, scope: TenantScope) -> anyhow::Result<usize> {
    let txn = tenancy::write(deps.eld.db, scope).await?;
    if let Some(fleet) = repo::fleet(&txn).await? {
        // A fleet whose billing made it read-only leaves the board until it pays.
        let read_only = billing_state_of_fleet(&txn, &fleet, deps.past_due_grace_days)
            .await
            .map_err(|err| anyhow::anyhow!("billing state: {err}"))?
            .read_only;
        carrier::refresh(&txn, &fleet, Some(read_only)).await?;
    }
    let following: Vec<truck_posting::Model> = repo::following_eld(&txn).await?;
    txn.commit().await?;
    if following.is_empty() {
        return Ok(0);
    }
    // Outside a transaction: the provider may take seconds.
    let positions = position::all(&deps.eld, scope).await;
    let vehicles: Vec<(Uuid, Option<String>)> = {
        let txn = tenancy::read(deps.eld.db, scope).await?;
        let ids = following.iter().map(|p| p.vehicle_id).collect();
        let rows = repo::vehicle_eld_ids(&txn, ids).await?;
        txn.commit().await?;
        rows
    };
    let mut moved = 0;
    let txn = tenancy::write(deps.eld.db, scope).await?;
    for posting in following {
        let Some(found) = vehicles
            .iter()
            .find(|(id, _)| *id == posting.vehicle_id)
            .and_then(|(_, eld)| eld.as_ref())
            .and_then(|eld| positions.get(eld))
        else {
            continue;
        };
        if posting.location_updated_at.is_some_and(|at| at >= found.at) {
            continue;
        }
        // Re-read under the write lock: the fleet may have edited or
        // withdrawn it meanwhile.
        let Some(current) = repo::posting(&txn, posting.id)
            .await?
            .filter(|p| p.status == "active" && p.location_source == "eld")
        else {
            continue;
        };
        let at = LatLon {
            lat: found.lat,
            lon: found.lon,
        };
        let near = nearest_city(at);
        let mut row = current.into_active_model();
        row.lat = Set(found.lat);
        row.lon = Set(found.lon);
        row.location_updated_at = Set(Some(found.at));
        if let Some(near) = near {
            row.origin_city = Set(near.city);
            row.origin_state = Set(near.state);
            row.origin_zip = Set(None);
        }
        let saved = repo::update(&txn, row).await?;
        repo::sync_index(&txn, &saved).await?;
        moved += 1;
    }
    txn.commit().await?;
    Ok(moved)
}
