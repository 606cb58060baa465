use super::{CarrierRecord, CarrierRegistry, RegistryError, parse_carrier_response};
use serde_json::{Value, json};

/// Fictional carriers in QCMobile's response format, used when no
/// `FMCSA_WEB_KEY` is set. They cover every pricing band and the edge cases:
/// no DBA, no phone, no power units, not authorised to operate.
pub struct SampleRegistry {
    carriers: Vec<Value>,
}

impl Default for SampleRegistry {
    fn default() -> Self {
        let carriers: Value = serde_json::from_str(include_str!("sample_carriers.json"))
            .expect("sample carriers parse");
        Self {
            carriers: carriers.as_array().cloned().unwrap_or_default(),
        }
    }
}

#[async_trait::async_trait]
impl CarrierRegistry for SampleRegistry {
    async fn lookup(&self, dot_number: &str) -> Result<Option<CarrierRecord>, RegistryError> {
        let found = self.carriers.iter().find(|c| {
            c.get("dotNumber")
                .map(|d| d.to_string().trim_matches('"') == dot_number)
                .unwrap_or(false)
        });
        let body = match found {
            Some(carrier) => json!({
                "content": { "_links": {}, "carrier": carrier },
                "retrievalDate": chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S%.3f+0000").to_string(),
            }),
            None => json!({ "content": null }),
        };
        parse_carrier_response(dot_number, body)
    }

    fn describe(&self) -> String {
        format!(
            "sample carrier registry ({} fictional carriers; set FMCSA_WEB_KEY for the real one)",
            self.carriers.len()
        )
    }

    fn is_stand_in(&self) -> bool {
        true
    }
}
