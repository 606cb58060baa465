//! Guards applied as layers to router groups (`route_layer`), so a handler
//! added to a group cannot forget its guard: CSRF for cookie-authenticated
//! writes, and the role guards that admit a request and leave what they
//! proved in the request for the handler's extractor (`FleetAdmin`,
//! `SuperAdmin`); `billing::guards::fleet_writable` is layered inside them. An extractor whose guard layer is missing is a programming
//! error: it answers 500, never lets the request through.

use super::session::{ResolvedDriver, ResolvedSession};
use super::{DriverSession, SessionUser};
use crate::crypto::tokens::constant_time_eq;
use crate::http::ApiError;
use axum::extract::{FromRequestParts, Request};
use axum::http::Method;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use db::tenancy::{BrokerScope, TenantScope};
use domain::{Role, texts};

pub const CSRF_HEADER: &str = "x-csrf-token";

fn session_of(req: &Request) -> Option<&SessionUser> {
    req.extensions()
        .get::<ResolvedSession>()
        .and_then(|s| s.0.as_ref())
}

fn driver_of(req: &Request) -> Option<&DriverSession> {
    req.extensions()
        .get::<ResolvedDriver>()
        .and_then(|s| s.0.as_ref())
}

/// No user session: 403 for a signed-in driver (who may use only the
/// portal's endpoints), 401 for anyone else.
fn refused_without_user(req: &Request) -> Response {
    if driver_of(req).is_some() {
        forbidden()
    } else {
        unauthorized()
    }
}

/// Refuses a write made with a session cookie but without the session's
/// CSRF token. Routes that must stay open to a stale cookie (the anonymous
/// auth forms) are the ones outside this layer, declared where they are routed.
pub async fn csrf(req: Request, next: Next) -> Response {
    let unsafe_method = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let expected = session_of(&req)
        .map(|user| user.csrf_token.as_str())
        .or_else(|| driver_of(&req).map(|driver| driver.csrf_token.as_str()));
    if unsafe_method && let Some(expected) = expected {
        let sent = req
            .headers()
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        if !constant_time_eq(sent, expected) {
            return ApiError::Forbidden {
                code: "csrf_invalid",
                message: texts().auth.csrf_invalid.clone(),
            }
            .into_response();
        }
    }
    next.run(req).await
}

fn unauthorized() -> Response {
    ApiError::Unauthorized(texts().errors.unauthorized.clone()).into_response()
}

fn forbidden() -> Response {
    ApiError::Forbidden {
        code: "forbidden",
        message: texts().errors.forbidden.clone(),
    }
    .into_response()
}

pub(crate) fn missing_guard(name: &str) -> ApiError {
    ApiError::internal(anyhow::anyhow!(
        "the {name} extractor was used on a route without its guard layer"
    ))
}

/// A fleet admin acting for their own fleet: the tenant scope comes from the
/// session (profile → account → fleet account), never from the client.
#[derive(Clone)]
pub struct FleetAdmin(pub TenantScope);

/// Admits fleet admins of a fleet: 401 without a session, 403 otherwise.
pub async fn fleet_admin(mut req: Request, next: Next) -> Response {
    let Some(user) = session_of(&req) else {
        return refused_without_user(&req);
    };
    let is_fleet_admin = user.profile.role.as_deref() == Some(Role::FleetAdmin.as_str());
    let Some(fleet) = user.fleet_account_id.filter(|_| is_fleet_admin) else {
        return forbidden();
    };
    req.extensions_mut()
        .insert(FleetAdmin(TenantScope::from_session(fleet)));
    next.run(req).await
}

impl<S: Send + Sync> FromRequestParts<S> for FleetAdmin {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<FleetAdmin>()
            .cloned()
            .ok_or_else(|| missing_guard("FleetAdmin"))
    }
}

/// A broker admin or broker user acting for their own broker account: the
/// scope comes from the session (profile → account of type broker).
#[derive(Clone)]
pub struct Broker {
    pub scope: BrokerScope,
    pub user: SessionUser,
    pub is_admin: bool,
}

fn broker_of(user: &SessionUser) -> Option<Broker> {
    let role = user.profile.role.as_deref();
    let is_admin = role == Some(Role::BrokerAdmin.as_str());
    let is_broker = is_admin || role == Some(Role::BrokerUser.as_str());
    let account = user.broker_account_id.filter(|_| is_broker)?;
    Some(Broker {
        scope: BrokerScope::from_session(account),
        user: user.clone(),
        is_admin,
    })
}

/// Admits broker admins and broker users of a broker account.
pub async fn broker(mut req: Request, next: Next) -> Response {
    let Some(user) = session_of(&req) else {
        return refused_without_user(&req);
    };
    let Some(broker) = broker_of(user) else {
        return forbidden();
    };
    req.extensions_mut().insert(broker);
    next.run(req).await
}

/// Admits broker admins only (user management).
pub async fn broker_admin(mut req: Request, next: Next) -> Response {
    let Some(user) = session_of(&req) else {
        return refused_without_user(&req);
    };
    let Some(broker) = broker_of(user).filter(|b| b.is_admin) else {
        return forbidden();
    };
    req.extensions_mut().insert(broker);
    next.run(req).await
}

impl<S: Send + Sync> FromRequestParts<S> for Broker {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Broker>()
            .cloned()
            .ok_or_else(|| missing_guard("Broker"))
    }
}

/// A signed-in super admin.
#[derive(Clone)]
pub struct SuperAdmin(pub SessionUser);

/// Admits super admins: 401 without a session, 403 for any other role.
pub async fn super_admin(mut req: Request, next: Next) -> Response {
    let Some(user) = session_of(&req) else {
        return refused_without_user(&req);
    };
    if user.profile.role.as_deref() != Some(Role::SuperAdmin.as_str()) {
        return forbidden();
    }
    let admin = SuperAdmin(user.clone());
    req.extensions_mut().insert(admin);
    next.run(req).await
}

impl<S: Send + Sync> FromRequestParts<S> for SuperAdmin {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<SuperAdmin>()
            .cloned()
            .ok_or_else(|| missing_guard("SuperAdmin"))
    }
}

/// Admits a signed-in driver (the driver portal's own endpoints): 401
/// without a driver's session, 403 for a fleet or admin user's.
pub async fn driver(mut req: Request, next: Next) -> Response {
    let Some(driver) = driver_of(&req).cloned() else {
        return if session_of(&req).is_some() {
            forbidden()
        } else {
            unauthorized()
        };
    };
    req.extensions_mut().insert(driver);
    next.run(req).await
}

impl<S: Send + Sync> FromRequestParts<S> for DriverSession {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<DriverSession>()
            .cloned()
            .ok_or_else(|| missing_guard("driver"))
    }
}
pub mod session;
