//! Moving a load through its lifecycle (`domain::loads::LoadStatus`), each
//! change recorded in its history; cancelling it with a reason. Dispatching
//! e-mails the load sheet to its driver(s), sealed into the outbox in the
//! same transaction (so a refused change sends nothing); a driver without
//! an e-mail is named in the change's history line instead.

use super::loads::{Actor, Change, history, read};
use super::{LoadsError, required_text, sheet, texts};
use crate::crypto::Cipher;
use crate::mail::{OutgoingEmail, outbox};
use crate::modules::loads::deps::LoadsDeps;
use crate::modules::loads::dto::LoadView;
use crate::modules::loads::emails;
use crate::modules::loads::repo;
use chrono::Utc;
use db::tenancy::{self, FleetTx, TenantScope};
use domain::loads::LoadStatus;
use sea_orm::DatabaseConnection;
use uuid::Uuid;

fn illegal(from: &str, to: &str) -> LoadsError {
    LoadsError::IllegalTransition(
        texts()
            .illegal_transition
            .replace("{from}", &from.replace('_', " "))
            .replace("{to}", &to.replace('_', " ")),
    )
}

/// Moves the load to `to` when that is the next step from where it is.
/// The change is a compare-and-set on the status it was read with: of two
/// changes at once, one wins and the other is refused (409).
pub async fn change_status(
    deps: &LoadsDeps<'_>,
    scope: TenantScope,
    actor: &Actor,
    id: Uuid,
    to: &str,
) -> Result<LoadView, LoadsError> {
    let to = LoadStatus::parse(to)
        .ok_or_else(|| LoadsError::invalid("status", &texts().status_invalid))?;
    if to == LoadStatus::Cancelled {
        // Cancelling needs a reason: its own action.
        return Err(LoadsError::invalid(
            "status",
            &texts().cancel_reason_required,
        ));
    }
    let (view, mails) = move_to(
        deps.db,
        scope,
        actor,
        id,
        |from, assigned| {
            if !from.can_move_to(to) {
                return Err(illegal(from.as_str(), to.as_str()));
            }
            // Planned means assigned: only an assignment plans a load.
            if to == LoadStatus::Planned && !assigned {
                return Err(LoadsError::IllegalTransition(texts().assign_first.clone()));
            }
            Ok(to)
        },
        None,
        Some(deps.cipher),
    )
    .await?;
    outbox::enqueue_stored(deps.jobs, mails, "load sheet").await;
    Ok(view)
}

pub async fn cancel(
    db: &DatabaseConnection,
    scope: TenantScope,
    actor: &Actor,
    id: Uuid,
    reason: &str,
) -> Result<LoadView, LoadsError> {
    let reason = required_text("reason", reason, 1000, &texts().cancel_reason_required)?;
    let (view, _) = move_to(
        db,
        scope,
        actor,
        id,
        |from, _| {
            if from.cancellable() {
                Ok(LoadStatus::Cancelled)
            } else {
                Err(LoadsError::IllegalTransition(
                    texts()
                        .not_cancellable
                        .replace("{status}", &from.as_str().replace('_', " ")),
                ))
            }
        },
        Some(reason),
        None,
    )
    .await?;
    Ok(view)
}

/// The change, and the outbox ids of the e-mails it stored (queue them
/// after the commit). `mail`: the cipher that seals a dispatch's load sheet.
async fn move_to(
    db: &DatabaseConnection,
    scope: TenantScope,
    actor: &Actor,
    id: Uuid,
    next: impl FnOnce(LoadStatus, bool) -> Result<LoadStatus, LoadsError>,
    reason: Option<String>,
    mail: Option<&Cipher>,
) -> Result<(LoadView, Vec<Uuid>), LoadsError> {
    let tx = tenancy::write(db, scope).await?;
    let row = repo::load(&tx, id).await?.ok_or(LoadsError::NotFound)?;
    let from = LoadStatus::parse(&row.status).ok_or_else(|| illegal(&row.status, "?"))?;
    let to = next(from, row.driver_id.is_some() && row.truck_id.is_some())?;
    let now = Utc::now();
    let cancel_reason = (to == LoadStatus::Cancelled)
        .then_some(reason.as_deref())
        .flatten();
    if !repo::set_status(&tx, id, from.as_str(), to.as_str(), cancel_reason, now).await? {
        return Err(illegal(from.as_str(), to.as_str()));
    }
    // Back to accepted takes the assignment off; so does a cancellation.
    if matches!(to, LoadStatus::Accepted | LoadStatus::Cancelled) {
        repo::assign(&tx, id, [None; 4], to.as_str(), now).await?;
    }
    let mut stored = Vec::new();
    let mut reason = reason;
    if to == LoadStatus::Dispatched {
        // A new dispatch asks the drivers again.
        repo::clear_driver_response(&tx, id).await?;
    }
    if to == LoadStatus::Dispatched
        && let Some(cipher) = mail
    {
        let (mails, note) = dispatch_mails(&tx, id, false).await?;
        stored = outbox::store_in(&tx, cipher, &mails)
            .await
            .map_err(LoadsError::Internal)?;
        reason = reason.or(note);
    }
    repo::insert_event(
        &tx,
        history(
            scope,
            id,
            actor,
            Change {
                from: Some(from),
                to,
                at: now,
                at7_code: (to == LoadStatus::Cancelled).then_some("CA"),
                reason,
                stop: None,
            },
        ),
    )
    .await?;
    let view = read(&tx, id).await?;
    tx.commit().await?;
    Ok((view, stored))
}

/// The dispatch e-mails of the load (one per driver with an e-mail) and
/// the line its history keeps: who was e-mailed, who could not be.
/// `updated`: the sheet sent again after an edit, its subject saying so.
pub(super) async fn dispatch_mails(
    tx: &FleetTx,
    id: Uuid,
    updated: bool,
) -> Result<(Vec<OutgoingEmail>, Option<String>), LoadsError> {
    let t = &texts().sheet;
    let (mut sheet, recipients) = sheet::gather(tx, id).await?;
    if updated {
        sheet.subject = domain::texts::fill(&t.updated_subject, &[("subject", &sheet.subject)]);
    }
    let mut mails = Vec::new();
    let (mut sent, mut skipped) = (Vec::new(), Vec::new());
    for r in &recipients {
        match &r.email {
            Some(to) => {
                mails.push(emails::load_sheet(to, &sheet).map_err(LoadsError::Internal)?);
                sent.push(r.name.clone());
            }
            None => skipped.push(r.name.clone()),
        }
    }
    let fill = domain::texts::fill;
    let mut notes = Vec::new();
    if !sent.is_empty() {
        notes.push(fill(&t.emailed_to, &[("drivers", &sent.join(", "))]));
    }
    if !skipped.is_empty() {
        notes.push(fill(&t.no_email, &[("drivers", &skipped.join(", "))]));
    }
    Ok((mails, (!notes.is_empty()).then(|| notes.join(" "))))
}
