//! The driver's side of a load in the portal (issue 32): the loads
//! assigned to the signed-in driver, their answer to a dispatch, the stop
//! events they tap and the PODs and receipts they photograph.
//!
//! What a driver sees: loads where they are the driver or the second
//! driver, dispatched or later — a planned load is still the office's
//! draft — and a load they declined (back in planned, still theirs, until
//! the office dispatches it again or assigns someone else). A cancelled
//! load loses its assignment, so it leaves the driver's lists. Another
//! driver's or another fleet's load is not found (404).
//!
//! The lists: `current` is under way (at pickup … at delivery) or
//! dispatched with the first pickup starting within `CURRENT_WITHIN`;
//! `upcoming` is the rest of the dispatched (and declined) loads; `past` is
//! delivered, invoiced, paid or cancelled with the last delivery within
//! `PAST_FOR`.

use super::loads::{Actor, Change, history};
use super::stop_events::{self, Outcome, Report, deliver_on_pod};
use super::{LoadsError, cents, texts};
use crate::mail::outbox;
use crate::modules::documents::{self, DocumentsError, PhoneDocument, StoredObject};
use crate::modules::loads::deps::LoadsDeps;
use crate::modules::loads::dto::{
    PortalFacility, PortalLoad, PortalLoads, PortalReport, PortalStop, PortalStopDocument,
    PortalStopEventInput,
};
use crate::modules::loads::emails;
use crate::modules::loads::repo;
use chrono::{DateTime, Duration, Utc};
use db::entities::{facility, fleet_document, fleet_notification, load, load_stop, stop_report};
use db::tenancy::{self, FleetTx, TenantScope};
use domain::fleet::driver_display_name;
use domain::loads::{LoadStatus, Source, StopEvent};
use object_store::ObjectStore;
use object_store::path::Path;
use sea_orm::{DatabaseConnection, Set};
use std::collections::HashMap;
use uuid::Uuid;

/// A dispatched load whose first pickup starts within this is current.
pub const CURRENT_WITHIN: Duration = Duration::hours(48);
/// Past loads are listed this long after their last delivery.
pub const PAST_FOR: Duration = Duration::days(90);
/// The most loads one list request reads.
const MAX_LOADS: u64 = 300;
const REASON_MAX: usize = 500;
const RECEIVER_MAX: usize = 200;

/// The statuses a driver sees (besides a load they declined).
const SHOWN: [&str; 9] = [
    "dispatched",
    "at_pickup",
    "loaded",
    "in_transit",
    "at_delivery",
    "delivered",
    "invoiced",
    "paid",
    "cancelled",
];
const UNDER_WAY: [&str; 4] = ["at_pickup", "loaded", "in_transit", "at_delivery"];
const DONE: [&str; 4] = ["delivered", "invoiced", "paid", "cancelled"];

/// The signed-in driver: the fleet from the session, never from the client.
#[derive(Debug, Clone, Copy)]
pub struct DriverRef {
    pub scope: TenantScope,
    pub driver_id: Uuid,
}

fn driver_texts() -> &'static domain::texts::LoadsDriverTexts {
    &texts().driver
}

fn conflict(message: String) -> LoadsError {
    LoadsError::IllegalTransition(message)
}

/// The driver as the load's history names them.
async fn actor_of(tx: &FleetTx, driver_id: Uuid) -> Result<Actor, LoadsError> {
    let driver = repo::drivers(tx, vec![driver_id])
        .await?
        .pop()
        .ok_or(LoadsError::NotFound)?;
    Ok(Actor {
        id: Some(driver.id),
        name: driver_display_name(
            driver.first_name.as_deref(),
            driver.last_name.as_deref(),
            driver.username.as_deref(),
        ),
        email: driver.email.unwrap_or_default(),
    })
}

async fn own_load(tx: &FleetTx, me: DriverRef, id: Uuid) -> Result<load::Model, LoadsError> {
    repo::load_of_driver(tx, id, me.driver_id, &SHOWN)
        .await?
        .ok_or(LoadsError::NotFound)
}

