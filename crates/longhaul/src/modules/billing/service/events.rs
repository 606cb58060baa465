//! Applying Stripe events to signups. The verified webhook and the offline
//! Stripe stand-in (through `StandInEvents`) both come through `apply_event`.

use super::subscription::{record_checkout, review_band, update_state};
use crate::integrations::fmcsa::CarrierRegistry;
use crate::integrations::stripe::objects::{Charge, Subscription};
use crate::integrations::stripe::test_mode::EventSink;
use crate::integrations::stripe::{CheckoutSession, webhook};
use crate::modules::billing::error::BillingError;
use crate::modules::billing::repo;
use crate::modules::billing::repo::mirror::{self, subscription_version};
use chrono::Utc;
use sea_orm::DatabaseConnection;
use serde_json::Value;
use uuid::Uuid;

pub use crate::integrations::stripe::objects::{EventData, StripeEvent};

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
    let at = mirror::seconds(event.created);
    match event.event_type.as_str() {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
            if let Some((session, review)) = &completed_session {
                record_checkout(&txn, session, at, review.clone()).await?;
            }
        }
        "customer.subscription.created"
        | "customer.subscription.updated"
        | "customer.subscription.deleted"
        | "customer.subscription.paused"
        | "customer.subscription.resumed" => {
            let sub: Subscription = serde_json::from_value(object.clone()).map_err(|e| {
                BillingError::field("data.object", format!("not a subscription: {e}"))
            })?;
            mirror::record_subscription(&txn, &sub, subscription_version(&sub, at, &event.id))
                .await?;
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
                None => {
                    tracing::debug!(event = %event.id, "subscription event for no known signup (kept in the billing copy)")
                }
            }
        }
        "charge.succeeded" | "charge.failed" | "charge.pending" | "charge.refunded"
        | "charge.updated" | "charge.captured" | "charge.expired" => {
            let charge: Charge = serde_json::from_value(object.clone())
                .map_err(|e| BillingError::field("data.object", format!("not a charge: {e}")))?;
            mirror::record_charge(&txn, &charge, at, &event.id).await?;
        }
        "customer.updated" | "payment_method.attached" | "payment_method.updated" => {
            // A new default card: the event does not say which card is the
            // default now, the API will.
            let customer = if event.event_type == "customer.updated" {
                object["id"].as_str()
            } else {
                object["customer"].as_str()
            };
            if let Some(customer) = customer {
                mirror::mark_stale(&txn, customer).await?;
            }
        }
        "invoice.paid" | "invoice.payment_failed" => {
            // The invoice's own state is not shown; what it changed (a
            // charge, the card's fate) is read from the API on the next view.
            if let Some(customer) = object["customer"].as_str() {
                mirror::mark_stale(&txn, customer).await?;
            }
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
                None => tracing::debug!(event = %event.id, "invoice event for no known signup"),
            }
        }
        other => tracing::debug!(event_type = other, "Stripe event ignored"),
    }
    txn.commit().await?;
    Ok(Applied::Recorded)
}

/// The Stripe stand-in's events, applied here as a verified webhook's are.
pub struct StandInEvents<'a> {
    pub db: &'a DatabaseConnection,
    pub carriers: &'a dyn CarrierRegistry,
}

#[async_trait::async_trait]
impl EventSink for StandInEvents<'_> {
    type Error = BillingError;

    async fn deliver(&self, event: &StripeEvent) -> Result<(), BillingError> {
        apply_event(self.db, self.carriers, event).await.map(drop)
    }

    async fn subscription_state_at(&self, subscription: &str) -> Result<Option<i64>, BillingError> {
        Ok(repo::subscription_state_at(self.db, subscription)
            .await?
            .map(|at| at.timestamp()))
    }
}

fn metadata_signup(metadata: &Value) -> Option<Uuid> {
    metadata["signup_id"]
        .as_str()
        .and_then(|s| Uuid::parse_str(s).ok())
}
