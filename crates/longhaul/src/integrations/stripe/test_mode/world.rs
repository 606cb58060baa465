//! The stand-in's world: a customer's payment method, subscription and
//! charges, changed by the test checkout and the stand-in's portal page, and
//! announced as Stripe events to the `EventSink`.

use super::super::objects::{EventData, StripeEvent};
use super::store::{new_id, object, objects_of, save};
use super::{EventSink, TestModeError};
use chrono::{Months, Utc};
use sea_orm::DatabaseConnection;
use serde_json::{Value, json};

/// Changes to announce: an event type and its object.
type Changes = Vec<(&'static str, Value)>;

/// A card from one of Stripe's test numbers, as a payment method object.
fn card_of(number: &str, exp_month: u32, exp_year: i32) -> Value {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    let brand = match digits.as_bytes().first() {
        Some(b'4') => "visa",
        Some(b'5') => "mastercard",
        Some(b'3') => "amex",
        _ => "unknown",
    };
    json!({
        "brand": brand,
        "last4": &digits[digits.len().saturating_sub(4)..],
        "exp_month": exp_month,
        "exp_year": exp_year,
        "funding": "credit",
        "country": "US",
    })
}

/// Announces a change as Stripe events. They are stamped a second after the
/// subscription's stored state at the least: two clicks on the portal page
/// within one second must still read as one after the other.
async fn announce<S: EventSink>(
    sink: &S,
    subscription: &str,
    events: Changes,
) -> Result<(), S::Error> {
    let stored = sink
        .subscription_state_at(subscription)
        .await?
        .map(|at| at + 1);
    let now = Utc::now().timestamp().max(stored.unwrap_or(0));
    for (event_type, object) in events {
        let event = StripeEvent {
            id: new_id("evt"),
            event_type: event_type.to_owned(),
            created: now,
            data: EventData { object },
        };
        sink.deliver(&event).await?;
    }
    Ok(())
}

fn charge_object(
    customer: &str,
    amount: i64,
    status: &str,
    description: &str,
    card: &Value,
    public_url: &str,
) -> Value {
    let id = new_id("ch");
    json!({
        "id": id,
        "object": "charge",
        "amount": amount,
        "amount_refunded": 0,
        "currency": "usd",
        "customer": customer,
        "status": status,
        "paid": status == "succeeded",
        "created": Utc::now().timestamp(),
        "description": description,
        "receipt_url": (status == "succeeded").then(|| format!("{public_url}/test-portal/receipts/{id}")),
        "failure_message": (status == "failed").then_some("Your card was declined."),
        "payment_method_details": { "type": "card", "card": card },
    })
}

/// A subscription paid at the test checkout: its customer, card, the
/// subscription itself and the first payment.
pub struct NewSubscription<'a> {
    pub customer: &'a str,
    pub subscription: &'a str,
    pub email: Option<&'a str>,
    pub amount_cents: i64,
    pub description: &'a str,
    pub card_number: &'a str,
    pub exp_month: u32,
    pub exp_year: i32,
}

pub async fn start_subscription<S: EventSink>(
    db: &DatabaseConnection,
    sink: &S,
    public_url: &str,
    new: NewSubscription<'_>,
) -> Result<(), S::Error> {
    let changes = open_subscription(db, public_url, &new).await?;
    announce(sink, new.subscription, changes).await
}

