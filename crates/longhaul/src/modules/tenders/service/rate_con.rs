//! The rate confirmation: every element `dispatch-domain.md` lists, laid
//! out by the load sheet's PDF writer (decision 040), stored once and filed
//! on both sides — the carrier's load documents and the broker's shipment.

use super::{dollars, read_stored, texts};
use crate::modules::documents::{self, StoredObject};
use crate::modules::loads::{
    Fact, Section, Sheet, SheetStop, map_link, render_sheet_pdf, stop_time,
};
use crate::modules::tenders::{TendersError, repo};
use chrono::{DateTime, Utc};
use db::entities::{load, shipment_document, tender};
use db::tenancy::FleetTx;
use domain::tenders::{TenderStop, Terms};
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, path::Path};
use sea_orm::Set;
use uuid::Uuid;

/// Who accepted a revision, as its acceptance block prints it.
#[derive(Debug, Clone)]
pub struct Acceptance {
    pub name: String,
    pub title: String,
    pub at: DateTime<Utc>,
}

fn fact(label: &str, value: impl Into<String>) -> Fact {
    Fact {
        label: label.to_owned(),
        value: value.into(),
    }
}

/// 41,000.
fn thousands(n: i32) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

fn or_not_stated(value: Option<&str>) -> String {
    value
        .map(str::to_owned)
        .unwrap_or_else(|| texts().rate_con.not_stated.clone())
}

