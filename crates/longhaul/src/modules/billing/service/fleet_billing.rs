//! The fleet admin's billing page (issue 13): rendered from our copy of
//! Stripe's data, which webhooks keep current; read again from Stripe's API
//! when it is missing (inline: there is nothing to show yet) or older than
//! a few minutes or marked stale (by a job, so the page never waits on
//! Stripe once it has something to show).

use crate::integrations::stripe::PaymentGateway;
use crate::jobs::{Enqueue, Job, JobContext, JobError, JobQueue};
use crate::modules::billing::dto::{
    BillingOverview, BillingState, CardView, PaymentView, SubscriptionView,
};
use crate::modules::billing::error::BillingError;
use crate::modules::billing::repo;
use crate::modules::billing::repo::mirror;
use crate::state::AppState;
use chrono::{DateTime, Duration, Utc};
use db::entities::{stripe_charge, stripe_customer, stripe_subscription};
use db::tenancy::{FleetTx, TenantScope};
use domain::billing::{is_read_only, read_only_from};
use domain::texts;
use sea_orm::{ConnectionTrait, DatabaseConnection};

/// Stored billing older than this is read again from Stripe.
pub const REFRESH_AFTER: Duration = Duration::minutes(5);
/// Payments listed: ten years of monthly payments.
const PAYMENTS_SHOWN: u64 = 120;

pub struct FleetBillingDeps<'a> {
    pub db: &'a DatabaseConnection,
    pub payments: &'a dyn PaymentGateway,
    pub jobs: &'a JobQueue,
    pub grace_days: u32,
}

impl<'a> FleetBillingDeps<'a> {
    pub fn of(state: &'a AppState) -> Self {
        FleetBillingDeps {
            db: &state.db,
            payments: state.payments.as_ref(),
            jobs: &state.jobs,
            grace_days: state.config.past_due_grace_days,
        }
    }
}

struct Stored {
    subscription: Option<stripe_subscription::Model>,
    charges: Vec<stripe_charge::Model>,
    customer: Option<stripe_customer::Model>,
}

async fn load<C: ConnectionTrait>(conn: &C, customer: &str) -> Result<Stored, BillingError> {
    Ok(Stored {
        subscription: repo::fleet::subscription(conn, customer).await?,
        charges: repo::fleet::charges(conn, customer, PAYMENTS_SHOWN).await?,
        customer: repo::fleet::customer(conn, customer).await?,
    })
}

/// Reads the customer's billing from Stripe's API into our copy.
pub async fn refresh(
    db: &DatabaseConnection,
    payments: &dyn PaymentGateway,
    customer: &str,
) -> Result<(), BillingError> {
    let read_at = mirror::now_in_seconds();
    let billing = payments.customer_billing(customer).await?;
    let txn = db::begin_write(db).await?;
    mirror::record_api_read(&txn, customer, &billing, read_at).await?;
    txn.commit().await?;
    Ok(())
}

#[derive(serde::Serialize, serde::Deserialize)]
pub struct RefreshJob {
    pub customer: String,
}

/// The billing job: one Stripe customer's billing read from the API into our
/// copy. It lives beside `request_refresh`, which queues it.
pub struct BillingRefresh;

impl Job for BillingRefresh {
    const KIND: &'static str = "billing_refresh";
    const MAX_ATTEMPTS: usize = 5;
    const WATCHED: bool = true;
    type Payload = RefreshJob;

    async fn run(ctx: &JobContext<'_>, job: RefreshJob) -> Result<(), JobError> {
        refresh(&ctx.state.db, ctx.state.payments.as_ref(), &job.customer)
            .await
            .map_err(JobError::retry)
    }
}

/// One refresh per stored state of the customer, however many views ask:
/// keyed by when it was last read, so a state that goes stale after a
/// refresh gets a refresh of its own (a key by clock window would be
/// dropped as a duplicate until the window ends, and the page would say
/// 'Updating' that long).
async fn request_refresh(jobs: &JobQueue, customer: &str, refreshed_at: DateTime<Utc>) {
    let read = refreshed_at.timestamp_micros();
    let queued = jobs
        .push::<BillingRefresh>(
            &RefreshJob {
                customer: customer.to_owned(),
            },
            Enqueue {
                idempotency_key: Some(format!("{customer}:{read}")),
                run_after: None,
            },
        )
        .await;
    if let Err(err) = queued {
        tracing::warn!(error = %err, "billing refresh could not be queued");
    }
}

