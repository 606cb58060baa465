//! A change after acceptance: the broker proposes new money or terms, which
//! is a new revision of the rate confirmation; the carrier accepts it, and
//! the load takes the new rate, the revision's PDF is filed on both sides,
//! and every earlier revision stays.

use super::common::person;
use super::rate_con::{self, Acceptance, Crew};
use super::views::revision_view;
use super::{optional_text, read_stored, required_text, stored, terms, texts};
use crate::modules::loads::set_rate_in;
use crate::modules::tenders::deps::TendersDeps;
use crate::modules::tenders::dto::{AcceptInput, RevisionInput, RevisionView};
use crate::modules::tenders::{TendersError, emails, repo};
use chrono::Utc;
use db::entities::{fleet_notification, profile, tender, tender_revision};
use db::tenancy::{self, BrokerScope, FleetTx, TenantScope};
use domain::tenders::{TenderStatus, Terms};
use sea_orm::Set;
use uuid::Uuid;

/// The broker asks for a change of an accepted load's rate.
pub async fn request(
    deps: &TendersDeps<'_>,
    scope: BrokerScope,
    sender: &profile::Model,
    shipment_id: Uuid,
    input: &RevisionInput,
) -> Result<RevisionView, TendersError> {
    let proposed = terms(&input.terms)?;
    let notes = optional_text("notes", input.notes.as_deref(), 4000)?;
    let tx = tenancy::broker_read(deps.db, scope).await?;
    let s = repo::shipment(&tx, shipment_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    if matches!(s.status.as_str(), "cancelled" | "invoiced" | "paid") {
        return Err(TendersError::Closed(texts().not_accepted.clone()));
    }
    let now = Utc::now();
    let tx = tenancy::write(deps.db, TenantScope::for_tender(s.fleet_account_id)).await?;
    let t = repo::tender_for_fleet(&tx, s.tender_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    if t.status != TenderStatus::Accepted.as_str() {
        return Err(TendersError::Closed(texts().not_accepted.clone()));
    }
    let revisions = repo::revisions_for_fleet(&tx, t.id).await?;
    if revisions.iter().any(|r| r.status == "pending") {
        return Err(TendersError::Closed(texts().revision_pending.clone()));
    }
    let next = revisions.iter().map(|r| r.revision).max().unwrap_or(0) + 1;
    let row = tender_revision::ActiveModel {
        id: Set(Uuid::new_v4()),
        tender_id: Set(t.id),
        broker_account_id: Set(t.broker_account_id),
        fleet_account_id: Set(t.fleet_account_id),
        revision: Set(next),
        status: Set("pending".into()),
        terms: Set(stored(&proposed)?),
        notes: Set(notes),
        requested_by: Set(person(sender)),
        accepted_by_name: Set(None),
        accepted_by_title: Set(None),
        accepted_at: Set(None),
        created_at: Set(now),
    };
    // Two changes at once take the same number: the unique index keeps one.
    repo::insert_revision(&tx, row).await.map_err(|err| {
        if db::is_unique_violation(&err) {
            TendersError::Closed(texts().revision_pending.clone())
        } else {
            err.into()
        }
    })?;
    let tt = texts();
    let subject = tt
        .revision_subject
        .replace("{broker}", &t.broker_name)
        .replace("{load}", &t.load_number)
        .replace("{revision}", &next.to_string());
    let intro = tt
        .revision_intro
        .replace("{broker}", &t.broker_name)
        .replace("{load}", &t.load_number)
        .replace("{revision}", &next.to_string());
    let path = format!("/fleet-dashboard/loads?tab=tenders&tender={}", t.id);
    repo::insert_notification(
        &tx,
        fleet_notification::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(t.fleet_account_id),
            kind: Set("tender".into()),
            item_key: Set(format!("tender:{}:rev{next}", t.id)),
            threshold: Set(0),
            due_on: Set(None),
            title: Set(subject.clone()),
            detail: Set(None),
            link: Set(path.clone()),
            created_at: Set(now),
            read_at: Set(None),
        },
    )
    .await?;
    let link = format!("{}{path}", deps.public_url);
    let mails = repo::fleet_admins(&tx, t.fleet_account_id)
        .await?
        .iter()
        .map(|a| emails::answer(&a.email, &subject, &intro, None, &link, &tt.offer_button))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let stored_mails = crate::mail::outbox::store_in(&tx, deps.cipher, &mails).await?;
    let saved = repo::revisions_for_fleet(&tx, t.id)
        .await?
        .into_iter()
        .find(|r| r.revision == next)
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    crate::mail::outbox::enqueue_stored(deps.jobs, stored_mails, "rate con revision").await;
    revision_view(&saved)
}

/// What the rate confirmation says of the carrier's side: the crew once
/// assigned, where to pay, whether the position is shared.
pub(super) async fn crew(
    tx: &FleetTx,
    t: &tender::Model,
    load: &db::entities::load::Model,
    share_position: bool,
) -> Result<Crew, TendersError> {
    let fleet = repo::fleet(tx).await?.ok_or(TendersError::NotFound)?;
    let driver = match load.driver_id {
        Some(id) => repo::driver(tx, id).await?,
        None => None,
    };
    let truck = match load.truck_id {
        Some(id) => repo::truck(tx, id).await?.and_then(|v| v.name),
        None => None,
    };
    let trailer = match load.trailer_id {
        Some(id) => repo::trailer(tx, id).await?.and_then(|v| v.name),
        None => None,
    };
    let driver_name = driver.as_ref().and_then(|d| {
        let name = [d.first_name.as_deref(), d.last_name.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        (!name.trim().is_empty()).then_some(name)
    });
    Ok(Crew {
        truck: truck.or_else(|| t.truck_number.clone()),
        trailer,
        driver: driver_name,
        driver_cell: driver.and_then(|d| d.phone),
        remit_to: super::respond::remit_to(&fleet),
        share_position,
    })
}

/// The carrier accepts a pending revision: the load's rate, the tender's
/// terms and the shipment's total change, and the revision's PDF is filed
/// on both sides.
pub async fn accept(
    deps: &TendersDeps<'_>,
    scope: TenantScope,
    tender_id: Uuid,
    revision: i32,
    input: &AcceptInput,
) -> Result<RevisionView, TendersError> {
    let t_texts = texts();
    let name = required_text(
        "acceptor_name",
        &input.acceptor_name,
        120,
        &t_texts.acceptor_name_required,
    )?;
    let title = required_text(
        "acceptor_title",
        &input.acceptor_title,
        120,
        &t_texts.acceptor_title_required,
    )?;
    let now = Utc::now();
    let tx = tenancy::write(deps.db, scope).await?;
    let t = repo::tender_for_fleet(&tx, tender_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let pending = repo::revisions_for_fleet(&tx, tender_id)
        .await?
        .into_iter()
        .find(|r| r.revision == revision)
        .ok_or(TendersError::NotFound)?;
    if !repo::accept_revision(&tx, tender_id, revision, &name, &title, now).await? {
        return Err(TendersError::Closed(
            t_texts.closed.replace("{status}", &pending.status),
        ));
    }
    let load_id = t.load_id.ok_or(TendersError::NotFound)?;
    let agreed: Terms = read_stored(&pending.terms)?;
    set_rate_in(&tx, load_id, &agreed).await?;
    repo::set_terms(&tx, tender_id, stored(&agreed)?, agreed.total_cents(), now).await?;
    let load = repo::load(&tx, load_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let shipment = repo::shipment_of_tender(&tx, tender_id)
        .await?
        .ok_or(TendersError::NotFound)?;
    let crew = crew(&tx, &t, &load, shipment.share_position).await?;
    let mut t = t;
    t.notes = pending.notes.clone().or(t.notes);
    let sheet = rate_con::sheet(
        &t,
        &load,
        &crew,
        revision,
        &agreed,
        &Acceptance {
            name: name.clone(),
            title,
            at: now,
        },
    )?;
    rate_con::file(
        &tx,
        deps.files,
        &t,
        &load,
        shipment.id,
        revision,
        &sheet,
        None,
    )
    .await?;
    let accepted = repo::revisions_for_fleet(&tx, tender_id)
        .await?
        .into_iter()
        .find(|r| r.revision == revision)
        .ok_or(TendersError::NotFound)?;
    tx.commit().await?;
    revision_view(&accepted)
}
