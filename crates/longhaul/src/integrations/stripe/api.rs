use super::objects::{Charge, CustomerBilling, List, PaymentMethod, Subscription};
use super::{CheckoutRequest, CheckoutSession, GatewayError, PaymentGateway};
use crate::config::Secret;
use reqwest::StatusCode;
use std::time::Duration;

/// Stripe's REST API: form-encoded POSTs with bracket keys, bearer auth.
pub struct StripeApi {
    client: reqwest::Client,
    base_url: String,
    secret_key: Secret,
}

impl StripeApi {
    pub fn new(base_url: &str, secret_key: Secret) -> Self {
        Self {
            client: crate::integrations::http_client(Duration::from_secs(20)),
            base_url: base_url.trim_end_matches('/').to_owned(),
            secret_key,
        }
    }

    async fn error_of(res: reqwest::Response) -> GatewayError {
        let status = res.status().as_u16();
        let body: serde_json::Value = res.json().await.unwrap_or_default();
        let message = body["error"]["message"]
            .as_str()
            .unwrap_or("no error message")
            .to_owned();
        GatewayError::Api { status, message }
    }
}

/// At most this many pages of a customer's charges are read (100 each):
/// eight years of monthly payments.
const MAX_CHARGE_PAGES: usize = 10;

impl StripeApi {
    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<T, GatewayError> {
        let res = self
            .client
            .get(format!("{}{path}", self.base_url))
            .bearer_auth(self.secret_key.expose())
            .query(query)
            .send()
            .await
            .map_err(unreachable)?;
        if !res.status().is_success() {
            return Err(Self::error_of(res).await);
        }
        res.json().await.map_err(unreachable)
    }

    async fn charges(&self, customer_id: &str) -> Result<Vec<Charge>, GatewayError> {
        let mut charges: Vec<Charge> = Vec::new();
        for _ in 0..MAX_CHARGE_PAGES {
            let after = charges.last().map(|c| c.id.clone());
            let mut query = vec![("customer", customer_id), ("limit", "100")];
            if let Some(after) = after.as_deref() {
                query.push(("starting_after", after));
            }
            let page: List<Charge> = self.get("/v1/charges", &query).await?;
            let more = page.has_more && !page.data.is_empty();
            charges.extend(page.data);
            if !more {
                break;
            }
        }
        Ok(charges)
    }
}

/// The customer object's invoice settings, with the default payment
/// method expanded.
#[derive(serde::Deserialize)]
struct CustomerObject {
    #[serde(default)]
    invoice_settings: Option<InvoiceSettings>,
}

#[derive(serde::Deserialize)]
struct InvoiceSettings {
    #[serde(default)]
    default_payment_method: Option<serde_json::Value>,
}

fn unreachable(err: reqwest::Error) -> GatewayError {
    GatewayError::Unavailable(err.without_url().to_string())
}

#[async_trait::async_trait]
impl PaymentGateway for StripeApi {
    async fn create_checkout(&self, r: CheckoutRequest) -> Result<CheckoutSession, GatewayError> {
        let signup_id = r.signup_id.to_string();
        let amount = r.amount_cents.to_string();
        let units = r.power_units.to_string();
        let form: Vec<(&str, &str)> = vec![
            ("mode", "subscription"),
            ("line_items[0][quantity]", "1"),
            ("line_items[0][price_data][currency]", "usd"),
            ("line_items[0][price_data][unit_amount]", &amount),
            ("line_items[0][price_data][recurring][interval]", "month"),
            (
                "line_items[0][price_data][product_data][name]",
                &r.product_name,
            ),
            (
                "line_items[0][price_data][product_data][description]",
                &r.description,
            ),
            ("customer_email", &r.customer_email),
            ("client_reference_id", &signup_id),
            ("metadata[signup_id]", &signup_id),
            ("metadata[amount_cents]", &amount),
            ("metadata[fleet_size]", &r.fleet_size),
            ("metadata[power_units]", &units),
            ("subscription_data[metadata][signup_id]", &signup_id),
            ("success_url", &r.success_url),
            ("cancel_url", &r.cancel_url),
        ];
        let res = self
            .client
            .post(format!("{}/v1/checkout/sessions", self.base_url))
            .bearer_auth(self.secret_key.expose())
            // A retry of this very request must not open a second session.
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .form(&form)
            .send()
            .await
            .map_err(unreachable)?;
        if !res.status().is_success() {
            return Err(Self::error_of(res).await);
        }
        res.json().await.map_err(unreachable)
    }

    async fn retrieve_checkout(
        &self,
        session_id: &str,
    ) -> Result<Option<CheckoutSession>, GatewayError> {
        let res = self
            .client
            .get(format!(
                "{}/v1/checkout/sessions/{session_id}",
                self.base_url
            ))
            .bearer_auth(self.secret_key.expose())
            .send()
            .await
            .map_err(unreachable)?;
        if res.status() == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        if !res.status().is_success() {
            return Err(Self::error_of(res).await);
        }
        res.json().await.map(Some).map_err(unreachable)
    }

    async fn customer_billing(&self, customer_id: &str) -> Result<CustomerBilling, GatewayError> {
        let subscriptions: List<Subscription> = self
            .get(
                "/v1/subscriptions",
                &[
                    ("customer", customer_id),
                    ("status", "all"),
                    ("limit", "10"),
                    ("expand[]", "data.default_payment_method"),
                ],
            )
            .await?;
        let charges = self.charges(customer_id).await?;
        let mut default_card = subscriptions
            .data
            .iter()
            .filter(|s| s.status != "canceled" && s.status != "incomplete_expired")
            .find_map(|s| {
                s.default_payment_method
                    .clone()
                    .filter(|pm| pm.card.is_some())
            });
        if default_card.is_none() {
            let customer: CustomerObject = self
                .get(
                    &format!("/v1/customers/{customer_id}"),
                    &[("expand[]", "invoice_settings.default_payment_method")],
                )
                .await?;
            default_card = customer
                .invoice_settings
                .and_then(|s| s.default_payment_method)
                .and_then(|pm| {
                    Some(PaymentMethod {
                        id: pm["id"].as_str()?.to_owned(),
                        card: serde_json::from_value(pm["card"].clone()).ok(),
                    })
                })
                .filter(|pm| pm.card.is_some());
        }
        Ok(CustomerBilling {
            subscriptions: subscriptions.data,
            charges,
            default_card,
        })
    }

    async fn create_portal_session(
        &self,
        customer_id: &str,
        return_url: &str,
    ) -> Result<String, GatewayError> {
        #[derive(serde::Deserialize)]
        struct PortalSession {
            url: String,
        }
        let res = self
            .client
            .post(format!("{}/v1/billing_portal/sessions", self.base_url))
            .bearer_auth(self.secret_key.expose())
            .header("Idempotency-Key", uuid::Uuid::new_v4().to_string())
            .form(&[("customer", customer_id), ("return_url", return_url)])
            .send()
            .await
            .map_err(unreachable)?;
        if !res.status().is_success() {
            return Err(Self::error_of(res).await);
        }
        let session: PortalSession = res.json().await.map_err(unreachable)?;
        Ok(session.url)
    }

    fn describe(&self) -> String {
        format!("Stripe at {}", self.base_url)
    }

    fn is_stand_in(&self) -> bool {
        false
    }
}
