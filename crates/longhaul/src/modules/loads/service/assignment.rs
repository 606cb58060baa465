//! Assigning a driver (or a team), a truck and a trailer to a load, checked
//! on every assignment against the fleet's own records
//! (`domain::loads::eligibility`). A Block refuses the assignment unless a
//! written override reason is given; the reason is kept in the history.
//!
//! Hours of service: the fleet's clocks are read from its ELD first when
//! the stored ones are missing or more than two minutes old (decision 041;
//! outside the transaction, one read per fleet at a time), then judged
//! against the trip: empty miles from where the truck's last load ended (when
//! it has ended; else that part is not judged) to the first pickup, and the
//! loaded miles, both at `hos::AVERAGE_SPEED_MPH`.

use super::loads::{Actor, Change, history, read};
use super::{LoadsError, optional_text, texts};
use crate::modules::eld::EldDeps;
use crate::modules::eld::hos::{self as hos_clocks, StoredClocks};
use crate::modules::fleet_account::time_zone::fleet_today_in;
use crate::modules::loads::dto::{
    AssignmentInput, AssignmentView, EligibilityView, FindingView, RestView,
};
use crate::modules::loads::repo;
use chrono::{DateTime, Utc};
use db::entities::load;
use db::tenancy::{self, FleetTx, TenantScope};
use domain::fleet_lists::ListTab;
use domain::geo::LatLon;
use domain::loads::eligibility::{
    Cause, Dated, DriverFacts, Facts, Finding, HosData, Overlap, Severity, VehicleFacts, blocked,
    check,
};
use domain::loads::hos::{Clocks, Rest, Trip, driving_minutes};
use domain::loads::{LoadStatus, eligibility, estimated_miles, rate_con};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

/// "1 h 05 min", "45 min".
fn duration(minutes: i64) -> String {
    let t = &texts().hos;
    let (h, m) = (minutes / 60, minutes % 60);
    if h == 0 {
        t.minutes_only.replace("{m}", &m.to_string())
    } else {
        t.hours_minutes
            .replace("{h}", &h.to_string())
            .replace("{m}", &format!("{m:02}"))
    }
}

/// "a 10-hour reset after 1 h 00 min of driving, then …".
fn plan(rests: &[Rest]) -> String {
    let t = &texts().hos;
    rests
        .iter()
        .map(|r| {
            t.rest_after
                .replace(
                    "{rest}",
                    t.rests
                        .get(r.kind.as_str())
                        .map_or(r.kind.as_str(), String::as_str),
                )
                .replace("{driving}", &duration(r.after_driving_minutes))
        })
        .collect::<Vec<_>>()
        .join(&t.then)
}

fn message(f: &Finding) -> String {
    let sentence = texts()
        .findings
        .get(f.code)
        .or_else(|| texts().hos.findings.get(f.code))
        .cloned()
        .unwrap_or_else(|| f.code.to_owned());
    let sentence = match f.minutes {
        Some(m) => sentence.replace("{minutes}", &m.to_string()),
        None => sentence,
    };
    if f.rests.is_empty() {
        sentence
    } else {
        sentence.replace("{plan}", &plan(&f.rests))
    }
}

fn view(f: &Finding) -> FindingView {
    let (kind, id) = match f.cause {
        Cause::Driver(id) => ("driver", id),
        Cause::Truck(id) => ("truck", id),
        Cause::Trailer(id) => ("trailer", id),
        Cause::Qualification(id) => ("qualification", id),
        Cause::Document(id) => ("document", id),
        Cause::Load(id) => ("load", id),
    };
    FindingView {
        severity: match f.severity {
            Severity::Block => "block",
            Severity::Warn => "warn",
            Severity::Info => "info",
        }
        .to_owned(),
        code: f.code.to_owned(),
        message: message(f),
        cause_kind: kind.to_owned(),
        cause_id: id,
        date: f.date,
        minutes: f.minutes,
        rest_plan: f
            .rests
            .iter()
            .map(|r| RestView {
                kind: r.kind.as_str().to_owned(),
                minutes: r.kind.minutes(),
                after_driving_minutes: r.after_driving_minutes,
            })
            .collect(),
    }
}

/// A driver's stored clocks, when they are of the driver's provider.
fn hos_of(driver: &db::entities::fleet_driver::Model, stored: &StoredClocks) -> HosData {
    let provider = stored.provider();
    let clocks = driver
        .driver_id
        .as_ref()
        .filter(|_| provider.is_some() && driver.eld_provider.as_deref() == provider)
        .and_then(|eld_id| stored.clocks.get(eld_id));
    match clocks {
        None => HosData::NoData,
        Some(c) => HosData::Clocks(Clocks {
            drive: c.drive_minutes.map(i64::from),
            shift: c.shift_minutes.map(i64::from),
            cycle: c.cycle_minutes.map(i64::from),
            until_break: c.break_minutes.map(i64::from),
            cycle_tomorrow: c.cycle_tomorrow_minutes.map(i64::from),
            as_of: c.as_of,
            disconnected: c.stale,
        }),
    }
}

