//! Sessions: one row per signed-in browser, keyed by the cookie token's hash.

use chrono::{Duration, Utc};
use db::entities::{account, fleet_account, profile, session};
use db::system::SystemTable;
use db::tenancy::{FleetOwned, TenantScope};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, QueryFilter, Set,
};
use uuid::Uuid;

pub async fn insert<C: ConnectionTrait>(
    db: &C,
    token_hash: String,
    user_id: Uuid,
    csrf_token: String,
    ttl: Duration,
) -> Result<(), DbErr> {
    let now = Utc::now();
    session::ActiveModel {
        id: Set(token_hash),
        user_id: Set(user_id),
        csrf_token: Set(csrf_token),
        created_at: Set(now),
        expires_at: Set(now + ttl),
        last_seen_at: Set(Some(now)),
    }
    .insert(db)
    .await
    .map(|_| ())
}

/// An unexpired session with its profile, and the fleet behind the profile's
/// account when it is a fleet account.
pub struct FoundSession {
    pub session: session::Model,
    pub profile: profile::Model,
    pub fleet_account_id: Option<Uuid>,
    /// The profile's account when it is an active broker account.
    pub broker_account_id: Option<Uuid>,
}

/// One round trip: the session joined with its profile and the profile's
/// account (read on every API request, so one query, not one per table).
pub async fn find<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
) -> Result<Option<FoundSession>, DbErr> {
    let found = session::Entity::row(token_hash.to_owned())
        .filter(session::Column::ExpiresAt.gt(Utc::now()))
        .find_also_related(profile::Entity)
        .and_also_related(account::Entity)
        .one(db)
        .await?;
    let Some((session, Some(profile), account)) = found else {
        return Ok(None);
    };
    // A deactivated user's sessions end with the deactivation; one that
    // slipped through is not honoured either.
    if profile.deactivated_at.is_some() {
        return Ok(None);
    }
    let broker_account_id = account
        .as_ref()
        .filter(|a| a.account_type == "broker" && a.is_active)
        .map(|a| a.id);
    Ok(Some(FoundSession {
        session,
        profile,
        fleet_account_id: account.and_then(|a| a.fleet_account_id),
        broker_account_id,
    }))
}

pub async fn delete<C: ConnectionTrait>(db: &C, token_hash: &str) -> Result<(), DbErr> {
    session::Entity::delete_row(token_hash.to_owned())
        .exec(db)
        .await
        .map(|_| ())
}

pub async fn delete_all_of_user<C: ConnectionTrait>(db: &C, user_id: Uuid) -> Result<(), DbErr> {
    session::Entity::delete_rows()
        .filter(session::Column::UserId.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}

pub async fn touch<C: ConnectionTrait>(db: &C, token_hash: &str) -> Result<(), DbErr> {
    session::Entity::update_rows()
        .col_expr(session::Column::LastSeenAt, Expr::value(Utc::now()))
        .filter(session::Column::Id.eq(token_hash))
        .exec(db)
        .await
        .map(|_| ())
}

/// The idle timeout (minutes) the fleet set for its users' sessions, read
/// as that fleet (RLS). The scope comes from the session being resolved.
pub async fn fleet_idle_timeout(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Option<i32>, DbErr> {
    let txn = db::tenancy::read(db, scope).await?;
    let minutes = fleet_account::Entity::within(&txn)
        .one(&txn)
        .await?
        .map(|f| f.session_timeout_minutes);
    txn.commit().await?;
    Ok(minutes)
}
