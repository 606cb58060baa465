//! The outbox: `send` stores the message (encrypted) and queues a
//! `send_email` job; the job hands it to the transport and retries with
//! backoff when the transport fails. A queued message survives a restart.

use super::{DevMailbox, Mailer, OutgoingEmail};
use crate::crypto::Cipher;
use crate::queue::{Enqueue, EnqueueError, JobQueue};
use chrono::Utc;
use db::entities::outbox_email;
use sea_orm::{ConnectionTrait, DatabaseConnection, EntityTrait, Set};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use uuid::Uuid;

/// The queue the outbox pushes each message on; `crate::jobs::SendEmail`
/// runs it. Named here so that the outbox needs no worker code.
pub const SEND_EMAIL: &str = "send_email";
/// Attempts before a message is left failed.
pub const SEND_EMAIL_ATTEMPTS: usize = 8;

/// The `send_email` job's payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmailJob {
    pub outbox_id: Uuid,
}

pub struct QueuedMailer {
    pub db: DatabaseConnection,
    pub queue: JobQueue,
    pub cipher: Arc<Cipher>,
    pub transport: Arc<dyn Mailer>,
}

pub fn recipient_domain(to: &str) -> String {
    to.rsplit_once('@')
        .map(|(_, d)| d.to_owned())
        .unwrap_or_default()
}

#[async_trait::async_trait]
impl Mailer for QueuedMailer {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()> {
        let stored = store_in(&self.db, &self.cipher, std::slice::from_ref(&email)).await?;
        enqueue_stored(&self.queue, stored, "an outgoing").await;
        Ok(())
    }

    fn describe(&self) -> String {
        format!("{} (queued, retried)", self.transport.describe())
    }

    fn dev_mailbox(&self) -> Option<&DevMailbox> {
        self.transport.dev_mailbox()
    }
}

/// Stores messages in the caller's transaction, so they exist exactly when
/// its other writes do; queue the returned ids with [`enqueue_stored`] after
/// the commit.
pub async fn store_in<C: ConnectionTrait>(
    conn: &C,
    cipher: &Cipher,
    emails: &[OutgoingEmail],
) -> anyhow::Result<Vec<Uuid>> {
    let mut ids = Vec::with_capacity(emails.len());
    for email in emails {
        let row = stage(cipher, email)?;
        ids.push(row.id.clone().unwrap());
        outbox_email::Entity::insert(row)
            .exec_without_returning(conn)
            .await?;
    }
    Ok(ids)
}

/// Queues stored messages; one that cannot be queued now is queued by the sweep.
pub async fn enqueue_stored(queue: &JobQueue, ids: Vec<Uuid>, what: &str) {
    for id in ids {
        if let Err(err) = enqueue(queue, id).await {
            tracing::warn!(error = %err, outbox_id = %id, "{what} e-mail stored but not queued; the sweep will queue it");
        }
    }
}

/// The outbox row of a message (encrypted).
fn stage(cipher: &Cipher, email: &OutgoingEmail) -> anyhow::Result<outbox_email::ActiveModel> {
    Ok(outbox_email::ActiveModel {
        id: Set(Uuid::new_v4()),
        what: Set(email.subject.chars().take(200).collect()),
        recipient_domain: Set(recipient_domain(&email.to)),
        payload_encrypted: Set(Some(cipher.encrypt(&serde_json::to_string(email)?))),
        status: Set("pending".into()),
        attempts: Set(0),
        last_error: Set(None),
        created_at: Set(Utc::now()),
        sent_at: Set(None),
    })
}

pub async fn enqueue(queue: &JobQueue, outbox_id: Uuid) -> Result<(), EnqueueError> {
    queue
        .push_kind(
            SEND_EMAIL,
            SEND_EMAIL_ATTEMPTS,
            &EmailJob { outbox_id },
            Enqueue {
                idempotency_key: Some(outbox_id.to_string()),
                ..Default::default()
            },
        )
        .await
}
