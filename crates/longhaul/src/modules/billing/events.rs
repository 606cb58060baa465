//! Applying Stripe events to signups. The verified webhook and the offline
//! test checkout both come through `apply_event`.

use super::error::BillingError;
use super::repo;
use crate::integrations::fmcsa::CarrierRegistry;
use crate::integrations::stripe::{CheckoutSession, webhook};
use crate::modules::signup::lookup;
use chrono::{DateTime, TimeZone, Utc};
use db::entities::fleet_signup;
use domain::DotNumber;
use domain::pricing::band_for;
use sea_orm::{ConnectionTrait, DatabaseConnection, IntoActiveModel, Set};
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

#[derive(Debug, Clone, Deserialize)]
pub struct StripeEvent {
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: String,
    /// Unix seconds.
    pub created: i64,
    pub data: EventData,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EventData {
    pub object: Value,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Applied {
    Recorded,
    Duplicate,
}

/// A webhook delivery: the raw body is verified against `Stripe-Signature`
/// with the endpoint's secret before anything is parsed or recorded.
pub async fn receive(
    db: &DatabaseConnection,
    carriers: &dyn CarrierRegistry,
    body: &[u8],
    signature: &str,
    secret: &str,
) -> Result<Applied, BillingError> {
    webhook::verify(body, signature, secret, Utc::now().timestamp()).map_err(|err| {
        tracing::warn!(error = %err, "Stripe webhook refused");
        BillingError::InvalidSignature(err.to_string())
    })?;
    let event: StripeEvent = serde_json::from_slice(body)
        .map_err(|err| BillingError::InvalidEvent(format!("not a Stripe event: {err}")))?;
    apply_event(db, carriers, &event).await
}

/// Records the event id and applies it in one transaction: a failure leaves
/// no trace, so Stripe's retry applies it again; a repeat is a no-op.
pub async fn apply_event(
    db: &DatabaseConnection,
    carriers: &dyn CarrierRegistry,
    event: &StripeEvent,
) -> Result<Applied, BillingError> {
    let object = &event.data.object;
    let completed_session = match event.event_type.as_str() {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
            let session: CheckoutSession = serde_json::from_value(object.clone()).map_err(|e| {
                BillingError::field("data.object", format!("not a checkout session: {e}"))
            })?;
            // The carrier is asked before the transaction: no outside call
            // while the database is held.
            let review = review_band(db, carriers, &session).await?;
            Some((session, review))
        }
        _ => None,
    };
    let txn = db::begin_write(db).await?;
    if !repo::record_event(&txn, &event.id, &event.event_type).await? {
        return Ok(Applied::Duplicate);
    }
    let at = Utc
        .timestamp_opt(event.created, 0)
        .single()
        .unwrap_or_else(Utc::now);
    match event.event_type.as_str() {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
            if let Some((session, review)) = &completed_session {
                record_checkout(&txn, session, at, review.clone()).await?;
            }
        }
        "customer.subscription.created"
        | "customer.subscription.updated"
        | "customer.subscription.deleted" => {
            let subscription_id = object["id"].as_str().unwrap_or_default();
            let status = if event.event_type.ends_with("deleted") {
                "canceled"
            } else {
                object["status"].as_str().unwrap_or("incomplete")
            };
            let signup = match metadata_signup(&object["metadata"]) {
                Some(id) => repo::signup(&txn, id).await?,
                None => repo::signup_by_subscription(&txn, subscription_id).await?,
            };
            match signup {
                Some(signup) => {
                    let customer = object["customer"].as_str().map(str::to_owned);
                    update_state(
                        &txn,
                        signup,
                        Some(subscription_id.to_owned()),
                        customer,
                        status,
                        at,
                    )
                    .await?
                }
                None => tracing::warn!(event = %event.id, "subscription event for no known signup"),
            }
        }
        "invoice.paid" | "invoice.payment_failed" => {
            let subscription_id = object["subscription"]
                .as_str()
                .or_else(|| object["parent"]["subscription_details"]["subscription"].as_str());
            let signup = match (
                subscription_id,
                metadata_signup(&object["parent"]["subscription_details"]["metadata"]),
            ) {
                (_, Some(id)) => repo::signup(&txn, id).await?,
                (Some(sub), None) => repo::signup_by_subscription(&txn, sub).await?,
                (None, None) => None,
            };
            let status = if event.event_type == "invoice.paid" {
                "active"
            } else {
                "past_due"
            };
            match signup {
                Some(signup) => {
                    let customer = object["customer"].as_str().map(str::to_owned);
                    update_state(
                        &txn,
                        signup,
                        subscription_id.map(str::to_owned),
                        customer,
                        status,
                        at,
                    )
                    .await?
                }
                None => tracing::warn!(event = %event.id, "invoice event for no known signup"),
            }
        }
        other => tracing::debug!(event_type = other, "Stripe event ignored"),
    }
    txn.commit().await?;
    Ok(Applied::Recorded)
}

fn metadata_signup(metadata: &Value) -> Option<Uuid> {
    metadata["signup_id"]
        .as_str()
        .and_then(|s| Uuid::parse_str(s).ok())
}

/// The signup a checkout session charges for: named by the session, else
/// the one the session was opened for.
pub(super) async fn signup_of<C: ConnectionTrait>(
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
pub(super) fn is_paid(session: &CheckoutSession) -> bool {
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
        notes.push(format!(
            "Stripe charged {} but the band {paid_band} costs {}.",
            dollars(total),
            dollars(paid_cents)
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
                notes.push(format!(
                    "The carrier now reports {} power units ({}, {}/month); {paid_band} was paid ({}/month).",
                    record.power_units,
                    now.label,
                    dollars(now.monthly_rate_cents),
                    dollars(paid_cents)
                ));
            }
        }
        None => notes.push(format!(
            "DOT {} could not be re-checked with the carrier registry when the payment arrived.",
            signup.dot_number
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
async fn update_state<C: ConnectionTrait>(
    db: &C,
    signup: fleet_signup::Model,
    subscription_id: Option<String>,
    customer_id: Option<String>,
    status: &str,
    at: DateTime<Utc>,
) -> Result<(), BillingError> {
    let newer = signup.subscription_event_at.is_none_or(|seen| at >= seen);
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
