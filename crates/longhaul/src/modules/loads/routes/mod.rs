//! `/api/fleet/customers`, `/api/fleet/facilities` and `/api/fleet/loads`:
//! a fleet's loads and the parties and places they name; `portal`: the
//! driver's loads in the driver portal (`/api/portal/loads`).

pub mod portal;

use super::deps::LoadsDeps;
use super::dto::{
    AssignmentInput, AssignmentView, CancelInput, CustomerInput, CustomerList, CustomerView,
    DispatchBoard, DispatchQuery, EligibilityView, FacilityInput, FacilityList, FacilityView,
    LoadEditInput, LoadExportQuery, LoadInput, LoadList, LoadListQuery, LoadView, RateConDraft,
    StatusInput, StopEventInput,
};
use super::service::loads::Actor;
use super::service::{
    assignment, customers, edit, facilities, lifecycle, listing, loads, rate_con, sheet_pdf,
    stop_events,
};
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::upload::{UploadError, read_file_field};
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::modules::auth::{CurrentUser, FleetAdmin};
use crate::modules::documents::{self, dto::DocumentItem};
use crate::modules::eld::EldDeps;
use crate::modules::fleet_account::time_zone::fleet_today;
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

/// Behind the fleet-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_customers, create_customer))
        .routes(routes!(list_facilities, create_facility))
        .routes(routes!(list_loads, create_load))
        .routes(routes!(export_loads))
        .routes(routes!(dispatch_board))
        // The PDF's own limit, plus room for the form around it: past it the
        // read fails with 413.
        .routes(
            routes!(upload_rate_con).layer(DefaultBodyLimit::max(rate_con::MAX_BYTES + 64 * 1024)),
        )
        .routes(routes!(get_load, edit_load))
        .routes(routes!(change_status))
        .routes(routes!(cancel_load))
        .routes(routes!(check_eligibility))
        .routes(routes!(assign_load))
        .routes(routes!(stop_event))
        .routes(routes!(load_sheet_pdf))
        // The upload bounds what it reads itself (the documents' limit).
        .routes(routes!(upload_load_document).layer(DefaultBodyLimit::disable()))
}

fn actor(user: &CurrentUser) -> Actor {
    Actor {
        id: Some(user.0.profile.id),
        name: crate::modules::brokers::users::display_name(&user.0.profile),
        email: user.0.profile.email.clone(),
    }
}

#[utoipa::path(get, path = "/api/fleet/customers", tag = "loads",
    responses((status = 200, body = CustomerList)))]
pub async fn list_customers(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<CustomerList>> {
    let customers = customers::list(&state.db, scope).await?;
    Ok(Json(CustomerList { customers }))
}

#[utoipa::path(post, path = "/api/fleet/customers", tag = "loads", request_body = CustomerInput,
    responses((status = 201, body = CustomerView), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_customer(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(input): ValidJson<CustomerInput>,
) -> ApiResult<(StatusCode, Json<CustomerView>)> {
    let view = customers::create(&state.db, scope, &input).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(get, path = "/api/fleet/facilities", tag = "loads",
    responses((status = 200, body = FacilityList)))]
pub async fn list_facilities(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<FacilityList>> {
    let facilities = facilities::list(&state.db, scope).await?;
    Ok(Json(FacilityList { facilities }))
}

#[utoipa::path(post, path = "/api/fleet/facilities", tag = "loads", request_body = FacilityInput,
    responses((status = 201, body = FacilityView), (status = 422, body = ErrorBody)))]
pub async fn create_facility(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(input): ValidJson<FacilityInput>,
) -> ApiResult<(StatusCode, Json<FacilityView>)> {
    let view = facilities::create(&state.db, scope, &input).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(get, path = "/api/fleet/loads", tag = "loads", params(LoadListQuery),
    responses((status = 200, body = LoadList), (status = 422, body = ErrorBody)))]
pub async fn list_loads(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(q): Query<LoadListQuery>,
) -> ApiResult<Json<LoadList>> {
    let search = listing::Search::parse(q.status.as_deref(), q.q.as_deref())?;
    Ok(Json(
        listing::list(&state.db, scope, &search, q.page, q.per_page).await?,
    ))
}

/// Every load of the search as CSV.
#[utoipa::path(get, path = "/api/fleet/loads/export.csv", tag = "loads", params(LoadExportQuery),
    responses((status = 200, description = "CSV", content_type = "text/csv"), (status = 422, body = ErrorBody)))]
