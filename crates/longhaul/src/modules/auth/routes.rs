//! `/api/auth/*`: thin handlers over the service.

use super::SessionUser;
use super::service::{self, SignUp};
use crate::http::client_ip::client_ip;
use crate::http::session::{OptionalUser, SESSION_COOKIE};
use crate::http::{ApiResult, CurrentUser, ValidJson};
use crate::state::AppState;
use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use domain::texts;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

/// Anonymous forms a browser may post with a stale session cookie still in
/// the jar: these routes stay outside the CSRF layer (`app.rs`).
pub fn csrf_exempt_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(confirm_email))
        .routes(routes!(sign_in))
        .routes(routes!(request_reset))
        .routes(routes!(complete_reset))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(session))
        .routes(routes!(sign_out))
}

/// A role the server recognises (spec part 1 §6).
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    SuperAdmin,
    FleetAdmin,
    FleetDriver,
    BrokerAdmin,
    BrokerUser,
}

impl From<domain::Role> for Role {
    fn from(role: domain::Role) -> Self {
        match role {
            domain::Role::SuperAdmin => Role::SuperAdmin,
            domain::Role::FleetAdmin => Role::FleetAdmin,
            domain::Role::FleetDriver => Role::FleetDriver,
            domain::Role::BrokerAdmin => Role::BrokerAdmin,
            domain::Role::BrokerUser => Role::BrokerUser,
        }
    }
}

/// The profile as the SPA sees it (spec part 1 §3, profiles).
#[derive(Serialize, ToSchema)]
pub struct UserView {
    pub id: Uuid,
    pub email: String,
    /// null when no recognised role is assigned.
    #[schema(required = true)]
    pub role: Option<Role>,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub account_id: Option<Uuid>,
}

impl From<&SessionUser> for UserView {
    fn from(user: &SessionUser) -> Self {
        let p = &user.profile;
        UserView {
            id: p.id,
            email: p.email.clone(),
            role: p
                .role
                .as_deref()
                .and_then(domain::Role::parse)
                .map(Role::from),
            first_name: p.first_name.clone(),
            last_name: p.last_name.clone(),
            account_id: p.account_id,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SessionResponse {
    #[schema(required = true)]
    pub user: Option<UserView>,
    #[schema(required = true)]
    /// Send back as `X-CSRF-Token` on every state-changing request.
    pub csrf_token: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SignedInResponse {
    pub user: UserView,
    pub csrf_token: String,
}

#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

#[derive(Deserialize, ToSchema)]
pub struct SignUpRequest {
    pub email: String,
    pub password: String,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct SignInRequest {
    pub email: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ConfirmEmailRequest {
    pub token: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordResetRequest {
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordResetComplete {
    pub token: String,
    pub password: String,
}

/// The client address, for rate limits.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_ip(parts, state.config.trusted_proxies)))
    }
}

pub fn session_cookie(state: &AppState, value: String) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, value))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.config.secure_cookies())
        .path("/")
        .max_age(time_from_hours(state.config.session_ttl_hours))
        .build()
}

fn time_from_hours(hours: i64) -> time::Duration {
    time::Duration::hours(hours)
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
    service::sign_up(
        &state,
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
    service::confirm_email(&state, &body.token).await?;
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
    let signed_in = service::sign_in(&state, &body.email, body.password, &ip).await?;
    let jar = jar.add(session_cookie(&state, signed_in.cookie_token));
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
    service::sign_out(&state, &user).await?;
    let jar = jar.remove(Cookie::build(SESSION_COOKIE).path("/").build());
    Ok((jar, StatusCode::NO_CONTENT))
}

#[utoipa::path(post, path = "/api/auth/password-reset/request", tag = "auth", request_body = PasswordResetRequest,
    responses((status = 202, body = MessageResponse), (status = 429, body = crate::http::error::ErrorBody)))]
pub async fn request_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<PasswordResetRequest>,
) -> ApiResult<(StatusCode, Json<MessageResponse>)> {
    service::request_password_reset(&state, &body.email, &ip).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(MessageResponse {
            message: texts().auth.reset_request_sent.clone(),
        }),
    ))
}

#[utoipa::path(post, path = "/api/auth/password-reset/complete", tag = "auth", request_body = PasswordResetComplete,
    responses((status = 200, body = MessageResponse), (status = 400, body = crate::http::error::ErrorBody),
              (status = 422, body = crate::http::error::ErrorBody), (status = 429, body = crate::http::error::ErrorBody)))]
pub async fn complete_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<PasswordResetComplete>,
) -> ApiResult<Json<MessageResponse>> {
    service::complete_password_reset(&state, &body.token, body.password, &ip).await?;
    Ok(Json(MessageResponse {
        message: texts().auth.reset_done.clone(),
    }))
}
