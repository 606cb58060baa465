//! The documents' job: the sweep of stored objects that no row points at.

use crate::jobs::{Job, JobContext, JobError, Tick};

/// Removes stored documents' objects that no row points at, once they are
/// older than the grace period (an upload in flight has no row yet).
pub struct DocumentSweep;

impl Job for DocumentSweep {
    const KIND: &'static str = "sweep_documents";
    const MAX_ATTEMPTS: usize = 3;
    const SCHEDULE: Option<&'static str> = Some("0 41 * * * *");
    type Payload = Tick;

    async fn run(ctx: &JobContext<'_>, _: Tick) -> Result<(), JobError> {
        let grace = chrono::Duration::minutes(ctx.state.config.orphan_grace_minutes);
        let state = ctx.state;
        let local_files = super::sweep::local_files_dir(&state.config);
        let swept = super::sweep::sweep_orphans(
            &state.db,
            state.files.as_ref(),
            local_files.as_deref(),
            grace,
        )
        .await
        .map_err(JobError::retry)?;
        tracing::info!(?swept, "orphaned document objects swept");
        Ok(())
    }
}
