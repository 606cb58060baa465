//! The one way the ELD adapters speak HTTP: a JSON call with the retries of
//! [`RetryPolicy`] and errors a fleet admin can read.
//!
//! - 429 (or a body the adapter calls rate-limited, e.g. Geotab's
//!   `OverLimitException`) waits `Retry-After` (fractional seconds too); a
//!   wait longer than `max_wait` is not waited for.
//! - 5xx, timeouts and connection errors back off exponentially from
//!   `first_backoff`.
//! - 401/403 → [`EldProviderError::Unauthorized`], other 4xx → [`EldProviderError::Unavailable`],
//!   each with the provider's own message.
//! - A success body that is not JSON → [`EldProviderError::Malformed`] with a short
//!   reason, never the body.
//!
//! No error text or log line carries a URL (Motive and Samsara keys travel in
//! headers, but a URL is still no business of the UI) or a credential: every
//! text passes through [`ProviderHttp::redact`].

use super::{EldEndpoints, EldProviderError, RetryPolicy};
use reqwest::header::{HeaderMap, RETRY_AFTER};
use reqwest::{RequestBuilder, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::time::Duration;

/// How long a provider's message may be in an error text.
const MESSAGE_CHARS: usize = 200;
/// How long a parse failure's reason may be.
const REASON_CHARS: usize = 160;

/// What a JSON body says beyond its HTTP status (Geotab reports errors with 200).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Decide by the HTTP status.
    ByStatus,
    /// Hand the body to the adapter whatever the status (a JSON-RPC error it maps).
    Accept,
    /// Treat as a 429: wait `Retry-After` or back off, then try again.
    RateLimited,
}

/// One provider's HTTP side: client, retry policy and the words for its errors.
pub(crate) struct ProviderHttp {
    client: reqwest::Client,
    retry: RetryPolicy,
    timeout: Duration,
    /// "Samsara", "Motive", "Geotab".
    provider: &'static str,
    /// What a 401 refused: "API token", "API key".
    credential: &'static str,
    /// Removed from every error text (a provider could echo a key back).
    secrets: Vec<String>,
    /// Transport failures say only that the provider could not be reached:
    /// for a host the user typed (Geotab's server), whether a port refused,
    /// timed out or reset must not show (decision 027).
    neutral_transport: bool,
}

enum Attempt {
    /// A success body, and its JSON tree when the caller inspected it.
    Done(bytes::Bytes, Option<Value>),
    /// Not worth retrying.
    Fail(EldProviderError),
    /// Worth retrying after a backoff.
    Transient(EldProviderError),
    RateLimited(Option<Duration>),
}

impl ProviderHttp {
    pub(crate) fn new(
        provider: &'static str,
        credential: &'static str,
        endpoints: &EldEndpoints,
        secrets: Vec<String>,
    ) -> Self {
        Self {
            client: crate::integrations::http_client(endpoints.timeout),
            retry: endpoints.retry,
            timeout: endpoints.timeout,
            provider,
            credential,
            secrets: secrets.into_iter().filter(|s| s.len() >= 4).collect(),
            neutral_transport: false,
        }
    }

    /// Every transport failure as one neutral text (see `neutral_transport`).
    pub(crate) fn with_neutral_transport_errors(mut self) -> Self {
        self.neutral_transport = true;
        self
    }

    /// A call whose body is judged by its status alone (Samsara, Motive).
    pub(crate) async fn json(
        &self,
        build: impl Fn(&reqwest::Client) -> RequestBuilder,
    ) -> Result<Value, EldProviderError> {
        let body = self.body(build).await?;
        self.parse_bytes("a response", &body)
    }

    /// A call whose success body is returned unparsed, for the caller to read
    /// into its own types (a page of 512 records never becomes a JSON tree).
    pub(crate) async fn body(
        &self,
        build: impl Fn(&reqwest::Client) -> RequestBuilder,
    ) -> Result<bytes::Bytes, EldProviderError> {
        self.call(build, None::<fn(StatusCode, &Value) -> Verdict>)
            .await
            .map(|(body, _)| body)
    }

