use super::{Mailer, OutgoingEmail};
use anyhow::Context;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Writes each message as a JSON file under `DATA_DIR/mailbox`, so a developer
/// (or a browser test) can follow the links without an SMTP server.
pub struct DevMailbox {
    dir: PathBuf,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredEmail {
    pub id: String,
    pub sent_at: DateTime<Utc>,
    #[serde(flatten)]
    pub email: OutgoingEmail,
}

impl DevMailbox {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// Newest first.
    pub async fn list(&self) -> anyhow::Result<Vec<StoredEmail>> {
        let mut out = Vec::new();
        let mut entries = match tokio::fs::read_dir(&self.dir).await {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(out),
            Err(err) => return Err(err.into()),
        };
        while let Some(entry) = entries.next_entry().await? {
            if entry.path().extension().is_some_and(|e| e == "json") {
                let bytes = tokio::fs::read(entry.path()).await?;
                if let Ok(stored) = serde_json::from_slice::<StoredEmail>(&bytes) {
                    out.push(stored);
                }
            }
        }
        out.sort_by(|a, b| b.sent_at.cmp(&a.sent_at).then(b.id.cmp(&a.id)));
        Ok(out)
    }
}

#[async_trait::async_trait]
impl Mailer for DevMailbox {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()> {
        tokio::fs::create_dir_all(&self.dir)
            .await
            .with_context(|| format!("creating {}", self.dir.display()))?;
        let sent_at = Utc::now();
        let id = format!(
            "{}-{}",
            sent_at.format("%Y%m%dT%H%M%S%.6f"),
            uuid::Uuid::new_v4().simple()
        );
        let stored = StoredEmail {
            id: id.clone(),
            sent_at,
            email,
        };
        // Write then rename, so the page never reads half a message.
        let tmp = self.dir.join(format!("{id}.tmp"));
        tokio::fs::write(&tmp, serde_json::to_vec_pretty(&stored)?).await?;
        tokio::fs::rename(&tmp, self.dir.join(format!("{id}.json"))).await?;
        tracing::info!(to = %stored.email.to, subject = %stored.email.subject, "e-mail written to the dev mailbox");
        Ok(())
    }

    fn describe(&self) -> String {
        format!("dev mailbox in {} (no SMTP_URL set)", self.dir.display())
    }

    fn dev_mailbox(&self) -> Option<&DevMailbox> {
        Some(self)
    }
}
