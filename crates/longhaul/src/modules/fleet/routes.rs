//! `/api/fleet/*`: the fleet admin's own fleet.

use super::account::{self, FleetAccountView};
use super::assets::{
    self, ListPage, ListQuery, TrailerDetail, TrailerItem, TruckDetail, TruckItem,
};
use super::drivers::{self, DriverDetail, DriverInput, DriverItem};
use super::files;
use super::overview::{self, Overview};
use super::settings::{self, BrandingInput, GeneralInput, PortalInput, SecurityInput};
use crate::http::error::ErrorBody;
use crate::http::{ApiError, ApiResult, FleetAdmin, ValidJson};
use crate::state::AppState;
use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;
use uuid::Uuid;

/// Every route here is behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account_view))
        .routes(routes!(overview_view))
        .routes(routes!(list_trucks))
        .routes(routes!(truck_detail))
        .routes(routes!(list_trailers))
        .routes(routes!(trailer_detail))
        .routes(routes!(list_drivers, create_driver))
        .routes(routes!(driver_detail, update_driver))
        .routes(routes!(deactivate_driver))
        .routes(routes!(activate_driver))
        .routes(routes!(update_general))
        .routes(routes!(update_branding))
        .routes(routes!(update_security))
        .routes(routes!(update_portal))
        // Room to read (and discard) an oversized upload to its end, so the
        // client gets a clean 413 instead of a reset connection.
        .routes(
            routes!(upload_logo, delete_logo).layer(DefaultBodyLimit::max(files::MAX_UPLOAD_BODY)),
        )
        .routes(routes!(logo))
}

fn id_of(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::NotFound)
}

type ListParams = Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>;

fn params(q: ListParams) -> Result<ListQuery, ApiError> {
    q.map(|Query(v)| v).map_err(|e| ApiError::BadRequest {
        code: "invalid_query",
        message: e.body_text(),
    })
}