/// The trip the drivers' hours are judged against.
async fn trip(
    tx: &FleetTx,
    row: &load::Model,
    truck_id: Uuid,
    first: &db::entities::load_stop::Model,
    now: DateTime<Utc>,
) -> Result<Trip, LoadsError> {
    // Empty miles from where the truck's last load ended, once it has.
    let mut empty_minutes = None;
    if let Some(last) =
        repo::truck_last_load(tx, truck_id, row.id, now.min(row.first_pickup_at)).await?
        && let Some(end) = repo::stops_of(tx, last.id).await?.last().cloned()
    {
        let places = repo::facilities_by_ids(tx, vec![end.facility_id, first.facility_id]).await?;
        let at = |id: Uuid| {
            places.iter().find(|f| f.id == id).map(|f| LatLon {
                lat: f.lat,
                lon: f.lon,
            })
        };
        if let (Some(from), Some(to)) = (at(end.facility_id), at(first.facility_id)) {
            empty_minutes = Some(driving_minutes(estimated_miles(&[from, to]).into()));
        }
    }
    Ok(Trip {
        now,
        empty_minutes,
        pickup_from: first.starts_at,
        pickup_by: first.ends_at.max(first.starts_at),
        loaded_minutes: driving_minutes(row.loaded_miles.into()),
    })
}

/// The findings with a Warn for the protective terms the load's rate
/// confirmation leaves out.
fn with_terms(mut findings: Vec<Finding>, row: &load::Model) -> Vec<Finding> {
    let missing = missing_terms(row);
    findings.extend(eligibility::missing_terms(row.id, &missing));
    findings.sort_by_key(|f| f.severity);
    findings
}

fn missing_terms(row: &load::Model) -> Vec<&'static str> {
    rate_con::missing_terms(
        row.detention_rate_cents.is_some(),
        row.tonu_cents.is_some(),
        row.lumper_terms.is_some(),
    )
}

/// A finding as shown; the missing-terms one names the terms.
fn shown(f: &Finding, row: &load::Model) -> FindingView {
    let mut shown = view(f);
    if f.code == "missing_terms" {
        let names = &texts().rate_con.terms;
        let terms: Vec<&str> = missing_terms(row)
            .into_iter()
            .map(|t| names.get(t).map_or(t, String::as_str))
            .collect();
        shown.message = shown.message.replace("{terms}", &terms.join(", "));
    }
    shown
}

/// The facts the rules judge, read in the caller's transaction; any record
/// not of this fleet is not found.
async fn facts(
    tx: &FleetTx,
    row: &load::Model,
    input: &AssignmentInput,
    now: DateTime<Utc>,
) -> Result<Facts, LoadsError> {
    let driver_ids: Vec<Uuid> = std::iter::once(input.driver_id)
        .chain(input.second_driver_id)
        .collect();
    let drivers = repo::drivers(tx, driver_ids.clone()).await?;
    if drivers.len() != driver_ids.len() || input.second_driver_id == Some(input.driver_id) {
        return Err(LoadsError::NotFound);
    }
    let qualifications = repo::qualifications(tx, driver_ids.clone()).await?;
    let truck = repo::truck(tx, input.truck_id)
        .await?
        .ok_or(LoadsError::NotFound)?;
    let trailer = match input.trailer_id {
        Some(id) => Some(repo::trailer(tx, id).await?.ok_or(LoadsError::NotFound)?),
        None => None,
    };
    let documents = repo::documents(tx, truck.id, input.trailer_id).await?;
    let dated = |of: &dyn Fn(&db::entities::fleet_document::Model) -> bool| {
        documents
            .iter()
            .filter(|d| of(d))
            .map(|d| Dated {
                id: d.id,
                kind: d.document_type.clone(),
                expires_on: d.expiration_date,
            })
            .collect::<Vec<_>>()
    };
    let stops = repo::stops_of(tx, row.id).await?;
    let last = stops.last().ok_or(LoadsError::NotFound)?;
    let first = stops.first().ok_or(LoadsError::NotFound)?;
    let eld_ids: Vec<String> = drivers.iter().filter_map(|d| d.driver_id.clone()).collect();
    let stored = hos_clocks::stored(tx, eld_ids).await?;
    let trip = trip(tx, row, truck.id, first, now).await?;
    // "Already expired" is judged on the fleet's own day (decision 043),
    // as its compliance calendar judges the same records; "expires before
    // the last stop" on the last stop's clock, where the load ends.
    let today = fleet_today_in(tx, now).await?;
    let last_day = last.local_end.unwrap_or(last.local_start).date();
    let overlaps = repo::overlapping(
        tx,
        row.id,
        &driver_ids,
        truck.id,
        input.trailer_id,
        row.first_pickup_at,
        row.last_delivery_at,
    )
    .await?;
    Ok(Facts {
        drivers: drivers
            .iter()
            .map(|d| DriverFacts {
                id: d.id,
                active: d.is_active,
                qualifications: qualifications
                    .iter()
                    .filter(|q| q.driver_id == d.id)
                    .map(|q| Dated {
                        id: q.id,
                        kind: q.kind.clone(),
                        expires_on: q.expires_on,
                    })
                    .collect(),
                hos: hos_of(d, &stored),
            })
            .collect(),
        truck: Some(VehicleFacts {
            id: truck.id,
            active: truck.is_active,
            decommissioned: ListTab::parse(&truck.list_tab) == Some(ListTab::Decommissioned),
            trailer_type: None,
            documents: dated(&|d| d.truck_id == Some(truck.id)),
        }),
        trailer: trailer.as_ref().map(|t| VehicleFacts {
            id: t.id,
            active: t.is_active,
            decommissioned: false,
            trailer_type: t.trailer_type.clone(),
            documents: dated(&|d| d.trailer_id == Some(t.id)),
        }),
        company_documents: dated(&|d| d.document_type == "company_insurance"),
        equipment: row.equipment_type.clone(),
        today,
        last_day,
        overlaps: overlaps
            .into_iter()
            .map(|l| Overlap {
                load_id: l.id,
                cause: Cause::Load(l.id),
            })
            .collect(),
        trip: Some(trip),
    })
}

