//! Resolving the session cookie once per API request, and the extractors for
//! routes open to any signed-in user: `CurrentUser`, `OptionalUser`. CSRF and
//! the role guards are layers on router groups (`guards`).

use crate::http::ApiError;
use crate::http::cookies::SESSION_COOKIE;
use crate::modules::auth::SessionUser;
use crate::modules::auth::driver_sessions::{self, DriverSession};
use crate::modules::auth::service::sessions::{self, IdleRules};
use crate::state::AppState;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use domain::{Role, texts};

/// What the middleware found; handlers read it through the extractors.
#[derive(Clone)]
pub(crate) struct ResolvedSession(pub(crate) Option<SessionUser>);

/// A driver-portal session the middleware found (its cookie token starts
/// with `d.`); the role guards answer 403 to it, `guards::driver` admits it.
#[derive(Clone)]
pub(crate) struct ResolvedDriver(pub(crate) Option<DriverSession>);

pub async fn resolve_session(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Response {
    let jar = CookieJar::from_headers(req.headers());
    let mut driver = None;
    let user = match jar.get(SESSION_COOKIE) {
        Some(cookie) if driver_sessions::is_driver_token(cookie.value()) => {
            match driver_sessions::resolve(&state.db, cookie.value(), &state.session_timeouts).await
            {
                Ok(found) => driver = found,
                Err(err) => return ApiError::from(err).into_response(),
            }
            None
        }
        Some(cookie) => {
            let idle = IdleRules {
                fleet_timeouts: &state.session_timeouts,
                admin_minutes: state.config.admin_idle_timeout_minutes,
            };
            match sessions::resolve(&state.db, cookie.value(), &idle).await {
                Ok(user) => user,
                Err(err) => return ApiError::from(err).into_response(),
            }
        }
        None => None,
    };
    req.extensions_mut().insert(ResolvedSession(user));
    req.extensions_mut().insert(ResolvedDriver(driver));
    next.run(req).await
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
