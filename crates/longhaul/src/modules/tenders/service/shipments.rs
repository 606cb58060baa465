//! The broker's shipments: the list, one shipment with what the carrier
//! shares while the load is active, and its documents.

use super::read_stored;
use super::views::{revision_view, shipment_row, stop_views};
use crate::modules::tenders::dto::{
    MilestoneView, ShipmentDocumentView, ShipmentPage, ShipmentPositionView, ShipmentView,
    TrackingView,
};
use crate::modules::tenders::{TendersError, repo};
use chrono::Utc;
use db::entities::{shipment, shipment_document};
use db::tenancy::{self, BrokerScope};
use domain::geo::{LatLon, distance_mi};
use domain::loads::LoadStatus;
use domain::tenders::{TenderStop, eta, tracking_open};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

pub const MAX_PER_PAGE: u64 = 100;

fn statuses(filter: Option<&str>) -> Result<Option<Vec<&'static str>>, TendersError> {
    Ok(match filter.unwrap_or("all") {
        "all" => None,
        "active" => Some(vec![
            "accepted",
            "planned",
            "dispatched",
            "at_pickup",
            "loaded",
            "in_transit",
            "at_delivery",
        ]),
        "delivered" => Some(vec!["delivered", "invoiced", "paid"]),
        "cancelled" => Some(vec!["cancelled"]),
        _ => {
            return Err(TendersError::invalid(
                "status",
                &domain::texts().loads.status_invalid,
            ));
        }
    })
}

pub async fn list(
    db: &DatabaseConnection,
    scope: BrokerScope,
    status: Option<&str>,
    q: Option<&str>,
    page: Option<u64>,
    per_page: Option<u64>,
) -> Result<ShipmentPage, TendersError> {
    let statuses = statuses(status)?;
    let page = page.unwrap_or(1).max(1);
    let per_page = per_page.unwrap_or(50).clamp(1, MAX_PER_PAGE);
    let pattern = q
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(|q| domain::loads::like_pattern(&q.chars().take(100).collect::<String>()));
    let tx = tenancy::broker_read(db, scope).await?;
    let (rows, total) = repo::shipments_page(&tx, statuses, pattern, page, per_page).await?;
    tx.commit().await?;
    Ok(ShipmentPage {
        shipments: rows.iter().map(shipment_row).collect(),
        total,
        page,
        per_page,
    })
}

/// What the broker may follow: milestones, the next stop's ETA and (when
/// the carrier shares it) the truck's last position — only inside the
/// tracking window, and never hours of service.
fn tracking(
    s: &shipment::Model,
    stops: &[TenderStop],
    milestones: Vec<MilestoneView>,
) -> Option<TrackingView> {
    let now = Utc::now();
    let status = LoadStatus::parse(&s.status)?;
    if !tracking_open(status, s.delivered_at, now) {
        return None;
    }
    // The next stop: the one after the last departed (CD / AF), else the
    // first.
    let departed = milestones
        .iter()
        .filter(|m| matches!(m.at7_code.as_str(), "AF" | "CD"))
        .filter_map(|m| m.stop_seq)
        .max();
    let next_seq = match departed {
        Some(seq) => seq + 1,
        None => 0,
    };
    let next = usize::try_from(next_seq)
        .ok()
        .and_then(|i| stops.get(i))
        .filter(|_| {
            !matches!(
                status,
                LoadStatus::Delivered | LoadStatus::Invoiced | LoadStatus::Paid
            )
        });
    let position = match (s.share_position, s.last_lat, s.last_lon, s.last_position_at) {
        (true, Some(lat), Some(lon), Some(at)) => Some(ShipmentPositionView {
            lat,
            lon,
            at,
            age_minutes: (now - at).num_minutes().max(0),
        }),
        _ => None,
    };
    let eta = match (next, &position) {
        (Some(stop), Some(p)) => Some(eta(
            p.at,
            distance_mi(
                LatLon {
                    lat: p.lat,
                    lon: p.lon,
                },
                LatLon {
                    lat: stop.lat,
                    lon: stop.lon,
                },
            ),
        )),
        _ => None,
    };
    Some(TrackingView {
        milestones,
        next_stop_seq: next.map(|_| next_seq),
        eta,
        position,
        position_shared: s.share_position,
    })
}

fn document_view(d: &shipment_document::Model) -> ShipmentDocumentView {
    ShipmentDocumentView {
        id: d.id,
        kind: d.kind.clone(),
        revision: d.revision,
        file_name: d.file_name.clone(),
        created_at: d.created_at,
    }
}

pub async fn get(
    db: &DatabaseConnection,
    scope: BrokerScope,
    id: Uuid,
) -> Result<ShipmentView, TendersError> {
    let tx = tenancy::broker_read(db, scope).await?;
    let s = repo::shipment(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let events = repo::milestones(&tx, id).await?;
    let documents = repo::documents(&tx, id).await?;
    let revisions = repo::revisions_for_broker(&tx, s.tender_id).await?;
    tx.commit().await?;
    let stops: Vec<TenderStop> = read_stored(&s.stops)?;
    let milestones = events
        .into_iter()
        .map(|e| MilestoneView {
            at: e.at,
            at7_code: e.at7_code,
            status: e.status,
            stop_seq: e.stop_seq,
            source: e.source,
        })
        .collect();
    Ok(ShipmentView {
        shipment: shipment_row(&s),
        tender_id: s.tender_id,
        stops: stop_views(&stops),
        delivered_at: s.delivered_at,
        tracking: tracking(&s, &stops, milestones),
        documents: documents.iter().map(document_view).collect(),
        revisions: revisions
            .iter()
            .map(revision_view)
            .collect::<Result<_, _>>()?,
    })
}

/// A document of the broker's shipment: its stored key, name and type.
pub async fn document(
    db: &DatabaseConnection,
    scope: BrokerScope,
    shipment_id: Uuid,
    id: Uuid,
) -> Result<shipment_document::Model, TendersError> {
    let tx = tenancy::broker_read(db, scope).await?;
    let doc = repo::document(&tx, shipment_id, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    Ok(doc)
}
