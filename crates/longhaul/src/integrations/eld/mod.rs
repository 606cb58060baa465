//! ELD providers (Samsara, Motive, Geotab; Omnitracs by partner access only;
//! a CSV import for "other"; an offline demo provider for `make run`).
//!
//! Each adapter turns one provider's wire format into the provider-neutral
//! records below, one page at a time, so the sync engine can report progress
//! per page and never holds more than a page of the provider's JSON.

pub mod bounds;
pub mod connector;
pub mod csv_import;
pub mod demo;
pub mod hos;
mod http;

pub mod geotab;
pub mod motive;
pub mod samsara;

pub use geotab::Geotab;
pub use hos::{DutyStatus, HosClock};
pub use motive::Motive;
pub use samsara::Samsara;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use std::sync::Arc;
use std::time::Duration;

/// The providers of the spec (part 2 §9), plus the offline demo provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    /// Motive, formerly KeepTruckin (the spec keeps the old name).
    Keeptruckin,
    Samsara,
    Geotab,
    Omnitracs,
    Other,
    Demo,
}

impl ProviderKind {
    pub const ALL: [ProviderKind; 6] = [
        ProviderKind::Keeptruckin,
        ProviderKind::Samsara,
        ProviderKind::Geotab,
        ProviderKind::Omnitracs,
        ProviderKind::Other,
        ProviderKind::Demo,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Keeptruckin => "keeptruckin",
            ProviderKind::Samsara => "samsara",
            ProviderKind::Geotab => "geotab",
            ProviderKind::Omnitracs => "omnitracs",
            ProviderKind::Other => "other",
            ProviderKind::Demo => "demo",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == s)
    }

    /// The name users know it by.
    pub fn label(self) -> &'static str {
        match self {
            ProviderKind::Keeptruckin => "Motive (KeepTruckin)",
            ProviderKind::Samsara => "Samsara",
            ProviderKind::Geotab => "Geotab",
            ProviderKind::Omnitracs => "Omnitracs",
            ProviderKind::Other => "Other (CSV import)",
            ProviderKind::Demo => "Demo provider",
        }
    }
}

/// What a fleet stores (encrypted) to reach its provider.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Credentials {
    /// Samsara bearer token or Motive `X-Api-Key`.
    ApiKey { api_key: String },
    /// MyGeotab: server (default my.geotab.com), database, user, password.
    Geotab {
        server: String,
        database: String,
        user_name: String,
        password: String,
    },
    /// Demo and CSV import need none.
    None,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Credentials(..)")
    }
}

/// A provider's record as received, kept in the row (the spec's
/// `eld_metadata`): its JSON text, never a parsed tree, so a sync of 10,000
/// records holds their bytes and no more.
#[derive(Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RawRecord(Box<RawValue>);

impl RawRecord {
    /// The record's JSON text.
    pub fn json(&self) -> &str {
        self.0.get()
    }

    pub fn from_value(value: &Value) -> Self {
        Self(serde_json::value::to_raw_value(value).expect("a JSON value serializes"))
    }

    /// The record as a tree, for storing and for tests.
    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.0.get()).expect("a RawRecord holds JSON")
    }
}

impl From<Box<RawValue>> for RawRecord {
    fn from(raw: Box<RawValue>) -> Self {
        Self(raw)
    }
}

impl From<Value> for RawRecord {
    fn from(value: Value) -> Self {
        Self::from_value(&value)
    }
}

/// Equal when the JSON is: the same record may be spaced or ordered otherwise.
impl PartialEq for RawRecord {
    fn eq(&self, other: &Self) -> bool {
        self.json() == other.json() || self.to_value() == other.to_value()
    }
}

impl std::fmt::Debug for RawRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.json())
    }
}

