//! One check of one fleet's FMCSA record: read it, compare it with the
//! latest snapshot, store the new snapshot and what changed.
//!
//! Checks of one fleet may overlap (the schedule's and a fleet admin's,
//! a retried job). The comparison is made in the write transaction, with
//! the fleet's row locked on PostgreSQL (SQLite has one writer), against
//! the snapshot stored last; a reading that began before that snapshot's
//! is older than it and is dropped, so a change is recorded once and never
//! backwards.

use super::shown::shown;
use crate::integrations::fmcsa::{RegistryError, carrier, carrier_profile};
use crate::mail::outbox;
use crate::modules::compliance::deps::ComplianceDeps;
use crate::modules::compliance::emails::{self, ChangeLine};
use crate::modules::compliance::repo;
use crate::modules::compliance::settings;
use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{fleet_account, fleet_notification, fmcsa_change, fmcsa_snapshot};
use db::tenancy::{FleetTx, TenantScope};
use domain::compliance::{FieldChange, changes, monitored_label, monitored_values};
use domain::fleet::fleet_display_name;
use sea_orm::{IntoActiveModel, Set};
use std::collections::BTreeMap;
use uuid::Uuid;

/// What a check is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The schedule's check of a day: at most one a day.
    Daily(NaiveDate),
    /// Compared with the latest snapshot, whatever the day.
    OnDemand,
    /// The fleet's first reading: nothing when it has one.
    Baseline,
}

