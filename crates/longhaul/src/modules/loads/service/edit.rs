//! Editing a load (issue 31, load CRUD): the same input as creating it,
//! checked by the same `check()`, made from the version the client read.
//!
//! Kept: the id, PRO number, status, assignment, created_at, cancel reason
//! and filed rate confirmation. Replaced: everything else, the stops and
//! the accessorial lines. Allowed while the load is accepted, planned or
//! dispatched and no stop has been arrived at.
//!
//! The version is enforced by the UPDATE itself (`WHERE updated_at = ?`):
//! of two edits made from one version exactly one is written, the other
//! refused (409). The fleet's dispatch lock is taken first, as assignment
//! takes it, so an assigned load's new span is checked against its crew's
//! and equipment's other loads without an assignment slipping in between.

use super::loads::{Actor, Change, check, history, read};
use super::{LoadsError, lifecycle, texts};
use crate::mail::outbox;
use crate::modules::loads::deps::LoadsDeps;
use crate::modules::loads::dto::{LoadEditInput, LoadView};
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::facility;
use db::tenancy::{self, TenantScope};
use domain::loads::LoadStatus;
use sea_orm::ActiveValue::NotSet;
use sea_orm::Set;
use std::collections::HashMap;
use uuid::Uuid;

fn not_editable(status: &str) -> LoadsError {
    LoadsError::NotEditable(
        texts()
            .not_editable
            .replace("{status}", &status.replace('_', " ")),
    )
}

/// Edits the load; a dispatched load's drivers get its sheet again,
/// marked as updated, through the outbox.
pub async fn edit(
    deps: &LoadsDeps<'_>,
    scope: TenantScope,
    actor: &Actor,
    id: Uuid,
    input: &LoadEditInput,
) -> Result<LoadView, LoadsError> {
    let t = texts();
    let tx = tenancy::write(deps.db, scope).await?;
    repo::lock_dispatch(&tx).await?;
    let before = repo::load(&tx, id).await?.ok_or(LoadsError::NotFound)?;
    let status = LoadStatus::parse(&before.status)
        .filter(|s| {
            matches!(
                s,
                LoadStatus::Accepted | LoadStatus::Planned | LoadStatus::Dispatched
            )
        })
        .ok_or_else(|| not_editable(&before.status))?;
    if repo::stops_of(&tx, id)
        .await?
        .iter()
        .any(|s| s.arrived_at.is_some())
    {
        return Err(not_editable(&t.under_way));
    }

    let load = &input.load;
    let customer = repo::customer(&tx, load.customer_id)
        .await?
        .ok_or(LoadsError::NotFound)?;
    let ids: Vec<Uuid> = load.stops.iter().map(|s| s.facility_id).collect();
    let facilities: HashMap<Uuid, facility::Model> = repo::facilities_by_ids(&tx, ids)
        .await?
        .into_iter()
        .map(|f| (f.id, f))
        .collect();
    let mut checked = check(
        load,
        scope.fleet_account_id(),
        id,
        &customer.name,
        &facilities,
    )?;

    // An assigned load's new span must not put its crew or equipment on
    // two loads at once.
    let (first, last) = (
        *checked.row.first_pickup_at.as_ref(),
        *checked.row.last_delivery_at.as_ref(),
    );
    let moved = first != before.first_pickup_at || last != before.last_delivery_at;
    if moved && let Some(truck) = before.truck_id {
        let drivers: Vec<Uuid> = before
            .driver_id
            .into_iter()
            .chain(before.second_driver_id)
            .collect();
        let overlaps =
            repo::overlapping(&tx, id, &drivers, truck, before.trailer_id, first, last).await?;
        if let Some(other) = overlaps.first() {
            return Err(LoadsError::Overlap(
                t.edit_overlap.replace("{load}", &other.load_number),
            ));
        }
    }

    let now = Utc::now();
    let row = &mut checked.row;
    for kept in [
        &mut row.driver_id,
        &mut row.second_driver_id,
        &mut row.truck_id,
        &mut row.trailer_id,
    ] {
        *kept = NotSet;
    }
    row.id = NotSet;
    row.fleet_account_id = NotSet;
    row.pro_number = NotSet;
    row.status = NotSet;
    row.cancel_reason = NotSet;
    row.rate_con_file_key = NotSet;
    row.created_at = NotSet;
    row.updated_at = Set(now);
    if !repo::update_load_at_version(&tx, id, input.updated_at, checked.row).await? {
        return Err(LoadsError::Stale(t.edit_conflict.clone()));
    }
    repo::replace_lines(&tx, id, checked.stops, checked.accessorials).await?;

    let mut reason = t.edited_reason.clone();
    let mut stored = Vec::new();
    if status == LoadStatus::Dispatched {
        let (mails, note) = lifecycle::dispatch_mails(&tx, id, true).await?;
        stored = outbox::store_in(&tx, deps.cipher, &mails)
            .await
            .map_err(LoadsError::Internal)?;
        if let Some(note) = note {
            reason = format!("{reason}. {note}");
        }
    }
    repo::insert_event(
        &tx,
        history(
            scope,
            id,
            actor,
            Change {
                from: Some(status),
                to: status,
                at: now,
                at7_code: None,
                reason: Some(reason),
                stop: None,
            },
        ),
    )
    .await?;
    let after = repo::load(&tx, id).await?.ok_or(LoadsError::NotFound)?;
    super::audit::edit_recorded(&tx, actor, &before, &after).await?;
    let view = read(&tx, id).await?;
    tx.commit().await?;
    outbox::enqueue_stored(deps.jobs, stored, "updated load sheet").await;
    Ok(view)
}
