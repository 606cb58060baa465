//! `/api/fleet/postings`: a fleet's trucks on the truck board, and
//! `/api/places`: the gazetteer's suggestions for an origin field.

use super::dto::{
    PlaceList, PlaceQuery, PlaceView, PostingInput, PostingList, PostingListQuery, PostingView,
    VehiclePosition,
};
use super::{PostingsError, position, service};
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiResult, ValidJson};
use crate::modules::auth::CurrentUser;
use crate::modules::auth::FleetAdmin;
use crate::modules::eld::EldDeps;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use db::tenancy::TenantScope;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_postings, create_posting))
        .routes(routes!(get_posting, update_posting))
        .routes(routes!(withdraw_posting))
        .routes(routes!(vehicle_position))
}

/// For any signed-in user.
pub fn places_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(places))
}

/// The most suggestions a field shows.
const SUGGESTIONS: usize = 8;

#[utoipa::path(get, path = "/api/places", tag = "board", params(PlaceQuery),
    responses((status = 200, body = PlaceList), (status = 401, body = ErrorBody)))]
pub async fn places(_user: CurrentUser, Query(q): Query<PlaceQuery>) -> Json<PlaceList> {
    let text = q.q.unwrap_or_default();
    let places = if text.chars().count() > 100 {
        Vec::new()
    } else {
        domain::geo::suggest(&text, SUGGESTIONS)
            .into_iter()
            .map(PlaceView::from)
            .collect()
    };
    Json(PlaceList { places })
}

/// The ELD position an `eld` posting starts from.
async fn eld_position_for(
    state: &AppState,
    scope: TenantScope,
    input: &PostingInput,
) -> Result<Option<super::dto::PositionView>, PostingsError> {
    if input.location_source != "eld" {
        return Ok(None);
    }
    match position::of_vehicle(&EldDeps::of(state), scope, input.vehicle_id).await {
        Err(PostingsError::NotFound) => Err(PostingsError::invalid(
            "vehicle_id",
            &domain::texts().board.truck_invalid,
        )),
        other => other,
    }
}

#[utoipa::path(get, path = "/api/fleet/postings", tag = "board", params(PostingListQuery),
    responses((status = 200, body = PostingList), (status = 422, body = ErrorBody)))]
pub async fn list_postings(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(q): Query<PostingListQuery>,
) -> ApiResult<Json<PostingList>> {
    let postings = service::list(&state.db, scope, q.status.as_deref()).await?;
    Ok(Json(PostingList { postings }))
}

#[utoipa::path(post, path = "/api/fleet/postings", tag = "board", request_body = PostingInput,
    responses((status = 201, body = PostingView), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_posting(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(input): ValidJson<PostingInput>,
) -> ApiResult<(StatusCode, Json<PostingView>)> {
    let eld = eld_position_for(&state, scope, &input).await?;
    let view = service::create(&state.db, scope, &input, eld.as_ref()).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(get, path = "/api/fleet/postings/{id}", tag = "board", params(("id" = String, Path)),
    responses((status = 200, body = PostingView), (status = 404, body = ErrorBody)))]
pub async fn get_posting(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<PostingView>> {
    Ok(Json(service::get(&state.db, scope, path_id(&id)?).await?))
}

#[utoipa::path(patch, path = "/api/fleet/postings/{id}", tag = "board", params(("id" = String, Path)), request_body = PostingInput,
    responses((status = 200, body = PostingView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_posting(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<PostingInput>,
) -> ApiResult<Json<PostingView>> {
    let id = path_id(&id)?;
    let eld = eld_position_for(&state, scope, &input).await?;
    Ok(Json(
        service::update(&state.db, scope, id, &input, eld.as_ref()).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/postings/{id}/withdraw", tag = "board", params(("id" = String, Path)),
    responses((status = 200, body = PostingView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn withdraw_posting(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<PostingView>> {
    Ok(Json(
        service::withdraw(&state.db, scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/vehicles/{id}/position", tag = "board", params(("id" = String, Path)),
    responses((status = 200, body = VehiclePosition), (status = 404, body = ErrorBody)))]
pub async fn vehicle_position(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<VehiclePosition>> {
    let position = position::of_vehicle(&EldDeps::of(&state), scope, path_id(&id)?).await?;
    Ok(Json(VehiclePosition { position }))
}
