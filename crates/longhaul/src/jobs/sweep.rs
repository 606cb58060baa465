//! The scheduled sweep: expired sessions, spent or expired one-time tokens,
//! sign-in attempt counters whose window has passed, the outbox (sent
//! messages after 30 days; pending ones whose job was lost are queued
//! again), and finished jobs older than `JOB_HISTORY_DAYS`.

use crate::mail::outbox;
use crate::state::AppState;
use chrono::{Duration, Utc};
use db::entities::{auth_throttle, one_time_token, outbox_email, session};
use db::system::SystemTable;
use sea_orm::{ColumnTrait, Condition, QueryFilter, QuerySelect};

/// The longest attempt window of any throttle (auth/service/throttle.rs).
const LONGEST_THROTTLE_WINDOW: Duration = Duration::hours(1);

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub sessions: u64,
    pub tokens: u64,
    pub throttles: u64,
    pub emails: u64,
    pub requeued_emails: u64,
    pub jobs: u64,
}

/// The hourly sweep, and fresh planner statistics after it.
pub struct SweepExpired;

impl super::Job for SweepExpired {
    const KIND: &'static str = "sweep_expired";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 17 * * * *");
    type Payload = super::Tick;

    async fn run(ctx: &super::JobContext<'_>, _: super::Tick) -> Result<(), super::JobError> {
        let swept = sweep_expired(ctx.state)
            .await
            .map_err(super::JobError::retry)?;
        tracing::info!(?swept, "expired rows swept");
        db::refresh_statistics(&ctx.state.db)
            .await
            .map_err(super::JobError::retry)
    }
}

pub async fn sweep_expired(state: &AppState) -> anyhow::Result<Swept> {
    let now = Utc::now();
    let db = &state.db;
    let sessions = session::Entity::delete_rows()
        .filter(session::Column::ExpiresAt.lt(now))
        .exec(db)
        .await?
        .rows_affected;
    let tokens = one_time_token::Entity::delete_rows()
        .filter(
            Condition::any()
                .add(one_time_token::Column::ExpiresAt.lt(now))
                .add(one_time_token::Column::UsedAt.lt(now - Duration::days(1))),
        )
        .exec(db)
        .await?
        .rows_affected;
    let throttles = auth_throttle::Entity::delete_rows()
        .filter(auth_throttle::Column::LastAttempt.lt((now - LONGEST_THROTTLE_WINDOW).timestamp()))
        .exec(db)
        .await?
        .rows_affected;
    let emails = outbox_email::Entity::delete_rows()
        .filter(outbox_email::Column::Status.ne("pending"))
        .filter(outbox_email::Column::CreatedAt.lt(now - Duration::days(30)))
        .exec(db)
        .await?
        .rows_affected;
    // A message stored while the queue was unreachable has no job: queue it
    // again (the idempotency key makes a second push of a live job a no-op).
    let stranded: Vec<uuid::Uuid> = outbox_email::Entity::rows()
        .select_only()
        .column(outbox_email::Column::Id)
        .filter(outbox_email::Column::Status.eq("pending"))
        .filter(outbox_email::Column::CreatedAt.lt(now - Duration::minutes(5)))
        .limit(1000)
        .into_tuple()
        .all(db)
        .await?;
    let mut requeued_emails = 0;
    for id in stranded {
        if outbox::enqueue(&state.jobs, id).await.is_ok() {
            requeued_emails += 1;
        }
    }
    let history = Duration::days(i64::from(state.config.job_history_days));
    let jobs = crate::queue::prune_finished(db, now - history).await?;
    Ok(Swept {
        sessions,
        tokens,
        throttles,
        emails,
        requeued_emails,
        jobs,
    })
}
