//! The `send_email` job: one outbox message to the transport. Idempotent: a
//! message already sent is not sent again (a rerun after a crash finds it
//! sent), and a message that cannot be decrypted is given up, not retried.

use super::{Job, JobContext, JobError};
use crate::mail::OutgoingEmail;
use crate::mail::outbox::{EmailJob, SEND_EMAIL, SEND_EMAIL_ATTEMPTS};
use crate::state::AppState;
use chrono::Utc;
use db::entities::outbox_email;
use db::system::SystemTable;
use sea_orm::{ActiveModelTrait, ColumnTrait, QueryFilter, QueryOrder, Set};

/// One outbox message to the transport.
pub struct SendEmail;

impl Job for SendEmail {
    const KIND: &'static str = SEND_EMAIL;
    const MAX_ATTEMPTS: usize = SEND_EMAIL_ATTEMPTS;
    const WATCHED: bool = true;
    type Payload = EmailJob;

    async fn run(ctx: &JobContext<'_>, job: EmailJob) -> Result<(), JobError> {
        run(ctx.state, job, ctx.last_attempt).await
    }
}

async fn run(state: &AppState, job: EmailJob, last_attempt: bool) -> Result<(), JobError> {
    let Some(row) = outbox_email::Entity::row(job.outbox_id)
        .one(&state.db)
        .await
        .map_err(JobError::retry)?
    else {
        return Ok(());
    };
    if row.status != "pending" {
        return Ok(());
    }
    let email: OutgoingEmail = row
        .payload_encrypted
        .as_deref()
        .and_then(|sealed| state.cipher.decrypt(sealed).ok())
        .and_then(|json| serde_json::from_str(&json).ok())
        .ok_or_else(|| JobError::abort(anyhow::anyhow!("outbox message cannot be read")))?;
    let attempts = row.attempts + 1;
    let mut update: outbox_email::ActiveModel = row.into();
    update.attempts = Set(attempts);
    match state.transport.send(email).await {
        Ok(()) => {
            update.status = Set("sent".into());
            update.sent_at = Set(Some(Utc::now()));
            update.payload_encrypted = Set(None);
            update.last_error = Set(None);
            update.update(&state.db).await.map_err(JobError::retry)?;
            state.metrics.email(true);
            Ok(())
        }
        Err(err) => {
            let text = format!("{err:#}");
            update.last_error = Set(Some(text.chars().take(500).collect()));
            if last_attempt {
                update.status = Set("failed".into());
                update.payload_encrypted = Set(None);
            }
            update.update(&state.db).await.map_err(JobError::retry)?;
            state.metrics.email(false);
            Err(JobError::retry(err))
        }
    }
}

/// Sends every pending message now, oldest first (tests; the CLI).
pub async fn deliver_pending_emails(state: &AppState) -> anyhow::Result<usize> {
    let pending = outbox_email::Entity::rows()
        .filter(outbox_email::Column::Status.eq("pending"))
        .order_by_asc(outbox_email::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let mut sent = 0;
    for row in pending {
        if run(state, EmailJob { outbox_id: row.id }, false)
            .await
            .is_ok()
        {
            sent += 1;
        }
    }
    Ok(sent)
}
