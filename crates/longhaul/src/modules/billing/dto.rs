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
