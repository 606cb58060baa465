//! The request and response bodies of `/api/subscriptions/*`,
//! `/api/webhooks/stripe` and `/api/test-checkout/*`.

use db::entities::test_checkout_session;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct SubscriptionCheck {
    /// 'paid' once paid; otherwise the session's state (open, unpaid, expired…).
    pub status: String,
    #[schema(required = true)]
    pub subscription_id: Option<String>,
    /// subscription | payment
    pub mode: String,
    /// The e-mail the payment was made with, for the password form; null
    /// until the session is paid.
    #[schema(required = true)]
    pub email: Option<String>,
    /// Whether that e-mail already has an account; always false until the
    /// session is paid, so the check reveals nothing about accounts.
    pub account_exists: bool,
    /// While the session is still open: where to go back to pay.
    #[schema(required = true)]
    pub checkout_url: Option<String>,
}
#[derive(Serialize, ToSchema)]
pub struct AccountCreated {
    /// The payer's e-mail: the account's, and where the confirmation link went.
    pub email: String,
}

#[derive(Serialize, ToSchema)]
pub struct TestCheckoutView {
    pub id: String,
    pub amount_cents: i64,
    pub currency: String,
    pub description: String,
    #[schema(required = true)]
    pub email: Option<String>,
    /// open | complete
    pub status: String,
    pub success_url: String,
    pub cancel_url: String,
}

impl From<test_checkout_session::Model> for TestCheckoutView {
    fn from(row: test_checkout_session::Model) -> Self {
        TestCheckoutView {
            id: row.id,
            amount_cents: row.amount_cents,
            currency: row.currency,
            description: row.description,
            email: row.customer_email,
            status: row.status,
            success_url: row.success_url,
            cancel_url: row.cancel_url,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct CheckRequest {
    pub session_id: String,
}

#[derive(Deserialize, ToSchema)]
pub struct AccountRequest {
    pub session_id: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PayRequest {
    pub card_number: String,
    pub expiry: String,
    pub cvc: String,
}

#[derive(Serialize, ToSchema)]
pub struct PayResponse {
    pub success_url: String,
}

#[derive(Serialize, ToSchema)]
pub struct WebhookAck {
    pub received: bool,
    pub duplicate: bool,
}

/// The fleet's billing page (spec part 2 §2 Billing, §3 Subscription and
/// Payment): rendered from our copy of Stripe's data.
#[derive(Serialize, ToSchema)]
pub struct BillingOverview {
    /// Null when the fleet has no subscription at Stripe ('No billing
    /// information found').
    #[schema(required = true)]
    pub subscription: Option<SubscriptionView>,
    /// Every payment, newest first.
    pub payments: Vec<PaymentView>,
    pub state: BillingState,
    /// When Stripe's API was last read for this fleet.
    #[schema(required = true)]
    pub refreshed_at: Option<chrono::DateTime<chrono::Utc>>,
    /// A read of Stripe's API is under way; ask again shortly.
    pub refreshing: bool,
    /// Stripe's offline stand-in answers, not Stripe.
    pub stand_in: bool,
}

#[derive(Serialize, ToSchema)]
pub struct SubscriptionView {
    pub id: String,
    /// 'Fleet Pro'.
    pub plan_name: String,
    /// A period's price, in cents.
    #[schema(required = true)]
    pub amount_cents: Option<i64>,
    #[schema(required = true)]
    pub currency: Option<String>,
    /// Stripe's status: active, past_due, unpaid, canceled, trialing, …
    pub status: String,
    /// Unix seconds.
    #[schema(required = true)]
    pub current_period_end: Option<i64>,
    pub cancel_at_period_end: bool,
    /// The card invoices are charged to.
    #[schema(required = true)]
    pub card: Option<CardView>,
}

#[derive(Serialize, ToSchema, Clone)]
pub struct CardView {
    #[schema(required = true)]
    pub brand: Option<String>,
    #[schema(required = true)]
    pub last4: Option<String>,
    #[schema(required = true)]
    pub exp_month: Option<i32>,
    #[schema(required = true)]
    pub exp_year: Option<i32>,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentView {
    pub id: String,
    /// Cents.
    pub amount_cents: i64,
    pub amount_refunded_cents: i64,
    pub currency: String,
    /// succeeded | pending | failed
    pub status: String,
    /// Unix seconds.
    pub created: i64,
    pub description: String,
    #[schema(required = true)]
    pub card_brand: Option<String>,
    #[schema(required = true)]
    pub card_last4: Option<String>,
    #[schema(required = true)]
    pub receipt_url: Option<String>,
}

/// Whether the fleet owes money, and since when; drives the past-due banner
/// and the read-only dashboard.
#[derive(Serialize, ToSchema, Clone, Default)]
pub struct BillingState {
    #[schema(required = true)]
    pub status: Option<String>,
    #[schema(required = true)]
    pub past_due_since: Option<chrono::DateTime<chrono::Utc>>,
    /// When the grace period ends (or ended).
    #[schema(required = true)]
    pub read_only_from: Option<chrono::DateTime<chrono::Utc>>,
    pub read_only: bool,
}

#[derive(Serialize, ToSchema)]
pub struct PortalSession {
    /// Open in a new tab.
    pub url: String,
}

/// The Stripe stand-in's Customer Portal page.
#[derive(Serialize, ToSchema)]
pub struct TestPortalView {
    pub id: String,
    pub customer: String,
    pub return_url: String,
    #[schema(required = true)]
    pub subscription: Option<SubscriptionView>,
    pub payments: Vec<PaymentView>,
}

#[derive(Deserialize, ToSchema)]
pub struct TestPortalActionRequest {
    pub action: crate::integrations::stripe::test_mode::PortalAction,
    /// For `update_card`: one of Stripe's test card numbers.
    #[serde(default)]
    pub card_number: Option<String>,
}