/// A reference to another ELD record: its provider id and display name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EldRef {
    pub id: String,
    pub name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EldDriver {
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub phone: Option<String>,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    /// Deactivated upstream (Samsara `driverActivationStatus`, Motive `status`).
    pub active: bool,
    pub assigned_vehicle: Option<EldRef>,
    pub raw: RawRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EldVehicle {
    pub id: String,
    pub name: Option<String>,
    pub vin: Option<String>,
    pub license_plate: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    /// Providers send the year as a string; unparseable years are `None`.
    pub year: Option<i32>,
    pub notes: Option<String>,
    pub assigned_driver: Option<EldRef>,
    /// The provider's record as received, kept as the spec's `eld_metadata`.
    pub raw: RawRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EldTrailer {
    pub id: String,
    pub name: Option<String>,
    pub vin: Option<String>,
    pub license_plate: Option<String>,
    pub trailer_type: Option<String>,
    pub notes: Option<String>,
    pub raw: RawRecord,
}

/// A trailer's current driver (the second step of a trailer sync).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EldTrailerAssignment {
    pub trailer_id: String,
    pub driver: EldRef,
    pub since: Option<DateTime<Utc>>,
}

/// A vehicle's last known position, as the provider reports it (issue 15).
/// Vehicles the provider has no usable fix for are left out of the list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EldVehicleLocation {
    /// The provider's vehicle id, as in [`EldVehicle::id`].
    pub vehicle_id: String,
    /// WGS 84 degrees.
    pub lat: f64,
    pub lon: f64,
    /// When the provider recorded the position.
    pub at: DateTime<Utc>,
    /// The provider's words for the place ("2 mi NE of Joliet, IL"), if any.
    pub description: Option<String>,
}

/// One page of a list; `next` is the opaque cursor of the following page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum EldProviderError {
    /// 401/403: the key was revoked or lacks a scope. The integration needs
    /// attention and scheduled runs stop until the key is updated.
    #[error("{0}")]
    Unauthorized(String),
    /// The provider cannot be used this way (Omnitracs without partner access).
    #[error("{0}")]
    Unsupported(String),
    /// Timeouts, 5xx and 429 after the retries ran out, connection errors.
    #[error("{0}")]
    Unavailable(String),
    /// A body that is not the documented format.
    #[error("{0}")]
    Malformed(String),
}

/// Retries for one call: 429 waits `Retry-After` (fractional seconds too),
/// 5xx and timeouts back off exponentially.
#[derive(Debug, Clone, Copy)]
pub struct RetryPolicy {
    pub attempts: u32,
    pub first_backoff: Duration,
    /// A `Retry-After` longer than this is not waited for.
    pub max_wait: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            attempts: 4,
            first_backoff: Duration::from_millis(500),
            max_wait: Duration::from_secs(30),
        }
    }
}