    /// A call whose JSON body may overrule its status (see [`Verdict`]).
    /// `build` makes the request afresh for every attempt.
    pub(crate) async fn json_inspected(
        &self,
        build: impl Fn(&reqwest::Client) -> RequestBuilder,
        inspect: impl Fn(StatusCode, &Value) -> Verdict,
    ) -> Result<Value, EldProviderError> {
        match self.call(build, Some(inspect)).await? {
            (_, Some(value)) => Ok(value),
            (body, None) => self.parse_bytes("a response", &body),
        }
    }

    async fn call(
        &self,
        build: impl Fn(&reqwest::Client) -> RequestBuilder,
        inspect: Option<impl Fn(StatusCode, &Value) -> Verdict>,
    ) -> Result<(bytes::Bytes, Option<Value>), EldProviderError> {
        let attempts = self.retry.attempts.max(1);
        let mut backoff = self.retry.first_backoff;
        let mut attempt = 1;
        loop {
            let last = attempt >= attempts;
            let (wait, reason) = match self.attempt(&build, inspect.as_ref()).await {
                Attempt::Done(body, value) => return Ok((body, value)),
                Attempt::Fail(err) => return Err(err),
                Attempt::Transient(err) if last => return Err(err),
                Attempt::Transient(err) => (None, err.to_string()),
                Attempt::RateLimited(Some(wait)) if wait > self.retry.max_wait => {
                    return Err(EldProviderError::Unavailable(format!(
                        "{} asked to wait {} before the next request (rate limit); try again later.",
                        self.provider,
                        seconds(wait)
                    )));
                }
                Attempt::RateLimited(_) if last => {
                    return Err(EldProviderError::Unavailable(format!(
                        "{} is limiting requests (HTTP 429) and {attempts} attempts were refused; try again in a few minutes.",
                        self.provider
                    )));
                }
                Attempt::RateLimited(wait) => (wait, "rate limited (429)".to_owned()),
            };
            let wait = wait.unwrap_or_else(|| {
                let wait = backoff;
                backoff = backoff.saturating_mul(2);
                wait
            });
            tracing::warn!(
                provider = self.provider,
                attempt,
                wait_ms = wait.as_millis() as u64,
                reason = %reason,
                "ELD call retried"
            );
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    async fn attempt(
        &self,
        build: &impl Fn(&reqwest::Client) -> RequestBuilder,
        inspect: Option<&impl Fn(StatusCode, &Value) -> Verdict>,
    ) -> Attempt {
        let res = match build(&self.client).send().await {
            Ok(res) => res,
            Err(err) => return Attempt::Transient(self.transport_error(err)),
        };
        let status = res.status();
        let retry_after = retry_after(res.headers());
        let body = match res.bytes().await {
            Ok(body) => body,
            Err(err) => return Attempt::Transient(self.transport_error(err)),
        };
        // A success body is parsed by the caller, into its own types; an
        // error body (or one the caller inspects) is read here for its message.
        if status.is_success() && inspect.is_none() {
            return Attempt::Done(body, None);
        }
        let json = serde_json::from_slice::<Value>(&body);
        if let (Ok(value), Some(inspect)) = (&json, inspect) {
            match inspect(status, value) {
                Verdict::ByStatus => {}
                Verdict::Accept => return Attempt::Done(body, json.ok()),
                Verdict::RateLimited => return Attempt::RateLimited(retry_after),
            }
        }
        let p = self.provider;
        let code = status.as_u16();
        let message = || self.message_suffix(&body, json.as_ref().ok());
        if status == StatusCode::TOO_MANY_REQUESTS {
            Attempt::RateLimited(retry_after)
        } else if status.is_server_error() {
            Attempt::Transient(EldProviderError::Unavailable(format!(
                "{p} is unavailable (HTTP {code}){}",
                message()
            )))
        } else if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
            Attempt::Fail(EldProviderError::Unauthorized(format!(
                "{p} refused the {} ({code}){}",
                self.credential,
                message()
            )))
        } else if status.is_client_error() {
            Attempt::Fail(EldProviderError::Unavailable(format!(
                "{p} rejected the request (HTTP {code}){}",
                message()
            )))
        } else if status.is_success() {
            match json {
                Ok(value) => Attempt::Done(body, Some(value)),
                Err(err) => Attempt::Fail(EldProviderError::Malformed(format!(
                    "{p} sent a response that is not JSON ({})",
                    self.redact(&clip(&err.to_string(), REASON_CHARS))
                ))),
            }
        } else {
            Attempt::Fail(EldProviderError::Unavailable(format!(
                "{p} answered with an unexpected HTTP {code}"
            )))
        }
    }

    fn transport_error(&self, err: reqwest::Error) -> EldProviderError {
        let p = self.provider;
        if self.neutral_transport {
            return EldProviderError::Unavailable(format!(
                "Could not reach {p}; check the server name and try again."
            ));
        }
        if err.is_timeout() {
            return EldProviderError::Unavailable(format!(
                "{p} did not answer within {}.",
                seconds(self.timeout)
            ));
        }
        let broke_off = err.is_body() || err.is_decode();
        // Without the URL; the causes say what went wrong (refused, DNS…).
        let err = err.without_url();
        let mut text = err.to_string();
        let mut source = std::error::Error::source(&err);
        for _ in 0..3 {
            let Some(cause) = source else { break };
            text.push_str(": ");
            text.push_str(&cause.to_string());
            source = cause.source();
        }
        let text = self.redact(&clip(&text, MESSAGE_CHARS));
        if broke_off {
            EldProviderError::Unavailable(format!("{p} broke off its answer ({text})"))
        } else {
            EldProviderError::Unavailable(format!("Could not reach {p} ({text})"))
        }
    }

    /// ": <the provider's message>" when the body has one, else "".
    fn message_suffix(&self, body: &[u8], json: Option<&Value>) -> String {
        match provider_message(body, json) {
            Some(message) => format!(": {}", self.redact(&message)),
            None => String::new(),
        }
    }

    /// The text with every credential this provider was given blanked out.
    pub(crate) fn redact(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for secret in &self.secrets {
            if out.contains(secret.as_str()) {
                out = out.replace(secret.as_str(), "[redacted]");
            }
        }
        out
    }

    /// Deserializes a body (or one record's text) straight into the adapter's
    /// types: text that is not JSON is [`EldProviderError::Malformed`] "not JSON", a
    /// wrong shape the same naming `what` was expected.
    pub(crate) fn parse_bytes<'a, T: serde::Deserialize<'a>>(
        &self,
        what: &str,
        body: &'a [u8],
    ) -> Result<T, EldProviderError> {
        serde_json::from_slice(body).map_err(|err| {
            let reason = self.redact(&clip(&err.to_string(), REASON_CHARS));
            EldProviderError::Malformed(match err.classify() {
                serde_json::error::Category::Data => format!(
                    "{} sent {what} in an unexpected format ({reason})",
                    self.provider
                ),
                _ => format!(
                    "{} sent a response that is not JSON ({reason})",
                    self.provider
                ),
            })
        })
    }

    /// Deserializes one part of a body; a wrong shape is [`EldProviderError::Malformed`]
    /// naming what was expected (`what`: "drivers", "a page of vehicles").
    pub(crate) fn parse<T: DeserializeOwned>(
        &self,
        what: &str,
        value: &Value,
    ) -> Result<T, EldProviderError> {
        T::deserialize(value).map_err(|err| {
            EldProviderError::Malformed(format!(
                "{} sent {what} in an unexpected format ({})",
                self.provider,
                self.redact(&clip(&err.to_string(), REASON_CHARS))
            ))
        })
    }
}

/// The provider's own words from an error body: `message` (Samsara),
/// `error_message` (Motive), `error.message` (Geotab), a bare JSON string
/// (Samsara's legacy API) or a short plain-text body. HTML pages say nothing.
pub(crate) fn provider_message(body: &[u8], json: Option<&Value>) -> Option<String> {
    let text = match json {
        Some(Value::String(s)) => Some(s.clone()),
        Some(value) => [
            "/message",
            "/error_message",
            "/error/message",
            "/error",
            "/errors/0/message",
            "/errors/0",
        ]
        .iter()
        .find_map(|p| value.pointer(p).and_then(Value::as_str).map(str::to_owned)),
        None => {
            let text = String::from_utf8_lossy(body);
            let text = text.trim();
            if text.is_empty() || text.starts_with('<') {
                None
            } else {
                text.lines().next().map(str::to_owned)
            }
        }
    }?;
    let text = text.trim();
    (!text.is_empty()).then(|| clip(text, MESSAGE_CHARS))
}

/// `Retry-After` in seconds, fractional ("0.4") or whole ("2").
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    let secs: f64 = value.parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs))
}

