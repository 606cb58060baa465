//! The compliance API: the calendar, its export and feed, reminder
//! settings, drivers' qualification items, the bell, and the FMCSA
//! record's history and alerts.

use super::deps::ComplianceDeps;
use super::dto::{
    CalendarFeedLink, CalendarPage, CalendarQuery, ComplianceSettingsInput, ComplianceSettingsView,
    ComplianceSummary, ExportQuery, FmcsaChangeView, FmcsaCheckResult, FmcsaHistory, ItemsPage,
    ItemsQuery, NotificationList, QualificationInput, QualificationView, ReminderRun,
};
use super::filter::Filter;
use super::{calendar, feed, monitor, notifications, qualifications, settings};
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::modules::auth::CurrentUser;
use crate::modules::auth::FleetAdmin;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use db::tenancy::TenantScope;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(compliance_calendar))
        .routes(routes!(compliance_items))
        .routes(routes!(compliance_summary))
        .routes(routes!(compliance_export))
        .routes(routes!(compliance_settings, update_compliance_settings))
        .routes(routes!(create_calendar_feed, revoke_calendar_feed))
        .routes(routes!(driver_qualifications))
        .routes(routes!(save_qualification, delete_qualification))
        .routes(routes!(notification_list))
        .routes(routes!(read_notification))
        .routes(routes!(read_all_notifications))
        .routes(routes!(fmcsa_history))
        .routes(routes!(check_fmcsa_now))
        .routes(routes!(fmcsa_alerts))
        .routes(routes!(dismiss_fmcsa_alerts))
}

/// The fleet's "today" in its home time zone, by the server's clock.
async fn fleet_day(state: &AppState, scope: TenantScope) -> ApiResult<chrono::NaiveDate> {
    Ok(calendar::today(&state.db, scope, state.clock.now()).await?)
}

/// The iCalendar feed: open, the token in its URL is the credential.
pub fn feed_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(calendar_feed))
}

#[utoipa::path(get, path = "/api/fleet/compliance/calendar", tag = "compliance", params(CalendarQuery),
    responses((status = 200, body = CalendarPage), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn compliance_calendar(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(query): Query<CalendarQuery>,
) -> ApiResult<Json<CalendarPage>> {
    let filter = Filter::parse(query.kind.as_deref(), query.asset_id.as_deref())?;
    let today = fleet_day(&state, scope).await?;
    Ok(Json(calendar::page(&state.db, scope, filter, today).await?))
}

#[utoipa::path(get, path = "/api/fleet/compliance/items", tag = "compliance", params(ItemsQuery),
    responses((status = 200, body = ItemsPage), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn compliance_items(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(query): Query<ItemsQuery>,
) -> ApiResult<Json<ItemsPage>> {
    let today = fleet_day(&state, scope).await?;
    Ok(Json(calendar::list(&state.db, scope, &query, today).await?))
}

/// The overview card's counts.
#[utoipa::path(get, path = "/api/fleet/compliance/summary", tag = "compliance",
    responses((status = 200, body = ComplianceSummary)))]
pub async fn compliance_summary(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<ComplianceSummary>> {
    let today = fleet_day(&state, scope).await?;
    Ok(Json(calendar::summary(&state.db, scope, today).await?))
}

/// Every item of the filter as CSV.
#[utoipa::path(get, path = "/api/fleet/compliance/export.csv", tag = "compliance", params(ExportQuery),
    responses((status = 200, description = "CSV", content_type = "text/csv"), (status = 422, body = ErrorBody)))]
pub async fn compliance_export(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Query(query): Query<ExportQuery>,
) -> ApiResult<Response> {
    let today = fleet_day(&state, scope).await?;
    let body = calendar::export(
        &state.db,
        scope,
        &query.into(),
        today,
        &state.config.public_url,
    )
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"compliance-{today}.csv\""),
            ),
        ],
        body,
    )
        .into_response())
}

#[utoipa::path(get, path = "/api/fleet/compliance/settings", tag = "compliance",
    responses((status = 200, body = ComplianceSettingsView)))]
pub async fn compliance_settings(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<ComplianceSettingsView>> {
    Ok(Json(settings::view(&state.db, scope).await?))
}

#[utoipa::path(put, path = "/api/fleet/compliance/settings", tag = "compliance",
    request_body = ComplianceSettingsInput,
    responses((status = 200, body = ComplianceSettingsView), (status = 422, body = ErrorBody)))]
pub async fn update_compliance_settings(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    ValidJson(body): ValidJson<ComplianceSettingsInput>,
) -> ApiResult<Json<ComplianceSettingsView>> {
    Ok(Json(settings::update(&state.db, scope, body).await?))
}

/// Makes a new feed link (the old one stops working). Shown once.
#[utoipa::path(post, path = "/api/fleet/compliance/feed", tag = "compliance",
    responses((status = 200, body = CalendarFeedLink)))]
pub async fn create_calendar_feed(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<CalendarFeedLink>> {
    Ok(Json(
        feed::create(&state.db, scope, &state.config.public_url).await?,
    ))
}

#[utoipa::path(delete, path = "/api/fleet/compliance/feed", tag = "compliance",
    responses((status = 204, description = "Revoked")))]
pub async fn revoke_calendar_feed(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<StatusCode> {
    feed::revoke(&state.db, scope).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The fleet's items as iCalendar, for calendar apps.
#[utoipa::path(get, path = "/api/compliance/calendar/{token}", tag = "compliance", params(("token" = String, Path)),
    responses((status = 200, description = "iCalendar", content_type = "text/calendar"), (status = 404, body = ErrorBody)))]
