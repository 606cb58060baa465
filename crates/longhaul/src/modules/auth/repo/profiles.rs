//! Profiles: the people who sign in.

use chrono::Utc;
use db::entities::profile;
use db::system::SystemTable;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter, Set,
};
use uuid::Uuid;

pub async fn find_by_email<C: ConnectionTrait>(
    db: &C,
    email: &str,
) -> Result<Option<profile::Model>, DbErr> {
    profile::Entity::rows()
        .filter(profile::Column::Email.eq(email))
        .one(db)
        .await
}

pub async fn find<C: ConnectionTrait>(db: &C, id: Uuid) -> Result<Option<profile::Model>, DbErr> {
    profile::Entity::row(id).one(db).await
}

/// The name of the account a profile belongs to (a brokerage, a fleet's
/// account), for an invitation's page.
pub async fn account_name<C: ConnectionTrait>(
    db: &C,
    account_id: Option<Uuid>,
) -> Result<Option<String>, DbErr> {
    let Some(id) = account_id else {
        return Ok(None);
    };
    Ok(db::entities::account::Entity::row(id)
        .one(db)
        .await?
        .map(|a| a.name))
}

pub async fn email_exists<C: ConnectionTrait>(db: &C, email: &str) -> Result<bool, DbErr> {
    Ok(profile::Entity::rows()
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

/// Fails with a unique violation when the e-mail is taken.
pub async fn insert<C: ConnectionTrait>(
    db: &C,
    new: NewProfile<'_>,
) -> Result<profile::Model, DbErr> {
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
        deactivated_at: Set(None),
    }
    .insert(db)
    .await
}

pub async fn confirm_email<C: ConnectionTrait>(db: &C, user_id: Uuid) -> Result<(), DbErr> {
    let now = Utc::now();
    profile::Entity::update_rows()
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
) -> Result<(), DbErr> {
    profile::Entity::update_rows()
        .col_expr(profile::Column::PasswordHash, Expr::value(password_hash))
        .col_expr(profile::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(profile::Column::Id.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}

/// Gives an existing profile the role (the first super admin's bootstrap).
pub async fn set_role<C: ConnectionTrait>(
    db: &C,
    user_id: Uuid,
    role: Option<&str>,
) -> Result<(), DbErr> {
    profile::Entity::update_rows()
        .col_expr(profile::Column::Role, Expr::value(role.map(str::to_owned)))
        .col_expr(profile::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(profile::Column::Id.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}
