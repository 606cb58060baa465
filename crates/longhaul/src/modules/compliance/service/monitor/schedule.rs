//! The jobs: the schedule that queues each fleet's daily check when its
//! minute has come, and the check itself (daily, on demand or baseline).

use super::check::{Check, check_fleet};
use crate::jobs::{Enqueue, Job, JobContext, JobError, Tick};
use crate::modules::compliance::deps::ComplianceDeps;
use crate::modules::compliance::service::fleets::active_fleets_without;
use chrono::{DateTime, NaiveDate, Timelike, Utc};
use db::entities::fmcsa_snapshot;
use db::tenancy::TenantScope;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use uuid::Uuid;

/// Gap between two fleets' calls: a few calls per second at most.
pub const PACE: Duration = Duration::from_millis(400);

/// What an `fmcsa_check` job checks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// The schedule's (payloads queued before there were other kinds).
    #[default]
    Daily,
    OnDemand,
    Baseline,
}

/// The `fmcsa_check` job's payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CheckJob {
    pub fleet_account_id: Uuid,
    /// The schedule's day; daily checks only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day: Option<NaiveDate>,
    #[serde(default)]
    pub kind: CheckKind,
}

impl CheckJob {
    pub fn daily(fleet_account_id: Uuid, day: NaiveDate) -> Self {
        CheckJob {
            fleet_account_id,
            day: Some(day),
            kind: CheckKind::Daily,
        }
    }

    pub fn of(fleet_account_id: Uuid, kind: CheckKind) -> Self {
        CheckJob {
            fleet_account_id,
            day: None,
            kind,
        }
    }

    fn check(&self) -> Option<Check> {
        match (self.kind, self.day) {
            (CheckKind::Daily, Some(day)) => Some(Check::Daily(day)),
            (CheckKind::Daily, None) => None,
            (CheckKind::OnDemand, _) => Some(Check::OnDemand),
            (CheckKind::Baseline, _) => Some(Check::Baseline),
        }
    }
}

/// The minute of the UTC day at which a fleet is checked.
pub fn slot_minute(fleet_account_id: Uuid) -> u32 {
    (fleet_account_id.as_u128() % (24 * 60)) as u32
}

/// The scheduled tick: queues today's check of every active fleet whose
/// minute has come and that the schedule has not checked today, spaced
/// by [`PACE`]. A worker runs them.
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
        fmcsa_snapshot::Column::ScheduledOn,
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
                &CheckJob::daily(fleet, today),
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
        let check = job
            .check()
            .ok_or_else(|| JobError::abort(anyhow::anyhow!("a daily FMCSA check names its day")))?;
        #[expect(
            clippy::disallowed_methods,
            reason = "the FMCSA monitor's job: the fleet it was queued for"
        )]
        let scope = TenantScope::for_job(job.fleet_account_id);
        check_fleet(&ComplianceDeps::of(ctx.state), scope, check)
            .await
            .map(|outcome| tracing::info!(?outcome, ?check, fleet = %job.fleet_account_id, "FMCSA record checked"))
            .map_err(JobError::retry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_spread_over_the_day() {
        let minutes: std::collections::HashSet<u32> =
            (0..2000).map(|_| slot_minute(Uuid::new_v4())).collect();
        assert!(minutes.iter().all(|m| *m < 1440));
        assert!(minutes.len() > 700, "{} distinct minutes", minutes.len());
    }

    #[test]
    fn payloads_queued_before_the_kinds_are_daily_checks() {
        let fleet = Uuid::new_v4();
        let old: CheckJob = serde_json::from_value(
            serde_json::json!({ "fleet_account_id": fleet, "day": "2026-11-20" }),
        )
        .unwrap();
        assert_eq!(
            old.check(),
            Some(Check::Daily(NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()))
        );
        let on_demand: CheckJob = serde_json::from_value(
            serde_json::json!({ "fleet_account_id": fleet, "kind": "on_demand" }),
        )
        .unwrap();
        assert_eq!(on_demand.check(), Some(Check::OnDemand));
        let dayless: CheckJob =
            serde_json::from_value(serde_json::json!({ "fleet_account_id": fleet })).unwrap();
        assert_eq!(dayless.check(), None);
    }
}
