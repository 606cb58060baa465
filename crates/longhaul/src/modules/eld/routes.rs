//! `/api/fleet/eld*`: the connection, sync settings, sync runs.

use super::dto::{
    ConnectRequest, EldStatus, ImportResult, StartSyncRequest, SyncRun, SyncRunPage, SyncSettings,
};
use super::import::{self, MAX_IMPORT_BYTES};
use super::kinds::{DataKind, EldDeps};
use super::{runs, service};
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::upload::{UploadError, read_file_field};
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::integrations::eld::csv_import;
use crate::modules::auth::FleetAdmin;
use crate::paging::{PageParams, PageQuery, page_query};
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

/// Every route here is behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(connect))
        .routes(routes!(update_settings))
        .routes(routes!(start_sync, history))
        .routes(routes!(get_run))
        .routes(
            // Room for the multipart framing around the largest file.
            routes!(import_csv).layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES + 64 * 1024)),
        )
        .routes(routes!(import_template))
}

#[utoipa::path(get, path = "/api/fleet/eld", tag = "eld",
    responses((status = 200, body = EldStatus), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn status(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<EldStatus>> {
    Ok(Json(service::status(&state.db, scope).await?))
}

/// Creates the fleet's ELD connection (201) or updates it (200), after one
/// authenticated call to the provider.
#[utoipa::path(put, path = "/api/fleet/eld/connection", tag = "eld", request_body = ConnectRequest,
    responses((status = 200, body = EldStatus), (status = 201, body = EldStatus), (status = 422, body = ErrorBody)))]
pub async fn connect(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(req): ValidJson<ConnectRequest>,
) -> ApiResult<(StatusCode, Json<EldStatus>)> {
    let (status, created) = service::connect(&EldDeps::of(&state), scope, req).await?;
    let code = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((code, Json(status)))
}

#[utoipa::path(put, path = "/api/fleet/eld/settings", tag = "eld", request_body = SyncSettings,
    responses((status = 200, body = SyncSettings), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_settings(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(req): ValidJson<SyncSettings>,
) -> ApiResult<Json<SyncSettings>> {
    Ok(Json(service::update_settings(&state.db, scope, req).await?))
}

/// Starts a sync run of a data kind, or answers the one already running.
#[utoipa::path(post, path = "/api/fleet/eld/syncs", tag = "eld", request_body = StartSyncRequest,
    responses((status = 202, body = SyncRun), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn start_sync(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(req): ValidJson<StartSyncRequest>,
) -> ApiResult<(StatusCode, Json<SyncRun>)> {
    let kind = DataKind::parse(&req.kind).ok_or_else(|| {
        ApiError::field(
            "kind",
            domain::texts().server.eld.sync_kind_invalid.as_str(),
        )
    })?;
    let run = runs::start_sync(&EldDeps::of(&state), scope, kind, "manual").await?;
    Ok((StatusCode::ACCEPTED, Json(run)))
}

#[utoipa::path(get, path = "/api/fleet/eld/syncs", tag = "eld", params(PageQuery),
    responses((status = 200, body = SyncRunPage), (status = 400, body = ErrorBody)))]
pub async fn history(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    q: PageParams,
) -> ApiResult<Json<SyncRunPage>> {
    let q = page_query(q)?;
    Ok(Json(
        service::history(&state.db, scope, q.page(), q.per_page()).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/eld/syncs/{id}", tag = "eld", params(("id" = String, Path)),
    responses((status = 200, body = SyncRun), (status = 404, body = ErrorBody)))]
pub async fn get_run(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<SyncRun>> {
    Ok(Json(
        service::get_run(&state.db, scope, path_id(&id)?).await?,
    ))
}

/// Imports drivers, trucks and trailers from a CSV file (multipart, field
/// `file`) for a fleet whose provider is Other (CSV import). Rows with errors
/// are left out and named; the others are written in one transaction.
#[utoipa::path(post, path = "/api/fleet/eld/import", tag = "eld",
    responses((status = 200, body = ImportResult), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 413, body = ErrorBody), (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn import_csv(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ImportResult>> {
    let bytes = read_file_field(multipart, "file", MAX_IMPORT_BYTES)
        .await
        .map_err(|err| match err {
            UploadError::NotMultipart => ApiError::UnsupportedMediaType(
                domain::texts().server.requests.csv_multipart.clone(),
            ),
            UploadError::TooLarge => ApiError::PayloadTooLarge(domain::texts::fill(
                &domain::texts().server.eld.csv_too_large,
                &[("mb", &(MAX_IMPORT_BYTES / (1024 * 1024)).to_string())],
            )),
            UploadError::Missing => {
                ApiError::field("file", domain::texts().server.eld.csv_required.as_str())
            }
            UploadError::Malformed(message) => ApiError::BadRequest {
                code: "invalid_multipart",
                message,
            },
        })?;
    Ok(Json(import::import_csv(&state.db, scope, &bytes).await?))
}

/// The CSV template of the import: the header row and one example of each
/// record type.
#[utoipa::path(get, path = "/api/fleet/eld/import/template", tag = "eld",
    responses((status = 200, description = "The CSV template", content_type = "text/csv")))]
pub async fn import_template(FleetAdmin(_scope): FleetAdmin) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"longhaul-eld-import-template.csv\"",
            ),
            (header::CACHE_CONTROL, "no-store"),
        ],
        csv_import::template(),
    )
}