/// "20 s", "0.2 s".
fn seconds(d: Duration) -> String {
    if d.subsec_millis() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} s", (d.as_millis() as f64 / 100.0).round() / 10.0)
    }
}

/// A provider's message, trimmed and cut to a length an error text can carry.
pub(crate) fn clip_message(text: &str) -> String {
    clip(text.trim(), MESSAGE_CHARS)
}

fn clip(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// Wire-format helpers shared by the adapters.
pub(crate) mod wire {
    use serde::{Deserialize, Deserializer};

    /// Ids arrive as strings (Samsara) or integers (Motive, Samsara's legacy API).
    pub(crate) fn id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Id {
            Text(String),
            Signed(i64),
            Unsigned(u64),
        }
        Ok(match Id::deserialize(d)? {
            Id::Text(s) => s,
            Id::Signed(n) => n.to_string(),
            Id::Unsigned(n) => n.to_string(),
        })
    }

    /// A year sent as "2008", 2008, "" or null.
    pub(crate) fn year<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Year {
            Text(String),
            Number(i64),
        }
        Ok(match Option::<Year>::deserialize(d)? {
            Some(Year::Text(s)) => s.trim().parse().ok(),
            Some(Year::Number(n)) => i32::try_from(n).ok(),
            None => None,
        })
    }

    /// A label sent as a string or, now and then, a number ("101" or 101).
    pub(crate) fn loose_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Loose {
            Text(String),
            Number(serde_json::Number),
        }
        Ok(match Option::<Loose>::deserialize(d)? {
            Some(Loose::Text(s)) => text(Some(s)),
            Some(Loose::Number(n)) => Some(n.to_string()),
            None => None,
        })
    }

    /// A coordinate sent as a number or a numeric string (42.1 or "42.1");
    /// null, "" or any other text is `None`.
    pub(crate) fn degrees<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Loose {
            Number(f64),
            Text(String),
            Other(serde::de::IgnoredAny),
        }
        Ok(match Option::<Loose>::deserialize(d)? {
            Some(Loose::Number(n)) => Some(n),
            Some(Loose::Text(s)) => s.trim().parse().ok(),
            Some(Loose::Other(_)) | None => None,
        })
    }

    /// A usable fix: both coordinates present, finite and in range, and not
    /// 0,0 (what trackers report before their first fix).
    pub(crate) fn position(lat: Option<f64>, lon: Option<f64>) -> Option<(f64, f64)> {
        let (lat, lon) = (lat?, lon?);
        let valid = lat.is_finite()
            && lon.is_finite()
            && (-90.0..=90.0).contains(&lat)
            && (-180.0..=180.0).contains(&lon)
            && !(lat == 0.0 && lon == 0.0);
        valid.then_some((lat, lon))
    }

    /// An RFC 3339 instant ("2020-01-27T07:06:25Z", with fractions or an
    /// offset too); anything else is `None`.
    pub(crate) fn instant(text: Option<&str>) -> Option<chrono::DateTime<chrono::Utc>> {
        chrono::DateTime::parse_from_rfc3339(text?.trim())
            .ok()
            .map(|t| t.with_timezone(&chrono::Utc))
    }

    /// Trimmed, and `None` when empty: providers send "" for a missing value.
    pub(crate) fn text(value: Option<String>) -> Option<String> {
        let value = value?;
        let value = value.trim();
        (!value.is_empty()).then(|| value.to_owned())
    }

    /// "Susan Jones" → ("Susan", "Jones"); the last word is the last name;
    /// one word is a first name.
    pub(crate) fn split_name(name: Option<&str>) -> (Option<String>, Option<String>) {
        let name = name.unwrap_or("").trim();
        match name.rsplit_once(char::is_whitespace) {
            Some((first, last)) => (text(Some(first.to_owned())), text(Some(last.to_owned()))),
            None => (text(Some(name.to_owned())), None),
        }
    }

    /// "First Last" from parts that may be missing.
    pub(crate) fn join_name(first: Option<&str>, last: Option<&str>) -> Option<String> {
        let joined = [first, last]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        (!joined.is_empty()).then_some(joined)
    }
}

