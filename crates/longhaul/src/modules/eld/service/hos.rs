//! A fleet's hours-of-service clocks, kept in the database (decision 041):
//! read from the provider when the eligibility check finds them missing or
//! more than [`MAX_AGE`] old, and by [`HosRefresh`] for fleets with loads
//! under way. One read per fleet at a time in a process: concurrent checks
//! of the same fleet wait for the read in flight and then use its rows.

use super::kinds::EldDeps;
use super::sync::{SyncError, provider_of};
use crate::integrations::eld::{EldProviderError, HosClock, hos};
use crate::jobs::{Job, JobContext, JobError, Tick};
use crate::modules::eld::repo;
use crate::modules::eld::repo::hos as hos_repo;
use chrono::{DateTime, Duration, Utc};
use db::SystemKey;
use db::entities::{hos_clock, hos_clock_read};
use db::tenancy::{self, FleetTx, TenantScope};
use domain::loads::LoadStatus;
use sea_orm::{DbErr, Set};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Weak};
use uuid::Uuid;

/// The oldest clocks the eligibility check uses without reading again.
pub const MAX_AGE: Duration = Duration::minutes(2);
/// How long a check waits for the provider before it goes on with what is
/// stored (the read is then recorded as failed, so the next checks within
/// [`MAX_AGE`] do not wait again).
const CHECK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);
/// How long the job waits for one fleet's provider.
const JOB_WAIT: std::time::Duration = std::time::Duration::from_secs(120);
/// The job reads clocks older than this, so a check rarely finds them past
/// [`MAX_AGE`] (the job runs every minute).
const JOB_AGE: Duration = Duration::seconds(90);
/// The providers that report clocks.
pub const CLOCK_PROVIDERS: [&str; 4] = ["samsara", "keeptruckin", "geotab", "demo"];
/// A load in one of these is under way: its fleet's clocks are kept fresh.
pub const ACTIVE_LOAD_STATUSES: [LoadStatus; 6] = [
    LoadStatus::Planned,
    LoadStatus::Dispatched,
    LoadStatus::AtPickup,
    LoadStatus::Loaded,
    LoadStatus::InTransit,
    LoadStatus::AtDelivery,
];

/// What a fleet's last read of clocks came to.
pub const OUTCOME_OK: &str = "ok";
pub const OUTCOME_UNSUPPORTED: &str = "unsupported";
pub const OUTCOME_FAILED: &str = "failed";

/// The fleet's stored clocks for some drivers, and the read they came from.
#[derive(Debug, Clone, Default)]
pub struct StoredClocks {
    /// None: never read (no ELD connection, or not yet).
    pub read: Option<hos_clock_read::Model>,
    /// By provider driver id.
    pub clocks: HashMap<String, hos_clock::Model>,
}

impl StoredClocks {
    /// The provider whose clocks are stored, when they can be used: the
    /// last read succeeded, or failed after an earlier one did (the rows
    /// are then older, which their `as_of` says).
    pub fn provider(&self) -> Option<&str> {
        self.read
            .as_ref()
            .filter(|r| r.outcome != OUTCOME_UNSUPPORTED)
            .map(|r| r.provider.as_str())
    }
}

/// The stored clocks of these provider driver ids, in the caller's transaction.
pub async fn stored(tx: &FleetTx, eld_ids: Vec<String>) -> Result<StoredClocks, DbErr> {
    let read = hos_repo::last_read(tx).await?;
    if read.is_none() {
        return Ok(StoredClocks::default());
    }
    let clocks = hos_repo::clocks_of(tx, eld_ids)
        .await?
        .into_iter()
        .map(|c| (c.driver_eld_id.clone(), c))
        .collect();
    Ok(StoredClocks { read, clocks })
}

/// One gate per fleet, held while its clocks are read.
fn gate(fleet: Uuid) -> Arc<tokio::sync::Mutex<()>> {
    type Gates = std::sync::Mutex<HashMap<Uuid, Weak<tokio::sync::Mutex<()>>>>;
    static GATES: LazyLock<Gates> = LazyLock::new(Default::default);
    let mut gates = GATES.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(gate) = gates.get(&fleet).and_then(Weak::upgrade) {
        return gate;
    }
    if gates.len() > 1024 {
        gates.retain(|_, g| g.strong_count() > 0);
    }
    let gate = Arc::new(tokio::sync::Mutex::new(()));
    gates.insert(fleet, Arc::downgrade(&gate));
    gate
}