// ---------------------------------------------------------------- reading

pub async fn list(
    db: &DatabaseConnection,
    me: DriverRef,
    now: DateTime<Utc>,
) -> Result<PortalLoads, LoadsError> {
    let tx = tenancy::read(db, me.scope).await?;
    let rows = repo::loads_of_driver(
        &tx,
        me.driver_id,
        &SHOWN[..5],
        &DONE,
        now - PAST_FOR,
        MAX_LOADS,
    )
    .await?;
    let views = views(&tx, me, rows).await?;
    tx.commit().await?;
    let (mut current, mut upcoming, mut past) = (Vec::new(), Vec::new(), Vec::new());
    for view in views {
        let status = view.status.as_str();
        if DONE.contains(&status) {
            past.push(view);
        } else if UNDER_WAY.contains(&status)
            || (status == "dispatched" && view.first_pickup_at <= now + CURRENT_WITHIN)
        {
            current.push(view);
        } else {
            upcoming.push(view);
        }
    }
    current.sort_by_key(|l| l.first_pickup_at);
    upcoming.sort_by_key(|l| l.first_pickup_at);
    past.sort_by_key(|l| std::cmp::Reverse(l.last_delivery_at));
    Ok(PortalLoads {
        current,
        upcoming,
        past,
    })
}

pub async fn get(
    db: &DatabaseConnection,
    me: DriverRef,
    id: Uuid,
) -> Result<PortalLoad, LoadsError> {
    let tx = tenancy::read(db, me.scope).await?;
    let view = one_view(&tx, me, id).await?;
    tx.commit().await?;
    Ok(view)
}

async fn one_view(tx: &FleetTx, me: DriverRef, id: Uuid) -> Result<PortalLoad, LoadsError> {
    let row = own_load(tx, me, id).await?;
    views(tx, me, vec![row])
        .await?
        .pop()
        .ok_or(LoadsError::NotFound)
}

