//! Creating a load from what the rate confirmation states, reading it whole,
//! and the fleet's list of loads.

use super::{LoadsError, cents, number_in, optional_text, rate_con, required_text, texts};
use crate::modules::documents;
use crate::modules::loads::dto::{
    AccessorialView, CustomerView, FacilityView, LoadEventView, LoadInput, LoadView, StopInput,
    StopView,
};
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::{facility, load, load_accessorial, load_event, load_stop, stop_report};
use db::tenancy::{self, FleetTx, TenantScope};
use domain::loads::{
    Accessorial, LoadStatus, Source, StopCheck, StopError, StopEvent, StopKind, StopTime,
    check_stops, estimated_miles,
};
use object_store::{ObjectStore, ObjectStoreExt};
use sea_orm::{DatabaseConnection, Set};
use std::collections::HashMap;
use uuid::Uuid;

/// The most stops one load has (split pickups and deliveries included).
pub const MAX_STOPS: usize = 20;
const MAX_ACCESSORIALS: usize = 30;

/// Who made a change: kept in the load's history.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: Option<Uuid>,
    pub name: String,
    /// Their sign-in e-mail: the audit log's actor.
    pub email: String,
}

/// A change of a load's status, as its history keeps it.
pub(super) struct Change {
    pub from: Option<LoadStatus>,
    pub to: LoadStatus,
    pub at: chrono::DateTime<Utc>,
    /// The EDI 214 code of a stop event or a cancellation.
    pub at7_code: Option<&'static str>,
    /// A cancellation's or an override's reason.
    pub reason: Option<String>,
    /// A stop event's stop and who reported it.
    pub stop: Option<StopReport>,
}

/// The stop event a history row records, and its source.
#[derive(Debug, Clone, Copy)]
pub(super) struct StopReport {
    pub stop_id: Uuid,
    pub event: StopEvent,
    pub source: Source,
}

/// The history row of `change` to the load, by `actor`.
pub(super) fn history(
    scope: TenantScope,
    load_id: Uuid,
    actor: &Actor,
    change: Change,
) -> load_event::ActiveModel {
    load_event::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(scope.fleet_account_id()),
        load_id: Set(load_id),
        at: Set(change.at),
        actor_id: Set(actor.id),
        actor_name: Set(actor.name.clone()),
        from_status: Set(change.from.map(|s| s.as_str().to_owned())),
        to_status: Set(change.to.as_str().to_owned()),
        at7_code: Set(change.at7_code.map(str::to_owned)),
        reason: Set(change.reason),
        recorded_at: Set(Some(Utc::now())),
        source: Set(change.stop.map(|s| s.source.as_str().to_owned())),
        stop_id: Set(change.stop.map(|s| s.stop_id)),
        stop_event: Set(change.stop.map(|s| s.event.as_str().to_owned())),
    }
}

fn stop_kind(index: usize, kind: &str) -> Result<StopKind, LoadsError> {
    match kind {
        "pickup" => Ok(StopKind::Pickup),
        "delivery" => Ok(StopKind::Delivery),
        _ => Err(LoadsError::invalid(
            format!("stops.{index}.kind"),
            &texts().stop_kind_invalid,
        )),
    }
}

fn stop_time(index: usize, stop: &StopInput) -> Result<StopTime, LoadsError> {
    match (stop.appointment, stop.window_start, stop.window_end) {
        (Some(at), None, None) => Ok(StopTime::Appointment(at)),
        (None, Some(from), Some(to)) => Ok(StopTime::Window { from, to }),
        _ => Err(LoadsError::invalid(
            format!("stops.{index}.appointment"),
            &texts().stop_time_required,
        )),
    }
}

fn stop_error(err: StopError) -> LoadsError {
    let t = texts();
    let message = match err {
        StopError::Shape => &t.stops_shape,
        StopError::UnknownZone { .. } => &t.time_zone_invalid,
        StopError::WindowEndsBeforeStart { .. } => &t.window_ends_before_start,
        StopError::NoSuchLocalTime { .. } => &t.no_such_local_time,
        StopError::BeforePrevious { .. } => &t.stop_before_previous,
        StopError::SpanTooLong { .. } => {
            return LoadsError::invalid(
                err.field(),
                &t.load_span_too_long
                    .replace("{days}", &domain::loads::MAX_SPAN_DAYS.to_string()),
            );
        }
    };
    LoadsError::invalid(err.field(), message)
}

/// A stop's kind, its time as stated and its instants.
pub type StopSpan = (
    StopKind,
    StopTime,
    (chrono::DateTime<Utc>, chrono::DateTime<Utc>),
);

