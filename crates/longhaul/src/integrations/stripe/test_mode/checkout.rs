//! The stand-in's hosted checkout: it accepts Stripe's test card numbers and
//! completes the session, then tells the `EventSink` as Stripe's webhook
//! would.

use super::super::objects::{EventData, StripeEvent};
use super::world::{self, NewSubscription};
use super::{EventSink, TestModeError, session_of};
use crate::http::validation::{self, refuse};
use chrono::{Datelike, Utc};
use db::entities::test_checkout_session;
use db::system::SystemTable;
use domain::texts;
use sea_orm::{ActiveModelTrait, DatabaseConnection, IntoActiveModel, Set};

/// A test checkout session by its id (`cs_test_…`).
pub async fn find_checkout(
    db: &DatabaseConnection,
    id: &str,
) -> Result<test_checkout_session::Model, TestModeError> {
    test_checkout_session::Entity::row(id.to_owned())
        .one(db)
        .await?
        .ok_or(TestModeError::NotFound)
}

enum Card {
    Succeeds,
    Declined,
}

/// Stripe's documented test numbers; anything else is refused as Stripe's
/// test mode refuses real cards.
fn classify(number: &str) -> Option<Card> {
    match number {
        "4242424242424242" | "4000056655665556" | "5555555555554444" | "378282246310005" => {
            Some(Card::Succeeds)
        }
        "4000000000000002" | "4000000000009995" | "4000000000000069" | "4000000000000127" => {
            Some(Card::Declined)
        }
        _ => None,
    }
}

/// "MM/YY" or "MM/YYYY" as (month, four-digit year).
fn parse_expiry(expiry: &str) -> Option<(u32, i32)> {
    let (m, y) = expiry.trim().split_once('/')?;
    let (month, year) = (m.trim().parse::<u32>().ok()?, y.trim().parse::<i32>().ok()?);
    let year = if year < 100 { 2000 + year } else { year };
    (1..=12).contains(&month).then_some((month, year))
}

/// One of Stripe's test card numbers (that pays or that is declined).
pub fn classify_test_card(number: &str) -> bool {
    classify(number).is_some()
}

/// The card as typed on the test checkout page; each field answers with
/// the page's text (decision 036).
#[derive(garde::Validate)]
pub struct CardInput<'a> {
    #[garde(custom(a_test_card))]
    pub card_number: &'a str,
    #[garde(custom(this_month_or_later))]
    pub expiry: &'a str,
    #[garde(custom(three_or_four_digits))]
    pub cvc: &'a str,
}

fn digits_of(card_number: &str) -> String {
    card_number.chars().filter(|c| !c.is_whitespace()).collect()
}

fn a_test_card(value: &str, _: &()) -> garde::Result {
    match classify(&digits_of(value)) {
        Some(_) => Ok(()),
        None => refuse(&texts().test_checkout.invalid_card),
    }
}

fn this_month_or_later(value: &str, _: &()) -> garde::Result {
    let now = Utc::now();
    match parse_expiry(value) {
        Some((month, year)) if (year, month) >= (now.year(), now.month()) => Ok(()),
        _ => refuse(&texts().test_checkout.invalid_expiry),
    }
}

fn three_or_four_digits(value: &str, _: &()) -> garde::Result {
    let cvc = value.trim();
    if (3..=4).contains(&cvc.len()) && cvc.chars().all(|c| c.is_ascii_digit()) {
        Ok(())
    } else {
        refuse(&texts().test_checkout.invalid_cvc)
    }
}

/// Returns the success URL to send the browser to. `public_url` is where
/// the stand-in's sessions point back to.
pub async fn pay<S: EventSink>(
    db: &DatabaseConnection,
    sink: &S,
    public_url: &str,
    id: &str,
    card: CardInput<'_>,
) -> Result<String, S::Error> {
    let row = complete(db, id, &card).await?;
    let session = session_of(&row, public_url);
    let event = StripeEvent {
        id: format!("evt_test_{}", uuid::Uuid::new_v4().simple()),
        event_type: "checkout.session.completed".into(),
        created: Utc::now().timestamp(),
        data: EventData {
            object: serde_json::json!({
                "id": session.id,
                "object": "checkout.session",
                "status": "complete",
                "payment_status": "paid",
                "mode": "subscription",
                "subscription": session.subscription,
                "customer": session.customer,
                "client_reference_id": session.client_reference_id,
                "customer_email": session.customer_email,
                "amount_total": session.amount_total,
                "customer_details": { "email": session.customer_email },
            }),
        },
    };
    sink.deliver(&event).await?;
    let (exp_month, exp_year) = parse_expiry(card.expiry).unwrap_or((12, 2030));
    world::start_subscription(
        db,
        sink,
        public_url,
        NewSubscription {
            customer: session.customer.as_deref().unwrap_or_default(),
            subscription: session.subscription.as_deref().unwrap_or_default(),
            email: session.customer_email.as_deref(),
            amount_cents: row.amount_cents,
            description: &row.description,
            card_number: card.card_number,
            exp_month,
            exp_year,
        },
    )
    .await?;
    Ok(row.success_url)
}

/// The session paid with `card`: complete, with a new customer and subscription.
async fn complete(
    db: &DatabaseConnection,
    id: &str,
    card: &CardInput<'_>,
) -> Result<test_checkout_session::Model, TestModeError> {
    let row = find_checkout(db, id).await?;
    if row.status != "open" {
        return Err(TestModeError::AlreadyComplete);
    }
    validation::check(card).map_err(|refusal| TestModeError::Invalid {
        message: refusal.message,
        fields: refusal.fields,
    })?;
    if let Some(Card::Declined) = classify(&digits_of(card.card_number)) {
        return Err(TestModeError::CardDeclined);
    }
    let mut active = row.into_active_model();
    active.status = Set("complete".into());
    active.payment_status = Set("paid".into());
    active.subscription_id = Set(Some(format!("sub_test_{}", uuid::Uuid::new_v4().simple())));
    active.customer_id = Set(Some(format!("cus_test_{}", uuid::Uuid::new_v4().simple())));
    Ok(active.update(db).await?)
}
