//! The daily reminder job: for each active fleet, the items whose
//! threshold (90, 60, 30, 7, 1 days before, or the day they lapse) has come
//! and whose reminder was not sent for that date yet become notifications
//! (the bell) and one digest e-mail to the fleet's chosen admins.
//!
//! Each fleet is one transaction that claims its digest row for the day
//! (unique per fleet and day), writes the reminders and stores the e-mails
//! in the outbox; the e-mails are queued after the commit. So a second run
//! the same day, two runs at once, or a run restarted after a crash sends
//! nothing twice: a fleet either committed all of it or none of it.

use super::filter::Filter;
use super::fleets::active_fleets;
use super::items::{self, FleetItems, RawItem};
use super::settings::{self, Settings};
use crate::mail::outbox;
use crate::modules::compliance::deps::ComplianceDeps;
use crate::modules::compliance::dto::ReminderRun;
use crate::modules::compliance::emails::{self, DigestLine};
use crate::modules::compliance::repo;
use crate::modules::fleet_account::time_zone::fleet_today_in;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use db::entities::fleet_notification;
use db::tenancy::{FleetTx, TenantScope};
use domain::compliance::{LAPSE_CATCH_UP_DAYS, due_phrase, reminder_horizon, reminder_to_send};
use domain::fleet::fleet_display_name;
use futures_util::StreamExt;
use sea_orm::Set;
use std::collections::HashMap;
use uuid::Uuid;

/// What one fleet's run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FleetOutcome {
    pub reminders: u64,
    pub digest_sent: bool,
}

/// Runs the reminders of every active fleet for its own calendar day at
/// `now` (its home time zone, decision 043): a fleet whose day has not
/// turned yet is judged on the day before, which had its digest already.
pub async fn run_daily(
    deps: &ComplianceDeps<'_>,
    now: DateTime<Utc>,
) -> anyhow::Result<ReminderRun> {
    let fleets = active_fleets(deps.db, deps.system_key).await?;
    // SQLite has one writer; PostgreSQL takes a few fleets at once.
    let parallel = match deps.backend {
        db::Backend::Postgres => 4,
        _ => 1,
    };
    let mut run = ReminderRun::default();
    let mut results = futures_util::stream::iter(fleets)
        .map(|fleet| async move { (fleet, remind_fleet_at(deps, fleet, now).await) })
        .buffer_unordered(parallel);
    let mut failed = 0;
    while let Some((fleet, result)) = results.next().await {
        match result {
            Ok(None) => {}
            Ok(Some(outcome)) => {
                run.fleets_checked += 1;
                run.reminders += outcome.reminders;
                run.digests_sent += u64::from(outcome.digest_sent);
            }
            Err(err) => {
                failed += 1;
                tracing::error!(fleet = %fleet, error = %format!("{err:#}"), "compliance reminders failed for a fleet");
            }
        }
    }
    if failed > 0 {
        // The job is retried; fleets done already are skipped then.
        anyhow::bail!("compliance reminders failed for {failed} fleet(s)");
    }
    Ok(run)
}

/// One fleet's reminders for its calendar day at `now`; None when that
/// day's digest went out already (a second run, or a retry).
pub async fn remind_fleet_at(
    deps: &ComplianceDeps<'_>,
    fleet_account_id: Uuid,
    now: DateTime<Utc>,
) -> anyhow::Result<Option<FleetOutcome>> {
    #[expect(
        clippy::disallowed_methods,
        reason = "the reminders job: one of the active fleets"
    )]
    let scope = TenantScope::for_job(fleet_account_id);
    let txn = db::tenancy::read(deps.db, scope).await?;
    let today = fleet_today_in(&txn, now).await?;
    let done = repo::reminders::has_digest(&txn, today).await?;
    txn.commit().await?;
    if done {
        return Ok(None);
    }
    Ok(Some(remind_fleet(deps, fleet_account_id, today).await?))
}