/// The stops' kinds and times checked in order, each with its instants,
/// for stops at places in `zones` (a tender's stops, issue 33).
pub fn stop_spans(stops: &[StopInput], zones: &[&str]) -> Result<Vec<StopSpan>, LoadsError> {
    if stops.len() > MAX_STOPS {
        return Err(LoadsError::invalid(
            "stops",
            &texts()
                .too_many_stops
                .replace("{max}", &MAX_STOPS.to_string()),
        ));
    }
    let mut parsed = Vec::with_capacity(stops.len());
    for (index, stop) in stops.iter().enumerate() {
        parsed.push((stop_kind(index, &stop.kind)?, stop_time(index, stop)?));
    }
    let checks: Vec<StopCheck<'_>> = parsed
        .iter()
        .zip(zones)
        .map(|((kind, time), zone)| StopCheck {
            kind: *kind,
            time_zone: zone,
            time: *time,
        })
        .collect();
    let spans = check_stops(&checks).map_err(stop_error)?;
    Ok(parsed
        .into_iter()
        .zip(spans)
        .map(|((kind, time), span)| (kind, time, span))
        .collect())
}

/// Everything a load's input is checked for before anything is written.
pub(super) struct Checked {
    pub row: load::ActiveModel,
    pub stops: Vec<load_stop::ActiveModel>,
    pub accessorials: Vec<load_accessorial::ActiveModel>,
}