async fn open_subscription(
    db: &DatabaseConnection,
    public_url: &str,
    new: &NewSubscription<'_>,
) -> Result<Changes, TestModeError> {
    let pm_id = new_id("pm");
    let card = card_of(new.card_number, new.exp_month, new.exp_year);
    save(db, &pm_id, "payment_method", Some(new.customer),
        &json!({ "id": pm_id, "object": "payment_method", "type": "card", "customer": new.customer, "card": card })).await?;
    save(
        db,
        new.customer,
        "customer",
        Some(new.customer),
        &json!({ "id": new.customer, "object": "customer", "email": new.email,
                 "invoice_settings": { "default_payment_method": pm_id } }),
    )
    .await?;
    let start = Utc::now();
    let end = start.checked_add_months(Months::new(1)).unwrap_or(start);
    let subscription = |status: &str| {
        json!({
            "id": new.subscription,
            "object": "subscription",
            "customer": new.customer,
            "status": status,
            "cancel_at_period_end": false,
            "currency": "usd",
            "default_payment_method": pm_id,
            "items": { "object": "list", "has_more": false, "data": [{
                "id": new_id("si"),
                "object": "subscription_item",
                "quantity": 1,
                "current_period_start": start.timestamp(),
                "current_period_end": end.timestamp(),
                "price": { "id": new_id("price"), "object": "price", "currency": "usd",
                           "unit_amount": new.amount_cents, "recurring": { "interval": "month" },
                           "product": new.description },
            }]},
        })
    };
    let charge = charge_object(
        new.customer,
        new.amount_cents,
        "succeeded",
        "Subscription creation",
        &card,
        public_url,
    );
    let active = subscription("active");
    save(
        db,
        new.subscription,
        "subscription",
        Some(new.customer),
        &active,
    )
    .await?;
    save(
        db,
        charge["id"].as_str().unwrap_or_default(),
        "charge",
        Some(new.customer),
        &charge,
    )
    .await?;
    Ok(vec![
        ("customer.subscription.created", subscription("incomplete")),
        ("charge.succeeded", charge.clone()),
        (
            "invoice.paid",
            json!({ "id": new_id("in"), "object": "invoice", "customer": new.customer,
            "status": "paid", "amount_paid": new.amount_cents,
            "parent": { "subscription_details": { "subscription": new.subscription, "metadata": {} } } }),
        ),
        ("customer.subscription.updated", active),
    ])
}

/// Earlier months' payments of a stand-in subscription (the demo fleet's
/// history), announced as Stripe would have at the time.
pub async fn backfill_payments<S: EventSink>(
    db: &DatabaseConnection,
    sink: &S,
    public_url: &str,
    customer: &str,
    amount_cents: i64,
    months: u32,
) -> Result<(), S::Error> {
    for event in past_payments(db, public_url, customer, amount_cents, months).await? {
        sink.deliver(&event).await?;
    }
    Ok(())
}

async fn past_payments(
    db: &DatabaseConnection,
    public_url: &str,
    customer: &str,
    amount_cents: i64,
    months: u32,
) -> Result<Vec<StripeEvent>, TestModeError> {
    let mut events = Vec::new();
    let pm = objects_of(db, customer, "payment_method").await?;
    let card = pm.first().map(|p| p["card"].clone()).unwrap_or(Value::Null);
    for month in 1..=months {
        let Some(when) = Utc::now().checked_sub_months(Months::new(month)) else {
            continue;
        };
        let mut charge = charge_object(
            customer,
            amount_cents,
            "succeeded",
            "Subscription update",
            &card,
            public_url,
        );
        charge["created"] = json!(when.timestamp());
        save(
            db,
            charge["id"].as_str().unwrap_or_default(),
            "charge",
            Some(customer),
            &charge,
        )
        .await?;
        events.push(StripeEvent {
            id: new_id("evt"),
            event_type: "charge.succeeded".into(),
            created: when.timestamp(),
            data: EventData { object: charge },
        });
    }
    Ok(events)
}

/// What the stand-in's portal page can do to a subscription: the customer's
/// own actions (a new card, cancel, resume) and what time would bring
/// (a renewal that fails or succeeds, the retries running out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PortalAction {
    UpdateCard,
    RenewalFails,
    RenewalSucceeds,
    RetriesExhausted,
    Cancel,
    Resume,
}

pub async fn act<S: EventSink>(
    db: &DatabaseConnection,
    sink: &S,
    public_url: &str,
    customer: &str,
    action: PortalAction,
    card_number: Option<&str>,
) -> Result<(), S::Error> {
    let (subscription, changes) = change(db, public_url, customer, action, card_number).await?;
    announce(sink, &subscription, changes).await
}