pub async fn calendar_feed(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Response> {
    let feed = feed::feed_of_token(
        &state.db,
        &state.system_key,
        &token,
        &state.config.public_url,
    )
    .await?;
    let Some(body) = feed else {
        return Err(ApiError::Status {
            status: StatusCode::NOT_FOUND,
            code: "feed_not_found",
            message: domain::texts().compliance.feed_not_found.clone(),
        });
    };
    Ok((
        [
            (header::CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (header::CACHE_CONTROL, "private, max-age=900"),
        ],
        body,
    )
        .into_response())
}

#[utoipa::path(get, path = "/api/fleet/drivers/{id}/qualifications", tag = "compliance", params(("id" = String, Path)),
    responses((status = 200, body = Vec<QualificationView>), (status = 404, body = ErrorBody)))]
pub async fn driver_qualifications(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<QualificationView>>> {
    let driver = path_id(&id)?;
    let today = fleet_day(&state, scope).await?;
    Ok(Json(
        qualifications::list(&state.db, scope, driver, today).await?,
    ))
}

#[utoipa::path(put, path = "/api/fleet/drivers/{id}/qualifications/{kind}", tag = "compliance",
    params(("id" = String, Path), ("kind" = String, Path, description = "cdl | medical | mvr | clearinghouse | drug_test")),
    request_body = QualificationInput,
    responses((status = 200, body = QualificationView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn save_qualification(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    CurrentUser(user): CurrentUser,
    Path((id, kind)): Path<(String, String)>,
    ValidJson(body): ValidJson<QualificationInput>,
) -> ApiResult<Json<QualificationView>> {
    let today = fleet_day(&state, scope).await?;
    Ok(Json(
        qualifications::save(
            &state.db,
            scope,
            user.profile.id,
            path_id(&id)?,
            &kind,
            body,
            today,
        )
        .await?,
    ))
}

#[utoipa::path(delete, path = "/api/fleet/drivers/{id}/qualifications/{kind}", tag = "compliance",
    params(("id" = String, Path), ("kind" = String, Path)),
    responses((status = 204, description = "Removed"), (status = 404, body = ErrorBody)))]
pub async fn delete_qualification(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path((id, kind)): Path<(String, String)>,
) -> ApiResult<StatusCode> {
    qualifications::remove(&state.db, scope, path_id(&id)?, &kind).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/fleet/notifications", tag = "compliance",
    responses((status = 200, body = NotificationList)))]
pub async fn notification_list(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<NotificationList>> {
    let today = fleet_day(&state, scope).await?;
    Ok(Json(notifications::list(&state.db, scope, today).await?))
}

#[utoipa::path(post, path = "/api/fleet/notifications/{id}/read", tag = "compliance", params(("id" = String, Path)),
    responses((status = 200, body = NotificationList), (status = 404, body = ErrorBody)))]
pub async fn read_notification(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<NotificationList>> {
    let id = path_id(&id)?;
    let today = fleet_day(&state, scope).await?;
    Ok(Json(
        notifications::mark_read(&state.db, scope, Some(id), today).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/notifications/read-all", tag = "compliance",
    responses((status = 200, body = NotificationList)))]
pub async fn read_all_notifications(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<NotificationList>> {
    let today = fleet_day(&state, scope).await?;
    Ok(Json(
        notifications::mark_read(&state.db, scope, None, today).await?,
    ))
}

/// The company profile's History of FMCSA record changes.
#[utoipa::path(get, path = "/api/fleet/fmcsa/history", tag = "compliance",
    responses((status = 200, body = FmcsaHistory)))]
pub async fn fmcsa_history(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<FmcsaHistory>> {
    Ok(Json(
        monitor::history(&state.db, scope, state.clock.now()).await?,
    ))
}

/// "Check FMCSA now": reads the record, compares it with the latest
/// snapshot and answers what it found (at most once per 10 minutes).
#[utoipa::path(post, path = "/api/fleet/fmcsa/check", tag = "compliance",
    responses((status = 200, body = FmcsaCheckResult),
        (status = 429, body = ErrorBody, description = "Checked less than 10 minutes ago; Retry-After says when"),
        (status = 503, body = ErrorBody, description = "FMCSA could not be reached; nothing changed")))]
pub async fn check_fmcsa_now(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<FmcsaCheckResult>> {
    Ok(Json(
        monitor::check_now(&ComplianceDeps::of(&state), scope, state.clock.now()).await?,
    ))
}

/// Changes not dismissed yet (the overview's banner).
#[utoipa::path(get, path = "/api/fleet/fmcsa/alerts", tag = "compliance",
    responses((status = 200, body = Vec<FmcsaChangeView>)))]
pub async fn fmcsa_alerts(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<Vec<FmcsaChangeView>>> {
    Ok(Json(monitor::alerts(&state.db, scope).await?))
}

#[utoipa::path(post, path = "/api/fleet/fmcsa/alerts/dismiss", tag = "compliance",
    responses((status = 204, description = "Dismissed")))]
pub async fn dismiss_fmcsa_alerts(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<StatusCode> {
    monitor::dismiss_alerts(&state.db, scope).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Development only: runs today's reminders now (the browser tests and
/// anyone trying the digest locally).
pub fn dev_router() -> axum::Router<AppState> {
    axum::Router::new().route(
        "/api/dev/compliance/run-reminders",
        axum::routing::post(run_reminders_now),
    )
}

async fn run_reminders_now(State(state): State<AppState>) -> ApiResult<Json<ReminderRun>> {
    super::reminders::run_daily(&super::deps::ComplianceDeps::of(&state), state.clock.now())
        .await
        .map(Json)
        .map_err(ApiError::internal)
}
