//! What happened at each stop — arrived, loaded or unloaded, departed — as
//! the office enters it, the driver taps it on the phone or the ELD sees
//! the truck cross the stop's geofence. Each first report moves the load
//! along its lifecycle with the event's EDI 214 code in the history; a
//! later report of the same event by another source is kept beside it and
//! the earlier time wins; a repeat by the same source (a phone's retry, a
//! job run twice) writes nothing. A departure past the free time proposes
//! a detention line.

use super::loads::{Actor, Change, StopReport, history, read};
use super::{LoadsError, texts};
use crate::modules::loads::dto::{LoadView, StopEventInput};
use crate::modules::loads::repo;
use chrono::{DateTime, Duration, TimeZone, Utc};
use db::entities::{load, load_accessorial, load_stop, stop_report};
use db::tenancy::{self, FleetTx, TenantScope};
use domain::loads::{LoadStatus, Source, StopEvent, at7_code, detention_cents};
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

/// How far ahead of the server's clock a reported time may be (a phone's
/// clock a little fast).
const FUTURE_SLACK: Duration = Duration::minutes(5);

/// One source's report of a stop event, its time already in UTC.
#[derive(Debug, Clone)]
pub struct Report<'a> {
    pub source: Source,
    pub actor: &'a Actor,
    pub seq: i32,
    pub event: StopEvent,
    pub at: DateTime<Utc>,
    /// Where the phone or the truck was (latitude, longitude).
    pub position: Option<(f64, f64)>,
    /// The phone's own id of the report: a repeat is the same write.
    pub client_id: Option<&'a str>,
}

/// What a report did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The stop's first report of the event: the load moved on.
    Recorded,
    /// Another source reported the event first; this report is kept beside
    /// it (and its time, when earlier, is the stop's now).
    Merged,
    /// The same source (or the same client id) reported it already:
    /// nothing was written.
    Repeated,
}

fn conflict(message: String) -> LoadsError {
    LoadsError::IllegalTransition(message)
}

/// The office's entry: its time on the stop's clock. A repeat of an event
/// the office already entered is refused (409), as the screen expects.
pub async fn record(
    db: &DatabaseConnection,
    scope: TenantScope,
    actor: &Actor,
    load_id: Uuid,
    seq: i32,
    input: &StopEventInput,
) -> Result<LoadView, LoadsError> {
    let t = texts();
    let event = StopEvent::parse(&input.event)
        .ok_or_else(|| LoadsError::invalid("event", &t.event_invalid))?;
    let zone = {
        let tx = tenancy::read(db, scope).await?;
        let stops = repo::stops_of(&tx, load_id).await?;
        tx.commit().await?;
        let stop = stops
            .iter()
            .find(|s| s.seq == seq)
            .ok_or_else(|| LoadsError::invalid("seq", &t.stop_not_found))?;
        domain::loads::time_zone(&stop.time_zone)
            .ok_or_else(|| LoadsError::invalid("at", &t.time_zone_invalid))?
    };
    let at = zone
        .from_local_datetime(&input.at)
        .earliest()
        .ok_or_else(|| LoadsError::invalid("at", &t.no_such_local_time))?
        .with_timezone(&Utc);
    let (outcome, view) = report(
        db,
        scope,
        load_id,
        Report {
            source: Source::Office,
            actor,
            seq,
            event,
            at,
            position: None,
            client_id: None,
        },
    )
    .await?;
    if outcome == Outcome::Repeated {
        return Err(conflict(t.event_repeated.clone()));
    }
    Ok(view)
}

