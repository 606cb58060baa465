//! `/api/fleet/trucks*` and `/api/fleet/trailers*`.

use super::dto::{TrailerDetail, TrailerItem, TruckDetail, TruckItem};
use super::service;
use crate::http::ApiResult;
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::modules::auth::FleetAdmin;
use crate::paging::{ListPage, ListParams, ListQuery, list_request};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Every route here is behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_trucks))
        .routes(routes!(truck_detail))
        .routes(routes!(list_trailers))
        .routes(routes!(trailer_detail))
}

#[utoipa::path(get, path = "/api/fleet/trucks", tag = "fleet", params(ListQuery),
    responses((status = 200, body = ListPage<TruckItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_trucks(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    q: ListParams,
) -> ApiResult<Json<ListPage<TruckItem>>> {
    let request = list_request(q)?;
    Ok(Json(
        service::list_trucks(&state.db, scope, &request).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/trucks/{id}", tag = "fleet", params(("id" = String, Path)),
    responses((status = 200, body = TruckDetail), (status = 404, body = ErrorBody)))]
pub async fn truck_detail(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<TruckDetail>> {
    Ok(Json(
        service::truck_detail(&state.db, scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/trailers", tag = "fleet", params(ListQuery),
    responses((status = 200, body = ListPage<TrailerItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_trailers(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    q: ListParams,
) -> ApiResult<Json<ListPage<TrailerItem>>> {
    let request = list_request(q)?;
    Ok(Json(
        service::list_trailers(&state.db, scope, &request).await?,
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
        service::trailer_detail(&state.db, scope, path_id(&id)?).await?,
    ))
}
