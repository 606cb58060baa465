//! The Stripe stand-in's Customer Portal and receipts: pages of its own so
//! that `make run` reaches every billing state (a new card, a failed
//! renewal, retries exhausted, a cancellation) without Stripe.

use super::dto::{PaymentView, SubscriptionView, TestPortalView};
use super::error::BillingError;
use super::test_checkout::classify_test_card;
use super::test_stripe::{self, PortalAction};
use crate::integrations::fmcsa::CarrierRegistry;
use crate::integrations::stripe::test_mode::{customer_billing, object};
use domain::texts;
use sea_orm::DatabaseConnection;

async fn session(db: &DatabaseConnection, id: &str) -> Result<(String, String), BillingError> {
    let body = match id.starts_with("bps_test_") {
        true => object(db, id).await?,
        false => None,
    }
    .ok_or(BillingError::TestCheckoutNotFound)?;
    let customer = body["customer"].as_str().unwrap_or_default().to_owned();
    let return_url = body["return_url"].as_str().unwrap_or_default().to_owned();
    Ok((customer, return_url))
}

pub async fn view(db: &DatabaseConnection, id: &str) -> Result<TestPortalView, BillingError> {
    let (customer, return_url) = session(db, id).await?;
    let billing = customer_billing(db, &customer).await?;
    let t = &texts().billing;
    let card = billing.default_card.as_ref().and_then(|pm| pm.card.clone());
    Ok(TestPortalView {
        id: id.to_owned(),
        customer,
        return_url,
        subscription: billing.subscriptions.first().map(|s| SubscriptionView {
            id: s.id.clone(),
            plan_name: t.plan_name.clone(),
            amount_cents: s.amount_cents(),
            currency: s.currency(),
            status: s.status.clone(),
            current_period_end: s.period_end(),
            cancel_at_period_end: s.cancel_at_period_end,
            card: card.map(|c| super::dto::CardView {
                brand: c.brand,
                last4: c.last4,
                exp_month: c.exp_month,
                exp_year: c.exp_year,
            }),
        }),
        payments: billing.charges.iter().map(payment_view).collect(),
    })
}

fn payment_view(c: &crate::integrations::stripe::objects::Charge) -> PaymentView {
    PaymentView {
        id: c.id.clone(),
        amount_cents: c.amount,
        amount_refunded_cents: c.amount_refunded,
        currency: c.currency.clone(),
        status: c.status.clone(),
        created: c.created,
        description: c
            .description
            .clone()
            .unwrap_or_else(|| texts().billing.default_description.clone()),
        card_brand: c.card().and_then(|c| c.brand.clone()),
        card_last4: c.card().and_then(|c| c.last4.clone()),
        receipt_url: c.receipt_url.clone(),
    }
}

pub async fn act(
    db: &DatabaseConnection,
    carriers: &dyn CarrierRegistry,
    public_url: &str,
    id: &str,
    action: PortalAction,
    card_number: Option<&str>,
) -> Result<TestPortalView, BillingError> {
    let (customer, _) = session(db, id).await?;
    let card_number = match action {
        PortalAction::UpdateCard => {
            let number: String = card_number
                .unwrap_or_default()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            if !classify_test_card(&number) {
                return Err(BillingError::field(
                    "card_number",
                    texts().test_checkout.invalid_card.clone(),
                ));
            }
            Some(number)
        }
        _ => None,
    };
    test_stripe::act(
        db,
        carriers,
        public_url,
        &customer,
        action,
        card_number.as_deref(),
    )
    .await?;
    view(db, id).await
}

/// A stand-in charge's receipt.
pub async fn receipt(db: &DatabaseConnection, id: &str) -> Result<PaymentView, BillingError> {
    let body = match id.starts_with("ch_test_") {
        true => object(db, id).await?,
        false => None,
    }
    .ok_or(BillingError::TestCheckoutNotFound)?;
    let charge: crate::integrations::stripe::objects::Charge =
        serde_json::from_value(body).map_err(|e| BillingError::InvalidEvent(e.to_string()))?;
    Ok(payment_view(&charge))
}
