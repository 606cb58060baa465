//! `GET /metrics` for Prometheus (decision 017). With METRICS_TOKEN set a
//! scraper sends it as a bearer token; without one, development answers only
//! this machine and production does not serve the page at all.

use crate::config::Environment;
use crate::crypto::tokens::constant_time_eq;
use crate::http::ApiError;
use crate::http::loopback::from_this_machine;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

pub async fn metrics(State(state): State<AppState>, req: Request) -> Response {
    match &state.config.metrics_token {
        Some(token) => {
            let sent = req
                .headers()
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "));
            if !sent.is_some_and(|sent| constant_time_eq(sent.trim(), token.expose())) {
                return (
                    StatusCode::UNAUTHORIZED,
                    [(header::WWW_AUTHENTICATE, "Bearer")],
                    "metrics need the bearer token (METRICS_TOKEN)\n",
                )
                    .into_response();
            }
        }
        None if state.config.environment == Environment::Development && from_this_machine(&req) => {
        }
        None => return ApiError::NotFound.into_response(),
    }
    match crate::jobs::job_counts(&state.db).await {
        Ok(counts) => state
            .metrics
            .set_job_counts(state.job_kinds.iter().copied(), &counts),
        // The HTTP figures are still worth having; the stale gauge says so
        // only through the log.
        Err(err) => tracing::warn!(error = %err, "job counts for /metrics could not be read"),
    }
    (
        [(header::CONTENT_TYPE, TEXT_FORMAT)],
        state.metrics.render(),
    )
        .into_response()
}