pub async fn overview(
    deps: &FleetBillingDeps<'_>,
    scope: TenantScope,
) -> Result<BillingOverview, BillingError> {
    let stand_in = deps.payments.is_stand_in();
    let txn = db::tenancy::read(deps.db, scope).await?;
    let Some(customer) = repo::fleet::customer_of(&txn).await? else {
        txn.commit().await?;
        return Ok(BillingOverview {
            subscription: None,
            payments: Vec::new(),
            state: BillingState::default(),
            refreshed_at: None,
            refreshing: false,
            stand_in,
        });
    };
    let mut stored = load(&txn, &customer).await?;
    txn.commit().await?;
    let refreshed_at = stored.customer.as_ref().and_then(|c| c.refreshed_at);
    let mut refreshing = false;
    match refreshed_at {
        None => match refresh(deps.db, deps.payments, &customer).await {
            Ok(()) => stored = load(deps.db, &customer).await?,
            // What the webhooks stored is still worth showing.
            Err(err) if stored.subscription.is_some() || !stored.charges.is_empty() => {
                tracing::warn!(error = %err, "billing could not be read from Stripe; showing what is stored");
            }
            Err(err) => return Err(err),
        },
        Some(at) => {
            let stale = stored.customer.as_ref().is_some_and(|c| c.stale);
            if stale || Utc::now() - at > REFRESH_AFTER {
                request_refresh(deps.jobs, &customer, at).await;
                refreshing = true;
            }
        }
    }
    Ok(view(stored, deps.grace_days, refreshing, stand_in))
}

fn state_of(
    sub: Option<&stripe_subscription::Model>,
    grace_days: u32,
    now: DateTime<Utc>,
) -> BillingState {
    let Some(sub) = sub else {
        return BillingState::default();
    };
    let since = sub
        .past_due_since
        .filter(|_| domain::billing::is_past_due(&sub.status));
    BillingState {
        status: Some(sub.status.clone()),
        past_due_since: since,
        read_only_from: since.map(|s| read_only_from(s, grace_days)),
        read_only: is_read_only(&sub.status, since, now, grace_days),
    }
}

fn view(stored: Stored, grace_days: u32, refreshing: bool, stand_in: bool) -> BillingOverview {
    let t = &texts().billing;
    // The customer's default card, else the card of the newest payment.
    let card = stored
        .customer
        .as_ref()
        .filter(|c| c.card_last4.is_some())
        .map(|c| CardView {
            brand: c.card_brand.clone(),
            last4: c.card_last4.clone(),
            exp_month: c.card_exp_month,
            exp_year: c.card_exp_year,
        })
        .or_else(|| {
            stored
                .charges
                .iter()
                .find(|c| c.status == "succeeded" && c.card_last4.is_some())
                .map(|c| CardView {
                    brand: c.card_brand.clone(),
                    last4: c.card_last4.clone(),
                    exp_month: c.card_exp_month,
                    exp_year: c.card_exp_year,
                })
        });
    let state = state_of(stored.subscription.as_ref(), grace_days, Utc::now());
    BillingOverview {
        subscription: stored.subscription.map(|s| SubscriptionView {
            id: s.id,
            plan_name: t.plan_name.clone(),
            amount_cents: s.amount_cents,
            currency: s.currency,
            status: s.status,
            current_period_end: s.current_period_end.map(|e| e.timestamp()),
            cancel_at_period_end: s.cancel_at_period_end,
            card,
        }),
        payments: stored
            .charges
            .into_iter()
            .map(|c| PaymentView {
                id: c.id,
                amount_cents: c.amount_cents,
                amount_refunded_cents: c.amount_refunded_cents,
                currency: c.currency,
                status: c.status,
                created: c.created.timestamp(),
                description: c
                    .description
                    .filter(|d| !d.trim().is_empty())
                    .unwrap_or_else(|| t.default_description.clone()),
                card_brand: c.card_brand,
                card_last4: c.card_last4,
                receipt_url: c.receipt_url,
            })
            .collect(),
        state,
        refreshed_at: stored.customer.and_then(|c| c.refreshed_at),
        refreshing,
        stand_in,
    }
}

/// Whether the fleet owes money (the shell's banner, the read-only guard).
pub async fn billing_state(tx: &FleetTx, grace_days: u32) -> Result<BillingState, BillingError> {
    let Some(customer) = repo::fleet::customer_of(tx).await? else {
        return Ok(BillingState::default());
    };
    let sub = repo::fleet::subscription(tx, &customer).await?;
    Ok(state_of(sub.as_ref(), grace_days, Utc::now()))
}

/// The same for a fleet already read (the operator's Accounts tab).
pub async fn billing_state_of_fleet<C: ConnectionTrait>(
    conn: &C,
    fleet: &db::entities::fleet_account::Model,
    grace_days: u32,
) -> Result<BillingState, BillingError> {
    let Some(customer) = repo::fleet::customer_of_fleet(conn, fleet).await? else {
        return Ok(BillingState::default());
    };
    let sub = repo::fleet::subscription(conn, &customer).await?;
    Ok(state_of(sub.as_ref(), grace_days, Utc::now()))
}

/// A Stripe Customer Portal session for the fleet's customer, returning to
/// the billing page.
pub async fn portal_session(
    deps: &FleetBillingDeps<'_>,
    scope: TenantScope,
    public_url: &str,
) -> Result<String, BillingError> {
    let txn = db::tenancy::read(deps.db, scope).await?;
    let customer = repo::fleet::customer_of(&txn).await?;
    txn.commit().await?;
    let customer = customer.ok_or(BillingError::NoBilling)?;
    let return_url = format!("{public_url}{}", "/fleet-dashboard/billing");
    deps.payments
        .create_portal_session(&customer, &return_url)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, "billing portal session could not be created");
            BillingError::PortalFailed
        })
}
