//! Monitoring of each active fleet's own FMCSA record: once a day, at a
//! minute of the day that its id picks (so 2,000 fleets spread over the
//! day), the record is read again through the carrier registry. The
//! watched fields are stored as the day's snapshot; a field that differs
//! from the last snapshot (or, the first time, from the record stored at
//! signup) becomes a change: recorded, shown on the overview's banner, in
//! the bell and the profile's History, and e-mailed to the fleet's admins.
//! The fleet's stored record is replaced, so the Authority tab shows the
//! new values.
//!
//! A registry that fails (timeout, 5xx, an HTML maintenance page) changes
//! nothing: the job fails and is retried with backoff.

use super::fleets::active_fleets_without;
use crate::integrations::fmcsa::{RegistryError, carrier, carrier_profile, dollars};
use crate::jobs::{Enqueue, Job, JobContext, JobError, Tick};
use crate::mail::outbox;
use crate::modules::compliance::deps::ComplianceDeps;
use crate::modules::compliance::dto::{FmcsaChangeView, FmcsaHistory};
use crate::modules::compliance::emails::{self, ChangeLine};
use crate::modules::compliance::repo;
use crate::modules::compliance::{ComplianceError, settings};
use chrono::{DateTime, NaiveDate, Timelike, Utc};
use db::entities::{fleet_account, fleet_notification, fmcsa_change, fmcsa_snapshot};
use db::tenancy::TenantScope;
use domain::compliance::{FieldChange, changes, monitored_label, monitored_values};
use domain::fleet::fleet_display_name;
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;
use uuid::Uuid;

/// Gap between two fleets' calls: a few calls per second at most.
pub const PACE: Duration = Duration::from_millis(400);

/// The `fmcsa_check` job's payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CheckJob {
    pub fleet_account_id: Uuid,
    pub day: NaiveDate,
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
    /// Checked today already (or by a concurrent run).
    AlreadyChecked,
    /// FMCSA knows no carrier with the fleet's number any more; nothing stored.
    NotFound,
    Checked {
        changes: usize,
    },
}

/// The minute of the UTC day at which a fleet is checked.
pub fn slot_minute(fleet_account_id: Uuid) -> u32 {
    (fleet_account_id.as_u128() % (24 * 60)) as u32
}

/// The scheduled tick: queues today's check of every active fleet whose
/// minute has come and that has no snapshot today, spaced by [`PACE`].
pub async fn queue_due_checks(
    deps: &ComplianceDeps<'_>,
    now: DateTime<Utc>,
) -> anyhow::Result<u64> {
    let today = now.date_naive();
    let minute = now.hour() * 60 + now.minute();
    let unchecked = active_fleets_without::<fmcsa_snapshot::Entity>(
        deps.db,
        deps.system_key,
        fmcsa_snapshot::Column::FleetAccountId,
        fmcsa_snapshot::Column::TakenOn,
        today,
    )
    .await?;
    let mut queued = 0u32;
    for fleet in unchecked {
        if slot_minute(fleet) > minute {
            continue;
        }
        deps.jobs
            .push::<FmcsaCheck>(
                &CheckJob {
                    fleet_account_id: fleet,
                    day: today,
                },
                Enqueue {
                    idempotency_key: Some(format!("fmcsa-{fleet}-{today}")),
                    run_after: Some(PACE * queued),
                },
            )
            .await?;
        queued += 1;
    }
    Ok(u64::from(queued))
}

fn watched(record: &serde_json::Value) -> Option<BTreeMap<String, Option<String>>> {
    carrier(record).map(monitored_values)
}