fn name_of(name: Option<&String>, identifier: Option<&String>) -> Option<String> {
    name.or(identifier)
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// The loads as their driver sees them, read in a few queries.
async fn views(
    tx: &FleetTx,
    me: DriverRef,
    rows: Vec<load::Model>,
) -> Result<Vec<PortalLoad>, LoadsError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = rows.iter().map(|l| l.id).collect();
    let show_revenue = repo::portal_settings(tx).await?.show_load_revenue;
    let revenue: HashMap<Uuid, i64> = if show_revenue {
        repo::accessorial_totals(tx, ids.clone())
            .await?
            .into_iter()
            .collect()
    } else {
        HashMap::new()
    };
    let stops = repo::stops_of_loads(tx, ids.clone()).await?;
    let facilities: HashMap<Uuid, facility::Model> =
        repo::facilities_by_ids(tx, stops.iter().map(|s| s.facility_id).collect())
            .await?
            .into_iter()
            .map(|f| (f.id, f))
            .collect();
    let reports = repo::reports_of_loads(tx, ids.clone()).await?;
    let documents = repo::stop_documents(tx, ids).await?;
    let crew: Vec<Uuid> = rows
        .iter()
        .flat_map(|l| [l.driver_id, l.second_driver_id])
        .flatten()
        .filter(|id| *id != me.driver_id)
        .collect();
    let drivers: HashMap<Uuid, String> = repo::drivers(tx, crew)
        .await?
        .into_iter()
        .map(|d| {
            let name = driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            );
            (d.id, name)
        })
        .collect();
    let trucks: HashMap<Uuid, Option<String>> =
        repo::trucks(tx, rows.iter().filter_map(|l| l.truck_id).collect())
            .await?
            .into_iter()
            .map(|t| (t.id, name_of(t.name.as_ref(), t.vehicle_id.as_ref())))
            .collect();
    let mut trailers: HashMap<Uuid, Option<String>> = HashMap::new();
    for id in rows.iter().filter_map(|l| l.trailer_id) {
        if let std::collections::hash_map::Entry::Vacant(slot) = trailers.entry(id) {
            let name = repo::trailer(tx, id)
                .await?
                .and_then(|t| name_of(t.name.as_ref(), t.trailer_id.as_ref()));
            slot.insert(name);
        }
    }
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let own_stops: Vec<&load_stop::Model> =
            stops.iter().filter(|s| s.load_id == row.id).collect();
        let status = LoadStatus::parse(&row.status).unwrap_or(LoadStatus::Cancelled);
        let serving = own_stops
            .iter()
            .find(|s| s.departed_at.is_none())
            .map(|s| s.id);
        let stop_views = own_stops
            .iter()
            .filter_map(|s| {
                let f = facilities.get(&s.facility_id)?;
                let own_reports: Vec<&stop_report::Model> =
                    reports.iter().filter(|r| r.stop_id == s.id).collect();
                let completed = s.departed_at.is_some()
                    || own_reports
                        .iter()
                        .any(|r| r.event == StopEvent::Completed.as_str());
                let last = own_stops.last().is_some_and(|l| l.id == s.id);
                Some(PortalStop {
                    seq: s.seq,
                    kind: s.kind.clone(),
                    facility: PortalFacility {
                        name: f.name.clone(),
                        address: f.address.clone(),
                        city: f.city.clone(),
                        state: f.state.clone(),
                        zip: f.zip.clone(),
                        lat: f.lat,
                        lon: f.lon,
                        contact_name: f.contact_name.clone(),
                        contact_phone: f.contact_phone.clone(),
                        hours: f.hours.clone(),
                    },
                    time_zone: s.time_zone.clone(),
                    local_start: s.local_start,
                    local_end: s.local_end,
                    starts_at: s.starts_at,
                    starts_on_clock: domain::time_zone::day_on_clock(s.starts_at, &s.time_zone),
                    ends_at: s.ends_at,
                    instructions: s.instructions.clone(),
                    arrived_at: s.arrived_at,
                    departed_at: s.departed_at,
                    completed,
                    reports: own_reports
                        .iter()
                        .map(|r| PortalReport {
                            event: r.event.clone(),
                            source: r.source.clone(),
                            at: r.at,
                        })
                        .collect(),
                    documents: documents
                        .iter()
                        .filter(|d| d.stop_id == Some(s.id))
                        .map(document_view)
                        .collect(),
                    next_actions: next_actions(status, serving == Some(s.id), last, s, completed),
                })
            })
            .collect();
        let co_driver = [row.driver_id, row.second_driver_id]
            .into_iter()
            .flatten()
            .find(|id| *id != me.driver_id)
            .and_then(|id| drivers.get(&id).cloned());
        out.push(PortalLoad {
            id: row.id,
            load_number: row.load_number,
            pro_number: row.pro_number,
            can_respond: status == LoadStatus::Dispatched && row.driver_response.is_none(),
            status: row.status,
            driver_response: row.driver_response,
            decline_reason: row.decline_reason,
            bol_number: row.bol_number,
            po_number: row.po_number,
            pickup_number: row.pickup_number,
            commodity: row.commodity,
            weight_lbs: row.weight_lbs,
            pieces: row.pieces,
            equipment_type: row.equipment_type,
            length_ft: row.length_ft,
            reefer_temp_f: row.reefer_temp_f,
            hazmat_class: row.hazmat_class,
            un_number: row.un_number,
            notes: row.notes,
            truck_number: row
                .truck_id
                .and_then(|id| trucks.get(&id).cloned().flatten()),
            trailer_number: row
                .trailer_id
                .and_then(|id| trailers.get(&id).cloned().flatten()),
            co_driver_name: co_driver,
            revenue_cents: show_revenue.then(|| {
                row.linehaul_cents
                    + row.fuel_surcharge_cents
                    + revenue.get(&row.id).copied().unwrap_or(0)
            }),
            first_pickup_at: row.first_pickup_at,
            last_delivery_at: row.last_delivery_at,
            stops: stop_views,
        });
    }
    Ok(out)
}