/// One fleet's connection to its provider. Every list method fetches one
/// page; `cursor` is `None` for the first. `updated_after` asks for an
/// incremental page where the provider supports it (others ignore it).
#[async_trait::async_trait]
pub trait EldProvider: Send + Sync {
    /// One cheap authenticated call, made before credentials are saved.
    async fn verify(&self) -> Result<(), EldProviderError>;
    async fn drivers_page(
        &self,
        cursor: Option<String>,
        updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldDriver>, EldProviderError>;
    async fn vehicles_page(
        &self,
        cursor: Option<String>,
        updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldVehicle>, EldProviderError>;
    async fn trailers_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailer>, EldProviderError>;
    /// Whether `updated_after` is honoured (drivers and vehicles): only
    /// then may a run fetch changes alone.
    fn supports_updated_after(&self) -> bool {
        false
    }
    async fn trailer_assignments_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailerAssignment>, EldProviderError>;
    /// The current position of every vehicle, one page at a time (same
    /// cursor, retry and error rules as the lists above). Samsara, Motive,
    /// Geotab and the demo provider implement it; the default is for a
    /// provider that reports no positions.
    async fn vehicle_locations_page(
        &self,
        _cursor: Option<String>,
    ) -> Result<Page<EldVehicleLocation>, EldProviderError> {
        Err(EldProviderError::Unsupported(
            "This ELD connection does not report vehicle locations.".to_owned(),
        ))
    }
    /// Every driver's hours-of-service clocks, one page at a time (same
    /// cursor, retry and error rules as the lists above); [`hos::all_clocks`]
    /// walks the pages. The default is for a provider that reports none.
    async fn hos_clocks_page(
        &self,
        _cursor: Option<String>,
    ) -> Result<Page<HosClock>, EldProviderError> {
        Err(EldProviderError::Unsupported(
            "This ELD connection does not report hours-of-service clocks.".to_owned(),
        ))
    }
}

/// Where the real providers live; configurable so tests point at fakes.
#[derive(Debug, Clone)]
pub struct EldEndpoints {
    /// `https://api.samsara.com`
    pub samsara_base_url: String,
    /// `https://api.gomotive.com`
    pub motive_base_url: String,
    /// `https` in production; tests use `http` with a server of `127.0.0.1:port`.
    pub geotab_scheme: String,
    /// The Geotab servers calls may go to (decision 027): `geotab.com` allows
    /// it and every `*.geotab.com` host name; an entry with a port (tests'
    /// `127.0.0.1:port`) allows exactly that.
    pub geotab_hosts: Vec<String>,
    /// Per call.
    pub timeout: Duration,
    pub retry: RetryPolicy,
}

impl Default for EldEndpoints {
    fn default() -> Self {
        Self {
            samsara_base_url: "https://api.samsara.com".into(),
            motive_base_url: "https://api.gomotive.com".into(),
            geotab_scheme: "https".into(),
            geotab_hosts: vec!["geotab.com".into()],
            timeout: Duration::from_secs(20),
            retry: RetryPolicy::default(),
        }
    }
}

/// The adapter for a fleet's provider. Omnitracs has no self-service API and
/// is refused with the spec's text; a mismatch between provider and
/// credentials (or an empty key) is `Unauthorized`: the connection needs the
/// fleet admin's attention, not a retry.
pub fn connect(
    kind: ProviderKind,
    credentials: &Credentials,
    endpoints: &EldEndpoints,
) -> Result<Arc<dyn EldProvider>, EldProviderError> {
    let missing = || {
        EldProviderError::Unauthorized(format!(
            "{} needs {}; the saved connection has none.",
            kind.label(),
            match kind {
                ProviderKind::Geotab => "a database, a user name and a password",
                _ => "an API key",
            }
        ))
    };
    match (kind, credentials) {
        (ProviderKind::Samsara, Credentials::ApiKey { api_key }) if !api_key.trim().is_empty() => {
            Ok(Arc::new(Samsara::new(
                &endpoints.samsara_base_url,
                api_key.trim(),
                endpoints,
            )))
        }
        (ProviderKind::Keeptruckin, Credentials::ApiKey { api_key })
            if !api_key.trim().is_empty() =>
        {
            Ok(Arc::new(Motive::new(
                &endpoints.motive_base_url,
                api_key.trim(),
                endpoints,
            )))
        }
        (
            ProviderKind::Geotab,
            Credentials::Geotab {
                server,
                database,
                user_name,
                password,
            },
        ) if !database.trim().is_empty()
            && !user_name.trim().is_empty()
            && !password.is_empty() =>
        {
            let named = Some(server.trim())
                .filter(|s| !s.is_empty())
                .unwrap_or(geotab::DEFAULT_SERVER);
            if !geotab::server_allowed(named, &endpoints.geotab_hosts) {
                return Err(EldProviderError::Unauthorized(
                    geotab::SERVER_REFUSED.to_owned(),
                ));
            }
            Ok(Arc::new(Geotab::new(
                server, database, user_name, password, endpoints,
            )))
        }
        (ProviderKind::Samsara | ProviderKind::Keeptruckin | ProviderKind::Geotab, _) => {
            Err(missing())
        }
        (ProviderKind::Omnitracs, _) => Err(EldProviderError::Unsupported(
            domain::texts().eld.omnitracs_partner_only.clone(),
        )),
        // demo/other: wired by the sync module
        (ProviderKind::Demo | ProviderKind::Other, _) => Err(EldProviderError::Unsupported(
            format!("{} has no API adapter here.", kind.label()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omnitracs_is_refused_with_the_spec_text() {
        let err = connect(
            ProviderKind::Omnitracs,
            &Credentials::ApiKey {
                api_key: "k".into(),
            },
            &EldEndpoints::default(),
        )
        .err()
        .expect("refused");
        assert!(
            matches!(&err, EldProviderError::Unsupported(t) if t.starts_with("Omnitracs is available to Omnitracs partners only"))
        );
    }

    #[test]
    fn providers_need_their_kind_of_credentials() {
        let endpoints = EldEndpoints::default();
        let key = Credentials::ApiKey {
            api_key: "k".into(),
        };
        assert!(connect(ProviderKind::Samsara, &key, &endpoints).is_ok());
        assert!(connect(ProviderKind::Keeptruckin, &key, &endpoints).is_ok());
        assert!(matches!(
            connect(ProviderKind::Geotab, &key, &endpoints).err(),
            Some(EldProviderError::Unauthorized(_))
        ));
        let blank = Credentials::ApiKey {
            api_key: "  ".into(),
        };
        assert!(matches!(
            connect(ProviderKind::Samsara, &blank, &endpoints).err(),
            Some(EldProviderError::Unauthorized(_))
        ));
        let geotab = Credentials::Geotab {
            server: String::new(),
            database: "db".into(),
            user_name: "u".into(),
            password: "p".into(),
        };
        assert!(connect(ProviderKind::Geotab, &geotab, &endpoints).is_ok());
        assert!(matches!(
            connect(ProviderKind::Samsara, &geotab, &endpoints).err(),
            Some(EldProviderError::Unauthorized(_))
        ));
    }
}
