//! Every kind of background job, listed once, the way `app.rs` lists the
//! routers: a new job is a type implementing [`Job`](crate::jobs::Job) in
//! its module, plus one line here. The workers, the schedules, `/readyz`,
//! `/metrics` and `longhaul run-job` read this list.

use crate::jobs::{self, JobEntry, JobError};
use crate::modules::{
    billing, brokers, compliance, documents, eld, load_messages, loads, postings,
};
use crate::state::AppState;
use serde_json::Value;

pub const JOBS: &[JobEntry] = &[
    JobEntry::of::<jobs::SendEmail>(),
    JobEntry::of::<jobs::SweepExpired>(),
    JobEntry::of::<eld::runs::EldSync>(),
    JobEntry::of::<eld::jobs::EldSchedule>(),
    JobEntry::of::<eld::hos::HosRefresh>(),
    JobEntry::of::<documents::jobs::DocumentSweep>(),
    JobEntry::of::<billing::BillingRefresh>(),
    JobEntry::of::<compliance::jobs::ComplianceReminders>(),
    JobEntry::of::<compliance::monitor::FmcsaSchedule>(),
    JobEntry::of::<compliance::monitor::FmcsaCheck>(),
    JobEntry::of::<postings::jobs::BoardRefresh>(),
    JobEntry::of::<brokers::jobs::SavedSearchAlerts>(),
    JobEntry::of::<loads::jobs::PendingRateConSweep>(),
    JobEntry::of::<load_messages::jobs::NotifyUnreadLoadMessages>(),
    JobEntry::of::<loads::jobs::EldStopGeofence>(),
];

/// The listed job of `kind` (a queue's name).
pub fn find(kind: &str) -> Option<&'static JobEntry> {
    JOBS.iter().find(|entry| entry.kind == kind)
}

/// Runs one job of `kind` from a stored payload (the CLI and tests; the
/// workers run the entries they were given).
pub async fn run_job(
    state: &AppState,
    kind: &str,
    args: Value,
    last_attempt: bool,
) -> Result<(), JobError> {
    let entry =
        find(kind).ok_or_else(|| JobError::abort(anyhow::anyhow!("unknown job kind '{kind}'")))?;
    entry.run(state.clone(), args, last_attempt).await
}

#[cfg(test)]
mod tests {
    use super::JOBS;
    use std::collections::HashSet;
    use std::str::FromStr;

    #[test]
    fn kinds_are_unique_and_schedules_parse() {
        let kinds: HashSet<_> = JOBS.iter().map(|entry| entry.kind).collect();
        assert_eq!(kinds.len(), JOBS.len(), "two jobs share a queue name");
        for entry in JOBS {
            assert!(entry.max_attempts >= 1, "{} never runs", entry.kind);
            if let Some(expr) = entry.schedule {
                cron::Schedule::from_str(expr)
                    .unwrap_or_else(|e| panic!("schedule of {}: {e}", entry.kind));
            }
        }
    }
}
