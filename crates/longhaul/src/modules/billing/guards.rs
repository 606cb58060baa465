//! The read-only guard: a fleet past due beyond its grace period may read
//! but not write (issues 13 and 29).

use crate::http::ApiError;
use crate::modules::auth::{DriverSession, FleetAdmin};
use axum::extract::Request;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use domain::texts;

/// Refuses a write made on a fleet's behalf — by its admins on the
/// dashboard, or by its drivers in the portal — while the fleet's
/// subscription has been past due for longer than the grace period (issues
/// 13 and 29): everything stays readable, and Billing (outside this layer)
/// stays open so the fleet can pay. Runs inside `fleet_admin` or `driver`.
pub async fn fleet_writable(
    axum::Extension(state): axum::Extension<crate::state::AppState>,
    req: Request,
    next: Next,
) -> Response {
    let unsafe_method = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let scope = match (
        req.extensions().get::<FleetAdmin>(),
        req.extensions().get::<DriverSession>(),
    ) {
        (Some(FleetAdmin(scope)), _) => *scope,
        (None, Some(driver)) => driver.scope(),
        (None, None) => {
            return crate::modules::auth::guards::missing_guard("FleetAdmin or DriverSession")
                .into_response();
        }
    };
    if unsafe_method {
        let read_only = async {
            let txn = db::tenancy::read(&state.db, scope).await?;
            let billing =
                super::fleet_billing::billing_state(&txn, state.config.past_due_grace_days).await;
            txn.commit().await?;
            billing.map(|b| b.read_only).map_err(ApiError::from)
        };
        match read_only.await {
            Ok(false) => {}
            Ok(true) => {
                return ApiError::Forbidden {
                    code: "read_only",
                    message: texts().billing.read_only_refused.clone(),
                }
                .into_response();
            }
            Err(err) => return err.into_response(),
        }
    }
    next.run(req).await
}
