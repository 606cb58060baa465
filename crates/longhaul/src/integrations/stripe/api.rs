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

    fn describe(&self) -> String {
        format!("Stripe at {}", self.base_url)
    }

    fn is_stand_in(&self) -> bool {
        false
    }
}
