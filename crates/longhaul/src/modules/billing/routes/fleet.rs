//! `/api/fleet/billing*`: the fleet admin's billing page, its state for the
//! dashboard's banner, and the Customer Portal button.

use crate::http::ApiResult;
use crate::http::error::ErrorBody;
use crate::modules::auth::FleetAdmin;
use crate::modules::billing::dto::{BillingOverview, BillingState, PortalSession};
use crate::modules::billing::fleet_billing::{self, FleetBillingDeps};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Mounted in the fleet-admin group, outside the read-only guard: a fleet
/// that owes money must still reach Billing.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(state))
        .routes(routes!(portal))
}

/// The subscription, card and payments, from stored data.
#[utoipa::path(get, path = "/api/fleet/billing", tag = "billing",
    responses((status = 200, body = BillingOverview), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 502, body = ErrorBody)))]
pub async fn overview(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<BillingOverview>> {
    Ok(Json(
        fleet_billing::overview(&FleetBillingDeps::of(&state), scope).await?,
    ))
}

/// Whether the fleet owes money: the dashboard's past-due banner.
#[utoipa::path(get, path = "/api/fleet/billing/state", tag = "billing",
    responses((status = 200, body = BillingState), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn state(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<BillingState>> {
    let txn = db::tenancy::read(&state.db, scope).await?;
    let billing = fleet_billing::billing_state(&txn, state.config.past_due_grace_days).await?;
    txn.commit().await?;
    Ok(Json(billing))
}

/// A Stripe Customer Portal session for the fleet, returning to Billing.
#[utoipa::path(post, path = "/api/fleet/billing/portal", tag = "billing",
    responses((status = 200, body = PortalSession), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn portal(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<PortalSession>> {
    let url = fleet_billing::portal_session(
        &FleetBillingDeps::of(&state),
        scope,
        &state.config.public_url,
    )
    .await?;
    Ok(Json(PortalSession { url }))
}