/// The rows of a load's input (a new load, or an edit: the caller keeps
/// what an edit does not change), or the first field it refuses.
pub(super) fn check(
    input: &LoadInput,
    fleet: Uuid,
    load_id: Uuid,
    customer_name: &str,
    facilities: &HashMap<Uuid, facility::Model>,
) -> Result<Checked, LoadsError> {
    let t = texts();
    let now = Utc::now();
    let load_number = required_text(
        "load_number",
        &input.load_number,
        60,
        &t.load_number_required,
    )?;
    if !domain::board::EQUIPMENT.contains(&input.equipment_type.as_str()) {
        return Err(LoadsError::invalid("equipment_type", &t.equipment_invalid));
    }
    if input.stops.len() > MAX_STOPS {
        return Err(LoadsError::invalid(
            "stops",
            &t.too_many_stops.replace("{max}", &MAX_STOPS.to_string()),
        ));
    }
    // Kinds, times and facilities first (a facility of another fleet is not found).
    let mut parsed = Vec::with_capacity(input.stops.len());
    for (index, stop) in input.stops.iter().enumerate() {
        let kind = stop_kind(index, &stop.kind)?;
        let time = stop_time(index, stop)?;
        let place = facilities
            .get(&stop.facility_id)
            .ok_or(LoadsError::NotFound)?;
        parsed.push((kind, time, place));
    }
    let checks: Vec<StopCheck<'_>> = parsed
        .iter()
        .map(|(kind, time, place)| StopCheck {
            kind: *kind,
            time_zone: &place.time_zone,
            time: *time,
        })
        .collect();
    let spans = check_stops(&checks).map_err(stop_error)?;
    let miles = estimated_miles(
        &parsed
            .iter()
            .map(|(_, _, p)| domain::geo::LatLon {
                lat: p.lat,
                lon: p.lon,
            })
            .collect::<Vec<_>>(),
    );

    let (linehaul, per_mile) = match input.rate_method.as_str() {
        "flat" => (cents("linehaul_cents", input.linehaul_cents)?, None),
        "per_mile" => {
            let rate = input
                .rate_per_mile_cents
                .ok_or_else(|| LoadsError::invalid("rate_per_mile_cents", &t.rate_required))?;
            let rate = cents("rate_per_mile_cents", rate)?;
            (
                cents("rate_per_mile_cents", rate * i64::from(miles))?,
                Some(rate),
            )
        }
        _ => return Err(LoadsError::invalid("rate_method", &t.rate_method_invalid)),
    };
    let optional_cents =
        |field: &str, value: Option<i64>| value.map(|v| cents(field, v)).transpose();
    if input.accessorials.len() > MAX_ACCESSORIALS {
        return Err(LoadsError::invalid(
            "accessorials",
            &t.number_invalid
                .replace("{min}", "0")
                .replace("{max}", &MAX_ACCESSORIALS.to_string()),
        ));
    }
    let mut accessorials = Vec::with_capacity(input.accessorials.len());
    for (index, line) in input.accessorials.iter().enumerate() {
        let kind = Accessorial::parse(&line.kind).ok_or_else(|| {
            LoadsError::invalid(format!("accessorials.{index}.kind"), &t.accessorial_invalid)
        })?;
        accessorials.push(load_accessorial::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            load_id: Set(load_id),
            kind: Set(kind.as_str().to_owned()),
            amount_cents: Set(cents(
                &format!("accessorials.{index}.amount_cents"),
                line.amount_cents,
            )?),
            note: Set(optional_text(
                &format!("accessorials.{index}.note"),
                line.note.as_deref(),
                200,
            )?),
        });
    }

    let mut stops = Vec::with_capacity(parsed.len());
    for (index, ((kind, time, place), span)) in parsed.iter().zip(&spans).enumerate() {
        let (local_start, local_end) = match time {
            StopTime::Appointment(at) => (*at, None),
            StopTime::Window { from, to } => (*from, Some(*to)),
        };
        stops.push(load_stop::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            load_id: Set(load_id),
            // At most MAX_STOPS: the cast cannot overflow.
            seq: Set(index as i32),
            kind: Set(match kind {
                StopKind::Pickup => "pickup",
                StopKind::Delivery => "delivery",
            }
            .to_owned()),
            facility_id: Set(place.id),
            local_start: Set(local_start),
            local_end: Set(local_end),
            time_zone: Set(place.time_zone.clone()),
            starts_at: Set(span.0),
            ends_at: Set(span.1),
            arrived_at: Set(None),
            departed_at: Set(None),
            instructions: Set(optional_text(
                &format!("stops.{index}.instructions"),
                input.stops[index].instructions.as_deref(),
                1000,
            )?),
        });
    }
    let (first, last) = (spans[0].0, spans[spans.len() - 1].1);
    let bol_number = optional_text("bol_number", input.bol_number.as_deref(), 60)?;
    let po_number = optional_text("po_number", input.po_number.as_deref(), 60)?;
    let search_text = domain::loads::search_text(
        [
            Some(load_number.as_str()),
            bol_number.as_deref(),
            po_number.as_deref(),
            Some(customer_name),
        ]
        .into_iter()
        .flatten()
        .chain(parsed.iter().map(|(_, _, place)| place.city.as_str())),
    );
    let row = load::ActiveModel {
        id: Set(load_id),
        fleet_account_id: Set(fleet),
        customer_id: Set(input.customer_id),
        pro_number: Set(0),
        load_number: Set(load_number),
        bol_number: Set(bol_number),
        po_number: Set(po_number),
        pickup_number: Set(optional_text(
            "pickup_number",
            input.pickup_number.as_deref(),
            60,
        )?),
        equipment_type: Set(input.equipment_type.clone()),
        length_ft: Set(number_in("length_ft", input.length_ft, 10, 60)?),
        reefer_temp_f: Set(number_in("reefer_temp_f", input.reefer_temp_f, -40, 90)?),
        commodity: Set(optional_text("commodity", input.commodity.as_deref(), 200)?),
        weight_lbs: Set(number_in("weight_lbs", input.weight_lbs, 0, 200_000)?),
        pieces: Set(number_in("pieces", input.pieces, 0, 100_000)?),
        hazmat_class: Set(optional_text(
            "hazmat_class",
            input.hazmat_class.as_deref(),
            10,
        )?),
        un_number: Set(optional_text("un_number", input.un_number.as_deref(), 10)?),
        notes: Set(optional_text("notes", input.notes.as_deref(), 4000)?),
        status: Set(LoadStatus::Accepted.as_str().to_owned()),
        rate_method: Set(input.rate_method.clone()),
        rate_per_mile_cents: Set(per_mile),
        linehaul_cents: Set(linehaul),
        fuel_surcharge_cents: Set(cents("fuel_surcharge_cents", input.fuel_surcharge_cents)?),
        detention_free_minutes: Set(number_in(
            "detention_free_minutes",
            input.detention_free_minutes,
            0,
            24 * 60,
        )?),
        detention_rate_cents: Set(optional_cents(
            "detention_rate_cents",
            input.detention_rate_cents,
        )?),
        detention_cap_cents: Set(optional_cents(
            "detention_cap_cents",
            input.detention_cap_cents,
        )?),
        tonu_cents: Set(optional_cents("tonu_cents", input.tonu_cents)?),
        tonu_window_hours: Set(number_in(
            "tonu_window_hours",
            input.tonu_window_hours,
            0,
            168,
        )?),
        lumper_terms: Set(optional_text(
            "lumper_terms",
            input.lumper_terms.as_deref(),
            500,
        )?),
        rate_con_file_key: Set(None),
        loaded_miles: Set(miles),
        first_pickup_at: Set(first),
        last_delivery_at: Set(last),
        cancel_reason: Set(None),
        driver_id: Set(None),
        second_driver_id: Set(None),
        truck_id: Set(None),
        trailer_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        search_text: Set(search_text),
        ..Default::default()
    };
    Ok(Checked {
        row,
        stops,
        accessorials,
    })
}

