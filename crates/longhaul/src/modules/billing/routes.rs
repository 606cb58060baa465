//! `/api/subscriptions/*`, `/api/webhooks/stripe` and, while the Stripe
//! stand-in is active, `/api/test-checkout/*`.

use super::events::{Applied, StripeEvent, apply_event};
use super::service::{self, AccountCreated, SubscriptionCheck};
use super::test_checkout::{self, TestCheckoutView};
use crate::http::error::ErrorBody;
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::integrations::stripe::webhook;
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check))
        .routes(routes!(create_account))
        .routes(routes!(stripe_webhook).layer(DefaultBodyLimit::max(1024 * 1024)))
}

/// The Stripe stand-in's checkout page: mounted only in development while the
/// stand-in is active, and only for a browser on this machine (`app.rs`).
pub fn test_checkout_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(test_checkout_view))
        .routes(routes!(test_checkout_pay))
}

#[derive(Deserialize, ToSchema)]
pub struct CheckRequest {
    pub session_id: String,
}

#[derive(Deserialize, ToSchema)]
pub struct AccountRequest {
    pub session_id: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PayRequest {
    pub card_number: String,
    pub expiry: String,
    pub cvc: String,
}

#[derive(Serialize, ToSchema)]
pub struct PayResponse {
    pub success_url: String,
}

#[derive(Serialize, ToSchema)]
pub struct WebhookAck {
    pub received: bool,
    pub duplicate: bool,
}

#[utoipa::path(post, path = "/api/subscriptions/check", tag = "billing", request_body = CheckRequest,
    responses((status = 200, body = SubscriptionCheck), (status = 404, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn check(
    State(state): State<AppState>,
    ValidJson(body): ValidJson<CheckRequest>,
) -> ApiResult<Json<SubscriptionCheck>> {
    Ok(Json(service::check(&state, &body.session_id).await?))
}

/// Creates the fleet admin's login for the payer's e-mail, unconfirmed: the
/// confirmation link goes to that e-mail, and no session is started here.
#[utoipa::path(post, path = "/api/subscriptions/account", tag = "billing", request_body = AccountRequest,
    responses((status = 201, body = AccountCreated), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_account(
    State(state): State<AppState>,
    ValidJson(body): ValidJson<AccountRequest>,
) -> ApiResult<(StatusCode, Json<AccountCreated>)> {
    let created = service::create_account(&state, &body.session_id, body.password).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Stripe's webhook: the raw body is verified against `Stripe-Signature`
/// before anything is parsed or recorded.
#[utoipa::path(post, path = "/api/webhooks/stripe", tag = "billing",
    responses((status = 200, body = WebhookAck), (status = 400, body = ErrorBody)))]
pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookAck>> {
    let Some(secret) = &state.config.stripe_webhook_secret else {
        return Err(ApiError::NotFound);
    };
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    webhook::verify(
        &body,
        signature,
        secret.expose(),
        chrono::Utc::now().timestamp(),
    )
    .map_err(|err| {
        tracing::warn!(error = %err, "Stripe webhook refused");
        ApiError::BadRequest {
            code: "invalid_signature",
            message: err.to_string(),
        }
    })?;
    let event: StripeEvent = serde_json::from_slice(&body).map_err(|err| ApiError::BadRequest {
        code: "invalid_event",
        message: format!("not a Stripe event: {err}"),
    })?;
    let applied = apply_event(&state, &event).await?;
    Ok(Json(WebhookAck {
        received: true,
        duplicate: applied == Applied::Duplicate,
    }))
}

#[utoipa::path(get, path = "/api/test-checkout/{id}", tag = "billing", params(("id" = String, Path)),
    responses((status = 200, body = TestCheckoutView), (status = 404, body = ErrorBody)))]
pub async fn test_checkout_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<TestCheckoutView>> {
    Ok(Json(test_checkout::view(&state, &id).await?))
}

#[utoipa::path(post, path = "/api/test-checkout/{id}/pay", tag = "billing", params(("id" = String, Path)), request_body = PayRequest,
    responses((status = 200, body = PayResponse), (status = 402, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn test_checkout_pay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<PayRequest>,
) -> ApiResult<Json<PayResponse>> {
    let success_url =
        test_checkout::pay(&state, &id, &body.card_number, &body.expiry, &body.cvc).await?;
    Ok(Json(PayResponse { success_url }))
}
