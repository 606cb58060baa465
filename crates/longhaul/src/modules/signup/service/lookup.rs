//! Carrier lookups, answered from a 24-hour cache in the database so repeated
//! searches are fast and FMCSA is asked once a day per DOT number. Billing
//! re-checks a paid band through the same lookup.

use crate::integrations::fmcsa::{
    CarrierRecord, CarrierRegistry, RegistryError, parse_carrier_response,
};
use crate::modules::signup::error::SignupError;
use crate::modules::signup::repo::carrier_cache;
use chrono::{Duration, Utc};
use domain::DotNumber;
use sea_orm::ConnectionTrait;

const FOUND_TTL: Duration = Duration::hours(24);
/// A carrier that registers today should not wait a day to be found.
const NOT_FOUND_TTL: Duration = Duration::hours(1);

pub async fn find_carrier<C: ConnectionTrait>(
    db: &C,
    registry: &dyn CarrierRegistry,
    dot: &DotNumber,
) -> Result<CarrierRecord, SignupError> {
    if let Some(cached) = carrier_cache::find(db, dot.as_str()).await? {
        let age = Utc::now() - cached.fetched_at;
        let fresh = if cached.response.is_some() {
            age < FOUND_TTL
        } else {
            age < NOT_FOUND_TTL
        };
        if fresh {
            return cached
                .response
                .and_then(|body| parse_carrier_response(dot.as_str(), body).ok().flatten())
                .ok_or(SignupError::CarrierNotFound);
        }
    }
    let record = registry.lookup(dot.as_str()).await.map_err(|err| {
        tracing::warn!(error = %err, dot = dot.as_str(), "carrier lookup failed");
        match err {
            RegistryError::Timeout => SignupError::RegistryTimeout,
            RegistryError::Unavailable(_) | RegistryError::Misconfigured(_) => {
                SignupError::RegistryFailed
            }
        }
    })?;
    carrier_cache::store(db, dot.as_str(), record.as_ref().map(|r| r.raw.clone())).await?;
    record.ok_or(SignupError::CarrierNotFound)
}