fn document_view(d: &fleet_document::Model) -> PortalStopDocument {
    PortalStopDocument {
        id: d.id,
        document_type: d.document_type.clone(),
        file_name: d.file_name.clone(),
        receiver_name: d.receiver_name.clone(),
        amount_cents: d.amount_cents,
        created_at: d.created_at,
    }
}

/// The events the driver may report at the stop now: the stop being
/// served (the first not departed) of a load on the road; after a POD
/// delivered the load, what is left at its last stop.
fn next_actions(
    status: LoadStatus,
    serving: bool,
    last: bool,
    stop: &load_stop::Model,
    completed: bool,
) -> Vec<String> {
    let on_the_road = matches!(
        status,
        LoadStatus::Dispatched
            | LoadStatus::AtPickup
            | LoadStatus::Loaded
            | LoadStatus::InTransit
            | LoadStatus::AtDelivery
    ) || (status == LoadStatus::Delivered && last);
    if !on_the_road || !serving {
        return Vec::new();
    }
    let events: &[StopEvent] = if stop.arrived_at.is_none() {
        if status == LoadStatus::Delivered {
            &[]
        } else {
            &[StopEvent::Arrived]
        }
    } else if completed {
        &[StopEvent::Departed]
    } else if stop.kind == "pickup" {
        // Loaded before leaving: the lifecycle goes at pickup → loaded → in transit.
        &[StopEvent::Completed]
    } else {
        &[StopEvent::Completed, StopEvent::Departed]
    };
    events.iter().map(|e| e.as_str().to_owned()).collect()
}

// ------------------------------------------------------ accept or decline

/// The driver's answer to a dispatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer<'a> {
    Accept,
    Decline { reason: &'a str },
}

impl Answer<'_> {
    fn as_str(self) -> &'static str {
        match self {
            Answer::Accept => "accepted",
            Answer::Decline { .. } => "declined",
        }
    }
}

/// Accepts or declines a dispatched load (see `answer_in`); the office's
/// e-mail is queued once the answer is committed.
pub async fn answer(
    deps: &LoadsDeps<'_>,
    me: DriverRef,
    id: Uuid,
    answer: Answer<'_>,
) -> Result<PortalLoad, LoadsError> {
    let answer = match answer {
        Answer::Accept => Answer::Accept,
        Answer::Decline { reason } => {
            let reason = reason.trim();
            if reason.is_empty() {
                return Err(LoadsError::invalid(
                    "reason",
                    &driver_texts().decline_reason_required,
                ));
            }
            if reason.chars().count() > REASON_MAX {
                return Err(LoadsError::invalid(
                    "reason",
                    &texts()
                        .text_too_long
                        .replace("{max}", &REASON_MAX.to_string()),
                ));
            }
            Answer::Decline { reason }
        }
    };
    let tx = tenancy::write(deps.db, me.scope).await?;
    let (view, mails) = answer_in(deps, &tx, me, id, answer).await?;
    tx.commit().await?;
    outbox::enqueue_stored(deps.jobs, mails, "driver response").await;
    Ok(view)
}

