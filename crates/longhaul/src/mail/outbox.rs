//! The outbox: `send` stores the message (encrypted) and queues a
//! `send_email` job; the job hands it to the transport and retries with
//! backoff when the transport fails. A queued message survives a restart.

use super::{DevMailbox, Mailer, OutgoingEmail};
use crate::crypto::Cipher;
use crate::jobs::{Enqueue, JobKind, JobQueue};
use chrono::Utc;
use db::entities::outbox_email;
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use uuid::Uuid;

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
        let row = stage(&self.cipher, &email)?;
        let id = row.id.clone().unwrap();
        row.insert(&self.db).await?;
        // The message is stored: a lost push is re-queued by the sweep.
        if let Err(err) = enqueue(&self.queue, id).await {
            tracing::warn!(error = %err, outbox_id = %id, "e-mail stored but not queued; the sweep will queue it");
        }
        Ok(())
    }

    fn describe(&self) -> String {
        format!("{} (queued, retried)", self.transport.describe())
    }

    fn dev_mailbox(&self) -> Option<&DevMailbox> {
        self.transport.dev_mailbox()
    }
}

/// The outbox row of a message (encrypted), for a caller that stores it in
/// its own transaction and calls [`enqueue`] after the commit.
pub fn stage(cipher: &Cipher, email: &OutgoingEmail) -> anyhow::Result<outbox_email::ActiveModel> {
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

pub async fn enqueue(queue: &JobQueue, outbox_id: Uuid) -> Result<(), crate::jobs::EnqueueError> {
    queue
        .push(
            JobKind::SendEmail,
            &EmailJob { outbox_id },
            Enqueue {
                idempotency_key: Some(outbox_id.to_string()),
                ..Default::default()
            },
        )
        .await
}
