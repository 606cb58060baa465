//! `/api/portal/*`: the driver portal. The sign-in and invite routes are
//! open (and outside the CSRF layer, like the fleet users' sign-in); the
//! rest need a driver's session (`guards::driver`) and its CSRF token.

use super::dto::{
    InviteAccept, InviteView, MessageView, PasswordChange, PhoneChange, PortalConfig,
    PortalDocument, PortalDriver, PortalHome, PortalMessageRequest, PortalSignInRequest,
    PortalSignedIn, RenewalView,
};
use super::error::DriverPortalError;
use super::invites::{self, InviteDeps};
use super::sign_in::{self, SignInDeps, driver_view};
use super::{home, messages, renewals, repo, shared_documents};
use crate::http::client_ip::ClientIp;
use crate::http::cookies::{session_cookie, session_cookie_removal};
use crate::http::download::content_disposition;
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::modules::auth::{DriverSession, driver_sessions};
use crate::modules::documents::upload;
use crate::state::AppState;
use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

/// Open to anyone holding the fleet's portal link.
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(portal_config))
        .routes(routes!(portal_logo))
        .routes(routes!(portal_sign_in))
        .routes(routes!(portal_invite, portal_accept_invite))
}

/// A signed-in driver's own: reads, signing out and their password.
pub fn driver_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(portal_me))
        .routes(routes!(portal_sign_out))
        .routes(routes!(portal_documents))
        .routes(routes!(portal_download))
        .routes(routes!(portal_change_password))
}

/// A signed-in driver's writes on the fleet's behalf (renewals, the fleet's
/// record of their phone, messages to the office): the app puts them behind
/// the read-only guard. The renewal upload bounds what it reads itself,
/// like the documents upload, so it answers a clean 413 naming the limit.
pub fn driver_fleet_writes_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_renewals, submit_renewal).layer(DefaultBodyLimit::disable()))
        .routes(routes!(portal_change_phone))
        .routes(routes!(portal_contact))
}

fn invite_deps(state: &AppState) -> InviteDeps<'_> {
    InviteDeps {
        db: &state.db,
        passwords: &state.passwords,
        mailer: state.mailer.as_ref(),
        public_url: &state.config.public_url,
    }
}

#[utoipa::path(get, path = "/api/portal/{fleet_id}/config", tag = "driver_portal", params(("fleet_id" = String, Path)),
    responses((status = 200, body = PortalConfig), (status = 404, body = ErrorBody)))]
pub async fn portal_config(
    State(state): State<AppState>,
    Path(fleet_id): Path<String>,
) -> ApiResult<Json<PortalConfig>> {
    Ok(Json(sign_in::config(&state.db, path_id(&fleet_id)?).await?))
}

/// The fleet's logo for its portal's pages.
#[utoipa::path(get, path = "/api/portal/{fleet_id}/logo", tag = "driver_portal", params(("fleet_id" = String, Path)),
    responses((status = 200, description = "The logo image"), (status = 404, body = ErrorBody)))]
pub async fn portal_logo(
    State(state): State<AppState>,
    Path(fleet_id): Path<String>,
) -> ApiResult<Response> {
    let scope = db::tenancy::TenantScope::for_portal_link(path_id(&fleet_id)?);
    let (content_type, bytes) =
        crate::modules::fleet_account::logo::load_logo(&state.db, state.files.as_ref(), scope)
            .await?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=300".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

#[utoipa::path(post, path = "/api/portal/{fleet_id}/sign-in", tag = "driver_portal", params(("fleet_id" = String, Path)),
    request_body = PortalSignInRequest,
    responses((status = 200, body = PortalSignedIn), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn portal_sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    Path(fleet_id): Path<String>,
    ValidJson(body): ValidJson<PortalSignInRequest>,
) -> ApiResult<(CookieJar, Json<PortalSignedIn>)> {
    let deps = SignInDeps {
        db: &state.db,
        passwords: &state.passwords,
        session_ttl: chrono::Duration::hours(state.config.session_ttl_hours),
    };
    let (cookie, session, driver) =
        sign_in::sign_in(&deps, path_id(&fleet_id)?, &body.login, body.password, &ip).await?;
    let jar = jar.add(session_cookie(
        cookie,
        state.config.secure_cookies(),
        state.config.session_ttl_hours,
    ));
    Ok((
        jar,
        Json(PortalSignedIn {
            csrf_token: session.csrf_token,
            driver,
        }),
    ))
}

#[utoipa::path(get, path = "/api/portal/{fleet_id}/invites/{token}", tag = "driver_portal",
    params(("fleet_id" = String, Path), ("token" = String, Path)),
    responses((status = 200, body = InviteView), (status = 410, body = ErrorBody)))]
pub async fn portal_invite(
    State(state): State<AppState>,
    Path((fleet_id, token)): Path<(String, String)>,
) -> ApiResult<Json<InviteView>> {
    let fleet_id = path_id(&fleet_id).map_err(|_| DriverPortalError::InviteInvalid)?;
    Ok(Json(invites::view(&state.db, fleet_id, &token).await?))
}

/// Sets the driver's own password; the link works once.
#[utoipa::path(post, path = "/api/portal/{fleet_id}/invites/{token}", tag = "driver_portal",
    params(("fleet_id" = String, Path), ("token" = String, Path)), request_body = InviteAccept,
    responses((status = 204), (status = 410, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn portal_accept_invite(
    State(state): State<AppState>,
    Path((fleet_id, token)): Path<(String, String)>,
    ValidJson(body): ValidJson<InviteAccept>,
) -> ApiResult<StatusCode> {
    let fleet_id = path_id(&fleet_id).map_err(|_| DriverPortalError::InviteInvalid)?;
    invites::accept(&invite_deps(&state), fleet_id, &token, body.password).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The portal's first screen: the driver, the fleet's branding and welcome
/// message, the truck and trailers.
#[utoipa::path(get, path = "/api/portal/me", tag = "driver_portal",
    responses((status = 200, body = PortalHome), (status = 401, body = ErrorBody)))]
pub async fn portal_me(
    State(state): State<AppState>,
    session: DriverSession,
) -> ApiResult<Json<PortalHome>> {
    Ok(Json(home::home(&state.db, &session).await?))
}

#[utoipa::path(post, path = "/api/portal/sign-out", tag = "driver_portal",
    responses((status = 204), (status = 401, body = ErrorBody)))]
