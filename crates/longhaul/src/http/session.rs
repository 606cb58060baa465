//! Resolving the session cookie once per API request, and the extractors for
//! routes open to any signed-in user: `CurrentUser`, `OptionalUser`. CSRF and
//! the role guards are layers on router groups (`http::guards`).

use crate::http::ApiError;
use crate::modules::auth::tokens::hash_token;
use crate::modules::auth::{SessionUser, repo};
use crate::state::AppState;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use domain::{Role, texts};

pub const SESSION_COOKIE: &str = "lh_session";

/// What the middleware found; handlers read it through the extractors.
#[derive(Clone)]
pub(super) struct ResolvedSession(pub(super) Option<SessionUser>);

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
