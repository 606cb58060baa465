//! The stand-in's Customer Portal and receipts: pages of its own so that
//! `make run` reaches every billing state (a new card, a failed renewal,
//! retries exhausted, a cancellation) without Stripe.

use super::super::objects::Charge;
use super::checkout::classify_test_card;
use super::store::object;
use super::world::{self, PortalAction};
use super::{EventSink, TestModeError};
use domain::texts;
use sea_orm::DatabaseConnection;
use std::collections::BTreeMap;

/// A portal session (`bps_test_…`, made by `open_portal`): its customer and
/// where its page returns to.
pub async fn portal_session(
    db: &DatabaseConnection,
    id: &str,
) -> Result<(String, String), TestModeError> {
    let body = match id.starts_with("bps_test_") {
        true => object(db, id).await?,
        false => None,
    }
    .ok_or(TestModeError::NotFound)?;
    let customer = body["customer"].as_str().unwrap_or_default().to_owned();
    let return_url = body["return_url"].as_str().unwrap_or_default().to_owned();
    Ok((customer, return_url))
}

/// Changes the session's subscription as the customer or time would; the
/// events that say so go to `sink`.
pub async fn portal_act<S: EventSink>(
    db: &DatabaseConnection,
    sink: &S,
    public_url: &str,
    id: &str,
    action: PortalAction,
    card_number: Option<&str>,
) -> Result<(), S::Error> {
    let (customer, _) = portal_session(db, id).await?;
    let card_number = match action {
        PortalAction::UpdateCard => Some(test_card(card_number)?),
        _ => None,
    };
    world::act(
        db,
        sink,
        public_url,
        &customer,
        action,
        card_number.as_deref(),
    )
    .await
}

/// A new card for `update_card`: one of Stripe's test numbers.
fn test_card(card_number: Option<&str>) -> Result<String, TestModeError> {
    let number: String = card_number
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if classify_test_card(&number) {
        return Ok(number);
    }
    let message = texts().test_checkout.invalid_card.clone();
    Err(TestModeError::Invalid {
        fields: BTreeMap::from([("card_number".to_owned(), message.clone())]),
        message,
    })
}

/// A stand-in charge (`ch_test_…`), for its receipt.
pub async fn receipt(db: &DatabaseConnection, id: &str) -> Result<Charge, TestModeError> {
    let body = match id.starts_with("ch_test_") {
        true => object(db, id).await?,
        false => None,
    }
    .ok_or(TestModeError::NotFound)?;
    serde_json::from_value(body).map_err(|e| TestModeError::BadObject(e.to_string()))
}
