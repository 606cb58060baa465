//! Driver sessions: the driver portal's sign-in starts them, the session
//! layer resolves them. A driver's cookie token starts with `d.`, so the
//! session layer knows which table to look in; only the token's hash is
//! stored. A session ends when the driver is deactivated, the portal is
//! turned off, or the fleet's idle timeout (Company Settings → Security)
//! passes; a new password (the driver's own or the fleet's shared one)
//! deletes the sessions it replaces.

use super::super::repo::driver_sessions as repo;
use crate::crypto::tokens;
use crate::http::session_timeouts::SessionTimeouts;
use chrono::{DateTime, Duration, Utc};
use db::entities::driver_session;
use db::tenancy::{FleetTx, TenantScope};
use domain::fleet::PortalSettings;
use sea_orm::{DatabaseConnection, DbErr, Set};
use uuid::Uuid;

pub const TOKEN_PREFIX: &str = "d.";
/// Longer cookie values are no token of ours: not looked up.
const MAX_TOKEN_LEN: usize = 130;

/// A signed-in driver, as a request sees them.
#[derive(Debug, Clone)]
pub struct DriverSession {
    pub session_id: String,
    pub csrf_token: String,
    pub driver_id: Uuid,
    pub fleet_account_id: Uuid,
}

impl DriverSession {
    /// The driver's fleet, from the session: never from the client.
    pub fn scope(&self) -> TenantScope {
        TenantScope::from_session(self.fleet_account_id)
    }
}

pub fn is_driver_token(cookie: &str) -> bool {
    cookie.starts_with(TOKEN_PREFIX)
}

/// A new session: the cookie's token and the session as a request sees it.
pub async fn start(
    db: &DatabaseConnection,
    scope: TenantScope,
    driver_id: Uuid,
    ttl: Duration,
) -> Result<(String, DriverSession), DbErr> {
    let cookie = format!("{TOKEN_PREFIX}{}", tokens::random_token());
    let session_id = tokens::hash_token(&cookie);
    let csrf_token = tokens::random_token();
    let now = Utc::now();
    repo::insert(
        db,
        driver_session::ActiveModel {
            id: Set(session_id.clone()),
            fleet_account_id: Set(scope.fleet_account_id()),
            driver_id: Set(driver_id),
            csrf_token: Set(csrf_token.clone()),
            created_at: Set(now),
            expires_at: Set(now + ttl),
            last_seen_at: Set(Some(now)),
        },
    )
    .await?;
    Ok((
        cookie,
        DriverSession {
            session_id,
            csrf_token,
            driver_id,
            fleet_account_id: scope.fleet_account_id(),
        },
    ))
}

/// Whether a session last seen at `seen` has sat idle longer than `minutes`.
fn idle_too_long(seen: Option<DateTime<Utc>>, minutes: i32, now: DateTime<Utc>) -> bool {
    seen.is_some_and(|seen| now - seen > Duration::minutes(i64::from(minutes)))
}

/// The driver of a session cookie, or None (then any session it named is
/// ended when it may no longer be used).
pub async fn resolve(
    db: &DatabaseConnection,
    cookie: &str,
    timeouts: &SessionTimeouts,
) -> Result<Option<DriverSession>, DbErr> {
    if cookie.len() > MAX_TOKEN_LEN || !is_driver_token(cookie) {
        return Ok(None);
    }
    let token_hash = tokens::hash_token(cookie);
    let Some(session) = repo::find(db, &token_hash).await? else {
        return Ok(None);
    };
    let scope = TenantScope::from_session(session.fleet_account_id);
    let txn = db::tenancy::read(db, scope).await?;
    let driver = repo::driver(&txn, session.driver_id).await?;
    let fleet = repo::fleet(&txn).await?;
    txn.commit().await?;
    let now = Utc::now();
    let usable = match (&driver, &fleet) {
        (Some(driver), Some(fleet)) => {
            let portal = PortalSettings::stored(fleet.portal_settings.as_ref());
            timeouts.put(fleet.id, fleet.session_timeout_minutes);
            driver.is_active
                && portal.is_enabled
                && !idle_too_long(session.last_seen_at, fleet.session_timeout_minutes, now)
        }
        _ => false,
    };
    if !usable {
        repo::delete(db, &token_hash).await?;
        return Ok(None);
    }
    if session
        .last_seen_at
        .is_none_or(|seen| now - seen > Duration::seconds(60))
    {
        repo::touch(db, &token_hash).await?;
    }
    Ok(Some(DriverSession {
        session_id: session.id,
        csrf_token: session.csrf_token,
        driver_id: session.driver_id,
        fleet_account_id: session.fleet_account_id,
    }))
}

/// Signs every driver of the fleet out: the shared password changed, or
/// how drivers sign in did.
pub async fn end_all_of_fleet(db: &DatabaseConnection, scope: TenantScope) -> Result<u64, DbErr> {
    let tx = db::tenancy::write(db, scope).await?;
    let ended = repo::delete_of_fleet(&tx).await?;
    tx.commit().await?;
    Ok(ended)
}

/// Signs a driver out everywhere (a new password through an invite), or
/// everywhere but `keep` (they changed it from that session), inside the
/// caller's transaction.
pub async fn end_all_of_driver(
    tx: &FleetTx,
    driver_id: Uuid,
    keep: Option<&DriverSession>,
) -> Result<u64, DbErr> {
    repo::delete_of_driver(tx, driver_id, keep.map(|s| s.session_id.as_str())).await
}

pub async fn end(db: &DatabaseConnection, session: &DriverSession) -> Result<(), DbErr> {
    repo::delete(db, &session.session_id).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_time_is_measured_from_the_last_request() {
        let now = Utc::now();
        assert!(!idle_too_long(Some(now - Duration::minutes(15)), 15, now));
        assert!(idle_too_long(Some(now - Duration::minutes(16)), 15, now));
        assert!(!idle_too_long(None, 15, now));
    }

    #[test]
    fn only_driver_tokens_are_driver_tokens() {
        assert!(is_driver_token("d.abc"));
        assert!(!is_driver_token("abc"));
    }
}
