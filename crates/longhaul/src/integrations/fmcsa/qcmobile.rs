use super::{CarrierRecord, CarrierRegistry, RegistryError, parse_carrier_response};
use crate::config::Secret;
use reqwest::StatusCode;
use serde_json::Value;
use std::time::Duration;

pub use crate::config::FMCSA_DEFAULT_BASE_URL as DEFAULT_BASE_URL;
const TIMEOUT: Duration = Duration::from_secs(10);

/// FMCSA's QCMobile API: `GET {base}/carriers/{dot}?webKey=…`.
pub struct QcMobile {
    client: reqwest::Client,
    base_url: String,
    web_key: Secret,
}

impl QcMobile {
    pub fn new(base_url: &str, web_key: Secret) -> Self {
        Self::with_timeout(base_url, web_key, TIMEOUT)
    }

    pub fn with_timeout(base_url: &str, web_key: Secret, timeout: Duration) -> Self {
        Self {
            client: crate::integrations::http_client(timeout),
            base_url: base_url.trim_end_matches('/').to_owned(),
            web_key,
        }
    }
}

#[async_trait::async_trait]
impl CarrierRegistry for QcMobile {
    async fn lookup(&self, dot_number: &str) -> Result<Option<CarrierRecord>, RegistryError> {
        let url = format!("{}/carriers/{dot_number}", self.base_url);
        let res = self
            .client
            .get(&url)
            .query(&[("webKey", self.web_key.expose())])
            .send()
            .await
            .map_err(|err| {
                if err.is_timeout() {
                    RegistryError::Timeout
                } else {
                    // Without the URL: it carries the key.
                    RegistryError::Unavailable(err.without_url().to_string())
                }
            })?;
        let status = res.status();
        let body = res.text().await.map_err(|err| {
            if err.is_timeout() {
                RegistryError::Timeout
            } else {
                RegistryError::Unavailable(err.without_url().to_string())
            }
        })?;
        // Maintenance pages come as HTML with 200.
        let json: Option<Value> = serde_json::from_str(&body).ok();
        match (status, json) {
            (StatusCode::OK, Some(json)) => parse_carrier_response(dot_number, json),
            (StatusCode::NOT_FOUND, Some(json)) => {
                match json.get("content").and_then(Value::as_str) {
                    Some(msg) if msg.to_lowercase().contains("webkey") => {
                        Err(RegistryError::Misconfigured(msg.to_owned()))
                    }
                    _ => Ok(None),
                }
            }
            (StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN, _) => {
                Err(RegistryError::Misconfigured(format!("HTTP {status}")))
            }
            (status, _) => Err(RegistryError::Unavailable(format!("HTTP {status}"))),
        }
    }

    fn describe(&self) -> String {
        format!("FMCSA QCMobile at {}", self.base_url)
    }

    fn is_stand_in(&self) -> bool {
        false
    }
}
