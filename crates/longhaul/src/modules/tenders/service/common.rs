//! What the offer and the answers share: the overbooking rule, the refusal
//! of a closed tender, and how places and people are named.

use super::texts;
use crate::modules::tenders::{TendersError, repo};
use chrono::{DateTime, Utc};
use db::entities::{profile, tender};
use db::tenancy::FleetTx;
use domain::tenders::{TenderStatus, TenderStop};

/// "Dallas, TX".
pub fn place(stop: &TenderStop) -> String {
    format!("{}, {}", stop.city, stop.state)
}

/// The name people know a user by.
pub fn person(p: &profile::Model) -> String {
    crate::modules::brokers::users::display_name(p)
}

/// The 409 for an answer to a tender that is no longer open.
pub fn closed(row: &tender::Model, now: DateTime<Utc>) -> TendersError {
    let status = TenderStatus::parse(&row.status)
        .map(|s| s.at(row.expires_at, now))
        .unwrap_or(TenderStatus::Expired);
    if status == TenderStatus::Expired {
        TendersError::Closed(texts().expired.clone())
    } else {
        TendersError::Closed(texts().closed.replace("{status}", status.as_str()))
    }
}

/// The overbooking rule's finding for the offer: the named truck (or, when
/// it names none, every active truck of the fleet) already holds a load
/// over the offer's span.
pub async fn committed(tx: &FleetTx, t: &tender::Model) -> Result<Option<String>, TendersError> {
    let span = (t.first_pickup_at, t.last_delivery_at);
    match t.vehicle_id {
        Some(truck) => {
            let loads = repo::committed_loads(tx, Some(truck), span.0, span.1).await?;
            Ok(loads.first().map(|l| {
                texts()
                    .truck_committed
                    .replace("{truck}", t.truck_number.as_deref().unwrap_or_default())
                    .replace("{load}", &l.load_number)
            }))
        }
        None => {
            let trucks = repo::active_trucks(tx).await?;
            if trucks.is_empty() {
                return Ok(None);
            }
            let loads = repo::committed_loads(tx, None, span.0, span.1).await?;
            let all = trucks
                .iter()
                .all(|id| loads.iter().any(|l| l.truck_id == Some(*id)));
            Ok(all.then(|| texts().fleet_committed.clone()))
        }
    }
}
