//! SeaORM queries for profiles, sessions, one-time tokens and sign-in attempts.

use chrono::{DateTime, Duration, Utc};
use db::entities::{account, auth_throttle, one_time_token, profile, session};
use domain::throttle::{Counter, Policy};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set,
};
use uuid::Uuid;

/// The signed-in user of a request, resolved from the session cookie.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub session_id: String,
    pub csrf_token: String,
    pub profile: profile::Model,
    /// The fleet behind the user's account, when it is a fleet account.
    pub fleet_account_id: Option<Uuid>,
    pub last_seen_at: Option<DateTime<Utc>>,
}

pub async fn find_profile_by_email<C: ConnectionTrait>(
    db: &C,
    email: &str,
) -> Result<Option<profile::Model>, sea_orm::DbErr> {
    profile::Entity::find()
        .filter(profile::Column::Email.eq(email))
        .one(db)
        .await
}

pub async fn find_profile<C: ConnectionTrait>(
    db: &C,
    id: Uuid,
) -> Result<Option<profile::Model>, sea_orm::DbErr> {
    profile::Entity::find_by_id(id).one(db).await
}

pub async fn email_exists<C: ConnectionTrait>(db: &C, email: &str) -> Result<bool, sea_orm::DbErr> {
    Ok(profile::Entity::find()
        .filter(profile::Column::Email.eq(email))
        .count(db)
        .await?
        > 0)
}

pub struct NewProfile<'a> {
    pub email: &'a str,
    pub password_hash: String,
    pub role: Option<&'a str>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub confirmed: bool,
    pub account_id: Option<Uuid>,
}

pub async fn insert_profile<C: ConnectionTrait>(
    db: &C,
    new: NewProfile<'_>,
) -> Result<profile::Model, sea_orm::DbErr> {
    let now = Utc::now();
    profile::ActiveModel {
        id: Set(Uuid::new_v4()),
        email: Set(new.email.to_owned()),
        password_hash: Set(new.password_hash),
        role: Set(new.role.map(str::to_owned)),
        first_name: Set(new.first_name),
        last_name: Set(new.last_name),
        account_id: Set(new.account_id),
        email_confirmed_at: Set(new.confirmed.then_some(now)),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(db)
    .await
}

pub async fn create_session<C: ConnectionTrait>(
    db: &C,
    token_hash: String,
    user_id: Uuid,
    csrf_token: String,
    ttl: Duration,
) -> Result<(), sea_orm::DbErr> {
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

/// One round trip: session joined with its profile; the account's fleet is
/// a second primary-key lookup only for users who have an account.
pub async fn find_session_user<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
) -> Result<Option<SessionUser>, sea_orm::DbErr> {
    let found = session::Entity::find_by_id(token_hash.to_owned())
        .filter(session::Column::ExpiresAt.gt(Utc::now()))
        .find_also_related(profile::Entity)
        .one(db)
        .await?;
    let Some((session, Some(profile))) = found else {
        return Ok(None);
    };
    let fleet_account_id = match profile.account_id {
        Some(account_id) => account::Entity::find_by_id(account_id)
            .one(db)
            .await?
            .and_then(|a| a.fleet_account_id),
        None => None,
    };
    Ok(Some(SessionUser {
        session_id: session.id,
        csrf_token: session.csrf_token,
        profile,
        fleet_account_id,
        last_seen_at: session.last_seen_at,
    }))
}

pub async fn delete_session<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
) -> Result<(), sea_orm::DbErr> {
    session::Entity::delete_by_id(token_hash.to_owned())
        .exec(db)
        .await
        .map(|_| ())
}