/// A compare-and-set on `driver_response IS NULL` while the load is
/// dispatched: of two devices answering at once, one writes. The same
/// answer again (the other device, a retry) gets the load as it is and
/// writes nothing; the other answer is refused (409).
async fn answer_in(
    deps: &LoadsDeps<'_>,
    tx: &FleetTx,
    me: DriverRef,
    id: Uuid,
    answer: Answer<'_>,
) -> Result<(PortalLoad, Vec<Uuid>), LoadsError> {
    let t = driver_texts();
    let row = own_load(tx, me, id).await?;
    let now = Utc::now();
    let (reason, to) = match answer {
        Answer::Accept => (None, LoadStatus::Dispatched),
        Answer::Decline { reason } => (Some(reason), LoadStatus::Planned),
    };
    let written = row.status == LoadStatus::Dispatched.as_str()
        && row.driver_response.is_none()
        && repo::answer_dispatch(
            tx,
            id,
            me.driver_id,
            answer.as_str(),
            reason,
            to.as_str(),
            now,
        )
        .await?;
    if !written {
        // Read again: another device may have answered meanwhile.
        let row = own_load(tx, me, id).await?;
        return match row.driver_response.as_deref() {
            Some(given) if given == answer.as_str() => {
                Ok((one_view(tx, me, id).await?, Vec::new()))
            }
            Some(given) => Err(conflict(
                t.already_answered.replace("{response}", t_response(given)),
            )),
            None => Err(conflict(
                t.not_dispatched
                    .replace("{status}", &row.status.replace('_', " ")),
            )),
        };
    }
    let actor = actor_of(tx, me.driver_id).await?;
    let mut event = history(
        me.scope,
        id,
        &actor,
        Change {
            from: Some(LoadStatus::Dispatched),
            to,
            at: now,
            at7_code: None,
            reason: Some(match answer {
                Answer::Accept => t.accepted_reason.clone(),
                Answer::Decline { reason } => t.declined_reason.replace("{reason}", reason),
            }),
            stop: None,
        },
    );
    event.source = Set(Some(Source::Driver.as_str().to_owned()));
    repo::insert_event(tx, event).await?;
    let load_label = &row.load_number;
    let (title, detail) = match answer {
        Answer::Accept => (
            t.bell_accepted
                .replace("{driver}", &actor.name)
                .replace("{load}", load_label),
            None,
        ),
        Answer::Decline { reason } => (
            t.bell_declined
                .replace("{driver}", &actor.name)
                .replace("{load}", load_label),
            Some(t.bell_declined_detail.replace("{reason}", reason)),
        ),
    };
    notify(tx, id, title, detail, now).await?;
    let intro = match answer {
        Answer::Accept => &t.email_accepted,
        Answer::Decline { .. } => &t.email_declined,
    }
    .replace("{driver}", &actor.name)
    .replace("{load}", load_label)
    .replace("{pro}", &row.pro_number.to_string());
    let subject = match answer {
        Answer::Accept => &t.bell_accepted,
        Answer::Decline { .. } => &t.bell_declined,
    }
    .replace("{driver}", &actor.name)
    .replace("{load}", load_label);
    let reason_line = reason.map(|r| t.email_reason.replace("{reason}", r));
    let link = format!("{}/fleet-dashboard/loads/{id}", deps.public_url);
    let mut mails = Vec::new();
    for to in repo::admin_emails(tx).await? {
        mails.push(
            emails::driver_response(&to, &subject, &intro, reason_line.as_deref(), &link)
                .map_err(LoadsError::Internal)?,
        );
    }
    let stored = outbox::store_in(tx, deps.cipher, &mails)
        .await
        .map_err(LoadsError::Internal)?;
    Ok((one_view(tx, me, id).await?, stored))
}

fn t_response(given: &str) -> &str {
    match given {
        "accepted" => "accepted",
        _ => "declined",
    }
}

/// A bell entry for the office, linking to the load.
async fn notify(
    tx: &FleetTx,
    load_id: Uuid,
    title: String,
    detail: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), LoadsError> {
    let id = Uuid::new_v4();
    repo::insert_notification(
        tx,
        fleet_notification::ActiveModel {
            id: Set(id),
            fleet_account_id: Set(tx.scope().fleet_account_id()),
            kind: Set("load".into()),
            item_key: Set(format!("load:{load_id}:{id}")),
            threshold: Set(0),
            due_on: Set(None),
            title: Set(title),
            detail: Set(detail),
            link: Set(format!("/fleet-dashboard/loads/{load_id}")),
            created_at: Set(now),
            read_at: Set(None),
        },
    )
    .await?;
    Ok(())
}

// ------------------------------------------------------------ stop events

