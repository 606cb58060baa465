//! Resolving the session cookie once per API request, CSRF for cookie-
//! authenticated writes, and the extractors handlers use: `CurrentUser`,
//! `OptionalUser`, `FleetScope`.

use crate::http::ApiError;
use crate::modules::auth::tokens::{constant_time_eq, hash_token};
use crate::modules::auth::{SessionUser, repo};
use crate::state::AppState;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::Method;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use domain::{Role, texts};
use uuid::Uuid;

pub const SESSION_COOKIE: &str = "lh_session";
pub const CSRF_HEADER: &str = "x-csrf-token";

/// What the middleware found; handlers read it through the extractors.
#[derive(Clone)]
struct ResolvedSession(Option<SessionUser>);

/// Anonymous endpoints that may be called with a stale cookie in the jar.
fn csrf_exempt(path: &str) -> bool {
    matches!(
        path,
        "/api/auth/sign-in"
            | "/api/auth/sign-up"
            | "/api/auth/confirm-email"
            | "/api/auth/password-reset/request"
            | "/api/auth/password-reset/complete"
    )
}

pub async fn resolve_session(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Response {
    let jar = CookieJar::from_headers(req.headers());
    let user = match jar.get(SESSION_COOKIE).map(|c| c.value().to_owned()) {
        Some(token) if token.len() <= 128 => {
            match repo::find_session_user(&state.db, &hash_token(&token)).await {
                Ok(Some(user)) => match enforce_idle_timeout(&state, user).await {
                    Ok(user) => user,
                    Err(err) => return err.into_response(),
                },
                Ok(None) => None,
                Err(err) => return ApiError::from(err).into_response(),
            }
        }
        _ => None,
    };
    let unsafe_method = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if let Some(user) = &user
        && unsafe_method
        && !csrf_exempt(req.uri().path())
    {
        let sent = req
            .headers()
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        if !constant_time_eq(sent, &user.csrf_token) {
            return ApiError::Forbidden {
                code: "csrf_invalid",
                message: texts().auth.csrf_invalid.clone(),
            }
            .into_response();
        }
    }
    req.extensions_mut().insert(ResolvedSession(user));
    next.run(req).await
}

/// A fleet user's session ends after the fleet's idle timeout (Company
/// Settings → Security), a super admin's after `ADMIN_IDLE_TIMEOUT_MINUTES`.
/// The last-seen time is written at most once a minute.
async fn enforce_idle_timeout(
    state: &AppState,
    user: SessionUser,
) -> Result<Option<SessionUser>, ApiError> {
    let now = chrono::Utc::now();
    let idle_minutes = if let Some(fleet) = user.fleet_account_id {
        let minutes = match state.session_timeouts.get(fleet) {
            Some(m) => m,
            None => {
                let m = repo::fleet_session_timeout(&state.db, fleet)
                    .await?
                    .unwrap_or(domain::fleet::SESSION_TIMEOUT_DEFAULT);
                state.session_timeouts.put(fleet, m);
                m
            }
        };
        Some(i64::from(minutes))
    } else if user.profile.role.as_deref() == Some(Role::SuperAdmin.as_str()) {
        Some(state.config.admin_idle_timeout_minutes)
    } else {
        None
    };
    if let Some(minutes) = idle_minutes
        && let Some(seen) = user.last_seen_at
        && now - seen > chrono::Duration::minutes(minutes)
    {
        repo::delete_session(&state.db, &user.session_id).await?;
        return Ok(None);
    }
    if user
        .last_seen_at
        .is_none_or(|seen| now - seen > chrono::Duration::seconds(60))
    {
        repo::touch_session(&state.db, &user.session_id).await?;
    }
    Ok(Some(user))
}

fn resolved(parts: &Parts) -> Option<SessionUser> {
    parts
        .extensions
        .get::<ResolvedSession>()
        .and_then(|s| s.0.clone())
}

/// A signed-in user; 401 otherwise.
pub struct CurrentUser(pub SessionUser);

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        resolved(parts)
            .map(CurrentUser)
            .ok_or_else(|| ApiError::Unauthorized(texts().errors.unauthorized.clone()))
    }
}

impl CurrentUser {
    pub fn role(&self) -> Option<Role> {
        self.0.profile.role.as_deref().and_then(Role::parse)
    }
}

/// The signed-in user if there is one.
pub struct OptionalUser(pub Option<SessionUser>);

impl<S: Send + Sync> FromRequestParts<S> for OptionalUser {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(OptionalUser(resolved(parts)))
    }
}

/// The fleet a request acts for, derived on the server from the session
/// (profile → account → fleet account). Only this extractor makes one, so a
/// repository function that takes a `FleetScope` cannot be called unscoped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FleetScope {
    fleet_account_id: Uuid,
}

impl FleetScope {
    pub fn fleet_account_id(&self) -> Uuid {
        self.fleet_account_id
    }
}

impl<S: Send + Sync> FromRequestParts<S> for FleetScope {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        let is_fleet_admin = user.profile.role.as_deref() == Some(Role::FleetAdmin.as_str());
        match user.fleet_account_id {
            Some(fleet_account_id) if is_fleet_admin => Ok(FleetScope { fleet_account_id }),
            _ => Err(ApiError::Forbidden {
                code: "forbidden",
                message: texts().errors.forbidden.clone(),
            }),
        }
    }
}

/// A signed-in super admin: 401 without a session, 403 for any other role.
pub struct SuperAdmin(pub SessionUser);

impl<S: Send + Sync> FromRequestParts<S> for SuperAdmin {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        if user.role() == Some(Role::SuperAdmin) {
            Ok(SuperAdmin(user.0))
        } else {
            Err(ApiError::Forbidden {
                code: "forbidden",
                message: texts().errors.forbidden.clone(),
            })
        }
    }
}