pub async fn delete_sessions_of_user<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
) -> Result<(), sea_orm::DbErr> {
    session::Entity::delete_many()
        .filter(session::Column::UserId.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenPurpose {
    ConfirmEmail,
    PasswordReset,
}

impl TokenPurpose {
    fn as_str(self) -> &'static str {
        match self {
            TokenPurpose::ConfirmEmail => "confirm_email",
            TokenPurpose::PasswordReset => "password_reset",
        }
    }
}

pub async fn insert_token<C: ConnectionTrait>(
    db: &C,
    token_hash: String,
    user_id: Uuid,
    purpose: TokenPurpose,
    ttl: Duration,
) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    one_time_token::ActiveModel {
        id: Set(token_hash),
        user_id: Set(user_id),
        purpose: Set(purpose.as_str().to_owned()),
        expires_at: Set(now + ttl),
        used_at: Set(None),
        created_at: Set(now),
    }
    .insert(db)
    .await
    .map(|_| ())
}

/// Marks an unused, unexpired token used and returns its user. The update is
/// conditional, so two concurrent uses cannot both succeed.
pub async fn consume_token<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
    purpose: TokenPurpose,
) -> Result<Option<Uuid>, sea_orm::DbErr> {
    let now = Utc::now();
    let Some(token) = one_time_token::Entity::find_by_id(token_hash.to_owned())
        .filter(one_time_token::Column::Purpose.eq(purpose.as_str()))
        .filter(one_time_token::Column::UsedAt.is_null())
        .filter(one_time_token::Column::ExpiresAt.gt(now))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let updated = one_time_token::Entity::update_many()
        .col_expr(one_time_token::Column::UsedAt, Expr::value(now))
        .filter(one_time_token::Column::Id.eq(token_hash))
        .filter(one_time_token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok((updated.rows_affected == 1).then_some(token.user_id))
}

pub async fn confirm_email<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    profile::Entity::update_many()
        .col_expr(profile::Column::EmailConfirmedAt, Expr::value(now))
        .col_expr(profile::Column::UpdatedAt, Expr::value(now))
        .filter(profile::Column::Id.eq(user_id))
        .filter(profile::Column::EmailConfirmedAt.is_null())
        .exec(db)
        .await
        .map(|_| ())
}

