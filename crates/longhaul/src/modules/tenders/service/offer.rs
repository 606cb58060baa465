//! The broker's offer: made from a board posting, listed by both sides,
//! withdrawn by the broker while it stands.

use super::common::{closed, person, place};
use super::views::{Side, revision_view, tender_view};
use super::{dollars, number_in, optional_text, required_text, stored, terms, texts};
use crate::crypto::tokens::{hash_token, random_token};
use crate::modules::loads::stop_spans;
use crate::modules::tenders::deps::TendersDeps;
use crate::modules::tenders::dto::{TenderDetail, TenderInput, TenderView};
use crate::modules::tenders::{TendersError, emails, repo};
use chrono::{Duration, Utc};
use db::entities::{broker_facility, fleet_notification, profile, tender, tender_link};
use db::tenancy::{self, BrokerScope, TenantScope};
use domain::loads::{StopKind, StopTime};
use domain::tenders::{DEFAULT_EXPIRY_MINUTES, MAX_EXPIRY_MINUTES, TenderStatus, TenderStop};
use sea_orm::{DatabaseConnection, Set};
use std::collections::HashMap;
use uuid::Uuid;

/// The offer's first pickup as its facility states it.
fn first_pickup(stops: &[TenderStop]) -> String {
    stops
        .first()
        .map(|s| {
            crate::modules::loads::stop_time(
                &s.time_zone,
                s.local_start,
                s.local_end,
                s.starts_at,
                s.ends_at,
            )
        })
        .unwrap_or_default()
}

/// The stops of the input at the broker's facilities, checked in order.
fn tender_stops(
    input: &TenderInput,
    facilities: &HashMap<Uuid, broker_facility::Model>,
) -> Result<Vec<TenderStop>, TendersError> {
    let places = input
        .stops
        .iter()
        .map(|s| facilities.get(&s.facility_id).ok_or(TendersError::NotFound))
        .collect::<Result<Vec<_>, _>>()?;
    let zones: Vec<&str> = places.iter().map(|p| p.time_zone.as_str()).collect();
    let spans = stop_spans(&input.stops, &zones)?;
    if spans.len() < 2
        || spans.first().map(|s| s.0) != Some(StopKind::Pickup)
        || spans.last().map(|s| s.0) != Some(StopKind::Delivery)
    {
        return Err(TendersError::invalid("stops", &texts().stops_shape));
    }
    places
        .into_iter()
        .zip(spans)
        .zip(&input.stops)
        .enumerate()
        .map(|(i, ((place, (kind, time, (starts_at, ends_at))), stop))| {
            let (local_start, local_end) = match time {
                StopTime::Appointment(at) => (at, None),
                StopTime::Window { from, to } => (from, Some(to)),
            };
            Ok(TenderStop {
                kind: match kind {
                    StopKind::Pickup => "pickup",
                    StopKind::Delivery => "delivery",
                }
                .to_owned(),
                facility_name: place.name.clone(),
                address: place.address.clone(),
                city: place.city.clone(),
                state: place.state.clone(),
                zip: place.zip.clone(),
                lat: place.lat,
                lon: place.lon,
                time_zone: place.time_zone.clone(),
                contact_name: place.contact_name.clone(),
                contact_phone: place.contact_phone.clone(),
                hours: place.hours.clone(),
                local_start,
                local_end,
                starts_at,
                ends_at,
                instructions: optional_text(
                    &format!("stops.{i}.instructions"),
                    stop.instructions.as_deref(),
                    1000,
                )?,
            })
        })
        .collect()
}

