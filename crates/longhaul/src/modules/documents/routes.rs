//! `/api/fleet/documents*`.

use super::dto::{DocumentItem, DocumentListQuery, DocumentPage, LoadDocumentList};
use super::repo::{DocumentFilter, Tab, Vehicle};
use super::{service, upload};
use crate::http::download::content_disposition;
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiError, ApiResult};
use crate::modules::auth::CurrentUser;
use crate::modules::auth::FleetAdmin;
use crate::paging::{FLEET_LIMITS, page_number, search_text};
use crate::state::AppState;
use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{Days, NaiveDate, NaiveTime};
use domain::documents::{is_document_type, is_load_document_type};
use domain::texts;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;
use uuid::Uuid;

/// Every route here is behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_documents))
        // The upload bounds what it reads itself (the file's limit, then a
        // drain budget), so it can answer a clean 413 naming the limit.
        .routes(routes!(upload_document).layer(DefaultBodyLimit::disable()))
        .routes(routes!(document, delete_document))
        .routes(routes!(download_document))
        .routes(routes!(list_load_documents))
}

fn day(raw: Option<&str>, field: &'static str) -> Result<Option<NaiveDate>, ApiError> {
    raw.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            NaiveDate::parse_from_str(s, "%Y-%m-%d")
                .map_err(|_| ApiError::field(field, texts().documents.date_invalid.clone()))
        })
        .transpose()
}

fn id_param(raw: Option<&str>, field: &'static str) -> Result<Option<Uuid>, ApiError> {
    raw.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            Uuid::parse_str(s).map_err(|_| ApiError::field(field, format!("{field} must be an id")))
        })
        .transpose()
}

/// The checked list request.
fn filter_of(q: &DocumentListQuery) -> Result<DocumentFilter, ApiError> {
    let tab = match q.tab.as_deref() {
        None | Some("") | Some("all") => Tab::All,
        Some("expiring_soon") => Tab::ExpiringSoon,
        Some("expired") => Tab::Expired,
        Some(other) => {
            return Err(ApiError::field(
                "tab",
                format!("tab must be 'all', 'expiring_soon' or 'expired', got '{other}'"),
            ));
        }
    };
    let document_type = q
        .document_type
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    if let Some(kind) = document_type
        && !is_document_type(kind)
        && !is_load_document_type(kind)
    {
        return Err(ApiError::field(
            "type",
            texts().documents.unknown_document_type.clone(),
        ));
    }
    let from = day(q.from.as_deref(), "from")?;
    let to = day(q.to.as_deref(), "to")?;
    let midnight = |d: NaiveDate| d.and_time(NaiveTime::MIN).and_utc();
    Ok(DocumentFilter {
        tab,
        search: search_text(q.q.as_deref()),
        document_type: document_type.map(str::to_owned),
        uploaded_from: from.map(midnight),
        // Through the whole of the last day.
        uploaded_before: to
            .and_then(|d| d.checked_add_days(Days::new(1)))
            .map(midnight),
        vehicle: id_param(q.vehicle_id.as_deref(), "vehicle_id")?.map(Vehicle::Either),
        driver_id: id_param(q.driver_id.as_deref(), "driver_id")?,
        page: page_number(q.page),
        per_page: FLEET_LIMITS.per_page(q.per_page),
    })
}

#[utoipa::path(get, path = "/api/fleet/documents", tag = "documents", params(DocumentListQuery),
    responses((status = 200, body = DocumentPage), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn list_documents(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    query: Result<Query<DocumentListQuery>, QueryRejection>,
) -> ApiResult<Json<DocumentPage>> {
    let Query(query) = query.map_err(|e| ApiError::BadRequest {
        code: "invalid_query",
        message: e.body_text(),
    })?;
    let filter = filter_of(&query)?;
    Ok(Json(
        service::list(&state.db, scope, &filter, state.clock.now()).await?,
    ))
}

/// Multipart: the text fields name, document_type, vehicle_type
/// (truck | trailer), vehicle_id, driver_id, issue_date, expiration_date
/// (YYYY-MM-DD), description, share_with_drivers (true | false), then the
/// field `file`.
#[utoipa::path(post, path = "/api/fleet/documents", tag = "documents",
    responses((status = 201, body = DocumentItem), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn upload_document(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    CurrentUser(user): CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<DocumentItem>)> {
    let item = receive_and_file(&state, scope, user.profile.id, None, multipart).await?;
    Ok((StatusCode::CREATED, Json(item)))
}

/// One upload path for the fleet's documents and a load's: the same size
/// and type rules, the same order of the two stores' writes.
async fn receive_and_file(
    state: &AppState,
    scope: db::tenancy::TenantScope,
    created_by: Uuid,
    load_id: Option<Uuid>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<DocumentItem> {
    let multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType(domain::texts().server.requests.document_multipart.clone())
    })?;
    let path = service::new_object_path(scope);
    let received = upload::receive(
        state.files.as_ref(),
        multipart,
        path,
        state.config.document_max_bytes,
    )
    .await?;
    Ok(service::create(
        &state.db,
        state.files.as_ref(),
        scope,
        created_by,
        load_id,
        received,
        state.clock.now(),
    )
    .await?)
}

#[utoipa::path(get, path = "/api/fleet/loads/{id}/documents", tag = "documents", params(("id" = String, Path)),
    responses((status = 200, body = LoadDocumentList), (status = 404, body = ErrorBody)))]
pub async fn list_load_documents(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<LoadDocumentList>> {
    let items = service::list_for_load(&state.db, scope, path_id(&id)?, state.clock.now()).await?;
    Ok(Json(LoadDocumentList { items }))
}

#[utoipa::path(get, path = "/api/fleet/documents/{id}", tag = "documents", params(("id" = String, Path)),
    responses((status = 200, body = DocumentItem), (status = 404, body = ErrorBody)))]
pub async fn document(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<DocumentItem>> {
    Ok(Json(
        service::get(&state.db, scope, path_id(&id)?, state.clock.now()).await?,
    ))
}

#[utoipa::path(delete, path = "/api/fleet/documents/{id}", tag = "documents", params(("id" = String, Path)),
    responses((status = 204, description = "Deleted"), (status = 404, body = ErrorBody)))]
pub async fn delete_document(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    service::delete(&state.db, state.files.as_ref(), scope, path_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/fleet/documents/{id}/download", tag = "documents", params(("id" = String, Path)),
    responses((status = 200, description = "The file, under its original name"), (status = 404, body = ErrorBody)))]
pub async fn download_document(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (row, object) =
        service::open(&state.db, state.files.as_ref(), scope, path_id(&id)?).await?;
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
