//! The FMCSA carrier registry (QCMobile): a port, the real adapter and a
//! stand-in with fictional sample carriers, and the reading of a stored
//! carrier record for display (`profile`).

mod profile;
mod qcmobile;
mod sample;

pub use profile::{CarrierProfile, carrier, carrier_profile, dollars};
pub use qcmobile::{DEFAULT_BASE_URL, QcMobile};
pub use sample::SampleRegistry;

use serde_json::Value;

/// A carrier as the signup needs it, plus the whole answer as FMCSA gave it.
#[derive(Debug, Clone, PartialEq)]
pub struct CarrierRecord {
    pub dot_number: String,
    pub legal_name: String,
    pub dba_name: Option<String>,
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    pub phone: Option<String>,
    pub power_units: i64,
    /// The full lookup response (envelope included), kept as `fmcsa_data`.
    pub raw: Value,
}

#[derive(Debug, thiserror::Error)]
pub enum RegistryError {
    #[error("the registry did not answer in time")]
    Timeout,
    #[error("the registry is unavailable: {0}")]
    Unavailable(String),
    /// A bad or missing key: an operator problem, not the user's.
    #[error("the registry refused our credentials: {0}")]
    Misconfigured(String),
}

#[async_trait::async_trait]
pub trait CarrierRegistry: Send + Sync {
    /// `Ok(None)` when FMCSA knows no carrier with that number.
    async fn lookup(&self, dot_number: &str) -> Result<Option<CarrierRecord>, RegistryError>;
    fn describe(&self) -> String;
    fn is_stand_in(&self) -> bool;
}

fn text(carrier: &Value, key: &str) -> Option<String> {
    match carrier.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}

/// Maps a `GET /carriers/{dot}` body. `content: null` (or no carrier) means
/// not found; numbers that some clients saw as strings are coerced.
pub fn parse_carrier_response(
    dot_number: &str,
    body: Value,
) -> Result<Option<CarrierRecord>, RegistryError> {
    let content = match body.get("content") {
        None => {
            return Err(RegistryError::Unavailable(
                "no content in the response".into(),
            ));
        }
        Some(Value::Null) => return Ok(None),
        Some(Value::String(_)) => return Ok(None),
        Some(content) => content,
    };
    let Some(carrier) = content.get("carrier").filter(|c| c.is_object()) else {
        return Ok(None);
    };
    let Some(legal_name) = text(carrier, "legalName") else {
        return Ok(None);
    };
    let power_units = match carrier.get("totalPowerUnits") {
        Some(Value::Number(n)) => n.as_i64().unwrap_or(0),
        Some(Value::String(s)) => s.trim().parse().unwrap_or(0),
        _ => 0,
    };
    Ok(Some(CarrierRecord {
        dot_number: text(carrier, "dotNumber").unwrap_or_else(|| dot_number.to_owned()),
        dba_name: text(carrier, "dbaName"),
        street: text(carrier, "phyStreet"),
        city: text(carrier, "phyCity"),
        state: text(carrier, "phyState"),
        zip: text(carrier, "phyZipcode"),
        phone: text(carrier, "telephone"),
        power_units: power_units.max(0),
        legal_name,
        raw: body,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn maps_a_carrier_and_coerces_units() {
        let body = json!({ "content": { "carrier": {
            "legalName": "ACME FREIGHT LLC", "dbaName": null, "dotNumber": 123,
            "phyStreet": "1 MAIN ST", "phyCity": "NASHVILLE", "phyState": "TN", "phyZipcode": "37201",
            "totalPowerUnits": "42"
        }}, "retrievalDate": "2026-11-22T10:00:00.000+0000" });
        let record = parse_carrier_response("123", body.clone())
            .unwrap()
            .unwrap();
        assert_eq!(record.legal_name, "ACME FREIGHT LLC");
        assert_eq!(record.dba_name, None);
        assert_eq!(record.power_units, 42);
        assert_eq!(record.phone, None);
        assert_eq!(record.dot_number, "123");
        assert_eq!(record.raw, body);
    }

    #[test]
    fn absent_units_are_zero_and_null_content_is_not_found() {
        let body = json!({ "content": { "carrier": { "legalName": "X" } } });
        assert_eq!(
            parse_carrier_response("1", body)
                .unwrap()
                .unwrap()
                .power_units,
            0
        );
        assert!(
            parse_carrier_response("1", json!({ "content": null }))
                .unwrap()
                .is_none()
        );
        assert!(
            parse_carrier_response("1", json!({ "content": "No carrier" }))
                .unwrap()
                .is_none()
        );
    }
}