/// Reads one fleet's record and records what changed (idempotent per day).
pub async fn check_fleet(
    deps: &ComplianceDeps<'_>,
    fleet_account_id: Uuid,
    today: NaiveDate,
) -> Result<CheckOutcome, MonitorError> {
    #[expect(
        clippy::disallowed_methods,
        reason = "the FMCSA monitor's job: the fleet it was queued for"
    )]
    let scope = TenantScope::for_job(fleet_account_id);
    let txn = db::tenancy::read(deps.db, scope).await?;
    let Some(fleet) = repo::items::fleet(&txn).await? else {
        return Ok(CheckOutcome::NotFound);
    };
    let checked_today = repo::monitor::snapshot_on(&txn, today).await?.is_some();
    let last = repo::monitor::last_snapshot(&txn).await?;
    txn.commit().await?;
    if checked_today {
        return Ok(CheckOutcome::AlreadyChecked);
    }
    let Some(record) = deps.carriers.lookup(&fleet.dot_number).await? else {
        tracing::warn!(fleet = %fleet_account_id, dot = %fleet.dot_number, "FMCSA knows no carrier with the fleet's number");
        return Ok(CheckOutcome::NotFound);
    };
    let Some(now_fields) = watched(&record.raw) else {
        return Err(MonitorError::Registry(RegistryError::Unavailable(
            "the answer holds no carrier".into(),
        )));
    };
    let before: Option<BTreeMap<String, Option<String>>> = match &last {
        Some(snapshot) => serde_json::from_value(snapshot.fields.clone()).ok(),
        None => fleet.fmcsa_data.as_ref().and_then(watched),
    };
    let found: Vec<FieldChange> = before
        .as_ref()
        .map(|b| changes(b, &now_fields))
        .unwrap_or_default();
    store(deps, &fleet, today, &record.raw, &now_fields, &found).await
}

