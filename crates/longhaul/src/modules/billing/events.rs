//! Applying Stripe events to signups. The verified webhook and the offline
//! test checkout both come through `apply_event`.

use crate::http::ApiError;
use crate::integrations::stripe::CheckoutSession;
use crate::modules::signup::repo;
use chrono::{DateTime, TimeZone, Utc};
use db::entities::{fleet_signup, stripe_event};
use sea_orm::{ActiveModelTrait, ConnectionTrait, DatabaseConnection, IntoActiveModel, Set};
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

/// Records the event id and applies it in one transaction: a failure leaves
/// no trace, so Stripe's retry applies it again; a repeat is a no-op.
pub async fn apply_event(
    db: &DatabaseConnection,
    event: &StripeEvent,
) -> Result<Applied, ApiError> {
    let txn = db::begin_write(db).await?;
    let inserted = stripe_event::ActiveModel {
        id: Set(event.id.clone()),
        event_type: Set(event.event_type.clone()),
        received_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await;
    if let Err(err) = inserted {
        if matches!(
            err.sql_err(),
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
        ) {
            return Ok(Applied::Duplicate);
        }
        return Err(err.into());
    }
    let at = Utc
        .timestamp_opt(event.created, 0)
        .single()
        .unwrap_or_else(Utc::now);
    let object = &event.data.object;
    match event.event_type.as_str() {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
            let session: CheckoutSession = serde_json::from_value(object.clone()).map_err(|e| {
                ApiError::field("data.object", format!("not a checkout session: {e}"))
            })?;
            record_checkout(&txn, &session, at).await?;
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
                Some(id) => repo::find(&txn, id).await?,
                None => repo::find_by_subscription(&txn, subscription_id).await?,
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
                (_, Some(id)) => repo::find(&txn, id).await?,
                (Some(sub), None) => repo::find_by_subscription(&txn, sub).await?,
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

/// A completed checkout: links the session, customer and subscription to the
/// signup; a paid session makes the subscription active.
pub async fn record_checkout<C: ConnectionTrait>(
    db: &C,
    session: &CheckoutSession,
    at: DateTime<Utc>,
) -> Result<(), ApiError> {
    let signup = match session
        .client_reference_id
        .as_deref()
        .and_then(|s| Uuid::parse_str(s).ok())
    {
        Some(id) => repo::find(db, id).await?,
        None => repo::find_by_session(db, &session.id).await?,
    };
    let Some(signup) = signup else {
        tracing::warn!(session = %session.id, "completed checkout for no known signup");
        return Ok(());
    };
    let status =
        if session.payment_status == "paid" || session.payment_status == "no_payment_required" {
            "active"
        } else {
            "incomplete"
        };
    let mut signup = signup;
    if signup.stripe_session_id.is_none() {
        let mut active = signup.into_active_model();
        active.stripe_session_id = Set(Some(session.id.clone()));
        signup = repo::update(db, active).await?;
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
) -> Result<(), ApiError> {
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
        repo::update(db, active).await?;
    }
    Ok(())
}