/// A client id: 8 to 64 of A–Z, a–z, 0–9 and '-'.
pub fn check_client_id(value: Option<&str>) -> Result<String, LoadsError> {
    let value = value.map(str::trim).unwrap_or_default();
    let ok = (8..=64).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if ok {
        Ok(value.to_owned())
    } else {
        Err(LoadsError::invalid(
            "client_id",
            &driver_texts().client_id_invalid,
        ))
    }
}

/// A stop event from the phone: recorded once per client id (a repeat,
/// or the same event the driver reported already, writes nothing); the
/// load as the driver sees it after it, whatever the outcome.
pub async fn report_event(
    db: &DatabaseConnection,
    me: DriverRef,
    id: Uuid,
    seq: i32,
    input: &PortalStopEventInput,
) -> Result<(Outcome, PortalLoad), LoadsError> {
    let t = driver_texts();
    let client_id = check_client_id(Some(&input.client_id))?;
    let event = StopEvent::parse(input.event.trim())
        .ok_or_else(|| LoadsError::invalid("event", &texts().event_invalid))?;
    let at = DateTime::parse_from_rfc3339(input.at.trim())
        .map_err(|_| LoadsError::invalid("at", &t.at_invalid))?
        .with_timezone(&Utc);
    let position = match (input.lat, input.lon) {
        (Some(lat), Some(lon)) => Some((lat, lon)),
        (None, None) => None,
        (None, Some(_)) => return Err(LoadsError::invalid("lat", &t.position_incomplete)),
        (Some(_), None) => return Err(LoadsError::invalid("lon", &t.position_incomplete)),
    };
    let actor = {
        let tx = tenancy::read(db, me.scope).await?;
        own_load(&tx, me, id).await?;
        let actor = actor_of(&tx, me.driver_id).await?;
        tx.commit().await?;
        actor
    };
    let (outcome, _) = stop_events::report(
        db,
        me.scope,
        id,
        Report {
            source: Source::Driver,
            actor: &actor,
            seq,
            event,
            at,
            position,
            client_id: Some(&client_id),
        },
    )
    .await?;
    Ok((outcome, get(db, me, id).await?))
}

// -------------------------------------------------------- PODs, receipts

/// What a driver's upload is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhoneDocumentKind {
    Pod,
    LumperReceipt,
    ScaleReceipt,
}

impl PhoneDocumentKind {
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "pod" => Some(Self::Pod),
            "lumper_receipt" => Some(Self::LumperReceipt),
            "scale_receipt" => Some(Self::ScaleReceipt),
            _ => None,
        }
    }

    fn document_type(self) -> &'static str {
        match self {
            Self::Pod => domain::documents::PROOF_OF_DELIVERY,
            Self::LumperReceipt => "lumper_receipt",
            Self::ScaleReceipt => "scale_ticket",
        }
    }
}

/// Where a phone's upload is stored, or `None` when its client id was
/// filed already (nothing is stored again). Asked as the file begins; a
/// load that is not the driver's stops the upload (404).
pub async fn upload_target(
    db: &DatabaseConnection,
    me: DriverRef,
    id: Uuid,
    client_id: Option<&str>,
) -> Result<Option<Path>, LoadsError> {
    let tx = tenancy::read(db, me.scope).await?;
    own_load(&tx, me, id).await?;
    let filed = match client_id {
        Some(client_id) => documents::by_client_id(&tx, client_id.trim())
            .await
            .map_err(documents_error)?
            .is_some(),
        None => false,
    };
    tx.commit().await?;
    Ok((!filed).then(|| documents::new_object_path(me.scope)))
}

fn documents_error(err: DocumentsError) -> LoadsError {
    match err {
        DocumentsError::NotFound => LoadsError::NotFound,
        DocumentsError::Database(err) => LoadsError::Database(err),
        other => LoadsError::Internal(other.into()),
    }
}

/// The checked form of a phone's upload.
pub struct PhoneUpload {
    pub client_id: String,
    pub kind: PhoneDocumentKind,
    pub receiver_name: Option<String>,
    pub amount_cents: Option<i64>,
}

