//! Sessions: starting one, and resolving a cookie to its user once per
//! request (the HTTP session layer calls `resolve`), with the idle timeouts.

use super::super::error::AuthError;
use super::super::repo::sessions;
use crate::crypto::tokens;
use crate::http::session_timeouts::SessionTimeouts;
use chrono::{DateTime, Duration, Utc};
use db::entities::profile;
use db::tenancy::TenantScope;
use domain::Role;
use sea_orm::DatabaseConnection;
use uuid::Uuid;

/// The signed-in user of a request, resolved from the session cookie.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub session_id: String,
    pub csrf_token: String,
    pub profile: profile::Model,
    /// The fleet behind the user's account, when it is a fleet account.
    pub fleet_account_id: Option<Uuid>,
    /// The broker account behind the user's account, when it is one.
    pub broker_account_id: Option<Uuid>,
    pub last_seen_at: Option<DateTime<Utc>>,
}

/// Longer cookie values are no token of ours: not looked up.
const MAX_TOKEN_LEN: usize = 128;

async fn find(db: &DatabaseConnection, token_hash: &str) -> Result<Option<SessionUser>, AuthError> {
    Ok(sessions::find(db, token_hash)
        .await?
        .map(|found| SessionUser {
            session_id: found.session.id,
            csrf_token: found.session.csrf_token,
            profile: found.profile,
            fleet_account_id: found.fleet_account_id,
            broker_account_id: found.broker_account_id,
            last_seen_at: found.session.last_seen_at,
        }))
}

/// A new session for the user: the cookie's token (only its hash is stored)
/// and the session as a request will see it.
pub async fn start(
    db: &DatabaseConnection,
    user_id: Uuid,
    ttl: Duration,
) -> Result<(String, SessionUser), AuthError> {
    let cookie_token = tokens::random_token();
    let session_id = tokens::hash_token(&cookie_token);
    let csrf_token = tokens::random_token();
    sessions::insert(db, session_id.clone(), user_id, csrf_token, ttl).await?;
    let user = find(db, &session_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("session vanished after insert"))?;
    Ok((cookie_token, user))
}

/// How long a session may sit idle.
pub struct IdleRules<'a> {
    /// Each fleet's timeout, cached.
    pub fleet_timeouts: &'a SessionTimeouts,
    /// A super admin's (`ADMIN_IDLE_TIMEOUT_MINUTES`).
    pub admin_minutes: i64,
}

/// The user of a session cookie, or None when there is no such session or
/// it sat idle too long (then it is ended). A fleet user's session ends
/// after the fleet's idle timeout (Company Settings → Security), a super
/// admin's after `admin_minutes`. The last-seen time is written at most
/// once a minute.
pub async fn resolve(
    db: &DatabaseConnection,
    cookie_token: &str,
    idle: &IdleRules<'_>,
) -> Result<Option<SessionUser>, AuthError> {
    if cookie_token.len() > MAX_TOKEN_LEN {
        return Ok(None);
    }
    let Some(user) = find(db, &tokens::hash_token(cookie_token)).await? else {
        return Ok(None);
    };
    let now = Utc::now();
    let idle_minutes = if let Some(fleet) = user.fleet_account_id {
        let minutes = match idle.fleet_timeouts.get(fleet) {
            Some(m) => m,
            None => {
                let m = sessions::fleet_idle_timeout(db, TenantScope::from_session(fleet))
                    .await?
                    .unwrap_or(domain::fleet::SESSION_TIMEOUT_DEFAULT);
                idle.fleet_timeouts.put(fleet, m);
                m
            }
        };
        Some(i64::from(minutes))
    } else if user.profile.role.as_deref() == Some(Role::SuperAdmin.as_str()) {
        Some(idle.admin_minutes)
    } else {
        None
    };
    if let Some(minutes) = idle_minutes
        && let Some(seen) = user.last_seen_at
        && now - seen > Duration::minutes(minutes)
    {
        sessions::delete(db, &user.session_id).await?;
        return Ok(None);
    }
    if user
        .last_seen_at
        .is_none_or(|seen| now - seen > Duration::seconds(60))
    {
        sessions::touch(db, &user.session_id).await?;
    }
    Ok(Some(user))
}