async fn store(
    deps: &ComplianceDeps<'_>,
    fleet: &fleet_account::Model,
    today: NaiveDate,
    raw: &serde_json::Value,
    fields: &BTreeMap<String, Option<String>>,
    found: &[FieldChange],
) -> Result<CheckOutcome, MonitorError> {
    #[expect(
        clippy::disallowed_methods,
        reason = "the FMCSA monitor's job: the fleet it was queued for"
    )]
    let scope = TenantScope::for_job(fleet.id);
    let now = Utc::now();
    let txn = db::tenancy::write(deps.db, scope).await?;
    let snapshot = fmcsa_snapshot::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(fleet.id),
        taken_on: Set(today),
        taken_at: Set(now),
        fields: Set(serde_json::to_value(fields).map_err(anyhow::Error::from)?),
    };
    if !repo::monitor::insert_snapshot(&txn, snapshot).await? {
        txn.rollback().await?;
        return Ok(CheckOutcome::AlreadyChecked);
    }
    // The stored record is FMCSA's latest either way; the profile's
    // authority values follow it.
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
    row.updated_at = Set(now);
    let updated = repo::monitor::update_fleet(&txn, row).await?;
    // Postings on the truck board show the latest record's trust badges.
    crate::modules::postings::carrier::refresh(&txn, &updated, None).await?;

    let mut stored = Vec::new();
    if !found.is_empty() {
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
            repo::monitor::insert_change(&txn, change_row, notification).await?;
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
        let admins = settings::fleet_admins(&txn, fleet.id).await?;
        let link = format!("{}/fleet-dashboard/profile?tab=history", deps.public_url);
        let name = fleet_display_name(fleet.dba_name.as_deref(), &fleet.legal_name);
        let mails = admins
            .iter()
            .map(|admin| {
                emails::fmcsa_changes(&admin.email, &name, &fleet.dot_number, &lines, &link)
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        stored = outbox::store_in(&txn, deps.cipher, &mails).await?;
    }
    txn.commit().await?;
    outbox::enqueue_stored(deps.jobs, stored, "FMCSA change").await;
    Ok(CheckOutcome::Checked {
        changes: found.len(),
    })
}

/// A watched value as people read it.
pub fn shown(field: &str, value: Option<&str>) -> String {
    let Some(value) = value else {
        return "none".into();
    };
    match (field, value) {
        ("allowedToOperate" | "bipdInsuranceBelowRequired", "Y") => "Yes".into(),
        ("allowedToOperate" | "bipdInsuranceBelowRequired", "N") => "No".into(),
        ("statusCode" | "commonAuthorityStatus" | "contractAuthorityStatus", "A") => {
            "Active".into()
        }
        ("statusCode" | "commonAuthorityStatus" | "contractAuthorityStatus", "I") => {
            "Inactive".into()
        }
        ("commonAuthorityStatus" | "contractAuthorityStatus", "N") => "None".into(),
        ("safetyRating", "S") => "Satisfactory".into(),
        ("safetyRating", "C") => "Conditional".into(),
        ("safetyRating", "U") => "Unsatisfactory".into(),
        ("bipdInsuranceOnFile", amount) => match amount.parse::<i64>() {
            Ok(0) => "$0".into(),
            Ok(thousands) => dollars(thousands * 1000),
            Err(_) => amount.into(),
        },
        (_, other) => other.into(),
    }
}

fn change_view(c: fmcsa_change::Model) -> FmcsaChangeView {
    FmcsaChangeView {
        id: c.id,
        label: monitored_label(&c.field).to_owned(),
        old_value: Some(shown(&c.field, c.old_value.as_deref())),
        new_value: Some(shown(&c.field, c.new_value.as_deref())),
        field: c.field,
        adverse: c.adverse,
        detected_at: c.detected_at,
        dismissed: c.dismissed_at.is_some(),
    }
}

/// The profile's History: every change, newest first.
pub async fn history(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<FmcsaHistory, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let changes = repo::monitor::changes(&txn, false, 500).await?;
    let last = repo::monitor::last_snapshot(&txn).await?;
    txn.commit().await?;
    Ok(FmcsaHistory {
        last_checked_at: last.map(|s| s.taken_at),
        changes: changes.into_iter().map(change_view).collect(),
    })
}

/// The overview's banner: changes not dismissed yet.
pub async fn alerts(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Vec<FmcsaChangeView>, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let changes = repo::monitor::changes(&txn, true, 20).await?;
    txn.commit().await?;
    Ok(changes.into_iter().map(change_view).collect())
}

pub async fn dismiss_alerts(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<(), ComplianceError> {
    let txn = db::tenancy::write(db, scope).await?;
    repo::monitor::dismiss_changes(&txn, Utc::now()).await?;
    txn.commit().await?;
    Ok(())
}

/// Queues the FMCSA checks whose minute of the day has come.
pub struct FmcsaSchedule;

impl Job for FmcsaSchedule {
    const KIND: &'static str = "fmcsa_schedule";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 */10 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let queued = queue_due_checks(&ComplianceDeps::of(ctx.state), chrono::Utc::now())
            .await
            .map_err(JobError::retry)?;
        tracing::info!(queued, "FMCSA checks queued");
        Ok(())
    }
}

/// Re-reads one fleet's FMCSA record and records what changed.
pub struct FmcsaCheck;

impl Job for FmcsaCheck {
    const KIND: &'static str = "fmcsa_check";
    /// An outage of FMCSA's API: retried with backoff up to ~10 min apart.
    const MAX_ATTEMPTS: usize = 6;
    type Payload = CheckJob;

    async fn run(ctx: &JobContext<'_>, job: CheckJob) -> Result<(), JobError> {
        check_fleet(&ComplianceDeps::of(ctx.state), job.fleet_account_id, job.day)
            .await
            .map(|outcome| tracing::info!(?outcome, fleet = %job.fleet_account_id, "FMCSA record checked"))
            .map_err(JobError::retry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_words() {
        assert_eq!(shown("allowedToOperate", Some("N")), "No");
        assert_eq!(shown("bipdInsuranceOnFile", Some("1000")), "$1,000,000");
        assert_eq!(shown("bipdInsuranceOnFile", Some("0")), "$0");
        assert_eq!(shown("safetyRating", Some("C")), "Conditional");
        assert_eq!(shown("oosDate", None), "none");
    }

    #[test]
    fn slots_spread_over_the_day() {
        let minutes: std::collections::HashSet<u32> =
            (0..2000).map(|_| slot_minute(Uuid::new_v4())).collect();
        assert!(minutes.iter().all(|m| *m < 1440));
        assert!(minutes.len() > 700, "{} distinct minutes", minutes.len());
    }
}
