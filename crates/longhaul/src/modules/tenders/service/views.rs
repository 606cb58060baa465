//! Rows as the parties see them.

use super::{TendersError, read_stored};
use crate::modules::loads::stop_time;
use crate::modules::tenders::dto::{
    CounterView, LineView, PartyView, RevisionView, ShipmentRow, TenderStopView, TenderView,
    TermsView,
};
use chrono::{DateTime, Utc};
use db::entities::{shipment, tender, tender_revision};
use domain::tenders::{TenderStatus, TenderStop, Terms};
use uuid::Uuid;

pub fn terms_view(terms: &Terms) -> TermsView {
    TermsView {
        linehaul_cents: terms.linehaul_cents,
        fuel_surcharge_cents: terms.fuel_surcharge_cents,
        accessorials: terms
            .accessorials
            .iter()
            .map(|l| LineView {
                kind: l.kind.as_str().to_owned(),
                amount_cents: l.amount_cents,
                note: l.note.clone(),
            })
            .collect(),
        detention_free_minutes: terms.detention_free_minutes,
        detention_rate_cents: terms.detention_rate_cents,
        detention_cap_cents: terms.detention_cap_cents,
        tonu_cents: terms.tonu_cents,
        tonu_window_hours: terms.tonu_window_hours,
        lumper_terms: terms.lumper_terms.clone(),
        total_cents: terms.total_cents(),
    }
}

pub fn stop_views(stops: &[TenderStop]) -> Vec<TenderStopView> {
    stops
        .iter()
        .enumerate()
        .map(|(i, s)| TenderStopView {
            seq: i32::try_from(i).unwrap_or(i32::MAX),
            kind: s.kind.clone(),
            facility_name: s.facility_name.clone(),
            address: s.address.clone(),
            city: s.city.clone(),
            state: s.state.clone(),
            zip: s.zip.clone(),
            time_zone: s.time_zone.clone(),
            local_start: s.local_start,
            local_end: s.local_end,
            starts_at: s.starts_at,
            ends_at: s.ends_at,
            time_text: stop_time(
                &s.time_zone,
                s.local_start,
                s.local_end,
                s.starts_at,
                s.ends_at,
            ),
            instructions: s.instructions.clone(),
        })
        .collect()
}

/// Which side is looking: each sees its own record of the booking.
#[derive(Debug, Clone, Copy)]
pub enum Side {
    Carrier,
    Broker { shipment: Option<Uuid> },
}

pub fn tender_view(
    t: &tender::Model,
    side: Side,
    now: DateTime<Utc>,
) -> Result<TenderView, TendersError> {
    let status = TenderStatus::parse(&t.status)
        .map(|s| s.at(t.expires_at, now).as_str().to_owned())
        .unwrap_or_else(|| t.status.clone());
    let terms: Terms = read_stored(&t.terms)?;
    let stops: Vec<TenderStop> = read_stored(&t.stops)?;
    let counter = match (&t.counter_terms, t.countered_at, &t.countered_by) {
        (Some(c), Some(at), Some(by)) => Some(CounterView {
            terms: terms_view(&read_stored(c)?),
            note: t.counter_note.clone(),
            by: by.clone(),
            at,
        }),
        _ => None,
    };
    Ok(TenderView {
        id: t.id,
        status,
        expires_at: t.expires_at,
        broker: PartyView {
            name: t.broker_name.clone(),
            usdot_number: t.broker_dot.clone(),
            mc_number: t.broker_mc.clone(),
        },
        broker_contact_name: t.broker_contact_name.clone(),
        broker_contact_email: t.broker_contact_email.clone(),
        broker_loads_tendered: t.broker_loads_tendered,
        carrier: PartyView {
            name: t.carrier_name.clone(),
            usdot_number: Some(t.carrier_dot.clone()),
            mc_number: t.carrier_mc.clone(),
        },
        truck_number: t.truck_number.clone(),
        load_number: t.load_number.clone(),
        po_number: t.po_number.clone(),
        pickup_number: t.pickup_number.clone(),
        equipment_type: t.equipment_type.clone(),
        length_ft: t.length_ft,
        reefer_temp_f: t.reefer_temp_f,
        commodity: t.commodity.clone(),
        weight_lbs: t.weight_lbs,
        stops: stop_views(&stops),
        terms: terms_view(&terms),
        payment_terms_days: t.payment_terms_days,
        notes: t.notes.clone(),
        share_position: t.share_position,
        counter,
        decline_reason: t.decline_reason.clone(),
        accepted_by_name: t.accepted_by_name.clone(),
        accepted_by_title: t.accepted_by_title.clone(),
        accepted_at: t.accepted_at,
        load_id: match side {
            Side::Carrier => t.load_id,
            Side::Broker { .. } => None,
        },
        shipment_id: match side {
            Side::Carrier => None,
            Side::Broker { shipment } => shipment,
        },
        created_at: t.created_at,
    })
}

pub fn revision_view(r: &tender_revision::Model) -> Result<RevisionView, TendersError> {
    Ok(RevisionView {
        id: r.id,
        revision: r.revision,
        status: r.status.clone(),
        terms: terms_view(&read_stored(&r.terms)?),
        notes: r.notes.clone(),
        requested_by: r.requested_by.clone(),
        accepted_by_name: r.accepted_by_name.clone(),
        accepted_by_title: r.accepted_by_title.clone(),
        accepted_at: r.accepted_at,
        created_at: r.created_at,
    })
}

pub fn shipment_row(s: &shipment::Model) -> ShipmentRow {
    ShipmentRow {
        id: s.id,
        load_number: s.load_number.clone(),
        pro_number: s.pro_number,
        carrier_name: s.carrier_name.clone(),
        carrier_dot: s.carrier_dot.clone(),
        status: s.status.clone(),
        origin: s.origin.clone(),
        destination: s.destination.clone(),
        first_pickup_at: s.first_pickup_at,
        last_delivery_at: s.last_delivery_at,
        total_cents: s.total_cents,
        created_at: s.created_at,
    }
}