/// Makes the offer. The broker's transaction finds the posting on the board
/// and the facilities on its own list; the carrier's then stores the tender
/// with its bell entry and one e-mail (with its own one-time link) per
/// admin, so none is kept without the others.
pub async fn create(
    deps: &TendersDeps<'_>,
    scope: BrokerScope,
    sender: &profile::Model,
    input: &TenderInput,
) -> Result<TenderView, TendersError> {
    let lt = &domain::texts().loads;
    let load_number = required_text(
        "load_number",
        &input.load_number,
        60,
        &lt.load_number_required,
    )?;
    if !domain::board::EQUIPMENT.contains(&input.equipment_type.as_str()) {
        return Err(TendersError::invalid(
            "equipment_type",
            &lt.equipment_invalid,
        ));
    }
    let money = terms(&input.terms)?;
    let payment_days =
        number_in("payment_terms_days", input.payment_terms_days, 0, 120)?.unwrap_or(30);
    let expiry = input.expires_in_minutes.unwrap_or(DEFAULT_EXPIRY_MINUTES);
    if !(15..=MAX_EXPIRY_MINUTES).contains(&expiry) {
        return Err(TendersError::invalid(
            "expires_in_minutes",
            &texts().expiry_invalid,
        ));
    }
    let now = Utc::now();

    let tx = tenancy::broker_read(deps.db, scope).await?;
    let posting = repo::visible_posting(&tx, input.posting_id, now)
        .await?
        .ok_or(TendersError::NotFound)?;
    let ids: Vec<Uuid> = input.stops.iter().map(|s| s.facility_id).collect();
    let facilities: HashMap<Uuid, broker_facility::Model> = repo::facilities_by_ids(&tx, ids)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect();
    let broker = repo::account(&tx, scope.broker_account_id())
        .await?
        .ok_or(TendersError::NotFound)?;
    let tendered = repo::tendered_count(&tx).await?;
    tx.commit().await?;
    let stops = tender_stops(input, &facilities)?;

    let id = Uuid::new_v4();
    let total = money.total_cents();
    let row = tender::ActiveModel {
        id: Set(id),
        broker_account_id: Set(scope.broker_account_id()),
        fleet_account_id: Set(posting.fleet_account_id),
        posting_id: Set(Some(posting.id)),
        vehicle_id: Set(Some(posting.vehicle_id)),
        truck_number: Set(Some(posting.truck_number.clone())),
        status: Set(TenderStatus::Offered.as_str().to_owned()),
        expires_at: Set(now + Duration::minutes(expiry)),
        created_by: Set(sender.id),
        broker_name: Set(broker.name.clone()),
        broker_dot: Set(broker.usdot_number.clone()),
        broker_mc: Set(broker.mc_number.clone()),
        broker_contact_name: Set(person(sender)),
        broker_contact_email: Set(sender.email.clone()),
        carrier_name: Set(posting.carrier_name.clone()),
        carrier_dot: Set(posting.carrier_dot.clone()),
        carrier_mc: Set(posting.carrier_mc.clone()),
        load_number: Set(load_number.clone()),
        po_number: Set(optional_text("po_number", input.po_number.as_deref(), 60)?),
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
        stops: Set(stored(&stops)?),
        terms: Set(stored(&money)?),
        total_cents: Set(total),
        payment_terms_days: Set(payment_days),
        notes: Set(optional_text("notes", input.notes.as_deref(), 4000)?),
        share_position: Set(input.share_position),
        first_pickup_at: Set(stops[0].starts_at),
        last_delivery_at: Set(stops[stops.len() - 1].ends_at),
        counter_terms: Set(None),
        counter_note: Set(None),
        countered_by: Set(None),
        countered_at: Set(None),
        decline_reason: Set(None),
        accepted_by_name: Set(None),
        accepted_by_title: Set(None),
        accepted_at: Set(None),
        override_reason: Set(None),
        load_id: Set(None),
        broker_loads_tendered: Set(i32::try_from(tendered).unwrap_or(i32::MAX)),
        created_at: Set(now),
        updated_at: Set(now),
    };

    let fleet_scope = TenantScope::for_tender(posting.fleet_account_id);
    let tx = tenancy::write(deps.db, fleet_scope).await?;
    repo::insert_tender(&tx, row).await?;
    let t = texts();
    let origin = place(&stops[0]);
    let destination = place(&stops[stops.len() - 1]);
    repo::insert_notification(
        &tx,
        fleet_notification::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(posting.fleet_account_id),
            kind: Set("tender".into()),
            item_key: Set(format!("tender:{id}")),
            threshold: Set(0),
            due_on: Set(None),
            title: Set(t.bell_title.replace("{broker}", &broker.name)),
            detail: Set(Some(
                t.bell_detail
                    .replace("{load}", &load_number)
                    .replace("{origin}", &origin)
                    .replace("{destination}", &destination),
            )),
            link: Set(format!("/fleet-dashboard/loads?tab=tenders&tender={id}")),
            created_at: Set(now),
            read_at: Set(None),
        },
    )
    .await?;
    let expires_at = now + Duration::minutes(expiry);
    let subject = t
        .offer_subject
        .replace("{broker}", &broker.name)
        .replace("{load}", &load_number);
    let intro = t
        .offer_intro
        .replace("{broker}", &broker.name)
        .replace("{load}", &load_number)
        .replace("{origin}", &origin)
        .replace("{destination}", &destination)
        .replace("{pickup}", &first_pickup(&stops))
        .replace("{total}", &dollars(total))
        .replace(
            "{expires}",
            &format!("{} UTC", expires_at.format("%b %-d, %Y %H:%M")),
        );
    let mut mails = Vec::new();
    for admin in repo::fleet_admins(&tx, posting.fleet_account_id).await? {
        let token = random_token();
        repo::insert_link(
            &tx,
            tender_link::ActiveModel {
                id: Set(hash_token(&token)),
                fleet_account_id: Set(posting.fleet_account_id),
                tender_id: Set(id),
                profile_id: Set(admin.id),
                expires_at: Set(expires_at),
                used_at: Set(None),
                created_at: Set(now),
            },
        )
        .await?;
        let link = format!(
            "{}/tender/{}/{token}",
            deps.public_url, posting.fleet_account_id
        );
        mails.push(emails::offer(&admin.email, &subject, &intro, &link)?);
    }
    let stored = crate::mail::outbox::store_in(&tx, deps.cipher, &mails).await?;
    let saved = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    crate::mail::outbox::enqueue_stored(deps.jobs, stored, "tender offer").await;
    tender_view(&saved, Side::Broker { shipment: None }, now)
}

