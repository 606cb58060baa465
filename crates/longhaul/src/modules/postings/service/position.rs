//! A truck's current position from the fleet's ELD provider: asked when a
//! fleet admin opens the posting dialog, and by the refresh job for
//! postings that follow the ELD.

use crate::integrations::eld::EldVehicleLocation;
use crate::modules::eld::EldDeps;
use crate::modules::eld::positions;
use crate::modules::postings::PostingsError;
use crate::modules::postings::dto::PositionView;
use crate::modules::postings::repo;
use chrono::Utc;
use db::tenancy::{self, TenantScope};
use domain::geo::{LatLon, nearest_city};

use std::collections::HashMap;
use uuid::Uuid;

pub fn view_of(l: &EldVehicleLocation) -> PositionView {
    let at = LatLon {
        lat: l.lat,
        lon: l.lon,
    };
    let label = match nearest_city(at) {
        Some(p) => format!("near {}, {}", p.city, p.state),
        None => format!("{:.3}, {:.3}", l.lat, l.lon),
    };
    PositionView {
        label,
        lat: l.lat,
        lon: l.lon,
        reported_at: l.at,
    }
}

/// Every vehicle's position by its ELD id, from the shared position cache
/// (`eld::positions`: the provider is asked at most once per cycle); empty
/// when the fleet has no working ELD connection (the reason is logged, not
/// shown: the dialog just offers no ELD position).
pub async fn all(deps: &EldDeps<'_>, scope: TenantScope) -> HashMap<String, EldVehicleLocation> {
    match positions::current(deps, scope, Utc::now()).await {
        Ok(found) => found.map(|p| p.by_vehicle).unwrap_or_default(),
        Err(err) => {
            tracing::warn!(fleet = %scope.fleet_account_id(), error = %err, "ELD positions not read");
            HashMap::new()
        }
    }
}

/// One truck's last ELD position, or none.
pub async fn of_vehicle(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    vehicle_id: Uuid,
) -> Result<Option<PositionView>, PostingsError> {
    let txn = tenancy::read(deps.db, scope).await?;
    let vehicle = repo::vehicle(&txn, vehicle_id)
        .await?
        .ok_or(PostingsError::NotFound)?;
    txn.commit().await?;
    let Some(eld_id) = vehicle.vehicle_id else {
        return Ok(None);
    };
    Ok(all(deps, scope).await.get(&eld_id).map(view_of))
}
