//! `/api/fleet/loads/{id}/messages` (the office) and
//! `/api/portal/loads/{id}/messages` (a driver of the load): a load's thread.
//! Marking read is no change of the fleet's records, so it stays open to a
//! read-only fleet; writing a message does not.

use super::dto::{LoadMessageInput, LoadMessageView, LoadThread, UnreadSummary};
use super::error::LoadMessagesError;
use super::service::thread::{self, OfficeAuthor};
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiError, ApiResult, Refusal, ValidJson};
use crate::modules::auth::{CurrentUser, DriverSession, FleetAdmin};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The office's thread and unread counts; behind the fleet-admin guard and
/// the read-only guard (`app.rs`).
pub fn office_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(office_thread, office_send))
        .routes(routes!(office_unread))
}

/// The office marks a thread read; behind the fleet-admin guard only.
pub fn office_reads_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(office_mark_read))
}

/// A driver's unread counts and marking read; behind the driver guard.
pub fn driver_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(driver_unread))
        .routes(routes!(driver_mark_read))
}

/// A driver's thread and writing to it: behind the driver guard and the
/// read-only guard, like the portal's other writes.
pub fn driver_writes_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(driver_thread, driver_send))
}

/// The body, with a control character refused as the message's own fault
/// (422 naming `message`), like an empty or too long one.
fn message_body(
    body: Result<ValidJson<LoadMessageInput>, ApiError>,
) -> Result<LoadMessageInput, ApiError> {
    match body {
        Ok(ValidJson(input)) => Ok(input),
        Err(ApiError::BadRequest {
            code: "control_characters",
            ..
        }) => Err(LoadMessagesError::from(Refusal::one(
            "message",
            domain::texts().load_messages.control_characters.as_str(),
        ))
        .into()),
        Err(other) => Err(other),
    }
}

fn author(user: &CurrentUser) -> OfficeAuthor {
    OfficeAuthor {
        profile_id: user.0.profile.id,
        name: crate::modules::brokers::users::display_name(&user.0.profile),
        email: user.0.profile.email.clone(),
    }
}

/// The load's thread, oldest first, with the drivers' messages the office has not read.
#[utoipa::path(get, path = "/api/fleet/loads/{id}/messages", tag = "load_messages", params(("id" = String, Path)),
    responses((status = 200, body = LoadThread), (status = 404, body = ErrorBody)))]
pub async fn office_thread(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<LoadThread>> {
    Ok(Json(
        thread::office_thread(&state.db, scope, path_id(&id)?).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/loads/{id}/messages", tag = "load_messages", params(("id" = String, Path)),
    request_body = LoadMessageInput,
    responses((status = 201, body = LoadMessageView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn office_send(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    body: Result<ValidJson<LoadMessageInput>, ApiError>,
) -> ApiResult<(StatusCode, Json<LoadMessageView>)> {
    let id = path_id(&id)?;
    let input = message_body(body)?;
    let view = thread::office_send(
        &state.db,
        scope,
        &author(&user),
        id,
        &input,
        state.clock.now(),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Marks the drivers' messages on the load read.
#[utoipa::path(post, path = "/api/fleet/loads/{id}/messages/read", tag = "load_messages", params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn office_mark_read(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    thread::office_mark_read(&state.db, scope, path_id(&id)?, state.clock.now()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The drivers' messages the office has not read, in all and by load.
#[utoipa::path(get, path = "/api/fleet/load-messages/unread", tag = "load_messages",
    responses((status = 200, body = UnreadSummary)))]
pub async fn office_unread(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<UnreadSummary>> {
    Ok(Json(thread::office_unread(&state.db, scope).await?))
}

/// The thread of a load the driver drives, oldest first, with the office's
/// messages they have not read. Any other load: 404.
#[utoipa::path(get, path = "/api/portal/loads/{id}/messages", tag = "load_messages", params(("id" = String, Path)),
    responses((status = 200, body = LoadThread), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn driver_thread(
    State(state): State<AppState>,
    session: DriverSession,
    Path(id): Path<String>,
) -> ApiResult<Json<LoadThread>> {
    Ok(Json(
        thread::driver_thread(&state.db, &session, path_id(&id)?).await?,
    ))
}

#[utoipa::path(post, path = "/api/portal/loads/{id}/messages", tag = "load_messages", params(("id" = String, Path)),
    request_body = LoadMessageInput,
    responses((status = 201, body = LoadMessageView), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn driver_send(
    State(state): State<AppState>,
    session: DriverSession,
    Path(id): Path<String>,
    body: Result<ValidJson<LoadMessageInput>, ApiError>,
) -> ApiResult<(StatusCode, Json<LoadMessageView>)> {
    let id = path_id(&id)?;
    let input = message_body(body)?;
    let view = thread::driver_send(&state.db, &session, id, &input, state.clock.now()).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Marks the office's messages on the load read.
#[utoipa::path(post, path = "/api/portal/loads/{id}/messages/read", tag = "load_messages", params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn driver_mark_read(
    State(state): State<AppState>,
    session: DriverSession,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    thread::driver_mark_read(&state.db, &session, path_id(&id)?, state.clock.now()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The office's messages the driver has not read, on the loads they drive.
#[utoipa::path(get, path = "/api/portal/load-messages/unread", tag = "load_messages",
    responses((status = 200, body = UnreadSummary), (status = 401, body = ErrorBody)))]
pub async fn driver_unread(
    State(state): State<AppState>,
    session: DriverSession,
) -> ApiResult<Json<UnreadSummary>> {
    Ok(Json(thread::driver_unread(&state.db, &session).await?))
}
