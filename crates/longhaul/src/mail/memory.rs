use super::{Mailer, OutgoingEmail};
use std::sync::Mutex;

/// Keeps messages in memory; integration tests read what was sent.
#[derive(Default)]
pub struct MemoryMailer {
    sent: Mutex<Vec<OutgoingEmail>>,
}

impl MemoryMailer {
    pub fn sent(&self) -> Vec<OutgoingEmail> {
        self.sent.lock().expect("mailer lock").clone()
    }
}

#[async_trait::async_trait]
impl Mailer for MemoryMailer {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()> {
        self.sent.lock().expect("mailer lock").push(email);
        Ok(())
    }

    fn describe(&self) -> String {
        "in-memory mailer".into()
    }
}
