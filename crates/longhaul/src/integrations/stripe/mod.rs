//! Stripe: Checkout Sessions for subscriptions and signed webhooks. The real
//! adapter speaks Stripe's form-encoded REST API; the stand-in is an in-app
//! test checkout whose completion takes the same path as a verified webhook.

mod api;
pub mod objects;
pub mod test_mode;
pub mod webhook;

pub use api::StripeApi;
pub use objects::CustomerBilling;
pub use test_mode::TestModeGateway;

use uuid::Uuid;

pub use crate::config::STRIPE_DEFAULT_API_BASE as DEFAULT_API_BASE;

#[derive(Debug, Clone)]
pub struct CheckoutRequest {
    pub signup_id: Uuid,
    pub customer_email: String,
    pub amount_cents: i64,
    /// The band charged for, kept in the session's metadata.
    pub fleet_size: String,
    pub power_units: i64,
    pub product_name: String,
    pub description: String,
    /// Contains the literal `{CHECKOUT_SESSION_ID}`, which Stripe fills in.
    pub success_url: String,
    pub cancel_url: String,
}

/// The fields of a Checkout Session object we use.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    #[serde(default)]
    pub url: Option<String>,
    /// open | complete | expired
    #[serde(default)]
    pub status: Option<String>,
    /// paid | unpaid | no_payment_required
    pub payment_status: String,
    #[serde(default = "default_mode")]
    pub mode: String,
    #[serde(default, deserialize_with = "id_or_object")]
    pub subscription: Option<String>,
    #[serde(default, deserialize_with = "id_or_object")]
    pub customer: Option<String>,
    #[serde(default)]
    pub client_reference_id: Option<String>,
    #[serde(default)]
    pub customer_email: Option<String>,
    /// What the session charges, in cents (Stripe's `amount_total`).
    #[serde(default)]
    pub amount_total: Option<i64>,
    /// Filled by Stripe once the customer pays: the e-mail they paid with.
    #[serde(default)]
    pub customer_details: Option<CustomerDetails>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct CustomerDetails {
    #[serde(default)]
    pub email: Option<String>,
}

impl CheckoutSession {
    /// The e-mail the payment was made with: the customer's details once
    /// paid, else the e-mail the session was opened for.
    pub fn payer_email(&self) -> Option<&str> {
        self.customer_details
            .as_ref()
            .and_then(|d| d.email.as_deref())
            .or(self.customer_email.as_deref())
            .filter(|e| !e.is_empty())
    }
}

fn default_mode() -> String {
    "subscription".into()
}

/// Stripe sends related objects as ids, or whole objects when expanded.
pub(crate) fn id_or_object<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<String>, D::Error> {
    let value: Option<serde_json::Value> = serde::Deserialize::deserialize(d)?;
    Ok(match value {
        Some(serde_json::Value::String(id)) => Some(id),
        Some(serde_json::Value::Object(obj)) => {
            obj.get("id").and_then(|v| v.as_str()).map(str::to_owned)
        }
        _ => None,
    })
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    #[error("Stripe answered {status}: {message}")]
    Api { status: u16, message: String },
    #[error("Stripe could not be reached: {0}")]
    Unavailable(String),
    #[error(transparent)]
    Database(#[from] sea_orm::DbErr),
}

#[async_trait::async_trait]
pub trait PaymentGateway: Send + Sync {
    async fn create_checkout(
        &self,
        request: CheckoutRequest,
    ) -> Result<CheckoutSession, GatewayError>;
    /// `Ok(None)` when no such session exists.
    async fn retrieve_checkout(
        &self,
        session_id: &str,
    ) -> Result<Option<CheckoutSession>, GatewayError>;
    /// The customer's subscriptions, payments and default card, as Stripe
    /// reports them now.
    async fn customer_billing(&self, customer_id: &str) -> Result<CustomerBilling, GatewayError>;
    /// A Customer Portal session for the customer; returns its URL.
    async fn create_portal_session(
        &self,
        customer_id: &str,
        return_url: &str,
    ) -> Result<String, GatewayError>;
    fn describe(&self) -> String;
    fn is_stand_in(&self) -> bool;
}

/// BILLING_DISABLED=true: no Stripe and no test checkout; starting a checkout
/// fails with a clear reason (decision 011).
pub struct BillingDisabled;

#[async_trait::async_trait]
impl PaymentGateway for BillingDisabled {
    async fn create_checkout(
        &self,
        _request: CheckoutRequest,
    ) -> Result<CheckoutSession, GatewayError> {
        Err(GatewayError::Unavailable(
            "billing is disabled on this installation (BILLING_DISABLED=true)".into(),
        ))
    }
    async fn retrieve_checkout(
        &self,
        _session_id: &str,
    ) -> Result<Option<CheckoutSession>, GatewayError> {
        Ok(None)
    }
    async fn customer_billing(&self, _customer_id: &str) -> Result<CustomerBilling, GatewayError> {
        Ok(CustomerBilling::default())
    }
    async fn create_portal_session(
        &self,
        _customer_id: &str,
        _return_url: &str,
    ) -> Result<String, GatewayError> {
        Err(GatewayError::Unavailable(
            "billing is disabled on this installation (BILLING_DISABLED=true)".into(),
        ))
    }
    fn describe(&self) -> String {
        "billing disabled (BILLING_DISABLED=true): no checkout".into()
    }
    fn is_stand_in(&self) -> bool {
        false
    }
}
