//! The carrier's answers — accept, decline, counter — from the dashboard
//! or a one-time link, and the broker's acceptance of a counter.
//!
//! Accepting is one transaction of the carrier's: the tender's
//! compare-and-set (of two acceptances at once one wins, the other gets
//! 409), the customer and facilities, the load, the broker's shipment, the
//! first revision of the rate confirmation and its PDF on both sides, the
//! posting off the board, and the broker's e-mail.

use super::common::{closed, committed, person, place};
use super::rate_con::{self, Acceptance, Crew};
use super::views::{Side, tender_view};
use super::{optional_text, read_stored, required_text, stored, terms, texts};
use crate::crypto::tokens::hash_token;
use crate::modules::loads::dto::{AccessorialInput, LoadInput, StopInput};
use crate::modules::loads::{
    Actor, BrokerParty, FacilityFields, create_load_in, customer_for_broker, facility_in,
};
use crate::modules::tenders::deps::TendersDeps;
use crate::modules::tenders::dto::{
    AcceptInput, CounterInput, DeclineInput, TenderLinkView, TenderView,
};
use crate::modules::tenders::{TendersError, emails, repo};
use chrono::{DateTime, Utc};
use db::entities::{shipment, tender, tender_revision};
use db::tenancy::{self, BrokerScope, FleetTx, TenantScope};
use domain::tenders::{TenderStatus, TenderStop, Terms};
use sea_orm::Set;
use uuid::Uuid;

/// Who answers for the carrier.
#[derive(Debug, Clone)]
pub struct Responder {
    pub profile_id: Option<Uuid>,
    pub name: String,
    pub email: String,
}

/// The load a tender becomes: its stops at the fleet's facilities (the
/// broker's copied on, or the same place already on the fleet's list).
async fn load_input(
    tx: &FleetTx,
    t: &tender::Model,
    terms: &Terms,
) -> Result<LoadInput, TendersError> {
    let broker = BrokerParty {
        broker_account_id: t.broker_account_id,
        name: t.broker_name.clone(),
        usdot_number: t.broker_dot.clone(),
        mc_number: t.broker_mc.clone(),
        billing_email: Some(t.broker_contact_email.clone()),
        payment_terms_days: t.payment_terms_days,
    };
    let customer_id = customer_for_broker(tx, &broker).await?;
    let stops: Vec<TenderStop> = read_stored(&t.stops)?;
    let mut inputs = Vec::with_capacity(stops.len());
    for s in &stops {
        let facility = facility_in(
            tx,
            FacilityFields {
                name: s.facility_name.clone(),
                address: s.address.clone(),
                city: s.city.clone(),
                state: s.state.clone(),
                zip: s.zip.clone(),
                lat: s.lat,
                lon: s.lon,
                time_zone: s.time_zone.clone(),
                contact_name: s.contact_name.clone(),
                contact_phone: s.contact_phone.clone(),
                hours: s.hours.clone(),
                arrival_radius_miles: None,
            },
        )
        .await?;
        let (appointment, window_start, window_end) = match s.local_end {
            Some(end) => (None, Some(s.local_start), Some(end)),
            None => (Some(s.local_start), None, None),
        };
        inputs.push(StopInput {
            kind: s.kind.clone(),
            facility_id: facility.id,
            appointment,
            window_start,
            window_end,
            instructions: s.instructions.clone(),
        });
    }
    Ok(LoadInput {
        customer_id,
        load_number: t.load_number.clone(),
        bol_number: None,
        po_number: t.po_number.clone(),
        pickup_number: t.pickup_number.clone(),
        equipment_type: t.equipment_type.clone(),
        length_ft: t.length_ft,
        reefer_temp_f: t.reefer_temp_f,
        commodity: t.commodity.clone(),
        weight_lbs: t.weight_lbs,
        pieces: None,
        hazmat_class: None,
        un_number: None,
        notes: t.notes.clone(),
        rate_method: "flat".into(),
        linehaul_cents: terms.linehaul_cents,
        rate_per_mile_cents: None,
        fuel_surcharge_cents: terms.fuel_surcharge_cents,
        detention_free_minutes: terms.detention_free_minutes,
        detention_rate_cents: terms.detention_rate_cents,
        detention_cap_cents: terms.detention_cap_cents,
        tonu_cents: terms.tonu_cents,
        tonu_window_hours: terms.tonu_window_hours,
        lumper_terms: terms.lumper_terms.clone(),
        rate_con_upload_id: None,
        stops: inputs,
        accessorials: terms
            .accessorials
            .iter()
            .map(|l| AccessorialInput {
                kind: l.kind.as_str().to_owned(),
                amount_cents: l.amount_cents,
                note: l.note.clone(),
            })
            .collect(),
    })
}