/// The opaque-cursor check shared by the adapters.
pub(crate) fn bad_cursor(provider: &str) -> EldProviderError {
    EldProviderError::Malformed(format!(
        "{provider}: the page cursor is not one this adapter made"
    ))
}

#[cfg(test)]
mod tests {
    use super::wire::{join_name, split_name};
    use super::*;

    #[test]
    fn retry_after_takes_fractional_and_whole_seconds() {
        let mut headers = HeaderMap::new();
        headers.insert(RETRY_AFTER, "0.4".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_millis(400)));
        headers.insert(RETRY_AFTER, "2".parse().unwrap());
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(2)));
        headers.insert(RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after(&headers), None);
        headers.insert(RETRY_AFTER, "-1".parse().unwrap());
        assert_eq!(retry_after(&headers), None);
    }

    #[test]
    fn provider_messages_are_found_in_each_providers_shape() {
        let of = |v: Value| provider_message(b"", Some(&v));
        assert_eq!(
            of(serde_json::json!({"message": "Unauthorized", "requestId": "x"})).as_deref(),
            Some("Unauthorized")
        );
        assert_eq!(
            of(serde_json::json!({"error_message": "Bad key"})).as_deref(),
            Some("Bad key")
        );
        assert_eq!(
            of(serde_json::json!({"error": {"message": "Nope", "name": "X"}})).as_deref(),
            Some("Nope")
        );
        assert_eq!(
            of(serde_json::json!("legacy text")).as_deref(),
            Some("legacy text")
        );
        assert_eq!(provider_message(b"<html>down</html>", None), None);
        assert_eq!(
            provider_message(b"upstream busy\nmore", None).as_deref(),
            Some("upstream busy")
        );
        let long = "x".repeat(500);
        assert_eq!(
            of(serde_json::json!({ "message": long }))
                .unwrap()
                .chars()
                .count(),
            MESSAGE_CHARS + 1
        );
    }

    #[test]
    fn names_split_on_the_last_word() {
        assert_eq!(
            split_name(Some("Susan Jones")),
            (Some("Susan".into()), Some("Jones".into()))
        );
        assert_eq!(
            split_name(Some("Mary Ann van Dyke")),
            (Some("Mary Ann van".into()), Some("Dyke".into()))
        );
        assert_eq!(split_name(Some("Cher")), (Some("Cher".into()), None));
        assert_eq!(split_name(Some("  ")), (None, None));
        assert_eq!(split_name(None), (None, None));
        assert_eq!(join_name(Some("A"), Some(" B ")), Some("A B".into()));
        assert_eq!(join_name(None, Some("")), None);
    }

    #[test]
    fn positions_need_both_coordinates_in_range() {
        use super::wire::{instant, position};
        assert_eq!(position(Some(41.88), Some(-87.63)), Some((41.88, -87.63)));
        assert_eq!(position(None, Some(-87.63)), None);
        assert_eq!(position(Some(0.0), Some(0.0)), None);
        assert_eq!(position(Some(91.0), Some(10.0)), None);
        assert_eq!(position(Some(10.0), Some(-180.5)), None);
        assert_eq!(position(Some(f64::NAN), Some(1.0)), None);
        assert_eq!(
            instant(Some("2020-01-27T07:06:25.123-05:00")).map(|t| t.to_rfc3339()),
            Some("2020-01-27T12:06:25.123+00:00".to_owned())
        );
        assert_eq!(instant(Some("yesterday")), None);
        assert_eq!(instant(None), None);
    }

    #[test]
    fn degrees_are_numbers_or_numeric_text() {
        #[derive(serde::Deserialize)]
        struct P {
            #[serde(default, deserialize_with = "super::wire::degrees")]
            lat: Option<f64>,
        }
        let lat = |v: Value| serde_json::from_value::<P>(v).unwrap().lat;
        assert_eq!(lat(serde_json::json!({ "lat": 41.5 })), Some(41.5));
        assert_eq!(lat(serde_json::json!({ "lat": -87 })), Some(-87.0));
        assert_eq!(lat(serde_json::json!({ "lat": " 41.5 " })), Some(41.5));
        assert_eq!(lat(serde_json::json!({ "lat": "" })), None);
        assert_eq!(lat(serde_json::json!({ "lat": null })), None);
        assert_eq!(lat(serde_json::json!({ "lat": {} })), None);
        assert_eq!(lat(serde_json::json!({})), None);
    }

    #[test]
    fn seconds_read_well() {
        assert_eq!(seconds(Duration::from_secs(20)), "20 s");
        assert_eq!(seconds(Duration::from_millis(200)), "0.2 s");
        assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
    }
}
