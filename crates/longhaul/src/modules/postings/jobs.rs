//! The board's job: expired postings ended, active ones refreshed.

use crate::jobs::{Job, JobContext, JobError, Tick};

/// Ends expired board postings and refreshes active ones' ELD positions and
/// carrier facts.
pub struct BoardRefresh;

impl Job for BoardRefresh {
    const KIND: &'static str = "board_refresh";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("30 */10 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let run = super::refresh::run(&super::refresh::RefreshDeps::of(ctx.state))
            .await
            .map_err(JobError::retry)?;
        tracing::info!(?run, "truck board refreshed");
        Ok(())
    }
}