/// The rate confirmation of `revision` of the tender, with `terms`, for
/// the carrier's `load` (its PRO number and, once assigned, its crew).
pub fn sheet(
    t: &tender::Model,
    load: &load::Model,
    crew: &Crew,
    revision: i32,
    terms: &Terms,
    acceptance: &Acceptance,
) -> Result<Sheet, TendersError> {
    let r = &texts().rate_con;
    let lt = &domain::texts().loads;
    let stops: Vec<TenderStop> = read_stored(&t.stops)?;
    let title = r
        .title
        .replace("{load}", &t.load_number)
        .replace("{revision}", &revision.to_string());
    let mut broker = vec![
        fact(&r.name, t.broker_name.clone()),
        fact(&r.usdot, or_not_stated(t.broker_dot.as_deref())),
        fact(&r.mc, or_not_stated(t.broker_mc.as_deref())),
        fact(
            &r.contact,
            format!("{} <{}>", t.broker_contact_name, t.broker_contact_email),
        ),
    ];
    broker.retain(|f| !f.value.is_empty());
    let carrier = vec![
        fact(&r.name, t.carrier_name.clone()),
        fact(&r.usdot, t.carrier_dot.clone()),
        fact(&r.mc, or_not_stated(t.carrier_mc.as_deref())),
    ];
    let not_assigned = || r.not_assigned.clone();
    let mut freight = vec![
        fact(&r.load_number, t.load_number.clone()),
        fact(&r.revision, revision.to_string()),
        fact(&r.pro_number, load.pro_number.to_string()),
        fact(&r.truck, crew.truck.clone().unwrap_or_else(not_assigned)),
        fact(
            &r.trailer,
            crew.trailer.clone().unwrap_or_else(not_assigned),
        ),
        fact(&r.driver, crew.driver.clone().unwrap_or_else(not_assigned)),
        fact(
            &r.driver_cell,
            crew.driver_cell.clone().unwrap_or_else(not_assigned),
        ),
        fact(&r.equipment, {
            let label = domain::texts()
                .board
                .equipment
                .get(&t.equipment_type)
                .cloned()
                .unwrap_or_else(|| t.equipment_type.clone());
            match (t.length_ft, t.reefer_temp_f) {
                (Some(ft), Some(temp)) => format!("{label} {ft}', set at {temp}\u{b0}F"),
                (Some(ft), None) => format!("{label} {ft}'"),
                (None, Some(temp)) => format!("{label}, set at {temp}\u{b0}F"),
                (None, None) => label,
            }
        }),
        fact(&r.commodity, or_not_stated(t.commodity.as_deref())),
        fact(
            &r.weight,
            t.weight_lbs
                .map(|w| format!("{} lbs", thousands(w)))
                .unwrap_or_else(|| r.not_stated.clone()),
        ),
    ];
    let refs: Vec<String> = [
        t.po_number.as_ref().map(|p| format!("PO {p}")),
        t.pickup_number.as_ref().map(|p| format!("PU {p}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !refs.is_empty() {
        freight.push(fact(&r.references, refs.join(", ")));
    }
    let mut rate = vec![
        fact(&r.linehaul, dollars(terms.linehaul_cents)),
        fact(&r.fuel, dollars(terms.fuel_surcharge_cents)),
    ];
    for line in &terms.accessorials {
        let label = r
            .accessorials
            .get(line.kind.as_str())
            .cloned()
            .unwrap_or_else(|| line.kind.as_str().to_owned());
        let value = match &line.note {
            Some(note) => format!("{} ({note})", dollars(line.amount_cents)),
            None => dollars(line.amount_cents),
        };
        rate.push(fact(&label, value));
    }
    rate.push(fact(&r.total, dollars(terms.total_cents())));
    let detention = match (terms.detention_free_minutes, terms.detention_rate_cents) {
        (Some(free), Some(rate)) => r
            .detention_terms
            .replace("{free}", &format!("{}h{:02}", free / 60, free % 60))
            .replace("{rate}", &dollars(rate))
            .replace(
                "{cap}",
                &terms
                    .detention_cap_cents
                    .map(|c| r.detention_cap.replace("{cap}", &dollars(c)))
                    .unwrap_or_default(),
            ),
        _ => r.not_stated.clone(),
    };
    let tonu = match (terms.tonu_cents, terms.tonu_window_hours) {
        (Some(amount), Some(hours)) => r
            .tonu_terms
            .replace("{amount}", &dollars(amount))
            .replace("{hours}", &hours.to_string()),
        (Some(amount), None) => dollars(amount),
        _ => r.not_stated.clone(),
    };
    let layover = terms
        .accessorials
        .iter()
        .find(|l| l.kind == domain::loads::Accessorial::Layover)
        .map(|l| dollars(l.amount_cents))
        .unwrap_or_else(|| r.not_stated.clone());
    let accessorial_terms = vec![
        fact(&r.detention, detention),
        fact(&r.layover, layover),
        fact(&r.tonu, tonu),
        fact(&r.lumper, or_not_stated(terms.lumper_terms.as_deref())),
    ];
    let payment = vec![
        fact(
            &r.payment_terms,
            r.payment_days
                .replace("{days}", &t.payment_terms_days.to_string()),
        ),
        fact(&r.remit_to, crew.remit_to.clone()),
    ];
    let tracking = vec![fact(
        &r.tracking,
        if crew.share_position {
            r.tracking_shared.clone()
        } else {
            r.tracking_events.clone()
        },
    )];
    let acceptance_facts = vec![
        fact(&r.accepted_by, acceptance.name.clone()),
        fact(&r.acceptor_title, acceptance.title.clone()),
        fact(
            &r.accepted_at,
            format!("{} UTC", acceptance.at.format("%a %b %-d, %Y %H:%M")),
        ),
    ];
    let sheet_stops = stops
        .iter()
        .enumerate()
        .map(|(i, s)| SheetStop {
            heading: lt
                .sheet
                .stop_heading
                .replace("{n}", &(i + 1).to_string())
                .replace(
                    "{kind}",
                    if s.kind == "pickup" {
                        &lt.sheet.pickup
                    } else {
                        &lt.sheet.delivery
                    },
                ),
            facility: s.facility_name.clone(),
            address: format!(
                "{}, {}, {} {}",
                s.address,
                s.city,
                s.state,
                s.zip.as_deref().unwrap_or_default()
            )
            .trim_end()
            .to_owned(),
            time_label: if s.local_end.is_some() {
                lt.sheet.window.clone()
            } else {
                lt.sheet.appointment.clone()
            },
            time: stop_time(
                &s.time_zone,
                s.local_start,
                s.local_end,
                s.starts_at,
                s.ends_at,
            ),
            facts: s
                .instructions
                .iter()
                .map(|i| fact(&lt.sheet.stop_instructions, i.clone()))
                .collect(),
            map_label: lt.sheet.map.clone(),
            map_link: map_link(s.lat, s.lon),
        })
        .collect();
    Ok(Sheet {
        pro_number: load.pro_number,
        title: title.clone(),
        subject: title,
        intro: String::new(),
        sections: vec![
            Section {
                title: r.broker.clone(),
                facts: broker,
            },
            Section {
                title: r.carrier.clone(),
                facts: carrier,
            },
            Section {
                title: r.load.clone(),
                facts: freight,
            },
            Section {
                title: r.rate.clone(),
                facts: rate,
            },
            Section {
                title: r.terms.clone(),
                facts: accessorial_terms,
            },
            Section {
                title: r.payment.clone(),
                facts: payment,
            },
            Section {
                title: r.tracking.clone(),
                facts: tracking,
            },
            Section {
                title: r.no_rebroker.clone(),
                facts: vec![fact(&r.no_rebroker, r.no_rebroker_text.clone())],
            },
            Section {
                title: r.acceptance.clone(),
                facts: acceptance_facts,
            },
        ],
        stops_title: r.stops.clone(),
        stops: sheet_stops,
        instructions_title: r.notes.clone(),
        instructions: t.notes.clone(),
        footer: r.footer.clone(),
    })
}

/// What the rate confirmation says of the carrier's side beyond the tender.
#[derive(Debug, Clone, Default)]
pub struct Crew {
    pub truck: Option<String>,
    pub trailer: Option<String>,
    pub driver: Option<String>,
    pub driver_cell: Option<String>,
    /// The carrier's name and address (or its factor's), for payment.
    pub remit_to: String,
    pub share_position: bool,
}

/// Where a revision's PDF is kept: under the carrier's documents prefix,
/// so the carrier's documents capability files it as the load's.
fn path_of(t: &tender::Model, revision: i32) -> Path {
    Path::from(format!(
        "{}/{}/rate-cons/tender-{}-rev{revision}.pdf",
        documents::KEY_PREFIX,
        t.fleet_account_id,
        t.id
    ))
}

/// Renders and stores the revision's PDF, files it on the carrier's load
/// and the broker's shipment (in the caller's transaction), and returns
/// its key. The object is written first: a rolled-back transaction leaves
/// at most an unreferenced file, never a row pointing at nothing.
#[expect(
    clippy::too_many_arguments,
    reason = "the parts of one filing: the transaction, the store, the rows it files under and the sheet"
)]
pub async fn file(
    tx: &FleetTx,
    files: &dyn ObjectStore,
    t: &tender::Model,
    load: &load::Model,
    shipment_id: Uuid,
    revision: i32,
    sheet: &Sheet,
    created_by: Option<Uuid>,
) -> Result<String, TendersError> {
    let bytes = render_sheet_pdf(sheet)?;
    let size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
    let path = path_of(t, revision);
    files.put(&path, PutPayload::from(bytes)).await?;
    let file_name = texts()
        .rate_con
        .file_name
        .replace(
            "{load}",
            &domain::documents::clean_file_name(&t.load_number),
        )
        .replace("{revision}", &revision.to_string());
    let document = documents::file_for_load(
        tx,
        load.id,
        "rate_confirmation",
        StoredObject {
            file_path: path.to_string(),
            file_name: file_name.clone(),
            file_type: "application/pdf".into(),
            file_size: size,
        },
        created_by,
    )
    .await
    .map_err(|err| match err {
        documents::DocumentsError::NotFound => TendersError::NotFound,
        other => TendersError::Internal(other.into()),
    })?;
    repo::insert_document(
        tx,
        shipment_document::ActiveModel {
            id: Set(Uuid::new_v4()),
            shipment_id: Set(shipment_id),
            broker_account_id: Set(t.broker_account_id),
            fleet_account_id: Set(t.fleet_account_id),
            kind: Set("rate_confirmation".into()),
            revision: Set(Some(revision)),
            fleet_document_id: Set(Some(document)),
            file_path: Set(path.to_string()),
            file_name: Set(file_name),
            file_type: Set("application/pdf".into()),
            file_size: Set(size),
            created_at: Set(Utc::now()),
        },
    )
    .await?;
    Ok(path.to_string())
}