/// Records one source's report of a stop event (see the module's note).
/// Two reports at once (the driver's tap and the ELD's job) both land: the
/// one that loses the race to move the load is retried as a merge.
pub async fn report(
    db: &DatabaseConnection,
    scope: TenantScope,
    load_id: Uuid,
    r: Report<'_>,
) -> Result<(Outcome, LoadView), LoadsError> {
    if r.at > Utc::now() + FUTURE_SLACK {
        return Err(LoadsError::invalid("at", &texts().event_in_future));
    }
    if let Some((lat, lon)) = r.position
        && !(lat.is_finite() && lon.is_finite() && lat.abs() <= 90.0 && lon.abs() <= 180.0)
    {
        return Err(LoadsError::invalid("lat", &texts().position_invalid));
    }
    let mut attempt = 0;
    loop {
        let tx = tenancy::write(db, scope).await?;
        match report_in(&tx, scope, load_id, &r).await {
            Ok(outcome) => {
                let view = read(&tx, load_id).await?;
                if outcome == Outcome::Repeated {
                    tx.rollback().await?;
                } else {
                    tx.commit().await?;
                }
                return Ok((outcome, view));
            }
            Err(Attempt::Lost) if attempt == 0 => {
                attempt += 1;
                tx.rollback().await?;
            }
            Err(Attempt::Lost) => return Err(conflict(texts().event_repeated.clone())),
            Err(Attempt::Failed(err)) => return Err(err),
        }
    }
}

enum Attempt {
    /// Another writer moved the load between the read and the write.
    Lost,
    Failed(LoadsError),
}

impl From<LoadsError> for Attempt {
    fn from(err: LoadsError) -> Self {
        Attempt::Failed(err)
    }
}

impl From<sea_orm::DbErr> for Attempt {
    fn from(err: sea_orm::DbErr) -> Self {
        Attempt::Failed(err.into())
    }
}

/// Unloading, or leaving the last delivery without its POD, keeps the load
/// where it is: at the delivery, or delivered when the POD came first.
fn staying(status: LoadStatus) -> LoadStatus {
    if status == LoadStatus::Delivered {
        LoadStatus::Delivered
    } else {
        LoadStatus::AtDelivery
    }
}

/// The stop's time of the event, when it has one already (any source).
fn existing_time(
    stop: &load_stop::Model,
    reports: &[stop_report::Model],
    event: StopEvent,
) -> Option<DateTime<Utc>> {
    let reported = reports
        .iter()
        .filter(|x| x.stop_id == stop.id && x.event == event.as_str())
        .map(|x| x.at)
        .min();
    match event {
        StopEvent::Arrived => stop.arrived_at.or(reported),
        StopEvent::Departed => stop.departed_at.or(reported),
        // Loading or unloading is done once the truck has left, too.
        StopEvent::Completed => reported.or(stop.departed_at),
    }
}

async fn report_in(
    tx: &FleetTx,
    scope: TenantScope,
    load_id: Uuid,
    r: &Report<'_>,
) -> Result<Outcome, Attempt> {
    let t = texts();
    if let Some(client_id) = r.client_id
        && repo::report_by_client_id(tx, client_id).await?.is_some()
    {
        return Ok(Outcome::Repeated);
    }
    let load = repo::load(tx, load_id).await?.ok_or(LoadsError::NotFound)?;
    let status = LoadStatus::parse(&load.status).unwrap_or(LoadStatus::Cancelled);
    if !matches!(
        status,
        LoadStatus::Dispatched
            | LoadStatus::AtPickup
            | LoadStatus::Loaded
            | LoadStatus::InTransit
            | LoadStatus::AtDelivery
            | LoadStatus::Delivered
    ) {
        return Err(conflict(
            t.not_underway
                .replace("{status}", &load.status.replace('_', " ")),
        )
        .into());
    }
    let stops = repo::stops_of(tx, load_id).await?;
    let stop = stops
        .iter()
        .find(|s| s.seq == r.seq)
        .ok_or_else(|| LoadsError::invalid("seq", &t.stop_not_found))?;
    let reports = repo::reports_of(tx, load_id).await?;
    let first = existing_time(stop, &reports, r.event);
    let now = Utc::now();
    // The report itself first: the unique indexes turn a repeat (same
    // source, or same client id) into no write at all.
    let kept = repo::insert_report(
        tx,
        stop_report::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(scope.fleet_account_id()),
            load_id: Set(load_id),
            stop_id: Set(stop.id),
            event: Set(r.event.as_str().to_owned()),
            source: Set(r.source.as_str().to_owned()),
            at: Set(r.at),
            lat: Set(r.position.map(|p| p.0)),
            lon: Set(r.position.map(|p| p.1)),
            actor_id: Set(r.actor.id),
            actor_name: Set(r.actor.name.clone()),
            client_id: Set(r.client_id.map(str::to_owned)),
            recorded_at: Set(now),
        },
    )
    .await?;
    if !kept {
        return Ok(Outcome::Repeated);
    }
    if let Some(first) = first {
        if r.at < first {
            merge_earlier(tx, load_id, stop, r.event, r.at).await?;
        }
        return Ok(Outcome::Merged);
    }
    if status == LoadStatus::Delivered
        && !(stops.last().is_some_and(|s| s.id == stop.id) && r.event != StopEvent::Arrived)
    {
        return Err(conflict(t.not_underway.replace("{status}", "delivered")).into());
    }
    first_report(tx, scope, &load, status, &stops, stop, r).await?;
    Ok(Outcome::Recorded)
}

