//! `/healthz`, `/readyz` and `/metrics`.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};
use std::time::Duration;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(super::routes::metrics::metrics))
}

async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// How long `/readyz` waits for the database: a load balancer's probe must
/// get its answer quickly, however long the pool would wait for a connection.
const DATABASE_PROBE: Duration = Duration::from_secs(1);

/// Ready when the database answers within a second and every job worker of
/// this process (when it runs them) has a fresh heartbeat.
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let unavailable = |status: &str, extra: Value| {
        let mut body = json!({ "status": status });
        if let (Some(map), Value::Object(more)) = (body.as_object_mut(), extra) {
            map.extend(more);
        }
        (StatusCode::SERVICE_UNAVAILABLE, Json(body))
    };
    let probe = async {
        state.db.ping().await?;
        crate::jobs::worker::stalled(&state).await
    };
    match tokio::time::timeout(DATABASE_PROBE, probe).await {
        Ok(Ok(stalled)) if stalled.is_empty() => {
            (StatusCode::OK, Json(json!({ "status": "ready" })))
        }
        Ok(Ok(stalled)) => {
            tracing::warn!(workers = ?stalled, "readiness check: job workers without a heartbeat");
            unavailable("job workers stalled", json!({ "workers": stalled }))
        }
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "readiness check failed");
            unavailable("database unavailable", json!({}))
        }
        Err(_) => {
            tracing::warn!("readiness check: the database did not answer within a second");
            unavailable("database unavailable", json!({}))
        }
    }
}
pub(super) mod metrics;
