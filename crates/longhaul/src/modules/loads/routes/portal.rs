//! `/api/portal/loads`: the signed-in driver's loads (issue 32). The fleet
//! and the driver come from the driver's session; a load that is not
//! theirs is not found. Reads are in `driver_router`; the writes, which
//! act on the fleet's behalf, in `driver_writes_router` behind the
//! read-only guard (`app.rs`).

use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::modules::auth::DriverSession;
use crate::modules::documents::DocumentsError;
use crate::modules::documents::upload::{self, Accept};
use crate::modules::loads::LoadsError;
use crate::modules::loads::deps::LoadsDeps;
use crate::modules::loads::dto::{
    DeclineInput, PortalDocumentFiled, PortalLoad, PortalLoads, PortalStopEventInput,
};
use crate::modules::loads::service::driver::{self, Answer, DriverRef};
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::StatusCode;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub fn driver_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_loads))
        .routes(routes!(my_load))
}

/// The uploads bound what they read themselves (the documents' limit), so
/// they answer a clean 413 naming it.
pub fn driver_writes_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(accept_load))
        .routes(routes!(decline_load))
        .routes(routes!(report_stop_event))
        .routes(routes!(upload_stop_document).layer(DefaultBodyLimit::disable()))
}

fn me(session: &DriverSession) -> DriverRef {
    DriverRef {
        scope: session.scope(),
        driver_id: session.driver_id,
    }
}

/// A stop's place in the load; anything else names no stop.
fn seq_of(raw: &str) -> Result<i32, ApiError> {
    raw.parse().map_err(|_| ApiError::NotFound)
}

#[utoipa::path(get, path = "/api/portal/loads", tag = "driver_portal",
    responses((status = 200, body = PortalLoads), (status = 401, body = ErrorBody)))]
pub async fn my_loads(
    State(state): State<AppState>,
    session: DriverSession,
) -> ApiResult<Json<PortalLoads>> {
    Ok(Json(
        driver::list(&state.db, me(&session), state.clock.now()).await?,
    ))
}

#[utoipa::path(get, path = "/api/portal/loads/{id}", tag = "driver_portal", params(("id" = String, Path)),
    responses((status = 200, body = PortalLoad), (status = 404, body = ErrorBody)))]
pub async fn my_load(
    State(state): State<AppState>,
    session: DriverSession,
    Path(id): Path<String>,
) -> ApiResult<Json<PortalLoad>> {
    Ok(Json(
        driver::get(&state.db, me(&session), path_id(&id)?).await?,
    ))
}

/// Accepts a dispatched load. The same answer again (another device, a
/// retry) is 200 with the load as it is; a decline given first is 409.
#[utoipa::path(post, path = "/api/portal/loads/{id}/accept", tag = "driver_portal", params(("id" = String, Path)),
    responses((status = 200, body = PortalLoad), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody)))]
pub async fn accept_load(
    State(state): State<AppState>,
    session: DriverSession,
    Path(id): Path<String>,
) -> ApiResult<Json<PortalLoad>> {
    let view = driver::answer(
        &LoadsDeps::of(&state),
        me(&session),
        path_id(&id)?,
        Answer::Accept,
    )
    .await?;
    Ok(Json(view))
}

/// Declines a dispatched load with a reason: it goes back to planned,
/// still assigned, and the office is told.
#[utoipa::path(post, path = "/api/portal/loads/{id}/decline", tag = "driver_portal", params(("id" = String, Path)),
    request_body = DeclineInput,
    responses((status = 200, body = PortalLoad), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn decline_load(
    State(state): State<AppState>,
    session: DriverSession,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<DeclineInput>,
) -> ApiResult<Json<PortalLoad>> {
    let view = driver::answer(
        &LoadsDeps::of(&state),
        me(&session),
        path_id(&id)?,
        Answer::Decline {
            reason: &input.reason,
        },
    )
    .await?;
    Ok(Json(view))
}

/// Arrived, loaded/unloaded (completed) or departed, tapped on the phone.
/// Recorded once per `client_id`: a repeat answers 200 with the load and
/// writes nothing.
#[utoipa::path(post, path = "/api/portal/loads/{id}/stops/{seq}/events", tag = "driver_portal",
    params(("id" = String, Path), ("seq" = i32, Path, description = "The stop's place in the load, from 0")),
    request_body = PortalStopEventInput,
    responses((status = 200, body = PortalLoad), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn report_stop_event(
    State(state): State<AppState>,
    session: DriverSession,
    Path((id, seq)): Path<(String, String)>,
    ValidJson(input): ValidJson<PortalStopEventInput>,
) -> ApiResult<Json<PortalLoad>> {
    let (_, view) = driver::report_event(
        &state.db,
        me(&session),
        path_id(&id)?,
        seq_of(&seq)?,
        &input,
    )
    .await?;
    Ok(Json(view))
}

fn as_documents_error(err: LoadsError) -> DocumentsError {
    match err {
        LoadsError::NotFound => DocumentsError::NotFound,
        LoadsError::Database(err) => DocumentsError::Database(err),
        other => DocumentsError::Database(sea_orm::DbErr::Custom(other.to_string())),
    }
}

/// multipart/form-data, in this order: `client_id` (8–64 of A–Z a–z 0–9 -),
/// `kind` (pod | lumper_receipt | scale_receipt), `receiver_name` (a POD's,
/// required), `amount_cents` (a receipt's, required), then `file` (JPEG,
/// PNG, HEIC, WebP or PDF, judged by its bytes). 201 with the document and
/// the load; a `client_id` filed before answers 200 with that document and
/// stores nothing again. A POD at the last delivery, once every delivery
/// has one, delivers the load.
#[utoipa::path(post, path = "/api/portal/loads/{id}/stops/{seq}/documents", tag = "driver_portal",
    params(("id" = String, Path), ("seq" = i32, Path, description = "The stop's place in the load, from 0")),
    responses((status = 201, body = PortalDocumentFiled), (status = 200, body = PortalDocumentFiled),
              (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn upload_stop_document(
    State(state): State<AppState>,
    session: DriverSession,
    Path((id, seq)): Path<(String, String)>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<PortalDocumentFiled>)> {
    let multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType(domain::texts().server.requests.document_multipart.clone())
    })?;
    let me = me(&session);
    let id = path_id(&id)?;
    let seq = seq_of(&seq)?;
    let db = state.db.clone();
    let received = upload::receive_gated(
        state.files.as_ref(),
        multipart,
        state.config.document_max_bytes,
        Accept::PhotoOrPdf {
            message: &domain::texts().loads.driver.file_type_not_allowed,
        },
        |fields| {
            let client_id = fields.get("client_id").cloned();
            async move {
                driver::upload_target(&db, me, id, client_id.as_deref())
                    .await
                    .map_err(as_documents_error)
            }
        },
    )
    .await?;
    let filed =
        driver::file_document(&state.db, state.files.as_ref(), me, id, seq, received).await?;
    let status = if filed.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((
        status,
        Json(PortalDocumentFiled {
            document: filed.document,
            load: filed.load,
        }),
    ))
}
