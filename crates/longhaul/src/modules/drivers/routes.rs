//! `/api/fleet/drivers*`.

use super::dto::{DriverDetail, DriverInput, DriverItem};
use super::service;
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiResult, ValidJson};
use crate::modules::auth::FleetAdmin;
use crate::paging::{ListPage, ListParams, ListQuery, list_request};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Every route here is behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_drivers, create_driver))
        .routes(routes!(driver_detail, update_driver))
        .routes(routes!(deactivate_driver))
        .routes(routes!(activate_driver))
}

#[utoipa::path(get, path = "/api/fleet/drivers", tag = "fleet", params(ListQuery),
    responses((status = 200, body = ListPage<DriverItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_drivers(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    q: ListParams,
) -> ApiResult<Json<ListPage<DriverItem>>> {
    let request = list_request(q)?;
    Ok(Json(service::list(&state.db, scope, &request).await?))
}

#[utoipa::path(get, path = "/api/fleet/drivers/{id}", tag = "fleet", params(("id" = String, Path)),
    responses((status = 200, body = DriverDetail), (status = 404, body = ErrorBody)))]
pub async fn driver_detail(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<DriverDetail>> {
    Ok(Json(
        service::detail(&state.db, scope, path_id(&id)?).await?,
    ))
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
        Json(service::create(&state.db, scope, body).await?),
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
        service::update(&state.db, scope, path_id(&id)?, body).await?,
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
        service::set_active(&state.db, scope, path_id(&id)?, false).await?,
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
        service::set_active(&state.db, scope, path_id(&id)?, true).await?,
    ))
}
