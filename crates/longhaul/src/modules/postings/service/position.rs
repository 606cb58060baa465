//! A truck's current position from the fleet's ELD provider: asked when a
//! fleet admin opens the posting dialog, and by the refresh job for
//! postings that follow the ELD.

use crate::integrations::eld::EldVehicleLocation;
use crate::modules::eld::EldDeps;
use crate::modules::eld::sync::provider_of;
use crate::modules::postings::PostingsError;
use crate::modules::postings::dto::PositionView;
use crate::modules::postings::repo;
use db::tenancy::{self, TenantScope};
use domain::geo::{LatLon, nearest_city};

use std::collections::HashMap;
use uuid::Uuid;

/// The most pages of positions read in one go (512 a page on Samsara).
const MAX_PAGES: usize = 40;

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

/// Every vehicle's position by its ELD id; empty when the fleet has no
/// working ELD connection (the reason is logged, not shown: the dialog
/// just offers no ELD position).
pub async fn all(deps: &EldDeps<'_>, scope: TenantScope) -> HashMap<String, EldVehicleLocation> {
    let mut out = HashMap::new();
    let provider = match provider_of(deps, scope).await {
        Ok((_, provider)) => provider,
        Err(err) => {
            tracing::debug!(fleet = %scope.fleet_account_id(), error = %err, "no ELD positions");
            return out;
        }
    };
    let mut cursor = None;
    for _ in 0..MAX_PAGES {
        match provider.vehicle_locations_page(cursor.take()).await {
            Ok(page) => {
                for l in page.items {
                    if l.lat.is_finite()
                        && l.lon.is_finite()
                        && l.lat.abs() <= 90.0
                        && l.lon.abs() <= 180.0
                    {
                        out.insert(l.vehicle_id.clone(), l);
                    }
                }
                match page.next {
                    Some(next) => cursor = Some(next),
                    None => break,
                }
            }
            Err(err) => {
                tracing::warn!(fleet = %scope.fleet_account_id(), error = %err, "ELD positions unavailable");
                break;
            }
        }
    }
    out
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
