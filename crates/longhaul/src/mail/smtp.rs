use super::{Mailer, OutgoingEmail};
use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    host: String,
}

impl SmtpMailer {
    pub fn new(url: &str, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .context("SMTP_URL could not be parsed")?
            .build();
        // The host alone is safe to log; the URL may hold credentials.
        let host = url
            .split('@')
            .next_back()
            .unwrap_or_default()
            .split(['/', '?'])
            .next()
            .unwrap_or_default()
            .to_owned();
        Ok(Self {
            transport,
            from: from.parse().context("MAIL_FROM is not a mailbox")?,
            host,
        })
    }
}

#[async_trait::async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(email.to.parse().context("recipient is not a mailbox")?)
            .subject(email.subject)
            .multipart(MultiPart::alternative_plain_html(email.text, email.html))?;
        self.transport
            .send(message)
            .await
            .context("SMTP delivery failed")?;
        Ok(())
    }

    fn describe(&self) -> String {
        format!("SMTP via {}", self.host)
    }
}