pub async fn portal_sign_out(
    State(state): State<AppState>,
    session: DriverSession,
    jar: CookieJar,
) -> ApiResult<(CookieJar, StatusCode)> {
    driver_sessions::end(&state.db, &session).await?;
    Ok((jar.remove(session_cookie_removal()), StatusCode::NO_CONTENT))
}

#[utoipa::path(get, path = "/api/portal/documents", tag = "driver_portal",
    responses((status = 200, body = Vec<PortalDocument>), (status = 401, body = ErrorBody)))]
pub async fn portal_documents(
    State(state): State<AppState>,
    session: DriverSession,
) -> ApiResult<Json<Vec<PortalDocument>>> {
    Ok(Json(
        shared_documents::list(&state.db, &session, state.clock.now()).await?,
    ))
}

#[utoipa::path(get, path = "/api/portal/documents/{id}/download", tag = "driver_portal", params(("id" = String, Path)),
    responses((status = 200, description = "The file, under its original name"), (status = 404, body = ErrorBody)))]
pub async fn portal_download(
    State(state): State<AppState>,
    session: DriverSession,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (row, object) =
        shared_documents::open(&state.db, state.files.as_ref(), &session, path_id(&id)?).await?;
    Ok(file_response(&row.file_type, &row.file_name, object))
}

/// A stored object as a download.
pub fn file_response(
    file_type: &str,
    file_name: &str,
    object: object_store::GetResult,
) -> Response {
    let size = object.meta.size;
    (
        [
            (header::CONTENT_TYPE, file_type.to_owned()),
            (header::CONTENT_LENGTH, size.to_string()),
            (header::CONTENT_DISPOSITION, content_disposition(file_name)),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        ],
        Body::from_stream(object.into_stream()),
    )
        .into_response()
}

#[utoipa::path(get, path = "/api/portal/renewals", tag = "driver_portal",
    responses((status = 200, body = Vec<RenewalView>), (status = 401, body = ErrorBody)))]
pub async fn my_renewals(
    State(state): State<AppState>,
    session: DriverSession,
) -> ApiResult<Json<Vec<RenewalView>>> {
    Ok(Json(renewals::mine(&state.db, &session).await?))
}

/// multipart/form-data: target (driver | truck | trailer), trailer_id (for a
/// trailer), document_type, name, expiration_date (YYYY-MM-DD), note, then
/// the field `file` (a photo or a PDF).
#[utoipa::path(post, path = "/api/portal/renewals", tag = "driver_portal",
    responses((status = 201, body = RenewalView), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody),
              (status = 415, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn submit_renewal(
    State(state): State<AppState>,
    session: DriverSession,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<RenewalView>)> {
    let multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType(domain::texts().server.requests.renewal_multipart.clone())
    })?;
    let received = upload::receive(
        state.files.as_ref(),
        multipart,
        renewals::object_path(&session),
        state.config.document_max_bytes,
    )
    .await?;
    let view = renewals::submit(&state.db, state.files.as_ref(), &session, received).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(put, path = "/api/portal/password", tag = "driver_portal", request_body = PasswordChange,
    responses((status = 204), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn portal_change_password(
    State(state): State<AppState>,
    session: DriverSession,
    ValidJson(body): ValidJson<PasswordChange>,
) -> ApiResult<StatusCode> {
    invites::change_password(
        &invite_deps(&state),
        &session,
        body.current_password,
        body.new_password,
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(put, path = "/api/portal/phone", tag = "driver_portal", request_body = PhoneChange,
    responses((status = 200, body = PortalDriver), (status = 422, body = ErrorBody)))]
pub async fn portal_change_phone(
    State(state): State<AppState>,
    session: DriverSession,
    ValidJson(body): ValidJson<PhoneChange>,
) -> ApiResult<Json<PortalDriver>> {
    let phone = body.phone.trim().to_owned();
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed = phone
        .chars()
        .all(|c| c.is_ascii_digit() || domain::driver_form::PHONE_PUNCTUATION.contains(c));
    if !(10..=15).contains(&digits) || !allowed {
        return Err(DriverPortalError::field(
            "phone",
            &domain::texts().server.driver_portal.phone_invalid,
        )
        .into());
    }
    let scope = session.scope();
    let txn = db::tenancy::write(&state.db, scope).await?;
    let driver = repo::driver(&txn, session.driver_id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    let driver = repo::set_phone(&txn, driver, phone).await?;
    txn.commit().await?;
    Ok(Json(driver_view(&driver)))
}

/// The contact form: into the fleet's inbox and to its admins by e-mail.
#[utoipa::path(post, path = "/api/portal/messages", tag = "driver_portal", request_body = PortalMessageRequest,
    responses((status = 201, body = MessageView), (status = 422, body = ErrorBody)))]
pub async fn portal_contact(
    State(state): State<AppState>,
    session: DriverSession,
    ValidJson(body): ValidJson<PortalMessageRequest>,
) -> ApiResult<(StatusCode, Json<MessageView>)> {
    let view = messages::send(
        &state.db,
        state.mailer.as_ref(),
        &state.config.public_url,
        &session,
        body,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}
pub mod admin;