/// Creates a load (status accepted: booked, not yet assigned) with the
/// fleet's next PRO number, its stops and accessorials, and its first
/// history entry — all in one transaction. A rate confirmation uploaded
/// for it (`rate_con_upload_id`) is copied to the load's key before the
/// row commits and its pending copy removed after, so a crash leaves at
/// most a stray object, never a load pointing at nothing.
pub async fn create(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    actor: &Actor,
    input: &LoadInput,
) -> Result<LoadView, LoadsError> {
    let pending = match input.rate_con_upload_id {
        Some(id) => Some(rate_con::pending(files, scope, id).await?),
        None => None,
    };
    let tx = tenancy::write(db, scope).await?;
    let load_id = Uuid::new_v4();
    let filed = pending
        .as_ref()
        .map(|_| rate_con::filed_path(scope, load_id));
    create_in(
        &tx,
        actor,
        input,
        load_id,
        filed.as_ref().map(ToString::to_string),
    )
    .await?;
    if let (Some((_, size)), Some(to)) = (&pending, &filed) {
        let object = documents::StoredObject {
            file_path: to.to_string(),
            file_name: texts()
                .rate_con
                .file_name
                .replace("{load}", input.load_number.trim()),
            file_type: "application/pdf".into(),
            file_size: i64::try_from(*size).unwrap_or(i64::MAX),
        };
        documents::file_for_load(&tx, load_id, "rate_confirmation", object, actor.id)
            .await
            .map_err(|err| match err {
                documents::DocumentsError::NotFound => LoadsError::NotFound,
                other => LoadsError::Internal(other.into()),
            })?;
    }
    let view = read(&tx, load_id).await?;
    if let (Some((from, _)), Some(to)) = (&pending, &filed) {
        files.copy(from, to).await?;
    }
    tx.commit().await?;
    if let Some((from, _)) = &pending
        && let Err(err) = files.delete(from).await
    {
        tracing::warn!(%from, error = %err, "removing a filed rate con's pending copy failed");
    }
    Ok(view)
}

/// Creates the load `load_id` (status accepted) in the caller's
/// transaction: its PRO number, stops, accessorials and first history
/// entry. `rate_con_file_key` names a rate confirmation already stored.
pub async fn create_in(
    tx: &FleetTx,
    actor: &Actor,
    input: &LoadInput,
    load_id: Uuid,
    rate_con_file_key: Option<String>,
) -> Result<load::Model, LoadsError> {
    let scope = tx.scope();
    let customer = repo::customer(tx, input.customer_id)
        .await?
        .ok_or(LoadsError::NotFound)?;
    let ids: Vec<Uuid> = input.stops.iter().map(|s| s.facility_id).collect();
    let facilities: HashMap<Uuid, facility::Model> = repo::facilities_by_ids(tx, ids)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect();
    let mut checked = check(
        input,
        scope.fleet_account_id(),
        load_id,
        &customer.name,
        &facilities,
    )?;
    checked.row.pro_number = Set(repo::next_pro(tx).await?);
    checked.row.rate_con_file_key = Set(rate_con_file_key);
    repo::insert_load(tx, checked.row, checked.stops, checked.accessorials).await?;
    repo::insert_event(
        tx,
        history(
            scope,
            load_id,
            actor,
            Change {
                from: None,
                to: LoadStatus::Accepted,
                at: Utc::now(),
                at7_code: None,
                reason: None,
                stop: None,
            },
        ),
    )
    .await?;
    repo::load(tx, load_id).await?.ok_or(LoadsError::NotFound)
}

