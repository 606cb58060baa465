//! The carrier's public facts and trust flags that a posting carries,
//! copied from the fleet account so that a broker's search reads one table.
//! They are refreshed whenever the fleet's FMCSA record is replaced and by
//! the board's refresh job.

use crate::integrations::fmcsa::carrier;
pub use crate::modules::postings::dto::{CarrierFacts, FleetRecord};
use crate::modules::postings::repo;
use db::entities::fleet_account;
use db::tenancy::FleetTx;
use sea_orm::DbErr;

fn non_empty(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

pub fn facts_of(fleet: &fleet_account::Model) -> CarrierFacts {
    let (allowed, authority_active, insurance_on_file) =
        domain::board::carrier_trust(fleet.fmcsa_data.as_ref().and_then(carrier));
    let name = [&fleet.contact_first_name, &fleet.contact_last_name]
        .iter()
        .filter_map(|s| non_empty(s))
        .collect::<Vec<_>>()
        .join(" ");
    CarrierFacts {
        name: fleet.legal_name.clone(),
        dot: fleet.dot_number.clone(),
        // Digits only: the board shows "MC {digits}" (a stored "MC-…" read
        // "MC MC-…"); a value that is no MC number is left out.
        mc: non_empty(&fleet.mc_number).and_then(|m| domain::fleet::mc_digits(&m)),
        contact_name: (!name.is_empty()).then_some(name),
        contact_phone: non_empty(&fleet.contact_phone)
            .map(|p| domain::fleet::phone_display(Some(&p))),
        contact_email: non_empty(&fleet.contact_email),
        approved: fleet.status == "active",
        allowed,
        authority_active,
        insurance_on_file,
    }
}

/// Copies the fleet's current facts onto its active postings (and the
/// search index's flags), in the caller's transaction. `read_only`: whether
/// the fleet's billing makes it read-only now (`None`: as it was).
pub async fn refresh(
    tx: &FleetTx,
    fleet: &fleet_account::Model,
    read_only: Option<bool>,
) -> Result<(), DbErr> {
    repo::refresh_carrier(tx, &facts_of(fleet), read_only).await?;
    refresh_record(tx).await
}

/// Copies the fleet's record and each posting's commitment onto its
/// active postings.
pub async fn refresh_record(tx: &FleetTx) -> Result<(), DbErr> {
    let record = record(tx).await?;
    let committed = repo::committed_postings(tx).await?;
    repo::refresh_record(tx, &record, &committed).await
}

/// The fleet's record: loads delivered, and the on-time share of its
/// arrivals over 90 days — from the ELD's reported arrivals where there
/// are any (and marked so), else from every recorded arrival.
pub async fn record(tx: &FleetTx) -> Result<FleetRecord, DbErr> {
    let delivered = repo::delivered_loads(tx).await?;
    let since = chrono::Utc::now() - chrono::Duration::days(domain::board::ON_TIME_DAYS);
    let arrivals = repo::recent_arrivals(tx, since).await?;
    let from_eld = arrivals.iter().any(|a| a.4);
    let pct = |kind: &str| {
        domain::board::on_time_pct(
            arrivals
                .iter()
                .filter(|a| a.0 == kind && (!from_eld || a.4))
                .map(|(_, starts, ends, arrived, _)| {
                    domain::board::on_time(*arrived, *starts, *ends)
                }),
        )
    };
    Ok(FleetRecord {
        loads_delivered: i32::try_from(delivered).unwrap_or(i32::MAX),
        on_time_pickup_pct: pct("pickup"),
        on_time_delivery_pct: pct("delivery"),
        from_eld,
    })
}
