//! `/api/auth/*`: thin handlers over the service.

use super::dto::{
    ConfirmEmailRequest, InvitationView, MessageResponse, PasswordLinkCheck, PasswordLinkView,
    PasswordResetComplete, PasswordResetRequest, PasswordSetResponse, SessionResponse,
    SignInRequest, SignUpRequest, SignedInResponse, UserView,
};
use super::service::registration::{self, SignUp};
use super::service::{AuthDeps, reset, sign_in as signing};
use crate::config::Environment;
use crate::http::client_ip::ClientIp;
use crate::http::cookies::{session_cookie, session_cookie_removal};
use crate::http::{ApiResult, ValidJson};
use crate::modules::auth::{CurrentUser, OptionalUser};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum_extra::extract::cookie::CookieJar;
use domain::texts;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Anonymous forms a browser may post with a stale session cookie still in
/// the jar: these routes stay outside the CSRF layer (`app.rs`).
pub fn csrf_exempt_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(confirm_email))
        .routes(routes!(sign_in))
        .routes(routes!(request_reset))
        .routes(routes!(complete_reset))
        .routes(routes!(check_reset_link))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(session))
        .routes(routes!(sign_out))
}

fn deps(state: &AppState) -> AuthDeps<'_> {
    AuthDeps {
        db: &state.db,
        passwords: &state.passwords,
        mailer: &state.mailer,
        public_url: &state.config.public_url,
        session_ttl: chrono::Duration::hours(state.config.session_ttl_hours),
        production: state.config.environment == Environment::Production,
    }
}

#[utoipa::path(get, path = "/api/auth/session", tag = "auth",
    responses((status = 200, body = SessionResponse)))]
pub async fn session(OptionalUser(user): OptionalUser) -> Json<SessionResponse> {
    Json(SessionResponse {
        user: user.as_ref().map(UserView::from),
        csrf_token: user.map(|u| u.csrf_token),
    })
}

#[utoipa::path(post, path = "/api/auth/sign-up", tag = "auth", request_body = SignUpRequest,
    description = "Answers the same for a new and an already registered e-mail; the owner of a known address is told by e-mail.",
    responses((status = 201, body = MessageResponse), (status = 422, body = crate::http::error::ErrorBody),
              (status = 429, body = crate::http::error::ErrorBody)))]
pub async fn sign_up(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<SignUpRequest>,
) -> ApiResult<(StatusCode, Json<MessageResponse>)> {
    registration::sign_up(
        &deps(&state),
        SignUp {
            email: body.email,
            password: body.password,
            first_name: body.first_name,
            last_name: body.last_name,
        },
        &ip,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(MessageResponse {
            message: texts().auth.account_created_self_description.clone(),
        }),
    ))
}

#[utoipa::path(post, path = "/api/auth/confirm-email", tag = "auth", request_body = ConfirmEmailRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = crate::http::error::ErrorBody)))]
pub async fn confirm_email(
    State(state): State<AppState>,
    ValidJson(body): ValidJson<ConfirmEmailRequest>,
) -> ApiResult<Json<MessageResponse>> {
    registration::confirm_email(&deps(&state), &body.token).await?;
    Ok(Json(MessageResponse {
        message: texts().auth.email_confirmed_description.clone(),
    }))
}

#[utoipa::path(post, path = "/api/auth/sign-in", tag = "auth", request_body = SignInRequest,
    responses((status = 200, body = SignedInResponse), (status = 401, body = crate::http::error::ErrorBody),
              (status = 403, body = crate::http::error::ErrorBody), (status = 422, body = crate::http::error::ErrorBody),
              (status = 429, body = crate::http::error::ErrorBody)))]
pub async fn sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    ValidJson(body): ValidJson<SignInRequest>,
) -> ApiResult<(CookieJar, Json<SignedInResponse>)> {
    let signed_in = signing::sign_in(&deps(&state), &body.email, body.password, &ip).await?;
    let jar = jar.add(session_cookie(
        signed_in.cookie_token,
        state.config.secure_cookies(),
        state.config.session_ttl_hours,
    ));
    Ok((
        jar,
        Json(SignedInResponse {
            user: UserView::from(&signed_in.user),
            csrf_token: signed_in.user.csrf_token,
        }),
    ))
}

#[utoipa::path(post, path = "/api/auth/sign-out", tag = "auth",
    responses((status = 204), (status = 401, body = crate::http::error::ErrorBody)))]
pub async fn sign_out(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    jar: CookieJar,
) -> ApiResult<(CookieJar, StatusCode)> {
    signing::sign_out(&deps(&state), &user).await?;
    Ok((jar.remove(session_cookie_removal()), StatusCode::NO_CONTENT))
}

#[utoipa::path(post, path = "/api/auth/password-reset/request", tag = "auth", request_body = PasswordResetRequest,
    responses((status = 202, body = MessageResponse), (status = 429, body = crate::http::error::ErrorBody)))]
pub async fn request_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<PasswordResetRequest>,
) -> ApiResult<(StatusCode, Json<MessageResponse>)> {
    reset::request(&deps(&state), &body.email, &ip).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(MessageResponse {
            message: texts().auth.reset_request_sent.clone(),
        }),
    ))
}

#[utoipa::path(post, path = "/api/auth/password-reset/check", tag = "auth", request_body = PasswordLinkCheck,
    responses((status = 200, body = PasswordLinkView), (status = 400, body = crate::http::error::ErrorBody),
              (status = 429, body = crate::http::error::ErrorBody)))]
pub async fn check_reset_link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<PasswordLinkCheck>,
) -> ApiResult<Json<PasswordLinkView>> {
    let link = reset::check(&deps(&state), &body.token, &ip).await?;
    Ok(Json(PasswordLinkView {
        email: link.email,
        invitation: link.invitation.map(|i| InvitationView {
            account_name: i.account_name,
            inviter: i.inviter,
        }),
    }))
}

#[utoipa::path(post, path = "/api/auth/password-reset/complete", tag = "auth", request_body = PasswordResetComplete,
    responses((status = 200, body = PasswordSetResponse), (status = 400, body = crate::http::error::ErrorBody),
              (status = 422, body = crate::http::error::ErrorBody), (status = 429, body = crate::http::error::ErrorBody)))]
pub async fn complete_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    jar: CookieJar,
    ValidJson(body): ValidJson<PasswordResetComplete>,
) -> ApiResult<(CookieJar, Json<PasswordSetResponse>)> {
    let deps = deps(&state);
    let done = reset::complete(&deps, &body.token, body.password, &ip).await?;
    let message = texts().auth.reset_done.clone();
    if !done.invitation {
        return Ok((
            jar,
            Json(PasswordSetResponse {
                message,
                user: None,
                csrf_token: None,
            }),
        ));
    }
    // An invitation: the new user is in, as after signing in.
    let (cookie_token, user) = signing::start_session(&deps, done.user_id).await?;
    let jar = jar.add(session_cookie(
        cookie_token,
        state.config.secure_cookies(),
        state.config.session_ttl_hours,
    ));
    Ok((
        jar,
        Json(PasswordSetResponse {
            message,
            csrf_token: Some(user.csrf_token.clone()),
            user: Some(UserView::from(&user)),
        }),
    ))
}