/// One fleet's reminders for `today` (its own calendar day), all or nothing.
pub async fn remind_fleet(
    deps: &ComplianceDeps<'_>,
    fleet_account_id: Uuid,
    today: NaiveDate,
) -> anyhow::Result<FleetOutcome> {
    #[expect(
        clippy::disallowed_methods,
        reason = "the reminders job: one of the fleets the schedule found due"
    )]
    let scope = TenantScope::for_job(fleet_account_id);
    let txn = db::tenancy::write(deps.db, scope).await?;
    let Some(fleet) = repo::items::fleet(&txn).await? else {
        return Ok(FleetOutcome::default());
    };
    let settings = settings::load(&txn).await?;
    let due = due_reminders(&txn, &settings, today).await?;
    if due.is_empty() {
        txn.commit().await?;
        return Ok(FleetOutcome::default());
    }
    // The day's digest: a fleet that had one today waits for tomorrow.
    let claimed = repo::reminders::claim_digest(&txn, today, due.len()).await?;
    if !claimed {
        txn.rollback().await?;
        return Ok(FleetOutcome::default());
    }
    let views = items::views(&txn, due.iter().map(|(i, _)| i.clone()).collect(), today).await?;
    let now = Utc::now();
    let rows: Vec<fleet_notification::ActiveModel> = views
        .iter()
        .zip(&due)
        .map(|(view, (_, threshold))| fleet_notification::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet_account_id),
            kind: Set("reminder".into()),
            item_key: Set(view.key.clone()),
            threshold: Set(*threshold as i32),
            due_on: Set(Some(view.due_on)),
            title: Set(match &view.asset_name {
                Some(asset) => format!("{} — {asset}", view.title),
                None => view.title.clone(),
            }),
            // The bell shows the date itself; a phrase like "in 5 days"
            // would be stale tomorrow.
            detail: Set(Some(match threshold {
                0 => domain::texts().server.compliance.lapse_notice.clone(),
                t => domain::texts::fill(
                    &domain::texts().server.compliance.day_reminder,
                    &[("days", &t.to_string())],
                ),
            })),
            link: Set(view.link.clone()),
            created_at: Set(now),
            read_at: Set(None),
        })
        .collect();
    repo::reminders::upsert_notifications(&txn, rows).await?;
    let lines: Vec<DigestLine> = views
        .iter()
        .map(|v| DigestLine {
            title: v.title.clone(),
            asset: v.asset_name.clone(),
            type_label: v.type_label.clone(),
            phrase: capitalised(&due_phrase(today, v.due_on)),
            date: v.due_on.format("%b %-d, %Y").to_string(),
            lapsed: v.due_on < today,
        })
        .collect();
    let admins = settings::fleet_admins(&txn, fleet_account_id).await?;
    let link = format!("{}/fleet-dashboard/compliance", deps.public_url);
    let name = fleet_display_name(fleet.dba_name.as_deref(), &fleet.legal_name);
    let mails = settings
        .recipients_among(&admins)
        .into_iter()
        .map(|admin| emails::digest(&admin.email, &name, &lines, &link))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let stored = outbox::store_in(&txn, deps.cipher, &mails).await?;
    txn.commit().await?;
    outbox::enqueue_stored(deps.jobs, stored, "compliance digest").await;
    Ok(FleetOutcome {
        reminders: due.len() as u64,
        digest_sent: true,
    })
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The items whose reminder is due today, with its threshold.
async fn due_reminders(
    tx: &FleetTx,
    settings: &Settings,
    today: NaiveDate,
) -> anyhow::Result<Vec<(RawItem, u32)>> {
    if settings.thresholds.is_empty() {
        return Ok(Vec::new());
    }
    let window = Filter {
        from: Some(today - Duration::days(LAPSE_CATCH_UP_DAYS)),
        to: Some(today + Duration::days(i64::from(reminder_horizon()))),
        ..Filter::default()
    };
    let (candidates, _) = FleetItems::open(tx, today)
        .await?
        .page(window, None, None)
        .await?;
    if candidates.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<String> = candidates.iter().map(|c| c.key.clone()).collect();
    let mut sent: HashMap<(String, i32), NaiveDate> = HashMap::new();
    for (key, threshold, due) in repo::reminders::sent(tx, &keys).await? {
        if let Some(due) = due {
            sent.insert((key, threshold), due);
        }
    }
    Ok(candidates
        .into_iter()
        .filter_map(|item| {
            let threshold = reminder_to_send(today, item.due_on, &settings.thresholds, |t| {
                sent.get(&(item.key.clone(), t as i32)).copied()
            })?;
            Some((item, threshold))
        })
        .collect())
}
