//! The load messages' job: every minute, the messages left unread for five
//! minutes are e-mailed to the other side, once each.

use super::deps::LoadMessagesDeps;
use super::service::notify;
use crate::jobs::{Job, JobContext, JobError, Tick};

pub struct NotifyUnreadLoadMessages;

impl Job for NotifyUnreadLoadMessages {
    const KIND: &'static str = "notify_unread_load_messages";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 * * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let now = ctx.state.clock.now();
        let notified = notify::notify_unread(&LoadMessagesDeps::of(ctx.state), now)
            .await
            .map_err(JobError::retry)?;
        if notified > 0 {
            tracing::info!(notified, "unread load messages e-mailed");
        }
        Ok(())
    }
}
