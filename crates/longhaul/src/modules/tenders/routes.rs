//! `/api/broker/facilities`, `/api/broker/tenders`, `/api/broker/shipments`
//! (broker users), `/api/fleet/tenders` (fleet admins) and
//! `/api/tender-links` (the one-time link is the credential).

use super::deps::TendersDeps;
use super::dto::{
    AcceptInput, BrokerFacilityList, CounterInput, DeclineInput, RevisionInput, RevisionView,
    ShipmentListQuery, ShipmentPage, ShipmentView, TenderDetail, TenderInput, TenderLinkView,
    TenderList, TenderListQuery, TenderSettings, TenderView,
};
use super::service::respond::Responder;
use super::service::{facilities, offer, respond, revisions, shipments};
use crate::http::download::content_disposition;
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiResult, ValidJson};
use crate::modules::auth::{Broker, CurrentUser, FleetAdmin};
use crate::modules::loads::dto::{FacilityInput, FacilityView};
use crate::state::AppState;
use axum::Json;
use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use object_store::ObjectStoreExt;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Behind the broker guard.
pub fn broker_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_broker_facilities, create_broker_facility))
        .routes(routes!(list_broker_tenders, create_tender))
        .routes(routes!(get_broker_tender))
        .routes(routes!(withdraw_tender))
        .routes(routes!(accept_counter))
        .routes(routes!(list_shipments))
        .routes(routes!(get_shipment))
        .routes(routes!(shipment_document))
        .routes(routes!(request_revision))
}

/// Behind the fleet-admin guard.
pub fn fleet_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_fleet_tenders))
        .routes(routes!(tender_settings, save_tender_settings))
        .routes(routes!(get_fleet_tender))
        .routes(routes!(accept_tender))
        .routes(routes!(decline_tender))
        .routes(routes!(counter_tender))
        .routes(routes!(accept_revision))
}

/// Open (CSRF-checked): the link's token is the credential.
pub fn link_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(link_tender))
        .routes(routes!(link_accept))
        .routes(routes!(link_decline))
}

fn responder(user: &CurrentUser) -> Responder {
    Responder {
        profile_id: Some(user.0.profile.id),
        name: crate::modules::brokers::users::display_name(&user.0.profile),
        email: user.0.profile.email.clone(),
    }
}

#[utoipa::path(get, path = "/api/broker/facilities", tag = "tenders",
    responses((status = 200, body = BrokerFacilityList)))]
pub async fn list_broker_facilities(
    State(state): State<AppState>,
    broker: Broker,
) -> ApiResult<Json<BrokerFacilityList>> {
    let facilities = facilities::list(&state.db, broker.scope).await?;
    Ok(Json(BrokerFacilityList { facilities }))
}

#[utoipa::path(post, path = "/api/broker/facilities", tag = "tenders", request_body = FacilityInput,
    responses((status = 201, body = FacilityView), (status = 422, body = ErrorBody)))]
pub async fn create_broker_facility(
    State(state): State<AppState>,
    broker: Broker,
    ValidJson(input): ValidJson<FacilityInput>,
) -> ApiResult<(StatusCode, Json<FacilityView>)> {
    let view = facilities::create(&state.db, broker.scope, &input).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(get, path = "/api/broker/tenders", tag = "tenders", params(TenderListQuery),
    responses((status = 200, body = TenderList), (status = 422, body = ErrorBody)))]
pub async fn list_broker_tenders(
    State(state): State<AppState>,
    broker: Broker,
    Query(q): Query<TenderListQuery>,
) -> ApiResult<Json<TenderList>> {
    let tenders = offer::list_for_broker(&state.db, broker.scope, q.status.as_deref()).await?;
    Ok(Json(TenderList { tenders }))
}

