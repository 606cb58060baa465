//! `/api/subscriptions/*`, `/api/webhooks/stripe` and, while the Stripe
//! stand-in is active, `/api/test-checkout/*`.

use super::dto::{
    AccountCreated, AccountRequest, CheckRequest, PayRequest, PayResponse, PaymentView,
    SubscriptionCheck, TestCheckoutView, TestPortalActionRequest, TestPortalView, WebhookAck,
};
use super::error::BillingError;
use super::events::{self, Applied, StandInEvents};
use super::service::{self, BillingDeps};
use crate::http::error::ErrorBody;
use crate::http::{ApiResult, ValidJson};
use crate::integrations::stripe::test_mode::CardInput;
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode};
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
        .routes(routes!(test_portal_view))
        .routes(routes!(test_portal_act))
        .routes(routes!(test_receipt))
}

fn stand_in_events(state: &AppState) -> StandInEvents<'_> {
    StandInEvents {
        db: &state.db,
        carriers: state.carriers.as_ref(),
    }
}

fn deps(state: &AppState) -> BillingDeps<'_> {
    BillingDeps {
        db: &state.db,
        payments: state.payments.as_ref(),
        carriers: state.carriers.as_ref(),
        passwords: &state.passwords,
        mailer: state.mailer.as_ref(),
        public_url: &state.config.public_url,
    }
}

#[utoipa::path(post, path = "/api/subscriptions/check", tag = "billing", request_body = CheckRequest,
    responses((status = 200, body = SubscriptionCheck), (status = 404, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn check(
    State(state): State<AppState>,
    ValidJson(body): ValidJson<CheckRequest>,
) -> ApiResult<Json<SubscriptionCheck>> {
    Ok(Json(service::check(&deps(&state), &body.session_id).await?))
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
    let created = service::create_account(&deps(&state), &body.session_id, body.password).await?;
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
    let secret = state
        .config
        .stripe_webhook_secret
        .as_ref()
        .ok_or(BillingError::WebhooksOff)?;
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let applied = events::receive(
        &state.db,
        state.carriers.as_ref(),
        &body,
        signature,
        secret.expose(),
    )
    .await?;
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
    Ok(Json(test_pages::checkout_view(&state.db, &id).await?))
}

#[utoipa::path(post, path = "/api/test-checkout/{id}/pay", tag = "billing", params(("id" = String, Path)), request_body = PayRequest,
    responses((status = 200, body = PayResponse), (status = 402, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn test_checkout_pay(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<PayRequest>,
) -> ApiResult<Json<PayResponse>> {
    let card = CardInput {
        card_number: &body.card_number,
        expiry: &body.expiry,
        cvc: &body.cvc,
    };
    let success_url = test_pages::pay(
        &stand_in_events(&state),
        &state.config.public_url,
        &id,
        card,
    )
    .await?;
    Ok(Json(PayResponse { success_url }))
}

#[utoipa::path(get, path = "/api/test-portal/{id}", tag = "billing", params(("id" = String, Path)),
    responses((status = 200, body = TestPortalView), (status = 404, body = ErrorBody)))]
pub async fn test_portal_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<TestPortalView>> {
    Ok(Json(test_pages::portal_view(&state.db, &id).await?))
}

/// Changes the stand-in's subscription as the customer or time would, and
/// announces it to Longhaul as Stripe's events.
#[utoipa::path(post, path = "/api/test-portal/{id}/actions", tag = "billing", params(("id" = String, Path)),
    request_body = TestPortalActionRequest,
    responses((status = 200, body = TestPortalView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn test_portal_act(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<TestPortalActionRequest>,
) -> ApiResult<Json<TestPortalView>> {
    Ok(Json(
        test_pages::portal_act(
            &stand_in_events(&state),
            &state.config.public_url,
            &id,
            body.action,
            body.card_number.as_deref(),
        )
        .await?,
    ))
}

#[utoipa::path(get, path = "/api/test-portal/receipts/{id}", tag = "billing", params(("id" = String, Path)),
    responses((status = 200, body = PaymentView), (status = 404, body = ErrorBody)))]
pub async fn test_receipt(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<PaymentView>> {
    Ok(Json(test_pages::receipt(&state.db, &id).await?))
}
pub mod fleet;
pub(super) mod test_pages;