/// The whole load within an open transaction.
pub async fn read(tx: &FleetTx, id: Uuid) -> Result<LoadView, LoadsError> {
    let row = repo::load(tx, id).await?.ok_or(LoadsError::NotFound)?;
    let customer = repo::customer(tx, row.customer_id)
        .await?
        .ok_or(LoadsError::NotFound)?;
    let stops = repo::stops_of(tx, id).await?;
    let facilities: HashMap<Uuid, facility::Model> =
        repo::facilities_by_ids(tx, stops.iter().map(|s| s.facility_id).collect())
            .await?
            .into_iter()
            .map(|f| (f.id, f))
            .collect();
    let accessorials = repo::accessorials_of(tx, id).await?;
    let history = repo::history_of(tx, id).await?;
    let reports = repo::reports_of(tx, id).await?;
    let revenue = row.linehaul_cents
        + row.fuel_surcharge_cents
        + accessorials.iter().map(|a| a.amount_cents).sum::<i64>();
    let seqs: HashMap<Uuid, i32> = stops.iter().map(|s| (s.id, s.seq)).collect();
    let stops = stops
        .into_iter()
        .filter_map(|s| {
            let facility = facilities.get(&s.facility_id)?.clone();
            Some(StopView {
                id: s.id,
                seq: s.seq,
                kind: s.kind,
                facility: FacilityView::from(facility),
                local_start: s.local_start,
                local_end: s.local_end,
                time_zone: s.time_zone,
                starts_at: s.starts_at,
                ends_at: s.ends_at,
                arrived_at: s.arrived_at,
                departed_at: s.departed_at,
                instructions: s.instructions,
            })
        })
        .collect();
    Ok(LoadView {
        id: row.id,
        pro_number: row.pro_number,
        load_number: row.load_number,
        customer: CustomerView::from(customer),
        status: row.status,
        bol_number: row.bol_number,
        po_number: row.po_number,
        pickup_number: row.pickup_number,
        equipment_type: row.equipment_type,
        length_ft: row.length_ft,
        reefer_temp_f: row.reefer_temp_f,
        commodity: row.commodity,
        weight_lbs: row.weight_lbs,
        pieces: row.pieces,
        hazmat_class: row.hazmat_class,
        un_number: row.un_number,
        notes: row.notes,
        rate_method: row.rate_method,
        rate_per_mile_cents: row.rate_per_mile_cents,
        linehaul_cents: row.linehaul_cents,
        fuel_surcharge_cents: row.fuel_surcharge_cents,
        detention_free_minutes: row.detention_free_minutes,
        detention_rate_cents: row.detention_rate_cents,
        detention_cap_cents: row.detention_cap_cents,
        tonu_cents: row.tonu_cents,
        tonu_window_hours: row.tonu_window_hours,
        lumper_terms: row.lumper_terms,
        rate_con_uploaded: row.rate_con_file_key.is_some(),
        revenue_cents: revenue,
        loaded_miles: row.loaded_miles,
        cancel_reason: row.cancel_reason,
        driver_response: row.driver_response,
        decline_reason: row.decline_reason,
        driver_id: row.driver_id,
        second_driver_id: row.second_driver_id,
        truck_id: row.truck_id,
        trailer_id: row.trailer_id,
        stops,
        accessorials: accessorials
            .into_iter()
            .map(|a| AccessorialView {
                id: a.id,
                kind: a.kind,
                amount_cents: a.amount_cents,
                note: a.note,
            })
            .collect(),
        history: history
            .into_iter()
            .map(|e| {
                let sources = match (e.stop_id, e.stop_event.as_deref()) {
                    (Some(stop), Some(event)) => sources_of(&reports, stop, event),
                    _ => Vec::new(),
                };
                LoadEventView {
                    at: e.at,
                    actor_name: e.actor_name,
                    from_status: e.from_status,
                    to_status: e.to_status,
                    at7_code: e.at7_code,
                    reason: e.reason,
                    source: e.source,
                    stop_seq: e.stop_id.and_then(|id| seqs.get(&id).copied()),
                    stop_event: e.stop_event,
                    sources,
                }
            })
            .collect(),
        updated_at: row.updated_at,
    })
}

/// The sources that reported `event` at `stop`, earliest report first.
pub(super) fn sources_of(reports: &[stop_report::Model], stop: Uuid, event: &str) -> Vec<String> {
    let mut of_event: Vec<&stop_report::Model> = reports
        .iter()
        .filter(|r| r.stop_id == stop && r.event == event)
        .collect();
    of_event.sort_by_key(|r| (r.at, r.recorded_at));
    let mut sources: Vec<String> = Vec::new();
    for r in of_event {
        if !sources.contains(&r.source) {
            sources.push(r.source.clone());
        }
    }
    sources
}

pub async fn get(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<LoadView, LoadsError> {
    let tx = tenancy::read(db, scope).await?;
    let view = read(&tx, id).await?;
    tx.commit().await?;
    Ok(view)
}
