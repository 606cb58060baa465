//! The Stripe stand-in's pages (`/api/test-checkout/*`, `/api/test-portal/*`):
//! what they show, read from the stand-in, and what they do, done by the
//! stand-in with its events applied here (`StandInEvents`).

use crate::integrations::stripe::objects::Charge;
use crate::integrations::stripe::test_mode::{self, CardInput, PortalAction};
use crate::modules::billing::dto::{
    CardView, PaymentView, SubscriptionView, TestCheckoutView, TestPortalView,
};
use crate::modules::billing::error::BillingError;
use crate::modules::billing::events::StandInEvents;
use domain::texts;
use sea_orm::DatabaseConnection;

pub async fn checkout_view(
    db: &DatabaseConnection,
    id: &str,
) -> Result<TestCheckoutView, BillingError> {
    Ok(test_mode::find_checkout(db, id).await?.into())
}

/// Returns the success URL to send the browser to.
pub async fn pay(
    events: &StandInEvents<'_>,
    public_url: &str,
    id: &str,
    card: CardInput<'_>,
) -> Result<String, BillingError> {
    test_mode::pay(events.db, events, public_url, id, card).await
}

pub async fn portal_view(
    db: &DatabaseConnection,
    id: &str,
) -> Result<TestPortalView, BillingError> {
    let (customer, return_url) = test_mode::portal_session(db, id).await?;
    let billing = test_mode::customer_billing(db, &customer).await?;
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
            card: card.map(|c| CardView {
                brand: c.brand,
                last4: c.last4,
                exp_month: c.exp_month,
                exp_year: c.exp_year,
            }),
        }),
        payments: billing.charges.iter().map(payment_view).collect(),
    })
}

pub async fn portal_act(
    events: &StandInEvents<'_>,
    public_url: &str,
    id: &str,
    action: PortalAction,
    card_number: Option<&str>,
) -> Result<TestPortalView, BillingError> {
    test_mode::portal_act(events.db, events, public_url, id, action, card_number).await?;
    portal_view(events.db, id).await
}

/// A stand-in charge's receipt.
pub async fn receipt(db: &DatabaseConnection, id: &str) -> Result<PaymentView, BillingError> {
    Ok(payment_view(&test_mode::receipt(db, id).await?))
}

fn payment_view(c: &Charge) -> PaymentView {
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