pub async fn set_password<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
    password_hash: String,
) -> Result<(), sea_orm::DbErr> {
    profile::Entity::update_many()
        .col_expr(profile::Column::PasswordHash, Expr::value(password_hash))
        .col_expr(profile::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(profile::Column::Id.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}

/// Reserves one attempt of `policy` under `key` (decision 008): read the
/// row, apply the rule, write it back only if nobody else wrote it meanwhile
/// (compare-and-set on `version`; a unique-key insert for a new row). `Err`
/// holds the seconds to wait. A request that keeps losing the race to others
/// on the same key is told to wait too: only an attack makes that happen.
pub async fn reserve_attempt<C: ConnectionTrait>(
    db: &C,
    key: &str,
    account: Option<&str>,
    policy: &Policy,
) -> Result<Result<(), u64>, sea_orm::DbErr> {
    let now = Utc::now().timestamp();
    for _ in 0..8 {
        let row = auth_throttle::Entity::find_by_id(key.to_owned())
            .one(db)
            .await?;
        let current = row.as_ref().map(|r| Counter {
            attempts: u32::try_from(r.attempts).unwrap_or(0),
            window_start: r.window_start,
            last_attempt: r.last_attempt,
        });
        let next = match policy.reserve(current, now) {
            Ok(next) => next,
            Err(wait) => return Ok(Err(u64::try_from(wait).unwrap_or(1))),
        };
        let attempts = i32::try_from(next.attempts).unwrap_or(i32::MAX);
        match row {
            None => {
                let inserted = auth_throttle::ActiveModel {
                    key: Set(key.to_owned()),
                    account: Set(account.map(str::to_owned)),
                    attempts: Set(attempts),
                    window_start: Set(next.window_start),
                    last_attempt: Set(next.last_attempt),
                    version: Set(1),
                }
                .insert(db)
                .await;
                match inserted {
                    Ok(_) => return Ok(Ok(())),
                    Err(err)
                        if matches!(
                            err.sql_err(),
                            Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
                        ) => {}
                    Err(err) => return Err(err),
                }
            }
            Some(row) => {
                let updated = auth_throttle::Entity::update_many()
                    .col_expr(auth_throttle::Column::Attempts, Expr::value(attempts))
                    .col_expr(
                        auth_throttle::Column::WindowStart,
                        Expr::value(next.window_start),
                    )
                    .col_expr(
                        auth_throttle::Column::LastAttempt,
                        Expr::value(next.last_attempt),
                    )
                    .col_expr(auth_throttle::Column::Version, Expr::value(row.version + 1))
                    .filter(auth_throttle::Column::Key.eq(key))
                    .filter(auth_throttle::Column::Version.eq(row.version))
                    .exec(db)
                    .await?;
                if updated.rows_affected == 1 {
                    return Ok(Ok(()));
                }
            }
        }
    }
    Ok(Err(1))
}

/// Gives reserved attempts back (the check succeeded, or a later budget
/// refused the request before any work ran).
pub async fn refund_attempts<C: ConnectionTrait>(
    db: &C,
    keys: &[String],
) -> Result<(), sea_orm::DbErr> {
    if keys.is_empty() {
        return Ok(());
    }
    auth_throttle::Entity::update_many()
        .col_expr(
            auth_throttle::Column::Attempts,
            Expr::col(auth_throttle::Column::Attempts).sub(1),
        )
        .col_expr(
            auth_throttle::Column::Version,
            Expr::col(auth_throttle::Column::Version).add(1),
        )
        .filter(auth_throttle::Column::Key.is_in(keys.iter().cloned()))
        .filter(auth_throttle::Column::Attempts.gt(0))
        .exec(db)
        .await
        .map(|_| ())
}

/// Forgets every budget tied to the account (after a successful reset).
pub async fn clear_account_throttles<C: ConnectionTrait>(
    db: &C,
    email: &str,
) -> Result<(), sea_orm::DbErr> {
    auth_throttle::Entity::delete_many()
        .filter(auth_throttle::Column::Account.eq(email))
        .exec(db)
        .await
        .map(|_| ())
}

/// Spends every unused token of `purpose` the user has, so only the newest
/// link (if any) works.
pub async fn spend_tokens_of_user<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
    purpose: TokenPurpose,
) -> Result<(), sea_orm::DbErr> {
    one_time_token::Entity::update_many()
        .col_expr(one_time_token::Column::UsedAt, Expr::value(Utc::now()))
        .filter(one_time_token::Column::UserId.eq(user_id))
        .filter(one_time_token::Column::Purpose.eq(purpose.as_str()))
        .filter(one_time_token::Column::UsedAt.is_null())
        .exec(db)
        .await
        .map(|_| ())
}

/// The user a valid (unused, unexpired) token belongs to, without spending it.
pub async fn peek_token<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
    purpose: TokenPurpose,
) -> Result<Option<Uuid>, sea_orm::DbErr> {
    Ok(one_time_token::Entity::find_by_id(token_hash.to_owned())
        .filter(one_time_token::Column::Purpose.eq(purpose.as_str()))
        .filter(one_time_token::Column::UsedAt.is_null())
        .filter(one_time_token::Column::ExpiresAt.gt(Utc::now()))
        .one(db)
        .await?
        .map(|t| t.user_id))
}

pub async fn touch_session<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
) -> Result<(), sea_orm::DbErr> {
    session::Entity::update_many()
        .col_expr(session::Column::LastSeenAt, Expr::value(Utc::now()))
        .filter(session::Column::Id.eq(token_hash))
        .exec(db)
        .await
        .map(|_| ())
}

/// A fleet's session timeout in minutes, read as that fleet (RLS).
pub async fn fleet_session_timeout(
    db: &sea_orm::DatabaseConnection,
    fleet_id: Uuid,
) -> Result<Option<i32>, sea_orm::DbErr> {
    use db::tenancy::{FleetOwned, TenantScope};
    // The fleet comes from the session being resolved.
    let scope = TenantScope::from_session(fleet_id);
    let txn = db::tenancy::read(db, scope).await?;
    let minutes = db::entities::fleet_account::Entity::scoped(scope)
        .one(&txn)
        .await?
        .map(|f| f.session_timeout_minutes);
    txn.commit().await?;
    Ok(minutes)
}
