//! SeaORM queries for profiles, sessions, one-time tokens and sign-in attempts.

use chrono::{DateTime, Duration, Utc};
use db::entities::{account, one_time_token, profile, session, sign_in_attempt};
use sea_orm::sea_query::Expr;
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

pub async fn record_failed_sign_in<C: ConnectionTrait>(
    db: &C,
    email: &str,
    ip: &str,
) -> Result<(), sea_orm::DbErr> {
    sign_in_attempt::ActiveModel {
        email: Set(email.to_owned()),
        ip: Set(ip.to_owned()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(|_| ())
}

pub async fn failed_sign_ins_since<C: ConnectionTrait>(
    db: &C,
    email: &str,
    ip: &str,
    since: DateTime<Utc>,
) -> Result<(u64, u64), sea_orm::DbErr> {
    let by_email = sign_in_attempt::Entity::find()
        .filter(sign_in_attempt::Column::Email.eq(email))
        .filter(sign_in_attempt::Column::CreatedAt.gt(since))
        .count(db)
        .await?;
    let by_ip = sign_in_attempt::Entity::find()
        .filter(sign_in_attempt::Column::Ip.eq(ip))
        .filter(sign_in_attempt::Column::CreatedAt.gt(since))
        .count(db)
        .await?;
    Ok((by_email, by_ip))
}

pub async fn clear_failed_sign_ins<C: ConnectionTrait>(
    db: &C,
    email: &str,
) -> Result<(), sea_orm::DbErr> {
    sign_in_attempt::Entity::delete_many()
        .filter(sign_in_attempt::Column::Email.eq(email))
        .exec(db)
        .await
        .map(|_| ())
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
    use sea_orm::TransactionTrait;
    // A read: no write lock (see db::begin_write).
    let txn = db.begin().await?;
    db::tenancy::set_fleet(&txn, fleet_id).await?;
    let minutes = db::entities::fleet_account::Entity::find_by_id(fleet_id)
        .one(&txn)
        .await?
        .map(|f| f.session_timeout_minutes);
    txn.commit().await?;
    Ok(minutes)
}