/// Checks the form's fields (not the file).
pub fn check_upload(fields: &documents::upload::Received) -> Result<PhoneUpload, LoadsError> {
    let t = driver_texts();
    let client_id = check_client_id(fields.text("client_id"))?;
    let kind = fields
        .text("kind")
        .and_then(PhoneDocumentKind::parse)
        .ok_or_else(|| LoadsError::invalid("kind", &t.kind_invalid))?;
    let receiver_name = match kind {
        PhoneDocumentKind::Pod => {
            let name = domain::text_input::clean_text(
                fields.text("receiver_name").unwrap_or_default(),
                false,
            );
            if name.is_empty() {
                return Err(LoadsError::invalid("receiver_name", &t.receiver_required));
            }
            if name.chars().count() > RECEIVER_MAX {
                return Err(LoadsError::invalid(
                    "receiver_name",
                    &texts()
                        .text_too_long
                        .replace("{max}", &RECEIVER_MAX.to_string()),
                ));
            }
            Some(name)
        }
        _ => None,
    };
    let amount_cents = match kind {
        PhoneDocumentKind::Pod => None,
        _ => {
            let raw = fields
                .text("amount_cents")
                .ok_or_else(|| LoadsError::invalid("amount_cents", &t.amount_required))?;
            let value: i64 = raw.parse().map_err(|_| {
                LoadsError::invalid(
                    "amount_cents",
                    &texts()
                        .number_invalid
                        .replace("{min}", "0")
                        .replace("{max}", &domain::loads::MAX_CENTS.to_string()),
                )
            })?;
            Some(cents("amount_cents", value)?)
        }
    };
    Ok(PhoneUpload {
        client_id,
        kind,
        receiver_name,
        amount_cents,
    })
}

/// What filing a phone's upload did.
pub struct Filed {
    /// False: the client id was filed before; this is that document.
    pub created: bool,
    pub document: PortalStopDocument,
    pub load: PortalLoad,
}

/// Files the phone's POD or receipt at stop `seq` (the object is in the
/// store already, or was not stored again for a repeat). A POD may deliver
/// the load (`deliver_on_pod`) in the same transaction; the office gets a
/// bell entry. The object is removed again when nothing refers to it.
pub async fn file_document(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    me: DriverRef,
    id: Uuid,
    seq: i32,
    received: documents::upload::Received,
) -> Result<Filed, LoadsError> {
    let stored = received.file.as_ref().map(|f| f.path.clone());
    let result = file_in(db, me, id, seq, &received).await;
    let keep = matches!(&result, Ok(filed) if filed.created);
    if !keep && let Some(path) = stored {
        documents::upload::remove_quietly(files, &path).await;
    }
    result
}

