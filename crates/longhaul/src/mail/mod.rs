//! Outgoing e-mail: SMTP when `SMTP_URL` is set, otherwise a dev mailbox on
//! disk with a page to read it (never in production).

mod dev_mailbox;
mod memory;
pub mod outbox;
pub mod render;
mod smtp;

pub use dev_mailbox::{DevMailbox, StoredEmail};
pub use memory::MemoryMailer;
pub use outbox::QueuedMailer;
pub use smtp::SmtpMailer;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct OutgoingEmail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

#[async_trait::async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()>;
    /// One line for the startup log: which transport is active.
    fn describe(&self) -> String;
    /// The dev mailbox, when this transport is one (for its page).
    fn dev_mailbox(&self) -> Option<&DevMailbox> {
        None
    }
}

/// Sends an e-mail whose failure must not fail the caller's request (the
/// change is made, and the user can ask for the mail again); a failure to
/// render or send is logged as "`what` e-mail could not be sent".
pub async fn send_or_log(mailer: &dyn Mailer, email: anyhow::Result<OutgoingEmail>, what: &str) {
    let sent = async { mailer.send(email?).await };
    if let Err(err) = sent.await {
        tracing::error!(error = ?err, "{what} e-mail could not be sent");
    }
}
