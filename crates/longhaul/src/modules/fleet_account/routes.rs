//! `/api/fleet/account`, `/api/fleet/overview`, `/api/fleet/settings/*` and
//! `/api/fleet/logo`. A settings change answers with the account as it now
//! stands.

use super::dto::{
    BrandingInput, FleetAccountView, GeneralInput, Overview, PortalInput, SecurityInput,
};
use super::error::FleetAccountError;
use super::{logo as logo_store, service, settings};
use crate::http::error::ErrorBody;
use crate::http::upload::{UploadError, read_file_field};
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::modules::auth::FleetAdmin;
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use db::tenancy::TenantScope;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

/// Every route here is behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account_view))
        .routes(routes!(overview_view))
        .routes(routes!(update_general))
        .routes(routes!(update_branding))
        .routes(routes!(update_security))
        .routes(routes!(update_portal))
        // Room to read (and discard) an oversized upload to its end, so the
        // client gets a clean 413 instead of a reset connection.
        .routes(
            routes!(upload_logo, delete_logo)
                .layer(DefaultBodyLimit::max(logo_store::MAX_UPLOAD_BODY)),
        )
        .routes(routes!(logo))
}

/// The account after a change.
async fn current(state: &AppState, scope: TenantScope) -> ApiResult<Json<FleetAccountView>> {
    Ok(Json(service::account(&state.db, scope).await?))
}

#[utoipa::path(get, path = "/api/fleet/account", tag = "fleet",
    responses((status = 200, body = FleetAccountView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn account_view(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<FleetAccountView>> {
    current(&state, scope).await
}

#[utoipa::path(get, path = "/api/fleet/overview", tag = "fleet",
    responses((status = 200, body = Overview), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn overview_view(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<Overview>> {
    Ok(Json(service::overview(&state.db, scope).await?))
}

#[utoipa::path(put, path = "/api/fleet/settings/general", tag = "fleet", request_body = GeneralInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_general(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<GeneralInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_general(&state.db, scope, body).await?;
    current(&state, scope).await
}

#[utoipa::path(put, path = "/api/fleet/settings/branding", tag = "fleet", request_body = BrandingInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_branding(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<BrandingInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_branding(&state.db, scope, body).await?;
    current(&state, scope).await
}

#[utoipa::path(put, path = "/api/fleet/settings/security", tag = "fleet", request_body = SecurityInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_security(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<SecurityInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_security(&state.db, scope, body).await?;
    // The session layer's cached timeout of this fleet is stale now.
    state.session_timeouts.forget(scope.fleet_account_id());
    current(&state, scope).await
}

#[utoipa::path(put, path = "/api/fleet/settings/portal", tag = "fleet", request_body = PortalInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_portal(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<PortalInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_portal(&state.db, &state.passwords, scope, body).await?;
    current(&state, scope).await
}

/// Multipart with one field `logo`.
#[utoipa::path(post, path = "/api/fleet/settings/logo", tag = "fleet",
    responses((status = 200, body = FleetAccountView), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn upload_logo(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<FleetAccountView>> {
    let bytes = read_file_field(multipart, "logo", logo_store::MAX_LOGO_BYTES)
        .await
        .map_err(|err| -> ApiError {
            match err {
                UploadError::NotMultipart => ApiError::UnsupportedMediaType(
                    domain::texts().server.requests.logo_multipart.clone(),
                ),
                UploadError::TooLarge => FleetAccountError::LogoTooLarge.into(),
                UploadError::Missing => FleetAccountError::LogoMissing.into(),
                UploadError::Malformed(message) => ApiError::BadRequest {
                    code: "invalid_multipart",
                    message,
                },
            }
        })?;
    logo_store::save_logo(&state.db, state.files.as_ref(), scope, bytes.into()).await?;
    current(&state, scope).await
}

#[utoipa::path(delete, path = "/api/fleet/settings/logo", tag = "fleet", responses((status = 200, body = FleetAccountView)))]
pub async fn delete_logo(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<FleetAccountView>> {
    logo_store::delete_logo(&state.db, state.files.as_ref(), scope).await?;
    current(&state, scope).await
}

#[utoipa::path(get, path = "/api/fleet/logo", tag = "fleet", responses((status = 200, description = "The logo image"), (status = 404, body = ErrorBody)))]
pub async fn logo(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Response> {
    let (content_type, bytes) =
        logo_store::load_logo(&state.db, state.files.as_ref(), scope).await?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "private, max-age=300".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}
