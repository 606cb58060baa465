//! The billing job: one Stripe customer's billing read into our copy.

use super::fleet_billing::{RefreshJob, run_refresh};
use crate::jobs::{Job, JobContext, JobError};

/// Reads one Stripe customer's billing from the API into our copy.
pub struct BillingRefresh;

impl Job for BillingRefresh {
    const KIND: &'static str = "billing_refresh";
    const MAX_ATTEMPTS: usize = 5;
    const WATCHED: bool = true;
    type Payload = RefreshJob;

    async fn run(ctx: &JobContext<'_>, job: RefreshJob) -> Result<(), JobError> {
        run_refresh(ctx.state, job).await
    }
}