pub async fn export_loads(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(q): Query<LoadExportQuery>,
) -> ApiResult<Response> {
    let search = listing::Search::parse(q.status.as_deref(), q.q.as_deref())?;
    let body = listing::export_csv(&state.db, scope, &search).await?;
    // Named by the fleet's day, as the compliance export is.
    let today = fleet_today(&state.db, scope, state.clock.now()).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"loads-{today}.csv\""),
            ),
        ],
        body,
    )
        .into_response())
}

/// The dispatch board's days: its loads, drivers, trucks and trailers.
#[utoipa::path(get, path = "/api/fleet/dispatch", tag = "loads", params(DispatchQuery),
    responses((status = 200, body = DispatchBoard), (status = 422, body = ErrorBody)))]
pub async fn dispatch_board(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(q): Query<DispatchQuery>,
) -> ApiResult<Json<DispatchBoard>> {
    let filter = listing::BoardFilter {
        from: q.from,
        days: q.days,
        customer_id: q.customer_id,
        driver_id: q.driver_id,
    };
    Ok(Json(
        listing::board(&state.db, scope, &filter, state.clock.now()).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/loads", tag = "loads", request_body = LoadInput,
    responses((status = 201, body = LoadView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_load(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    ValidJson(input): ValidJson<LoadInput>,
) -> ApiResult<(StatusCode, Json<LoadView>)> {
    let view = loads::create(
        &state.db,
        state.files.as_ref(),
        scope,
        &actor(&user),
        &input,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Multipart, one field `file`: a rate confirmation PDF of at most 10 MB.
/// Answers what it states as a draft load (blank, with a message, for a
/// scanned PDF without text) and the id under which the PDF waits to be
/// filed with the load (`LoadInput.rate_con_upload_id`).
#[utoipa::path(post, path = "/api/fleet/loads/rate-con", tag = "loads",
    responses((status = 200, body = RateConDraft), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
        (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn upload_rate_con(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<RateConDraft>> {
    let t = &domain::texts().loads.rate_con;
    let bytes = read_file_field(multipart, "file", rate_con::MAX_BYTES)
        .await
        .map_err(|err| match err {
            UploadError::NotMultipart => ApiError::UnsupportedMediaType(t.not_pdf.clone()),
            UploadError::TooLarge => rate_con::too_large().into(),
            // A form without parts (a browser's FormData with no file) is
            // no multipart stream at all to the parser: no file either way.
            UploadError::Missing | UploadError::Malformed(_) => {
                ApiError::field("file", t.file_required.as_str())
            }
        })?;
    Ok(Json(
        rate_con::draft(&state.db, state.files.as_ref(), scope, bytes).await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/loads/{id}", tag = "loads", params(("id" = String, Path)),
    responses((status = 200, body = LoadView), (status = 404, body = ErrorBody)))]
pub async fn get_load(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<LoadView>> {
    Ok(Json(loads::get(&state.db, scope, path_id(&id)?).await?))
}

/// Edits the load: the same body as creating it, with the `updated_at`
/// the edit was made from (409 when someone changed the load since, when
/// it is under way, or when an assigned load's new times overlap another
/// load of its crew or equipment).
#[utoipa::path(put, path = "/api/fleet/loads/{id}", tag = "loads", params(("id" = String, Path)), request_body = LoadEditInput,
    responses((status = 200, body = LoadView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn edit_load(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<LoadEditInput>,
) -> ApiResult<Json<LoadView>> {
    let id = path_id(&id)?;
    Ok(Json(
        edit::edit(&LoadsDeps::of(&state), scope, &actor(&user), id, &input).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/loads/{id}/status", tag = "loads", params(("id" = String, Path)), request_body = StatusInput,
    responses((status = 200, body = LoadView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn change_status(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<StatusInput>,
) -> ApiResult<Json<LoadView>> {
    let id = path_id(&id)?;
    Ok(Json(
        lifecycle::change_status(
            &LoadsDeps::of(&state),
            scope,
            &actor(&user),
            id,
            &input.status,
        )
        .await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/loads/{id}/cancel", tag = "loads", params(("id" = String, Path)), request_body = CancelInput,
    responses((status = 200, body = LoadView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn cancel_load(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<CancelInput>,
) -> ApiResult<Json<LoadView>> {
    let id = path_id(&id)?;
    Ok(Json(
        lifecycle::cancel(&state.db, scope, &actor(&user), id, &input.reason).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/loads/{id}/eligibility", tag = "loads", params(("id" = String, Path)), request_body = AssignmentInput,
    responses((status = 200, body = EligibilityView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn check_eligibility(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<AssignmentInput>,
) -> ApiResult<Json<EligibilityView>> {
    let id = path_id(&id)?;
    Ok(Json(
        assignment::eligibility(
            &state.db,
            &EldDeps::of(&state),
            scope,
            id,
            &input,
            state.clock.now(),
        )
        .await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/loads/{id}/assignment", tag = "loads", params(("id" = String, Path)), request_body = AssignmentInput,
    responses((status = 200, body = AssignmentView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn assign_load(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<AssignmentInput>,
) -> ApiResult<Json<AssignmentView>> {
    let id = path_id(&id)?;
    Ok(Json(
        assignment::assign(
            &state.db,
            &EldDeps::of(&state),
            scope,
            &actor(&user),
            id,
            &input,
            state.clock.now(),
        )
        .await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/loads/{id}/stops/{seq}/events", tag = "loads",
    params(("id" = String, Path), ("seq" = i32, Path, description = "The stop's place in the load, from 0")),
    request_body = StopEventInput,
    responses((status = 200, body = LoadView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn stop_event(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path((id, seq)): Path<(String, String)>,
    ValidJson(input): ValidJson<StopEventInput>,
) -> ApiResult<Json<LoadView>> {
    let id = path_id(&id)?;
    let seq: i32 = seq.parse().map_err(|_| crate::http::ApiError::NotFound)?;
    Ok(Json(
        stop_events::record(&state.db, scope, &actor(&user), id, seq, &input).await?,
    ))
}

/// The load sheet as a PDF (the facts of the dispatch e-mail; never the
/// load's money), shown in the browser: `load-<PRO>.pdf`.
#[utoipa::path(get, path = "/api/fleet/loads/{id}/sheet.pdf", tag = "loads", params(("id" = String, Path)),
    responses((status = 200, description = "The load sheet", content_type = "application/pdf"), (status = 404, body = ErrorBody)))]
pub async fn load_sheet_pdf(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (pro, bytes) = sheet_pdf::pdf(&state.db, scope, path_id(&id)?).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"load-{pro}.pdf\""),
            ),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

/// Multipart, as `POST /api/fleet/documents`: name, document_type (one of
/// a load's: rate_confirmation | bill_of_lading | proof_of_delivery |
/// lumper_receipt | scale_ticket), issue_date, expiration_date,
/// description, share_with_drivers, then `file`. Another fleet's load: 404.
/// A POD that completes the load's set delivers it (issue 32), in its own
/// transaction after the filing: a crash between the two leaves the load at
/// its delivery, which the next POD or the departure completes.
#[utoipa::path(post, path = "/api/fleet/loads/{id}/documents", tag = "documents", params(("id" = String, Path)),
    responses((status = 201, body = DocumentItem), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn upload_load_document(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    user: CurrentUser,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<DocumentItem>)> {
    let load_id = path_id(&id)?;
    let multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType(domain::texts().server.requests.document_multipart.clone())
    })?;
    let received = documents::upload::receive(
        state.files.as_ref(),
        multipart,
        documents::new_object_path(scope),
        state.config.document_max_bytes,
    )
    .await?;
    let item = documents::file_upload(
        &state.db,
        state.files.as_ref(),
        scope,
        user.0.profile.id,
        Some(load_id),
        received,
        state.clock.now(),
    )
    .await?;
    if item.document_type == domain::documents::PROOF_OF_DELIVERY {
        stop_events::deliver_after_office_pod(&state.db, scope, &actor(&user), load_id).await?;
    }
    Ok((StatusCode::CREATED, Json(item)))
}