/// The subscription changed by `action`, and the events that say so.
async fn change(
    db: &DatabaseConnection,
    public_url: &str,
    customer: &str,
    action: PortalAction,
    card_number: Option<&str>,
) -> Result<(String, Changes), TestModeError> {
    let Some(mut sub) = objects_of(db, customer, "subscription")
        .await?
        .into_iter()
        .next()
    else {
        return Err(TestModeError::NotFound);
    };
    let sub_id = sub["id"].as_str().unwrap_or_default().to_owned();
    let pm_id = sub["default_payment_method"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let card = object(db, &pm_id)
        .await?
        .map(|pm| pm["card"].clone())
        .unwrap_or(Value::Null);
    let amount = sub["items"]["data"][0]["price"]["unit_amount"]
        .as_i64()
        .unwrap_or(0);
    let invoice = |status: &str| {
        json!({ "id": new_id("in"), "object": "invoice", "customer": customer, "status": status,
        "parent": { "subscription_details": { "subscription": sub_id, "metadata": {} } } })
    };
    let mut events: Changes = Vec::new();
    let mut new_charge = None;
    match action {
        PortalAction::UpdateCard => {
            let number = card_number.unwrap_or("4242424242424242");
            let new_pm = new_id("pm");
            let year = Utc::now()
                .format("%Y")
                .to_string()
                .parse::<i32>()
                .unwrap_or(2030)
                + 4;
            let card = card_of(number, 12, year);
            save(db, &new_pm, "payment_method", Some(customer),
                &json!({ "id": new_pm, "object": "payment_method", "type": "card", "customer": customer, "card": card })).await?;
            sub["default_payment_method"] = json!(new_pm);
            events.push(("payment_method.attached", json!({ "id": new_pm, "object": "payment_method", "customer": customer, "card": card })));
        }
        PortalAction::RenewalFails | PortalAction::RenewalSucceeds => {
            // A new period begins; its invoice is paid or not.
            let was_active = sub["status"] == "active";
            let item = &mut sub["items"]["data"][0];
            let start = item["current_period_end"]
                .as_i64()
                .unwrap_or_else(|| Utc::now().timestamp());
            let end = chrono::DateTime::from_timestamp(start, 0)
                .and_then(|s| s.checked_add_months(Months::new(1)))
                .map(|e| e.timestamp())
                .unwrap_or(start);
            if was_active {
                item["current_period_start"] = json!(start);
                item["current_period_end"] = json!(end);
            }
            let ok = action == PortalAction::RenewalSucceeds;
            let charge = charge_object(
                customer,
                amount,
                if ok { "succeeded" } else { "failed" },
                "Subscription update",
                &card,
                public_url,
            );
            sub["status"] = json!(if ok { "active" } else { "past_due" });
            events.push((
                if ok {
                    "charge.succeeded"
                } else {
                    "charge.failed"
                },
                charge.clone(),
            ));
            events.push((
                if ok {
                    "invoice.paid"
                } else {
                    "invoice.payment_failed"
                },
                invoice(if ok { "paid" } else { "open" }),
            ));
            new_charge = Some(charge);
        }
        PortalAction::RetriesExhausted => {
            sub["status"] = json!("unpaid");
        }
        PortalAction::Cancel => {
            sub["cancel_at_period_end"] = json!(true);
        }
        PortalAction::Resume => {
            sub["cancel_at_period_end"] = json!(false);
        }
    }
    if let Some(charge) = &new_charge {
        save(
            db,
            charge["id"].as_str().unwrap_or_default(),
            "charge",
            Some(customer),
            charge,
        )
        .await?;
    }
    save(db, &sub_id, "subscription", Some(customer), &sub).await?;
    events.push(("customer.subscription.updated", sub));
    Ok((sub_id, events))
}
