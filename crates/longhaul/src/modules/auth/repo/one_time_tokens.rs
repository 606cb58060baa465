//! One-time tokens (e-mail confirmation, password reset): only their hash is
//! stored, and each works once.

use chrono::{Duration, Utc};
use db::entities::one_time_token;
use db::system::SystemTable;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, QueryFilter, Set};
use uuid::Uuid;

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

pub async fn insert<C: ConnectionTrait>(
    db: &C,
    token_hash: String,
    user_id: Uuid,
    purpose: TokenPurpose,
    ttl: Duration,
    inviter_name: Option<&str>,
) -> Result<(), DbErr> {
    let now = Utc::now();
    one_time_token::ActiveModel {
        id: Set(token_hash),
        user_id: Set(user_id),
        purpose: Set(purpose.as_str().to_owned()),
        expires_at: Set(now + ttl),
        used_at: Set(None),
        created_at: Set(now),
        inviter_name: Set(inviter_name.map(str::to_owned)),
    }
    .insert(db)
    .await
    .map(|_| ())
}

/// Marks an unused, unexpired token used and returns its user. The update is
/// conditional, so two concurrent uses cannot both succeed.
pub async fn consume<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
    purpose: TokenPurpose,
) -> Result<Option<Uuid>, DbErr> {
    let now = Utc::now();
    let Some(user_id) = peek(db, token_hash, purpose).await? else {
        return Ok(None);
    };
    let updated = one_time_token::Entity::update_rows()
        .col_expr(one_time_token::Column::UsedAt, Expr::value(now))
        .filter(one_time_token::Column::Id.eq(token_hash))
        .filter(one_time_token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok((updated.rows_affected == 1).then_some(user_id))
}

/// The user a valid (unused, unexpired) token belongs to, without spending it.
pub async fn peek<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
    purpose: TokenPurpose,
) -> Result<Option<Uuid>, DbErr> {
    Ok(find_valid(db, token_hash, purpose)
        .await?
        .map(|t| t.user_id))
}

/// A valid (unused, unexpired) token's row.
pub async fn find_valid<C: ConnectionTrait>(
    db: &C,
    token_hash: &str,
    purpose: TokenPurpose,
) -> Result<Option<one_time_token::Model>, DbErr> {
    one_time_token::Entity::row(token_hash.to_owned())
        .filter(one_time_token::Column::Purpose.eq(purpose.as_str()))
        .filter(one_time_token::Column::UsedAt.is_null())
        .filter(one_time_token::Column::ExpiresAt.gt(Utc::now()))
        .one(db)
        .await
}

/// Spends every unused token of `purpose` the user has, so only the newest
/// link (if any) works.
pub async fn spend_all_of_user<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
    purpose: TokenPurpose,
) -> Result<(), DbErr> {
    one_time_token::Entity::update_rows()
        .col_expr(one_time_token::Column::UsedAt, Expr::value(Utc::now()))
        .filter(one_time_token::Column::UserId.eq(user_id))
        .filter(one_time_token::Column::Purpose.eq(purpose.as_str()))
        .filter(one_time_token::Column::UsedAt.is_null())
        .exec(db)
        .await
        .map(|_| ())
}