/// Another source saw the event earlier than the first report said: the
/// stop and the history take the earlier time.
async fn merge_earlier(
    tx: &FleetTx,
    load_id: Uuid,
    stop: &load_stop::Model,
    event: StopEvent,
    at: DateTime<Utc>,
) -> Result<(), LoadsError> {
    match event {
        StopEvent::Arrived => repo::set_stop_times(tx, stop.id, Some(at), stop.departed_at).await?,
        StopEvent::Departed if stop.arrived_at.is_none_or(|a| a <= at) => {
            repo::set_stop_times(tx, stop.id, stop.arrived_at, Some(at)).await?
        }
        _ => {}
    }
    repo::set_event_time(tx, load_id, stop.id, event.as_str(), at).await?;
    Ok(())
}

/// The stop's first report of the event: the stop's times, the load's
/// status, the history row, and detention on a departure.
async fn first_report(
    tx: &FleetTx,
    scope: TenantScope,
    load: &load::Model,
    status: LoadStatus,
    stops: &[load_stop::Model],
    stop: &load_stop::Model,
    r: &Report<'_>,
) -> Result<(), Attempt> {
    let t = texts();
    // The stop being served is the first not yet departed.
    if let Some(current) = stops.iter().find(|s| s.departed_at.is_none())
        && current.seq < r.seq
    {
        return Err(conflict(
            t.stop_out_of_order
                .replace("{n}", &(current.seq + 1).to_string()),
        )
        .into());
    }
    let at = r.at;
    let pickup = stop.kind == "pickup";
    let last = stops.last().is_some_and(|s| s.id == stop.id);
    let (arrived, departed, to) = match r.event {
        StopEvent::Arrived => {
            let to = if pickup {
                LoadStatus::AtPickup
            } else {
                LoadStatus::AtDelivery
            };
            (Some(at), None, to)
        }
        StopEvent::Completed => {
            let arrived = stop
                .arrived_at
                .ok_or_else(|| conflict(t.arrive_first.clone()))?;
            // Unloading keeps the load at the delivery until it departs.
            let to = if pickup {
                LoadStatus::Loaded
            } else {
                staying(status)
            };
            (Some(arrived), None, to)
        }
        StopEvent::Departed => {
            let arrived = stop
                .arrived_at
                .ok_or_else(|| conflict(t.arrive_first.clone()))?;
            if at < arrived {
                return Err(LoadsError::invalid("at", &t.depart_before_arrive).into());
            }
            let to = if pickup || !last {
                LoadStatus::InTransit
            } else if r.source == Source::Office || pods_complete(tx, stops).await? {
                // The office's word, or every delivery's POD, delivers it;
                // a phone's or an ELD's departure alone is no proof.
                LoadStatus::Delivered
            } else {
                staying(status)
            };
            (Some(arrived), Some(at), to)
        }
    };
    let stays = to == status;
    // The ELD sees no loading: its departure from the pickup the load is
    // still at says the truck left loaded, so the load goes on in transit.
    let left_loaded = r.source == Source::Eld
        && r.event == StopEvent::Departed
        && pickup
        && status == LoadStatus::AtPickup
        && to == LoadStatus::InTransit;
    if !stays && !left_loaded && !status.can_move_to(to) {
        return Err(conflict(
            t.illegal_transition
                .replace("{from}", &status.as_str().replace('_', " "))
                .replace("{to}", &to.as_str().replace('_', " ")),
        )
        .into());
    }
    repo::set_stop_times(tx, stop.id, arrived, departed).await?;
    if !stays
        && !repo::set_status(tx, load.id, status.as_str(), to.as_str(), None, Utc::now()).await?
    {
        return Err(Attempt::Lost);
    }
    repo::insert_event(
        tx,
        history(
            scope,
            load.id,
            r.actor,
            Change {
                from: Some(status),
                to,
                at,
                at7_code: Some(at7_code(pickup, r.event)),
                reason: None,
                stop: Some(StopReport {
                    stop_id: stop.id,
                    event: r.event,
                    source: r.source,
                }),
            },
        ),
    )
    .await?;
    if let (Some(arrived), Some(departed), Some(free), Some(rate)) = (
        arrived,
        departed,
        load.detention_free_minutes,
        load.detention_rate_cents,
    ) {
        let dwell = (departed - arrived).num_minutes();
        let owed = detention_cents(dwell, i64::from(free), rate, load.detention_cap_cents);
        if owed > 0 {
            repo::insert_accessorial(
                tx,
                load_accessorial::ActiveModel {
                    id: Set(Uuid::new_v4()),
                    fleet_account_id: Set(scope.fleet_account_id()),
                    load_id: Set(load.id),
                    kind: Set("detention".to_owned()),
                    amount_cents: Set(owed),
                    note: Set(Some(
                        t.detention_note
                            .replace("{n}", &(r.seq + 1).to_string())
                            .replace("{minutes}", &(dwell - i64::from(free)).to_string()),
                    )),
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// Whether every delivery of the load has a POD filed (one the office
/// filed for the whole load counts for each).
pub(super) async fn pods_complete(
    tx: &FleetTx,
    stops: &[load_stop::Model],
) -> Result<bool, LoadsError> {
    let Some(first) = stops.first() else {
        return Ok(false);
    };
    let filed = repo::pod_stops(tx, first.load_id).await?;
    if filed.contains(&None) {
        return Ok(true);
    }
    Ok(stops
        .iter()
        .filter(|s| s.kind == "delivery")
        .all(|s| filed.contains(&Some(s.id))))
}

/// A POD the office filed on the load (the documents upload): delivers the
/// load when it completes the set (`deliver_on_pod`).
pub async fn deliver_after_office_pod(
    db: &DatabaseConnection,
    scope: TenantScope,
    actor: &Actor,
    load_id: Uuid,
) -> Result<bool, LoadsError> {
    let tx = tenancy::write(db, scope).await?;
    let delivered = deliver_on_pod(&tx, scope, actor, Source::Office, load_id).await?;
    tx.commit().await?;
    Ok(delivered)
}

/// After a POD is filed: the load is delivered once it is at (or has
/// left) its last delivery and every delivery has its POD. The history
/// says who filed the last one.
pub(super) async fn deliver_on_pod(
    tx: &FleetTx,
    scope: TenantScope,
    actor: &Actor,
    source: Source,
    load_id: Uuid,
) -> Result<bool, LoadsError> {
    // A booked load's broker sees each POD as it is filed (decision 049).
    repo::share_pods(tx, load_id).await?;
    let Some(load) = repo::load(tx, load_id).await? else {
        return Ok(false);
    };
    if load.status != LoadStatus::AtDelivery.as_str() {
        return Ok(false);
    }
    let stops = repo::stops_of(tx, load_id).await?;
    let at_last = stops.last().is_some_and(|s| s.arrived_at.is_some());
    if !at_last || !pods_complete(tx, &stops).await? {
        return Ok(false);
    }
    let now = Utc::now();
    if !repo::set_status(
        tx,
        load_id,
        LoadStatus::AtDelivery.as_str(),
        LoadStatus::Delivered.as_str(),
        None,
        now,
    )
    .await?
    {
        return Ok(false);
    }
    repo::insert_event(
        tx,
        history(
            scope,
            load_id,
            actor,
            Change {
                from: Some(LoadStatus::AtDelivery),
                to: LoadStatus::Delivered,
                at: now,
                at7_code: None,
                reason: Some(texts().pod_received.replace("{source}", source.as_str())),
                stop: None,
            },
        ),
    )
    .await?;
    Ok(true)
}
