//! The office enters what happened at each stop — arrived, loaded or
//! unloaded, departed — on the stop's own clock. Each moves the load along
//! its lifecycle with the event's EDI 214 code in the history; a departure
//! past the free time proposes a detention line.

use super::loads::{Actor, Change, history, read};
use super::{LoadsError, texts};
use crate::modules::loads::dto::{LoadView, StopEventInput};
use crate::modules::loads::repo;
use chrono::{Duration, TimeZone, Utc};
use db::entities::load_accessorial;
use db::tenancy::{self, TenantScope};
use domain::loads::{LoadStatus, StopEvent, at7_code, detention_cents};
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

/// How far ahead of the server's clock an entered time may be (a phone's
/// clock a little fast).
const FUTURE_SLACK: Duration = Duration::minutes(5);

fn event_of(text: &str) -> Option<StopEvent> {
    match text {
        "arrived" => Some(StopEvent::Arrived),
        "completed" => Some(StopEvent::Completed),
        "departed" => Some(StopEvent::Departed),
        _ => None,
    }
}

fn conflict(message: String) -> LoadsError {
    LoadsError::IllegalTransition(message)
}

pub async fn record(
    db: &DatabaseConnection,
    scope: TenantScope,
    actor: &Actor,
    load_id: Uuid,
    seq: i32,
    input: &StopEventInput,
) -> Result<LoadView, LoadsError> {
    let t = texts();
    let event =
        event_of(&input.event).ok_or_else(|| LoadsError::invalid("event", &t.event_invalid))?;
    let tx = tenancy::write(db, scope).await?;
    let load = repo::load(&tx, load_id)
        .await?
        .ok_or(LoadsError::NotFound)?;
    let status = LoadStatus::parse(&load.status).unwrap_or(LoadStatus::Cancelled);
    if !matches!(
        status,
        LoadStatus::Dispatched
            | LoadStatus::AtPickup
            | LoadStatus::Loaded
            | LoadStatus::InTransit
            | LoadStatus::AtDelivery
    ) {
        return Err(conflict(
            t.not_underway
                .replace("{status}", &load.status.replace('_', " ")),
        ));
    }
    let stops = repo::stops_of(&tx, load_id).await?;
    let stop = stops
        .iter()
        .find(|s| s.seq == seq)
        .ok_or_else(|| LoadsError::invalid("seq", &t.stop_not_found))?;
    // The stop being served is the first not yet departed.
    if let Some(current) = stops.iter().find(|s| s.departed_at.is_none())
        && current.seq < seq
    {
        return Err(conflict(
            t.stop_out_of_order
                .replace("{n}", &(current.seq + 1).to_string()),
        ));
    }
    let zone = domain::loads::time_zone(&stop.time_zone)
        .ok_or_else(|| LoadsError::invalid("at", &t.time_zone_invalid))?;
    let at = zone
        .from_local_datetime(&input.at)
        .earliest()
        .ok_or_else(|| LoadsError::invalid("at", &t.no_such_local_time))?
        .with_timezone(&Utc);
    let now = Utc::now();
    if at > now + FUTURE_SLACK {
        return Err(LoadsError::invalid("at", &t.event_in_future));
    }
    let pickup = stop.kind == "pickup";
    let last = stops.last().is_some_and(|s| s.id == stop.id);
    let (arrived, departed, to) = match event {
        StopEvent::Arrived => {
            if stop.arrived_at.is_some() {
                return Err(conflict(t.event_repeated.clone()));
            }
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
            if stop.departed_at.is_some() {
                return Err(conflict(t.event_repeated.clone()));
            }
            // Unloading keeps the load at the delivery until it departs.
            let to = if pickup {
                LoadStatus::Loaded
            } else {
                LoadStatus::AtDelivery
            };
            (Some(arrived), None, to)
        }
        StopEvent::Departed => {
            let arrived = stop
                .arrived_at
                .ok_or_else(|| conflict(t.arrive_first.clone()))?;
            if at < arrived {
                return Err(LoadsError::invalid("at", &t.depart_before_arrive));
            }
            let to = if !pickup && last {
                LoadStatus::Delivered
            } else {
                LoadStatus::InTransit
            };
            (Some(arrived), Some(at), to)
        }
    };
    let unloading = event == StopEvent::Completed && !pickup;
    if !unloading && !status.can_move_to(to) {
        return Err(conflict(
            t.illegal_transition
                .replace("{from}", &status.as_str().replace('_', " "))
                .replace("{to}", &to.as_str().replace('_', " ")),
        ));
    }
    repo::set_stop_times(&tx, stop.id, arrived, departed).await?;
    if !unloading
        && !repo::set_status(&tx, load_id, status.as_str(), to.as_str(), None, now).await?
    {
        return Err(conflict(t.event_repeated.clone()));
    }
    repo::insert_event(
        &tx,
        history(
            scope,
            load_id,
            actor,
            Change {
                from: Some(status),
                to,
                at,
                at7_code: Some(at7_code(pickup, event)),
                reason: None,
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
                &tx,
                load_accessorial::ActiveModel {
                    id: Set(Uuid::new_v4()),
                    fleet_account_id: Set(scope.fleet_account_id()),
                    load_id: Set(load_id),
                    kind: Set("detention".to_owned()),
                    amount_cents: Set(owed),
                    note: Set(Some(
                        t.detention_note
                            .replace("{n}", &(seq + 1).to_string())
                            .replace("{minutes}", &(dwell - i64::from(free)).to_string()),
                    )),
                },
            )
            .await?;
        }
    }
    let view = read(&tx, load_id).await?;
    tx.commit().await?;
    Ok(view)
}