/// Which tenders a list asks for.
pub fn which(status: Option<&str>) -> Result<repo::Which, TendersError> {
    match status.unwrap_or("open") {
        "open" => Ok(repo::Which::Open),
        "closed" => Ok(repo::Which::Closed),
        "all" => Ok(repo::Which::All),
        _ => Err(TendersError::invalid(
            "status",
            &domain::texts().loads.status_invalid,
        )),
    }
}

pub async fn list_for_broker(
    db: &DatabaseConnection,
    scope: BrokerScope,
    status: Option<&str>,
) -> Result<Vec<TenderView>, TendersError> {
    let filter = which(status)?;
    let now = Utc::now();
    let tx = tenancy::broker_read(db, scope).await?;
    let rows = repo::tenders_for_broker(&tx, filter, now).await?;
    let shipments: HashMap<Uuid, Uuid> =
        repo::shipment_ids_of_tenders(&tx, rows.iter().map(|t| t.id).collect())
            .await?
            .into_iter()
            .collect();
    tx.commit().await?;
    rows.iter()
        .map(|t| {
            tender_view(
                t,
                Side::Broker {
                    shipment: shipments.get(&t.id).copied(),
                },
                now,
            )
        })
        .collect()
}

pub async fn get_for_broker(
    db: &DatabaseConnection,
    scope: BrokerScope,
    id: Uuid,
) -> Result<TenderView, TendersError> {
    let now = Utc::now();
    let tx = tenancy::broker_read(db, scope).await?;
    let row = repo::tender_for_broker(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let shipment = repo::shipment_ids_of_tenders(&tx, vec![id])
        .await?
        .first()
        .map(|(_, s)| *s);
    tx.commit().await?;
    tender_view(&row, Side::Broker { shipment }, now)
}

pub async fn list_for_fleet(
    db: &DatabaseConnection,
    scope: TenantScope,
    status: Option<&str>,
) -> Result<Vec<TenderView>, TendersError> {
    let filter = which(status)?;
    let now = Utc::now();
    let tx = tenancy::read(db, scope).await?;
    let rows = repo::tenders_for_fleet(&tx, filter, now).await?;
    tx.commit().await?;
    rows.iter()
        .map(|t| tender_view(t, Side::Carrier, now))
        .collect()
}

pub async fn get_for_fleet(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<TenderDetail, TendersError> {
    let now = Utc::now();
    let tx = tenancy::read(db, scope).await?;
    let row = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let revisions = repo::revisions_for_fleet(&tx, id).await?;
    let committed = if TenderStatus::parse(&row.status).is_some_and(TenderStatus::open) {
        super::common::committed(&tx, &row).await?
    } else {
        None
    };
    tx.commit().await?;
    Ok(TenderDetail {
        tender: tender_view(&row, Side::Carrier, now)?,
        revisions: revisions
            .iter()
            .map(revision_view)
            .collect::<Result<_, _>>()?,
        committed,
    })
}

/// The broker takes back an offer that still stands.
pub async fn withdraw(
    db: &DatabaseConnection,
    scope: BrokerScope,
    id: Uuid,
) -> Result<TenderView, TendersError> {
    let now = Utc::now();
    let tx = tenancy::broker_write(db, scope).await?;
    let row = repo::tender_for_broker(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    if !repo::withdraw(&tx, id, now).await? {
        return Err(closed(&row, now));
    }
    let row = repo::tender_for_broker(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    tender_view(&row, Side::Broker { shipment: None }, now)
}

/// The fleet's tender settings.
pub async fn settings(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<crate::modules::tenders::dto::TenderSettings, TendersError> {
    let tx = tenancy::read(db, scope).await?;
    let fleet = repo::fleet(&tx).await?.ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    Ok(crate::modules::tenders::dto::TenderSettings {
        share_position_default: fleet.share_position_default,
    })
}

pub async fn save_settings(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: &crate::modules::tenders::dto::TenderSettings,
) -> Result<crate::modules::tenders::dto::TenderSettings, TendersError> {
    let tx = tenancy::write(db, scope).await?;
    repo::set_share_default(&tx, input.share_position_default).await?;
    tx.commit().await?;
    settings(db, scope).await
}