fn assignable(row: &load::Model) -> Result<LoadStatus, LoadsError> {
    match LoadStatus::parse(&row.status) {
        Some(s @ (LoadStatus::Accepted | LoadStatus::Planned)) => Ok(s),
        _ => Err(LoadsError::IllegalTransition(
            texts()
                .not_assignable
                .replace("{status}", &row.status.replace('_', " ")),
        )),
    }
}

/// What assigning would find, without assigning.
pub async fn eligibility(
    db: &DatabaseConnection,
    eld: &EldDeps<'_>,
    scope: TenantScope,
    id: Uuid,
    input: &AssignmentInput,
    now: DateTime<Utc>,
) -> Result<EligibilityView, LoadsError> {
    hos_clocks::refresh_for_check(eld, scope).await?;
    let tx = tenancy::read(db, scope).await?;
    let row = repo::load(&tx, id).await?.ok_or(LoadsError::NotFound)?;
    let findings = with_terms(check(&facts(&tx, &row, input, now).await?), &row);
    tx.commit().await?;
    Ok(EligibilityView {
        blocked: blocked(&findings),
        findings: findings.iter().map(|f| shown(f, &row)).collect(),
    })
}

/// Assigns when nothing blocks, or when a Block is overridden with a
/// reason. The fleet's dispatch lock is taken first, so the overlap check
/// and the write of two assignments at once cannot interleave: the second
/// sees the first's load and gets its Block.
pub async fn assign(
    db: &DatabaseConnection,
    eld: &EldDeps<'_>,
    scope: TenantScope,
    actor: &Actor,
    id: Uuid,
    input: &AssignmentInput,
    now: DateTime<Utc>,
) -> Result<AssignmentView, LoadsError> {
    let reason = optional_text("override_reason", input.override_reason.as_deref(), 1000)?;
    // Before the dispatch lock: a provider's answer is never waited for
    // inside the fleet's write transaction.
    hos_clocks::refresh_for_check(eld, scope).await?;
    let tx = tenancy::write(db, scope).await?;
    repo::lock_dispatch(&tx).await?;
    let row = repo::load(&tx, id).await?.ok_or(LoadsError::NotFound)?;
    let from = assignable(&row)?;
    let findings = with_terms(check(&facts(&tx, &row, input, now).await?), &row);
    if blocked(&findings) && reason.is_none() {
        let first = findings
            .iter()
            .find(|f| f.severity == Severity::Block)
            .map(view)
            .map(|f| f.message.trim_end_matches('.').to_owned())
            .unwrap_or_default();
        return Err(LoadsError::Blocked(
            texts().assignment_blocked.replace("{reason}", &first),
        ));
    }
    // Recorded at the real instant; `now` (the server's clock, which a
    // test may pin) only judges the dates.
    let assigned_at = Utc::now();
    repo::assign(
        &tx,
        id,
        [
            Some(input.driver_id),
            input.second_driver_id,
            Some(input.truck_id),
            input.trailer_id,
        ],
        LoadStatus::Planned.as_str(),
        assigned_at,
    )
    .await?;
    let overridden = blocked(&findings).then_some(reason).flatten();
    if let Some(reason) = &overridden {
        super::audit::override_recorded(&tx, actor, &row, &findings, reason).await?;
    }
    repo::insert_event(
        &tx,
        history(
            scope,
            id,
            actor,
            Change {
                from: Some(from),
                to: LoadStatus::Planned,
                at: assigned_at,
                at7_code: None,
                reason: overridden,
                stop: None,
            },
        ),
    )
    .await?;
    let load = read(&tx, id).await?;
    tx.commit().await?;
    Ok(AssignmentView {
        load,
        findings: findings.iter().map(|f| shown(f, &row)).collect(),
    })
}