#[utoipa::path(get, path = "/api/fleet/account", tag = "fleet",
    responses((status = 200, body = FleetAccountView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn account_view(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<FleetAccountView>> {
    Ok(Json(account::load(&state, scope).await?))
}

#[utoipa::path(get, path = "/api/fleet/overview", tag = "fleet",
    responses((status = 200, body = Overview), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn overview_view(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<Overview>> {
    Ok(Json(overview::load(&state, scope).await?))
}

#[utoipa::path(get, path = "/api/fleet/trucks", tag = "fleet", params(ListQuery),
    responses((status = 200, body = ListPage<TruckItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_trucks(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    q: ListParams,
) -> ApiResult<Json<ListPage<TruckItem>>> {
    Ok(Json(assets::list_trucks(&state, scope, &params(q)?).await?))
}

#[utoipa::path(get, path = "/api/fleet/trucks/{id}", tag = "fleet", params(("id" = String, Path)),
    responses((status = 200, body = TruckDetail), (status = 404, body = ErrorBody)))]
pub async fn truck_detail(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<TruckDetail>> {
    Ok(Json(
        assets::truck_detail(&state, scope, id_of(&id)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/trailers", tag = "fleet", params(ListQuery),
    responses((status = 200, body = ListPage<TrailerItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_trailers(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    q: ListParams,
) -> ApiResult<Json<ListPage<TrailerItem>>> {
    Ok(Json(
        assets::list_trailers(&state, scope, &params(q)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/trailers/{id}", tag = "fleet", params(("id" = String, Path)),
    responses((status = 200, body = TrailerDetail), (status = 404, body = ErrorBody)))]
pub async fn trailer_detail(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<TrailerDetail>> {
    Ok(Json(
        assets::trailer_detail(&state, scope, id_of(&id)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/drivers", tag = "fleet", params(ListQuery),
    responses((status = 200, body = ListPage<DriverItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_drivers(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    q: ListParams,
) -> ApiResult<Json<ListPage<DriverItem>>> {
    Ok(Json(drivers::list(&state, scope, &params(q)?).await?))
}

#[utoipa::path(get, path = "/api/fleet/drivers/{id}", tag = "fleet", params(("id" = String, Path)),
    responses((status = 200, body = DriverDetail), (status = 404, body = ErrorBody)))]
pub async fn driver_detail(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<DriverDetail>> {
    Ok(Json(drivers::detail(&state, scope, id_of(&id)?).await?))
}

#[utoipa::path(post, path = "/api/fleet/drivers", tag = "fleet", request_body = DriverInput,
    responses((status = 201, body = DriverItem), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_driver(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<DriverInput>,
) -> ApiResult<(StatusCode, Json<DriverItem>)> {
    Ok((
        StatusCode::CREATED,
        Json(drivers::create(&state, scope, body).await?),
    ))
}

#[utoipa::path(put, path = "/api/fleet/drivers/{id}", tag = "fleet", params(("id" = String, Path)), request_body = DriverInput,
    responses((status = 200, body = DriverItem), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_driver(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<DriverInput>,
) -> ApiResult<Json<DriverItem>> {
    Ok(Json(
        drivers::update(&state, scope, id_of(&id)?, body).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/drivers/{id}/deactivate", tag = "fleet", params(("id" = String, Path)),
    responses((status = 200, body = DriverItem), (status = 404, body = ErrorBody)))]
pub async fn deactivate_driver(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<DriverItem>> {
    Ok(Json(
        drivers::set_active(&state, scope, id_of(&id)?, false).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/drivers/{id}/activate", tag = "fleet", params(("id" = String, Path)),
    responses((status = 200, body = DriverItem), (status = 404, body = ErrorBody)))]
pub async fn activate_driver(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<DriverItem>> {
    Ok(Json(
        drivers::set_active(&state, scope, id_of(&id)?, true).await?,
    ))
}

#[utoipa::path(put, path = "/api/fleet/settings/general", tag = "fleet", request_body = GeneralInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_general(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<GeneralInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_general(&state, scope, body).await?;
    Ok(Json(account::load(&state, scope).await?))
}

#[utoipa::path(put, path = "/api/fleet/settings/branding", tag = "fleet", request_body = BrandingInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_branding(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<BrandingInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_branding(&state, scope, body).await?;
    Ok(Json(account::load(&state, scope).await?))
}

#[utoipa::path(put, path = "/api/fleet/settings/security", tag = "fleet", request_body = SecurityInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_security(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<SecurityInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_security(&state, scope, body).await?;
    Ok(Json(account::load(&state, scope).await?))
}

#[utoipa::path(put, path = "/api/fleet/settings/portal", tag = "fleet", request_body = PortalInput,
    responses((status = 200, body = FleetAccountView), (status = 422, body = ErrorBody)))]
pub async fn update_portal(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<PortalInput>,
) -> ApiResult<Json<FleetAccountView>> {
    settings::update_portal(&state, scope, body).await?;
    Ok(Json(account::load(&state, scope).await?))
}

/// Multipart with one field `logo`.
#[utoipa::path(post, path = "/api/fleet/settings/logo", tag = "fleet",
    responses((status = 200, body = FleetAccountView), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn upload_logo(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult<Json<FleetAccountView>> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType("Send the logo as multipart/form-data".into())
    })?;
    let read_error = |err: axum::extract::multipart::MultipartError| {
        if files::status_for_multipart(&err) == StatusCode::PAYLOAD_TOO_LARGE {
            files::too_large()
        } else {
            ApiError::BadRequest {
                code: "invalid_multipart",
                message: err.body_text(),
            }
        }
    };
    while let Some(mut field) = multipart.next_field().await.map_err(read_error)? {
        if field.name() == Some("logo") {
            let mut buffer = Vec::new();
            let mut too_big = false;
            while let Some(chunk) = field.chunk().await.map_err(read_error)? {
                if buffer.len() + chunk.len() > files::MAX_LOGO_BYTES {
                    too_big = true;
                    buffer = Vec::new();
                }
                if !too_big {
                    buffer.extend_from_slice(&chunk);
                }
            }
            if too_big {
                return Err(files::too_large());
            }
            files::save_logo(&state, scope, buffer.into()).await?;
            return Ok(Json(account::load(&state, scope).await?));
        }
    }
    Err(ApiError::field("logo", "Choose an image file"))
}

#[utoipa::path(delete, path = "/api/fleet/settings/logo", tag = "fleet", responses((status = 200, body = FleetAccountView)))]
pub async fn delete_logo(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<FleetAccountView>> {
    files::delete_logo(&state, scope).await?;
    Ok(Json(account::load(&state, scope).await?))
}

#[utoipa::path(get, path = "/api/fleet/logo", tag = "fleet", responses((status = 200, description = "The logo image"), (status = 404, body = ErrorBody)))]
pub async fn logo(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Response> {
    let (content_type, bytes) = files::load_logo(&state, scope).await?;
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