async fn file_in(
    db: &DatabaseConnection,
    me: DriverRef,
    id: Uuid,
    seq: i32,
    received: &documents::upload::Received,
) -> Result<Filed, LoadsError> {
    let t = driver_texts();
    let form = check_upload(received)?;
    let tx = tenancy::write(db, me.scope).await?;
    let row = own_load(&tx, me, id).await?;
    if let Some(existing) = documents::by_client_id(&tx, &form.client_id)
        .await
        .map_err(documents_error)?
    {
        return repeat(&tx, me, id, existing).await;
    }
    let Some(file) = &received.file else {
        return Err(LoadsError::invalid(
            "file",
            &domain::texts().documents.file_required,
        ));
    };
    let status = LoadStatus::parse(&row.status).unwrap_or(LoadStatus::Cancelled);
    if !matches!(
        status,
        LoadStatus::AtPickup
            | LoadStatus::Loaded
            | LoadStatus::InTransit
            | LoadStatus::AtDelivery
            | LoadStatus::Delivered
            | LoadStatus::Invoiced
            | LoadStatus::Paid
    ) {
        return Err(conflict(
            texts()
                .not_underway
                .replace("{status}", &row.status.replace('_', " ")),
        ));
    }
    let stops = repo::stops_of(&tx, id).await?;
    let stop = stops
        .iter()
        .find(|s| s.seq == seq)
        .ok_or_else(|| LoadsError::invalid("seq", &texts().stop_not_found))?;
    if form.kind == PhoneDocumentKind::Pod && stop.kind != "delivery" {
        return Err(LoadsError::invalid(
            "kind",
            &t.pod_at_pickup.replace("{n}", &(seq + 1).to_string()),
        ));
    }
    let filed = documents::file_from_phone(
        &tx,
        PhoneDocument {
            load_id: id,
            stop_id: stop.id,
            document_type: form.kind.document_type().to_owned(),
            client_id: form.client_id.clone(),
            receiver_name: form.receiver_name.clone(),
            amount_cents: form.amount_cents,
            object: StoredObject {
                file_path: file.path.to_string(),
                file_name: file.file_name.clone(),
                file_type: file.mime.to_owned(),
                file_size: i64::try_from(file.size).unwrap_or(i64::MAX),
            },
        },
    )
    .await
    .map_err(documents_error)?;
    let Some(document) = filed else {
        // Another request filed this client id first.
        let existing = documents::by_client_id(&tx, &form.client_id)
            .await
            .map_err(documents_error)?
            .ok_or(LoadsError::NotFound)?;
        return repeat(&tx, me, id, existing).await;
    };
    let actor = actor_of(&tx, me.driver_id).await?;
    let now = Utc::now();
    if form.kind == PhoneDocumentKind::Pod {
        deliver_on_pod(&tx, me.scope, &actor, Source::Driver, id).await?;
    }
    let (title, detail) = match form.kind {
        PhoneDocumentKind::Pod => (
            t.bell_pod.replace("{load}", &row.load_number),
            t.bell_pod_detail
                .replace("{driver}", &actor.name)
                .replace("{n}", &(seq + 1).to_string())
                .replace(
                    "{receiver}",
                    form.receiver_name.as_deref().unwrap_or_default(),
                ),
        ),
        kind => (
            t.bell_receipt
                .replace("{document}", &type_label(kind.document_type()))
                .replace("{load}", &row.load_number),
            t.bell_receipt_detail
                .replace("{driver}", &actor.name)
                .replace("{n}", &(seq + 1).to_string())
                .replace("{amount}", &dollars(form.amount_cents.unwrap_or_default())),
        ),
    };
    notify(&tx, id, title, Some(detail), now).await?;
    let load = one_view(&tx, me, id).await?;
    tx.commit().await?;
    Ok(Filed {
        created: true,
        document: document_view(&document),
        load,
    })
}

async fn repeat(
    tx: &FleetTx,
    me: DriverRef,
    id: Uuid,
    existing: fleet_document::Model,
) -> Result<Filed, LoadsError> {
    // The same client id on another load is not this load's document.
    if existing.load_id != Some(id) {
        return Err(LoadsError::invalid(
            "client_id",
            &driver_texts().client_id_invalid,
        ));
    }
    Ok(Filed {
        created: false,
        document: document_view(&existing),
        load: one_view(tx, me, id).await?,
    })
}

fn type_label(document_type: &str) -> String {
    domain::texts()
        .documents
        .types
        .get(document_type)
        .cloned()
        .unwrap_or_else(|| document_type.to_owned())
}

fn dollars(cents: i64) -> String {
    domain::loads::dollars(cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_ids_are_8_to_64_safe_characters() {
        for ok in [
            "abcd-123",
            &"a".repeat(64),
            "0f8fad5b-d9cb-469f-a165-70867728950e",
        ] {
            assert!(check_client_id(Some(ok)).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "short",
            &"a".repeat(65),
            "has space1",
            "semi;colon",
            "ünïcode12",
        ] {
            assert!(check_client_id(Some(bad)).is_err(), "{bad}");
        }
        assert!(check_client_id(None).is_err());
    }

    #[test]
    fn amounts_read_as_dollars() {
        assert_eq!(dollars(0), "$0.00");
        assert_eq!(dollars(7_500), "$75.00");
        assert_eq!(dollars(123_456_789), "$1,234,567.89");
    }
}