/// How the acceptance was asked for.
struct Acceptor<'a> {
    responder: &'a Responder,
    name: String,
    title: String,
    override_reason: Option<String>,
    share_position: Option<bool>,
    /// The statuses it may accept from: the carrier accepts an offer, the
    /// broker a counter.
    from: &'static [&'static str],
}

/// Books the load: see the module's comment. Runs in `tx`, which the
/// caller commits.
async fn book(
    deps: &TendersDeps<'_>,
    tx: &FleetTx,
    t: &tender::Model,
    who: Acceptor<'_>,
    now: DateTime<Utc>,
) -> Result<tender::Model, TendersError> {
    if !who.from.contains(&t.status.as_str()) || t.expires_at <= now {
        return Err(closed(t, now));
    }
    if who.override_reason.is_none()
        && let Some(finding) = committed(tx, t).await?
    {
        return Err(TendersError::Committed(finding));
    }
    let fleet = repo::fleet(tx).await?.ok_or(TendersError::NotFound)?;
    let share = who
        .share_position
        .or(t.share_position)
        .unwrap_or(fleet.share_position_default);
    // A countered tender is booked at the counter's terms.
    let agreed: Terms = match (&t.counter_terms, t.status.as_str()) {
        (Some(counter), "countered") => read_stored(counter)?,
        _ => read_stored(&t.terms)?,
    };
    let load_id = Uuid::new_v4();
    let won = repo::answer_as_fleet(
        tx,
        t.id,
        who.from,
        now,
        tender::ActiveModel {
            status: Set(TenderStatus::Accepted.as_str().to_owned()),
            accepted_by_name: Set(Some(who.name.clone())),
            accepted_by_title: Set(Some(who.title.clone())),
            accepted_at: Set(Some(now)),
            override_reason: Set(who.override_reason.clone()),
            share_position: Set(Some(share)),
            terms: Set(stored(&agreed)?),
            total_cents: Set(agreed.total_cents()),
            load_id: Set(Some(load_id)),
            updated_at: Set(now),
            ..Default::default()
        },
    )
    .await?;
    if !won {
        let fresh = repo::tender_for_fleet(tx, t.id)
            .await?
            .ok_or(TendersError::NotFound)?;
        return Err(closed(&fresh, now));
    }
    let t = repo::tender_for_fleet(tx, t.id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let actor = Actor {
        id: who.responder.profile_id,
        name: who.responder.name.clone(),
        email: who.responder.email.clone(),
    };
    let input = load_input(tx, &t, &agreed).await?;
    let load = create_load_in(tx, &actor, &input, load_id, None).await?;
    let stops: Vec<TenderStop> = read_stored(&t.stops)?;
    let shipment_id = Uuid::new_v4();
    let origin = place(&stops[0]);
    let destination = place(&stops[stops.len() - 1]);
    repo::insert_shipment(
        tx,
        shipment::ActiveModel {
            id: Set(shipment_id),
            broker_account_id: Set(t.broker_account_id),
            fleet_account_id: Set(t.fleet_account_id),
            tender_id: Set(t.id),
            load_id: Set(load.id),
            load_number: Set(t.load_number.clone()),
            pro_number: Set(load.pro_number),
            carrier_name: Set(t.carrier_name.clone()),
            carrier_dot: Set(t.carrier_dot.clone()),
            status: Set(load.status.clone()),
            origin: Set(origin.clone()),
            destination: Set(destination.clone()),
            first_pickup_at: Set(t.first_pickup_at),
            last_delivery_at: Set(t.last_delivery_at),
            total_cents: Set(agreed.total_cents()),
            share_position: Set(share),
            delivered_at: Set(None),
            stops: Set(t.stops.clone()),
            last_lat: Set(None),
            last_lon: Set(None),
            last_position_at: Set(None),
            search_text: Set(domain::loads::search_text([
                t.load_number.as_str(),
                &load.pro_number.to_string(),
                t.carrier_name.as_str(),
                origin.as_str(),
                destination.as_str(),
            ])),
            created_at: Set(now),
            updated_at: Set(now),
        },
    )
    .await?;
    repo::insert_revision(
        tx,
        tender_revision::ActiveModel {
            id: Set(Uuid::new_v4()),
            tender_id: Set(t.id),
            broker_account_id: Set(t.broker_account_id),
            fleet_account_id: Set(t.fleet_account_id),
            revision: Set(1),
            status: Set("accepted".into()),
            terms: Set(stored(&agreed)?),
            notes: Set(t.notes.clone()),
            requested_by: Set(t.broker_contact_name.clone()),
            accepted_by_name: Set(Some(who.name.clone())),
            accepted_by_title: Set(Some(who.title.clone())),
            accepted_at: Set(Some(now)),
            created_at: Set(now),
        },
    )
    .await?;
    let crew = Crew {
        truck: t.truck_number.clone(),
        remit_to: remit_to(&fleet),
        share_position: share,
        ..Crew::default()
    };
    let acceptance = Acceptance {
        name: who.name.clone(),
        title: who.title.clone(),
        at: now,
    };
    let sheet = rate_con::sheet(&t, &load, &crew, 1, &agreed, &acceptance)?;
    rate_con::file(
        tx,
        deps.files,
        &t,
        &load,
        shipment_id,
        1,
        &sheet,
        who.responder.profile_id,
    )
    .await?;
    if let Some(posting) = t.posting_id {
        repo::withdraw_posting(tx, posting, now).await?;
    }
    repo::spend_links(tx, t.id, now).await?;
    Ok(t)
}

/// The carrier's name and address, where the broker pays.
pub(super) fn remit_to(fleet: &db::entities::fleet_account::Model) -> String {
    let mut parts = vec![fleet.legal_name.clone()];
    parts.extend(
        [
            fleet.physical_street.as_deref(),
            fleet.physical_city.as_deref(),
            fleet.physical_state.as_deref(),
            fleet.physical_zip.as_deref(),
        ]
        .into_iter()
        .flatten()
        .filter(|p| !p.trim().is_empty())
        .map(str::to_owned),
    );
    parts.join(", ")
}

/// The broker hears of the carrier's answer (through the outbox, in the
/// answer's transaction).
async fn tell_broker(
    deps: &TendersDeps<'_>,
    tx: &FleetTx,
    t: &tender::Model,
    answer: &str,
    reason: Option<&str>,
    shipment: Option<Uuid>,
) -> Result<Vec<Uuid>, TendersError> {
    let tt = texts();
    let subject = tt
        .answer_subject
        .replace("{carrier}", &t.carrier_name)
        .replace("{answer}", answer)
        .replace("{load}", &t.load_number);
    let intro = tt
        .answer_intro
        .replace("{carrier}", &t.carrier_name)
        .replace("{answer}", answer)
        .replace("{load}", &t.load_number);
    let (link, button) = match shipment {
        Some(id) => (
            format!("{}/broker/shipments/{id}", deps.public_url),
            &tt.answer_button,
        ),
        None => (
            format!("{}/broker/tenders", deps.public_url),
            &tt.answer_tenders_button,
        ),
    };
    let mail = emails::answer(
        &t.broker_contact_email,
        &subject,
        &intro,
        reason,
        &link,
        button,
    )?;
    Ok(crate::mail::outbox::store_in(tx, deps.cipher, &[mail]).await?)
}

fn acceptor_fields(input: &AcceptInput) -> Result<(String, String, Option<String>), TendersError> {
    let t = texts();
    Ok((
        required_text(
            "acceptor_name",
            &input.acceptor_name,
            120,
            &t.acceptor_name_required,
        )?,
        required_text(
            "acceptor_title",
            &input.acceptor_title,
            120,
            &t.acceptor_title_required,
        )?,
        optional_text("override_reason", input.override_reason.as_deref(), 500)?,
    ))
}

/// Accepts an offer in the fleet's transaction and answers the carrier's
/// view of it.
async fn accept_in(
    deps: &TendersDeps<'_>,
    scope: TenantScope,
    id: Uuid,
    responder: &Responder,
    input: &AcceptInput,
    link: Option<&str>,
) -> Result<TenderView, TendersError> {
    let (name, title, override_reason) = acceptor_fields(input)?;
    let now = Utc::now();
    let tx = tenancy::write(deps.db, scope).await?;
    if let Some(hash) = link {
        link_tender(&tx, hash, now).await?;
    }
    let t = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let t = book(
        deps,
        &tx,
        &t,
        Acceptor {
            responder,
            name,
            title,
            override_reason,
            share_position: input.share_position,
            from: &["offered"],
        },
        now,
    )
    .await?;
    let shipment = repo::shipment_of_tender(&tx, t.id).await?.map(|s| s.id);
    let stored = tell_broker(deps, &tx, &t, &texts().answer_accepted, None, shipment).await?;
    tx.commit().await?;
    crate::mail::outbox::enqueue_stored(deps.jobs, stored, "tender accepted").await;
    tender_view(&t, Side::Carrier, now)
}

pub async fn accept(
    deps: &TendersDeps<'_>,
    scope: TenantScope,
    id: Uuid,
    responder: &Responder,
    input: &AcceptInput,
) -> Result<TenderView, TendersError> {
    accept_in(deps, scope, id, responder, input, None).await
}

/// Declines an offer (or a counter the carrier made, which it may take
/// back the same way).
async fn decline_in(
    deps: &TendersDeps<'_>,
    scope: TenantScope,
    id: Uuid,
    input: &DeclineInput,
    link: Option<&str>,
) -> Result<TenderView, TendersError> {
    let reason = required_text(
        "reason",
        &input.reason,
        500,
        &texts().decline_reason_required,
    )?;
    let now = Utc::now();
    let tx = tenancy::write(deps.db, scope).await?;
    if let Some(hash) = link {
        link_tender(&tx, hash, now).await?;
    }
    let t = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let won = repo::answer_as_fleet(
        &tx,
        id,
        &["offered", "countered"],
        now,
        tender::ActiveModel {
            status: Set(TenderStatus::Declined.as_str().to_owned()),
            decline_reason: Set(Some(reason.clone())),
            updated_at: Set(now),
            ..Default::default()
        },
    )
    .await?;
    if !won {
        return Err(closed(&t, now));
    }
    repo::spend_links(&tx, id, now).await?;
    let t = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let stored = tell_broker(deps, &tx, &t, &texts().answer_declined, Some(&reason), None).await?;
    tx.commit().await?;
    crate::mail::outbox::enqueue_stored(deps.jobs, stored, "tender declined").await;
    tender_view(&t, Side::Carrier, now)
}

pub async fn decline(
    deps: &TendersDeps<'_>,
    scope: TenantScope,
    id: Uuid,
    input: &DeclineInput,
) -> Result<TenderView, TendersError> {
    decline_in(deps, scope, id, input, None).await
}

/// The carrier's counter-offer: new money for the same load, back to the
/// broker to accept.
pub async fn counter(
    deps: &TendersDeps<'_>,
    scope: TenantScope,
    id: Uuid,
    responder: &Responder,
    input: &CounterInput,
) -> Result<TenderView, TendersError> {
    let proposed = terms(&input.terms)?;
    let note = optional_text("note", input.note.as_deref(), 500)?;
    let now = Utc::now();
    let tx = tenancy::write(deps.db, scope).await?;
    let t = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let offered: Terms = read_stored(&t.terms)?;
    if proposed == offered {
        return Err(TendersError::invalid(
            "linehaul_cents",
            &texts().counter_unchanged,
        ));
    }
    let won = repo::answer_as_fleet(
        &tx,
        id,
        &["offered"],
        now,
        tender::ActiveModel {
            status: Set(TenderStatus::Countered.as_str().to_owned()),
            counter_terms: Set(Some(stored(&proposed)?)),
            counter_note: Set(note.clone()),
            countered_by: Set(Some(responder.name.clone())),
            countered_at: Set(Some(now)),
            updated_at: Set(now),
            ..Default::default()
        },
    )
    .await?;
    if !won {
        return Err(closed(&t, now));
    }
    let t = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let stored = tell_broker(
        deps,
        &tx,
        &t,
        &texts().answer_countered,
        note.as_deref(),
        None,
    )
    .await?;
    tx.commit().await?;
    crate::mail::outbox::enqueue_stored(deps.jobs, stored, "tender countered").await;
    tender_view(&t, Side::Carrier, now)
}

/// The broker takes the carrier's counter: the load is booked at the
/// counter's terms, signed by the admin who countered. The broker's
/// transaction proves the tender is theirs before the carrier's books it.
pub async fn accept_counter(
    deps: &TendersDeps<'_>,
    scope: BrokerScope,
    id: Uuid,
) -> Result<TenderView, TendersError> {
    let now = Utc::now();
    let tx = tenancy::broker_read(deps.db, scope).await?;
    let mine = repo::tender_for_broker(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    let fleet_scope = TenantScope::for_tender(mine.fleet_account_id);
    let tx = tenancy::write(deps.db, fleet_scope).await?;
    let t = repo::tender_for_fleet(&tx, id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let by = t.countered_by.clone().unwrap_or_default();
    let responder = Responder {
        profile_id: None,
        name: by.clone(),
        email: String::new(),
    };
    let t = book(
        deps,
        &tx,
        &t,
        Acceptor {
            responder: &responder,
            name: by,
            title: texts().counter_acceptor_title.clone(),
            override_reason: None,
            share_position: None,
            from: &["countered"],
        },
        now,
    )
    .await?;
    let shipment = repo::shipment_of_tender(&tx, t.id).await?.map(|s| s.id);
    tx.commit().await?;
    tender_view(&t, Side::Broker { shipment }, now)
}

/// Checks a one-time link within the fleet: unused, unexpired.
async fn link_tender(tx: &FleetTx, hash: &str, now: DateTime<Utc>) -> Result<Uuid, TendersError> {
    match repo::link(tx, hash).await? {
        Some(link) if link.used_at.is_none() && link.expires_at > now => Ok(link.tender_id),
        _ => Err(TendersError::NotFound),
    }
}

/// The tender a one-time link opens, and whom it was sent to.
pub async fn by_link(
    db: &sea_orm::DatabaseConnection,
    fleet: Uuid,
    token: &str,
) -> Result<TenderLinkView, TendersError> {
    let now = Utc::now();
    let tx = tenancy::read(db, TenantScope::for_tender_link(fleet)).await?;
    let hash = hash_token(token);
    let link = repo::link(&tx, &hash)
        .await?
        .filter(|l| l.used_at.is_none() && l.expires_at > now)
        .ok_or(TendersError::NotFound)?;
    let t = repo::tender_for_fleet(&tx, link.tender_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let committed = committed(&tx, &t).await?;
    let recipient = repo::profile(&tx, link.profile_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    Ok(TenderLinkView {
        tender: tender_view(&t, Side::Carrier, now)?,
        committed,
        recipient_name: person(&recipient),
    })
}

/// Accepts through a one-time link: the link's admin is the acceptor.
pub async fn accept_by_link(
    deps: &TendersDeps<'_>,
    fleet: Uuid,
    token: &str,
    input: &AcceptInput,
) -> Result<TenderView, TendersError> {
    let view = by_link(deps.db, fleet, token).await?;
    let tx = tenancy::read(deps.db, TenantScope::for_tender_link(fleet)).await?;
    let link = repo::link(&tx, &hash_token(token))
        .await?
        .ok_or(TendersError::NotFound)?;
    let recipient = repo::profile(&tx, link.profile_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    let responder = Responder {
        profile_id: Some(recipient.id),
        name: person(&recipient),
        email: recipient.email.clone(),
    };
    accept_in(
        deps,
        TenantScope::for_tender_link(fleet),
        view.tender.id,
        &responder,
        input,
        Some(&hash_token(token)),
    )
    .await
}

pub async fn decline_by_link(
    deps: &TendersDeps<'_>,
    fleet: Uuid,
    token: &str,
    input: &DeclineInput,
) -> Result<TenderView, TendersError> {
    let view = by_link(deps.db, fleet, token).await?;
    decline_in(
        deps,
        TenantScope::for_tender_link(fleet),
        view.tender.id,
        input,
        Some(&hash_token(token)),
    )
    .await
}