/// The fleet's active connection's provider and its last read.
async fn state_of(
    deps: &EldDeps<'_>,
    scope: TenantScope,
) -> Result<(Option<String>, Option<hos_clock_read::Model>), DbErr> {
    let tx = tenancy::read(deps.db, scope).await?;
    let provider = repo::integration(&tx)
        .await?
        .filter(|i| i.is_active)
        .map(|i| i.provider);
    let read = hos_repo::last_read(&tx).await?;
    tx.commit().await?;
    Ok((provider, read))
}

fn fresh(
    provider: &str,
    read: Option<&hos_clock_read::Model>,
    now: DateTime<Utc>,
    max_age: Duration,
) -> bool {
    read.is_some_and(|r| r.provider == provider && r.read_at <= now && now - r.read_at <= max_age)
}

/// Reads the fleet's clocks from its provider unless the stored ones are
/// at most `max_age` old; `wait` bounds the provider's time. A fleet
/// without a connection has its stored clocks forgotten. Provider failures
/// are recorded, not returned: the check goes on with what is stored.
pub async fn refresh(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    max_age: Duration,
    wait: std::time::Duration,
) -> Result<(), DbErr> {
    let (provider, read) = state_of(deps, scope).await?;
    let Some(provider) = provider else {
        if read.is_some() {
            let tx = tenancy::write(deps.db, scope).await?;
            hos_repo::forget(&tx).await?;
            tx.commit().await?;
        }
        return Ok(());
    };
    if fresh(&provider, read.as_ref(), Utc::now(), max_age) {
        return Ok(());
    }
    let gate = gate(scope.fleet_account_id());
    let _held = gate.lock().await;
    // Another check may have read them while this one waited.
    let (_, read) = state_of(deps, scope).await?;
    if fresh(&provider, read.as_ref(), Utc::now(), max_age) {
        return Ok(());
    }
    let started = std::time::Instant::now();
    let outcome = match provider_of(deps, scope).await {
        Ok((_, client)) => match tokio::time::timeout(wait, hos::all_clocks(client.as_ref())).await
        {
            Ok(result) => result,
            Err(_) => Err(EldProviderError::Unavailable(format!(
                "the provider did not answer within {} s",
                wait.as_secs()
            ))),
        },
        Err(SyncError::Provider(err)) => Err(err),
        Err(SyncError::Database(err)) => return Err(err),
        Err(SyncError::NotConnected) => return Ok(()),
        Err(SyncError::Credentials) => Err(EldProviderError::Unauthorized(
            SyncError::Credentials.to_string(),
        )),
    };
    let now = Utc::now();
    let tx = tenancy::write(deps.db, scope).await?;
    let fleet = scope.fleet_account_id();
    let (result, error) = match outcome {
        Ok(clocks) => {
            tracing::debug!(fleet = %fleet, drivers = clocks.len(), ms = started.elapsed().as_millis() as u64, "HOS clocks read");
            hos_repo::replace_clocks(&tx, rows(fleet, clocks, now)).await?;
            (OUTCOME_OK, None)
        }
        Err(EldProviderError::Unsupported(message)) => {
            hos_repo::replace_clocks(&tx, Vec::new()).await?;
            (OUTCOME_UNSUPPORTED, Some(message))
        }
        Err(err) => {
            tracing::warn!(fleet = %fleet, error = %err, "HOS clocks not read");
            (OUTCOME_FAILED, Some(err.to_string()))
        }
    };
    hos_repo::save_read(
        &tx,
        hos_clock_read::ActiveModel {
            fleet_account_id: Set(fleet),
            provider: Set(provider),
            read_at: Set(now),
            outcome: Set(result.to_owned()),
            error: Set(error),
        },
    )
    .await?;
    tx.commit().await
}

/// What the eligibility check calls: clocks at most [`MAX_AGE`] old, read
/// now if need be (waiting at most [`CHECK_WAIT`] for the provider).
pub async fn refresh_for_check(deps: &EldDeps<'_>, scope: TenantScope) -> Result<(), DbErr> {
    refresh(deps, scope, MAX_AGE, CHECK_WAIT).await
}

