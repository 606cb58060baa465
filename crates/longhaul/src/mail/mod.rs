//! Outgoing e-mail: SMTP when `SMTP_URL` is set, otherwise a dev mailbox on
//! disk with a page to read it (never in production).

mod dev_mailbox;
mod memory;
pub mod render;
mod smtp;

pub use dev_mailbox::{DevMailbox, StoredEmail};
pub use memory::MemoryMailer;
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