#[utoipa::path(post, path = "/api/broker/tenders", tag = "tenders", request_body = TenderInput,
    responses((status = 201, body = TenderView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_tender(
    State(state): State<AppState>,
    broker: Broker,
    ValidJson(input): ValidJson<TenderInput>,
) -> ApiResult<(StatusCode, Json<TenderView>)> {
    let view = offer::create(
        &TendersDeps::of(&state),
        broker.scope,
        &broker.user.profile,
        &input,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(get, path = "/api/broker/tenders/{id}", tag = "tenders", params(("id" = String, Path)),
    responses((status = 200, body = TenderView), (status = 404, body = ErrorBody)))]
pub async fn get_broker_tender(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
) -> ApiResult<Json<TenderView>> {
    Ok(Json(
        offer::get_for_broker(&state.db, broker.scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(post, path = "/api/broker/tenders/{id}/withdraw", tag = "tenders", params(("id" = String, Path)),
    responses((status = 200, body = TenderView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn withdraw_tender(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
) -> ApiResult<Json<TenderView>> {
    Ok(Json(
        offer::withdraw(&state.db, broker.scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(post, path = "/api/broker/tenders/{id}/accept-counter", tag = "tenders", params(("id" = String, Path)),
    responses((status = 200, body = TenderView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn accept_counter(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
) -> ApiResult<Json<TenderView>> {
    Ok(Json(
        respond::accept_counter(&TendersDeps::of(&state), broker.scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/broker/shipments", tag = "tenders", params(ShipmentListQuery),
    responses((status = 200, body = ShipmentPage), (status = 422, body = ErrorBody)))]
pub async fn list_shipments(
    State(state): State<AppState>,
    broker: Broker,
    Query(q): Query<ShipmentListQuery>,
) -> ApiResult<Json<ShipmentPage>> {
    Ok(Json(
        shipments::list(
            &state.db,
            broker.scope,
            q.status.as_deref(),
            q.q.as_deref(),
            q.page,
            q.per_page,
        )
        .await?,
    ))
}

#[utoipa::path(get, path = "/api/broker/shipments/{id}", tag = "tenders", params(("id" = String, Path)),
    responses((status = 200, body = ShipmentView), (status = 404, body = ErrorBody)))]
pub async fn get_shipment(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
) -> ApiResult<Json<ShipmentView>> {
    Ok(Json(
        shipments::get(&state.db, broker.scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/broker/shipments/{id}/documents/{doc}", tag = "tenders", params(("id" = String, Path), ("doc" = String, Path)),
    responses((status = 200, description = "The document's file", content_type = "application/pdf"), (status = 404, body = ErrorBody)))]
pub async fn shipment_document(
    State(state): State<AppState>,
    broker: Broker,
    Path((id, doc)): Path<(String, String)>,
) -> ApiResult<Response> {
    let row = shipments::document(&state.db, broker.scope, path_id(&id)?, path_id(&doc)?).await?;
    let object = state
        .files
        .get(&object_store::path::Path::from(row.file_path.as_str()))
        .await
        .map_err(crate::http::ApiError::internal)?;
    let size = object.meta.size;
    let body = Body::from_stream(object.into_stream());
    Ok((
        [
            (header::CONTENT_TYPE, row.file_type.clone()),
            (header::CONTENT_LENGTH, size.to_string()),
            (
                header::CONTENT_DISPOSITION,
                content_disposition(&row.file_name),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        body,
    )
        .into_response())
}

#[utoipa::path(get, path = "/api/fleet/tenders", tag = "tenders", params(TenderListQuery),
    responses((status = 200, body = TenderList), (status = 422, body = ErrorBody)))]
pub async fn list_fleet_tenders(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(q): Query<TenderListQuery>,
) -> ApiResult<Json<TenderList>> {
    let tenders = offer::list_for_fleet(&state.db, scope, q.status.as_deref()).await?;
    Ok(Json(TenderList { tenders }))
}

#[utoipa::path(get, path = "/api/fleet/tenders/{id}", tag = "tenders", params(("id" = String, Path)),
    responses((status = 200, body = TenderDetail), (status = 404, body = ErrorBody)))]
pub async fn get_fleet_tender(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<TenderDetail>> {
    Ok(Json(
        offer::get_for_fleet(&state.db, scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/tenders/{id}/accept", tag = "tenders", params(("id" = String, Path)), request_body = AcceptInput,
    responses((status = 200, body = TenderDetail), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn accept_tender(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<AcceptInput>,
) -> ApiResult<Json<TenderDetail>> {
    let deps = TendersDeps::of(&state);
    let id = path_id(&id)?;
    respond::accept(&deps, scope, id, &responder(&user), &input).await?;
    Ok(Json(offer::get_for_fleet(deps.db, scope, id).await?))
}

#[utoipa::path(post, path = "/api/fleet/tenders/{id}/decline", tag = "tenders", params(("id" = String, Path)), request_body = DeclineInput,
    responses((status = 200, body = TenderDetail), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn decline_tender(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<DeclineInput>,
) -> ApiResult<Json<TenderDetail>> {
    let deps = TendersDeps::of(&state);
    let id = path_id(&id)?;
    respond::decline(&deps, scope, id, &input).await?;
    Ok(Json(offer::get_for_fleet(deps.db, scope, id).await?))
}

#[utoipa::path(post, path = "/api/fleet/tenders/{id}/counter", tag = "tenders", params(("id" = String, Path)), request_body = CounterInput,
    responses((status = 200, body = TenderDetail), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn counter_tender(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<CounterInput>,
) -> ApiResult<Json<TenderDetail>> {
    let deps = TendersDeps::of(&state);
    let id = path_id(&id)?;
    respond::counter(&deps, scope, id, &responder(&user), &input).await?;
    Ok(Json(offer::get_for_fleet(deps.db, scope, id).await?))
}

#[utoipa::path(get, path = "/api/tender-links/{fleet}/{token}", tag = "tenders", params(("fleet" = String, Path), ("token" = String, Path)),
    responses((status = 200, body = TenderLinkView), (status = 404, body = ErrorBody)))]
pub async fn link_tender(
    State(state): State<AppState>,
    Path((fleet, token)): Path<(String, String)>,
) -> ApiResult<Json<TenderLinkView>> {
    Ok(Json(
        respond::by_link(&state.db, path_id(&fleet)?, &token).await?,
    ))
}

#[utoipa::path(post, path = "/api/tender-links/{fleet}/{token}/accept", tag = "tenders", params(("fleet" = String, Path), ("token" = String, Path)), request_body = AcceptInput,
    responses((status = 200, body = TenderView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn link_accept(
    State(state): State<AppState>,
    Path((fleet, token)): Path<(String, String)>,
    ValidJson(input): ValidJson<AcceptInput>,
) -> ApiResult<Json<TenderView>> {
    Ok(Json(
        respond::accept_by_link(&TendersDeps::of(&state), path_id(&fleet)?, &token, &input).await?,
    ))
}

#[utoipa::path(post, path = "/api/tender-links/{fleet}/{token}/decline", tag = "tenders", params(("fleet" = String, Path), ("token" = String, Path)), request_body = DeclineInput,
    responses((status = 200, body = TenderView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn link_decline(
    State(state): State<AppState>,
    Path((fleet, token)): Path<(String, String)>,
    ValidJson(input): ValidJson<DeclineInput>,
) -> ApiResult<Json<TenderView>> {
    Ok(Json(
        respond::decline_by_link(&TendersDeps::of(&state), path_id(&fleet)?, &token, &input)
            .await?,
    ))
}

#[utoipa::path(post, path = "/api/broker/shipments/{id}/revisions", tag = "tenders", params(("id" = String, Path)), request_body = RevisionInput,
    responses((status = 201, body = RevisionView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn request_revision(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<RevisionInput>,
) -> ApiResult<(StatusCode, Json<RevisionView>)> {
    let view = revisions::request(
        &TendersDeps::of(&state),
        broker.scope,
        &broker.user.profile,
        path_id(&id)?,
        &input,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(post, path = "/api/fleet/tenders/{id}/revisions/{revision}/accept", tag = "tenders", params(("id" = String, Path), ("revision" = i32, Path)), request_body = AcceptInput,
    responses((status = 200, body = TenderDetail), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn accept_revision(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path((id, revision)): Path<(String, i32)>,
    ValidJson(input): ValidJson<AcceptInput>,
) -> ApiResult<Json<TenderDetail>> {
    let deps = TendersDeps::of(&state);
    let id = path_id(&id)?;
    revisions::accept(&deps, scope, id, revision, &input).await?;
    Ok(Json(offer::get_for_fleet(deps.db, scope, id).await?))
}

#[utoipa::path(get, path = "/api/fleet/tenders/settings", tag = "tenders",
    responses((status = 200, body = TenderSettings)))]
pub async fn tender_settings(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<TenderSettings>> {
    Ok(Json(offer::settings(&state.db, scope).await?))
}

#[utoipa::path(put, path = "/api/fleet/tenders/settings", tag = "tenders", request_body = TenderSettings,
    responses((status = 200, body = TenderSettings), (status = 422, body = ErrorBody)))]
pub async fn save_tender_settings(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(input): ValidJson<TenderSettings>,
) -> ApiResult<Json<TenderSettings>> {
    Ok(Json(offer::save_settings(&state.db, scope, &input).await?))
}