fn rows(fleet: Uuid, clocks: Vec<HosClock>, now: DateTime<Utc>) -> Vec<hos_clock::ActiveModel> {
    // One row per driver: should a provider list a driver twice, the last wins.
    let mut by_id: HashMap<String, HosClock> = HashMap::with_capacity(clocks.len());
    for c in clocks {
        by_id.insert(c.driver_id.clone(), c);
    }
    by_id
        .into_values()
        .map(|c| hos_clock::ActiveModel {
            fleet_account_id: Set(fleet),
            driver_eld_id: Set(c.driver_id),
            duty_status: Set(c.duty_status.map(|s| s.as_str().to_owned())),
            drive_minutes: Set(c.drive_minutes),
            shift_minutes: Set(c.shift_minutes),
            cycle_minutes: Set(c.cycle_minutes),
            break_minutes: Set(c.break_minutes),
            cycle_tomorrow_minutes: Set(c.cycle_tomorrow_minutes),
            as_of: Set(c.as_of),
            stale: Set(c.stale),
            read_at: Set(now),
        })
        .collect()
}

/// Reads the clocks of every fleet with a load under way whose stored ones
/// are older than [`JOB_AGE`] (system scope to find them, then each
/// fleet's own scope).
pub async fn refresh_active_fleets(deps: &EldDeps<'_>, key: &SystemKey) -> anyhow::Result<()> {
    let statuses: Vec<&str> = ACTIVE_LOAD_STATUSES.iter().map(|s| s.as_str()).collect();
    let tx = tenancy::system_read(deps.db, key).await?;
    let fleets = hos_repo::fleets_with_active_loads(&tx, &statuses, &CLOCK_PROVIDERS).await?;
    tx.commit().await?;
    for fleet in fleets {
        #[expect(
            clippy::disallowed_methods,
            reason = "HOS refresh job: the fleets its own system-scope query found"
        )]
        let scope = TenantScope::for_job(fleet);
        if let Err(err) = refresh(deps, scope, JOB_AGE, JOB_WAIT).await {
            tracing::warn!(fleet = %fleet, error = %err, "HOS clocks not refreshed");
        }
    }
    Ok(())
}

/// Keeps the clocks of fleets with loads under way fresh (decision 041).
pub struct HosRefresh;

impl Job for HosRefresh {
    const KIND: &'static str = "hos_refresh";
    const MAX_ATTEMPTS: usize = 1;
    const SCHEDULE: Option<&'static str> = Some("0 * * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        refresh_active_fleets(&EldDeps::of(ctx.state), &ctx.state.system_key)
            .await
            .map_err(JobError::retry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(provider: &str, at: DateTime<Utc>) -> hos_clock_read::Model {
        hos_clock_read::Model {
            fleet_account_id: Uuid::nil(),
            provider: provider.into(),
            read_at: at,
            outcome: OUTCOME_OK.into(),
            error: None,
        }
    }

    #[test]
    fn clocks_are_fresh_for_two_minutes_of_the_same_provider() {
        let now = Utc::now();
        let max = MAX_AGE;
        assert!(fresh(
            "samsara",
            Some(&read("samsara", now - max)),
            now,
            max
        ));
        assert!(!fresh(
            "samsara",
            Some(&read("samsara", now - max - Duration::seconds(1))),
            now,
            max
        ));
        assert!(!fresh("samsara", Some(&read("geotab", now)), now, max));
        assert!(!fresh("samsara", None, now, max));
        // A read "from the future" (a clock skew between instances) is not trusted.
        assert!(!fresh(
            "samsara",
            Some(&read("samsara", now + Duration::seconds(5))),
            now,
            max
        ));
    }

    #[tokio::test]
    async fn a_fleet_has_one_gate_while_anyone_holds_it() {
        let fleet = Uuid::new_v4();
        let a = gate(fleet);
        let b = gate(fleet);
        assert!(Arc::ptr_eq(&a, &b));
        assert!(!Arc::ptr_eq(&a, &gate(Uuid::new_v4())));
    }
}
