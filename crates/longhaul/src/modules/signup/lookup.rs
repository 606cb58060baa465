//! Carrier lookups, answered from a 24-hour cache in the database so repeated
//! searches are fast and FMCSA is asked once a day per DOT number.

use crate::http::ApiError;
use crate::integrations::fmcsa::{CarrierRecord, RegistryError, parse_carrier_response};
use crate::state::AppState;
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use db::entities::carrier_lookup;
use domain::{DotNumber, texts};
use sea_orm::sea_query::OnConflict;
use sea_orm::{EntityTrait, Set};

const FOUND_TTL: Duration = Duration::hours(24);
/// A carrier that registers today should not wait a day to be found.
const NOT_FOUND_TTL: Duration = Duration::hours(1);

pub async fn find_carrier(state: &AppState, dot: &DotNumber) -> Result<CarrierRecord, ApiError> {
    let not_found = || ApiError::Status {
        status: StatusCode::NOT_FOUND,
        code: "carrier_not_found",
        message: texts().signup.no_carrier.clone(),
    };
    if let Some(cached) = carrier_lookup::Entity::find_by_id(dot.as_str())
        .one(&state.db)
        .await?
    {
        let age = Utc::now() - cached.fetched_at;
        let fresh = if cached.response.is_some() {
            age < FOUND_TTL
        } else {
            age < NOT_FOUND_TTL
        };
        if fresh {
            return match cached.response {
                Some(body) => parse_carrier_response(dot.as_str(), body)
                    .ok()
                    .flatten()
                    .ok_or_else(not_found),
                None => Err(not_found()),
            };
        }
    }
    let record = state.carriers.lookup(dot.as_str()).await.map_err(|err| {
        tracing::warn!(error = %err, dot = dot.as_str(), "carrier lookup failed");
        match err {
            RegistryError::Timeout => ApiError::Status {
                status: StatusCode::GATEWAY_TIMEOUT,
                code: "registry_timeout",
                message: texts().signup.lookup_unavailable.clone(),
            },
            RegistryError::Unavailable(_) | RegistryError::Misconfigured(_) => ApiError::Status {
                status: StatusCode::BAD_GATEWAY,
                code: "registry_error",
                message: texts().signup.lookup_error.clone(),
            },
        }
    })?;
    let row = carrier_lookup::ActiveModel {
        dot_number: Set(dot.as_str().to_owned()),
        response: Set(record.as_ref().map(|r| r.raw.clone())),
        fetched_at: Set(Utc::now()),
    };
    carrier_lookup::Entity::insert(row)
        .on_conflict(
            OnConflict::column(carrier_lookup::Column::DotNumber)
                .update_columns([
                    carrier_lookup::Column::Response,
                    carrier_lookup::Column::FetchedAt,
                ])
                .to_owned(),
        )
        .exec(&state.db)
        .await?;
    record.ok_or_else(not_found)
}
