//! A signup's subscription state as Stripe reports it: which signup a
//! checkout charges for, the band check on payment, and the status that
//! newer events overwrite.

use crate::integrations::fmcsa::CarrierRegistry;
use crate::integrations::stripe::CheckoutSession;
use crate::modules::billing::error::BillingError;
use crate::modules::billing::repo;
use crate::modules::signup::lookup;
use chrono::{DateTime, Utc};
use db::entities::fleet_signup;
use domain::DotNumber;
use domain::pricing::band_for;
use domain::texts::{fill, texts};
use sea_orm::{ConnectionTrait, DatabaseConnection, IntoActiveModel, Set};
use uuid::Uuid;

/// The signup a checkout session charges for: named by the session, else
/// the one the session was opened for.
pub(crate) async fn signup_of<C: ConnectionTrait>(
    db: &C,
    session: &CheckoutSession,
) -> Result<Option<fleet_signup::Model>, BillingError> {
    Ok(
        match session
            .client_reference_id
            .as_deref()
            .and_then(|s| Uuid::parse_str(s).ok())
        {
            Some(id) => repo::signup(db, id).await?,
            None => repo::signup_by_checkout(db, &session.id).await?,
        },
    )
}

/// Paid, or nothing to pay: the subscription may start.
pub(crate) fn is_paid(session: &CheckoutSession) -> bool {
    session.payment_status == "paid" || session.payment_status == "no_payment_required"
}

fn dollars(cents: i64) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

/// Checks a paid session against what the signup froze at checkout and
/// against the carrier's current size (decision 010). Returns a note for the
/// operator when they disagree; the band paid is what the account gets.
pub async fn review_band(
    db: &DatabaseConnection,
    carriers: &dyn CarrierRegistry,
    session: &CheckoutSession,
) -> Result<Option<String>, BillingError> {
    let Some(signup) = signup_of(db, session).await?.filter(|_| is_paid(session)) else {
        return Ok(None);
    };
    let paid_cents = signup
        .checkout_amount_cents
        .or(signup.monthly_rate_cents)
        .unwrap_or(0);
    let paid_band = signup
        .checkout_fleet_size
        .clone()
        .or(signup.fleet_size.clone())
        .unwrap_or_default();
    let mut notes = Vec::new();
    if let Some(total) = session.amount_total.filter(|t| *t < paid_cents) {
        notes.push(fill(
            &texts().server.billing.charged_less,
            &[
                ("charged", &dollars(total)),
                ("band", &paid_band),
                ("price", &dollars(paid_cents)),
            ],
        ));
    }
    let carrier = match DotNumber::parse(&signup.dot_number) {
        Ok(dot) => lookup::find_carrier(db, carriers, &dot).await.ok(),
        Err(_) => None,
    };
    match carrier {
        Some(record) => {
            let now = band_for(record.power_units);
            if now.monthly_rate_cents > paid_cents {
                notes.push(fill(
                    &texts().server.billing.carrier_grew,
                    &[
                        ("units", &record.power_units.to_string()),
                        ("label", &now.label),
                        ("rate", &dollars(now.monthly_rate_cents)),
                        ("band", &paid_band),
                        ("paid", &dollars(paid_cents)),
                    ],
                ));
            }
        }
        None => notes.push(fill(
            &texts().server.billing.carrier_not_rechecked,
            &[("dot", &signup.dot_number)],
        )),
    }
    Ok((!notes.is_empty()).then(|| notes.join(" ")))
}

/// A completed checkout: links the session, customer and subscription to the
/// signup and records the payer's e-mail; a paid session makes the
/// subscription active for the band frozen at checkout, with `review` kept
/// for the operator when the band did not check out.
pub async fn record_checkout<C: ConnectionTrait>(
    db: &C,
    session: &CheckoutSession,
    at: DateTime<Utc>,
    review: Option<String>,
) -> Result<(), BillingError> {
    let signup = signup_of(db, session).await?;
    let Some(signup) = signup else {
        tracing::warn!(session = %session.id, "completed checkout for no known signup");
        return Ok(());
    };
    let status = if is_paid(session) {
        "active"
    } else {
        "incomplete"
    };
    if signup
        .stripe_session_id
        .as_deref()
        .is_some_and(|id| id != session.id)
    {
        tracing::warn!(session = %session.id, signup = %signup.id, "completed checkout is not the signup's session");
        return Ok(());
    }
    let mut signup = signup;
    let payer = session.payer_email().map(|e| e.trim().to_lowercase());
    let link_session = signup.stripe_session_id.is_none();
    let link_payer = signup.payer_email.is_none() && payer.is_some() && status == "active";
    let flag = review.is_some() && signup.band_review != review;
    if link_session || link_payer || flag {
        let mut active = signup.into_active_model();
        if link_session {
            active.stripe_session_id = Set(Some(session.id.clone()));
        }
        if link_payer {
            active.payer_email = Set(payer);
        }
        if flag {
            active.band_review = Set(review);
        }
        signup = repo::save_signup(db, active).await?;
    }
    update_state(
        db,
        signup,
        session.subscription.clone(),
        session.customer.clone(),
        status,
        at,
    )
    .await
}

/// Links ids that are still missing, and sets the status unless a newer
/// event already did: deliveries arrive out of order.
pub(crate) async fn update_state<C: ConnectionTrait>(
    db: &C,
    signup: fleet_signup::Model,
    subscription_id: Option<String>,
    customer_id: Option<String>,
    status: &str,
    at: DateTime<Utc>,
) -> Result<(), BillingError> {
    // Same-second states are ordered by Stripe's lifecycle (decision 023),
    // so the outcome does not hang on which delivery came first.
    let rank = domain::billing::subscription_status_rank;
    let newer = match (
        signup.subscription_event_at,
        signup.subscription_status.as_deref(),
    ) {
        (Some(seen), _) if at != seen => at > seen,
        (Some(_), Some(current)) => rank(status) >= rank(current),
        _ => true,
    };
    let mut active = signup.clone().into_active_model();
    let mut changed = false;
    if signup.stripe_subscription_id.is_none()
        && subscription_id.as_deref().is_some_and(|s| !s.is_empty())
    {
        active.stripe_subscription_id = Set(subscription_id);
        changed = true;
    }
    if signup.stripe_customer_id.is_none() && customer_id.is_some() {
        active.stripe_customer_id = Set(customer_id);
        changed = true;
    }
    if newer {
        active.subscription_status = Set(Some(status.to_owned()));
        active.subscription_event_at = Set(Some(at));
        changed = true;
    }
    if changed {
        repo::save_signup(db, active).await?;
    }
    Ok(())
}