impl Check {
    fn kind(self) -> &'static str {
        match self {
            Check::Daily(_) => "daily",
            Check::OnDemand => "on_demand",
            Check::Baseline => "baseline",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum MonitorError {
    #[error(transparent)]
    Registry(#[from] RegistryError),
    #[error(transparent)]
    Database(#[from] sea_orm::DbErr),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckOutcome {
    /// Done already: the day's scheduled check, the fleet's baseline, or
    /// a newer reading stored while this one was under way.
    AlreadyChecked,
    /// FMCSA knows no carrier with the fleet's number any more; nothing stored.
    NotFound,
    /// The fleet's first reading, with nothing before it to compare with.
    Baseline,
    Checked {
        changes: usize,
    },
}

fn watched(record: &serde_json::Value) -> Option<BTreeMap<String, Option<String>>> {
    carrier(record).map(monitored_values)
}

/// Reads one fleet's record and records what changed (idempotent per
/// scheduled day, and for the baseline).
pub async fn check_fleet(
    deps: &ComplianceDeps<'_>,
    scope: TenantScope,
    check: Check,
) -> Result<CheckOutcome, MonitorError> {
    let txn = db::tenancy::read(deps.db, scope).await?;
    let Some(fleet) = repo::items::fleet(&txn).await? else {
        return Ok(CheckOutcome::NotFound);
    };
    let done = match check {
        Check::Daily(day) => repo::monitor::scheduled_on(&txn, day).await?,
        Check::Baseline => repo::monitor::last_snapshot(&txn).await?.is_some(),
        Check::OnDemand => false,
    };
    txn.commit().await?;
    if done {
        return Ok(CheckOutcome::AlreadyChecked);
    }
    let read_at = Utc::now();
    let read = read_record(deps, &fleet).await;
    if let (Err(_), Check::Baseline) = (&read, check) {
        // "No baseline yet"; History says so when a later check stores it.
        let txn = db::tenancy::write(deps.db, scope).await?;
        repo::monitor::mark_baseline_missed(&txn, read_at).await?;
        txn.commit().await?;
    }
    let Some((raw, now_fields)) = read? else {
        tracing::warn!(fleet = %fleet.id, dot = %fleet.dot_number, "FMCSA knows no carrier with the fleet's number");
        return Ok(CheckOutcome::NotFound);
    };
    store(deps, scope, check, read_at, &raw, now_fields).await
}

/// The fleet's record and its watched fields; `None` when FMCSA knows no
/// carrier with its number.
async fn read_record(
    deps: &ComplianceDeps<'_>,
    fleet: &fleet_account::Model,
) -> Result<Option<(serde_json::Value, BTreeMap<String, Option<String>>)>, RegistryError> {
    let Some(record) = deps.carriers.lookup(&fleet.dot_number).await? else {
        return Ok(None);
    };
    match watched(&record.raw) {
        Some(fields) => Ok(Some((record.raw, fields))),
        None => Err(RegistryError::Unavailable(
            "the answer holds no carrier".into(),
        )),
    }
}

/// The new snapshot, compared in the write transaction with the latest.
async fn store(
    deps: &ComplianceDeps<'_>,
    scope: TenantScope,
    check: Check,
    read_at: DateTime<Utc>,
    raw: &serde_json::Value,
    fields: BTreeMap<String, Option<String>>,
) -> Result<CheckOutcome, MonitorError> {
    let txn = db::tenancy::write(deps.db, scope).await?;
    let Some(fleet) = repo::monitor::lock_fleet(&txn).await? else {
        return Ok(CheckOutcome::NotFound);
    };
    let last = repo::monitor::last_snapshot(&txn).await?;
    let superseded = match &last {
        Some(_) if check == Check::Baseline => true,
        Some(last) => last.taken_at > read_at,
        None => false,
    };
    if superseded {
        txn.rollback().await?;
        return Ok(CheckOutcome::AlreadyChecked);
    }
    let before: Option<BTreeMap<String, Option<String>>> = match &last {
        Some(snapshot) => serde_json::from_value(snapshot.fields.clone()).ok(),
        None => fleet.fmcsa_data.as_ref().and_then(watched),
    };
    let found: Vec<FieldChange> = before
        .as_ref()
        .map(|b| changes(b, &fields))
        .unwrap_or_default();
    let snapshot_id = Uuid::new_v4();
    let snapshot = fmcsa_snapshot::ActiveModel {
        id: Set(snapshot_id),
        fleet_account_id: Set(fleet.id),
        taken_on: Set(match check {
            Check::Daily(day) => day,
            _ => read_at.date_naive(),
        }),
        taken_at: Set(read_at),
        fields: Set(serde_json::to_value(&fields).map_err(anyhow::Error::from)?),
        // The first snapshot is the baseline, whichever check took it.
        kind: Set(if last.is_none() {
            Check::Baseline.kind()
        } else {
            check.kind()
        }
        .into()),
        scheduled_on: Set(match check {
            Check::Daily(day) => Some(day),
            _ => None,
        }),
    };
    if !repo::monitor::insert_snapshot(&txn, snapshot).await? {
        txn.rollback().await?;
        return Ok(CheckOutcome::AlreadyChecked);
    }
    let updated = replace_record(&txn, &fleet, raw).await?;
    // Postings on the truck board show the latest record's trust badges.
    crate::modules::postings::carrier::refresh(&txn, &updated, None).await?;
    let stored = if found.is_empty() {
        Vec::new()
    } else {
        record_changes(deps, &txn, &fleet, snapshot_id, &found).await?
    };
    txn.commit().await?;
    outbox::enqueue_stored(deps.jobs, stored, "FMCSA change").await;
    Ok(match before {
        None => CheckOutcome::Baseline,
        Some(_) => CheckOutcome::Checked {
            changes: found.len(),
        },
    })
}

/// The stored record is FMCSA's latest either way; the profile's
/// authority values follow it.
async fn replace_record(
    txn: &FleetTx,
    fleet: &fleet_account::Model,
    raw: &serde_json::Value,
) -> Result<fleet_account::Model, MonitorError> {
    let profile = carrier_profile(raw).unwrap_or_default();
    let mut row = fleet.clone().into_active_model();
    row.fmcsa_data = Set(Some(raw.clone()));
    row.authority_status = Set(profile.authority_status.or(fleet.authority_status.clone()));
    row.authority_date = Set(profile.authority_date.or(fleet.authority_date.clone()));
    row.registration_status = Set(profile
        .registration_status
        .or(fleet.registration_status.clone()));
    row.registration_date = Set(profile
        .registration_date
        .or(fleet.registration_date.clone()));
    row.insurance_required = Set(profile
        .insurance_required
        .or(fleet.insurance_required.clone()));
    row.insurance_on_file = Set(profile
        .insurance_on_file
        .or(fleet.insurance_on_file.clone()));
    row.updated_at = Set(Utc::now());
    Ok(repo::monitor::update_fleet(txn, row).await?)
}

/// Each change with its bell entry, and one e-mail per fleet admin
/// listing them all (sealed into the outbox, sent after the commit).
async fn record_changes(
    deps: &ComplianceDeps<'_>,
    txn: &FleetTx,
    fleet: &fleet_account::Model,
    snapshot_id: Uuid,
    found: &[FieldChange],
) -> Result<Vec<Uuid>, MonitorError> {
    let now = Utc::now();
    let today = now.date_naive();
    for change in found {
        let id = Uuid::new_v4();
        let change_row = fmcsa_change::ActiveModel {
            id: Set(id),
            fleet_account_id: Set(fleet.id),
            taken_on: Set(today),
            detected_at: Set(now),
            field: Set(change.field.clone()),
            old_value: Set(change.old.clone()),
            new_value: Set(change.new.clone()),
            adverse: Set(change.adverse),
            dismissed_at: Set(None),
            snapshot_id: Set(Some(snapshot_id)),
        };
        let notification = fleet_notification::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet.id),
            kind: Set("fmcsa".into()),
            item_key: Set(format!("fmcsa:{id}")),
            threshold: Set(0),
            due_on: Set(None),
            title: Set(format!("FMCSA: {} changed", monitored_label(&change.field))),
            detail: Set(Some(format!(
                "{} → {}",
                shown(&change.field, change.old.as_deref()),
                shown(&change.field, change.new.as_deref())
            ))),
            link: Set("/fleet-dashboard/profile?tab=history".into()),
            created_at: Set(now),
            read_at: Set(None),
        };
        repo::monitor::insert_change(txn, change_row, notification).await?;
    }
    let lines: Vec<ChangeLine> = found
        .iter()
        .map(|c| ChangeLine {
            label: monitored_label(&c.field).to_owned(),
            old: shown(&c.field, c.old.as_deref()),
            new: shown(&c.field, c.new.as_deref()),
            adverse: c.adverse,
        })
        .collect();
    let admins = settings::fleet_admins(txn, fleet.id).await?;
    let link = format!("{}/fleet-dashboard/profile?tab=history", deps.public_url);
    let name = fleet_display_name(fleet.dba_name.as_deref(), &fleet.legal_name);
    let mails = admins
        .iter()
        .map(|admin| emails::fmcsa_changes(&admin.email, &name, &fleet.dot_number, &lines, &link))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(outbox::store_in(txn, deps.cipher, &mails).await?)
}
