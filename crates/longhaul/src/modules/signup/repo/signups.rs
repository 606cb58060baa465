//! fleet_signups: the wizard's saved records.

use chrono::Utc;
use db::entities::fleet_signup;
use db::system::SystemTable;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, QueryFilter, Set};
use uuid::Uuid;

pub async fn find<C: ConnectionTrait>(
    db: &C,
    id: Uuid,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::row(id).one(db).await
}

pub async fn insert<C: ConnectionTrait>(
    db: &C,
    mut row: fleet_signup::ActiveModel,
) -> Result<fleet_signup::Model, DbErr> {
    let now = Utc::now();
    row.id = Set(Uuid::new_v4());
    row.current_step = Set(1);
    row.completed = Set(false);
    row.created_at = Set(now);
    row.updated_at = Set(now);
    row.insert(db).await
}

pub async fn update<C: ConnectionTrait>(
    db: &C,
    mut row: fleet_signup::ActiveModel,
) -> Result<fleet_signup::Model, DbErr> {
    row.updated_at = Set(Utc::now());
    row.update(db).await
}

/// Updates a signup only while checkout has not started (and it is not
/// completed); `None` when it has, so the caller starts a new signup.
pub async fn update_unfrozen<C: ConnectionTrait>(
    db: &C,
    mut row: fleet_signup::ActiveModel,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    row.updated_at = Set(Utc::now());
    let id = row.id.clone().unwrap();
    row.id = sea_orm::ActiveValue::NotSet;
    let updated = fleet_signup::Entity::update_rows()
        .set(row)
        .filter(fleet_signup::Column::Id.eq(id))
        .filter(fleet_signup::Column::CheckoutStartedAt.is_null())
        .filter(fleet_signup::Column::StripeSessionId.is_null())
        .filter(fleet_signup::Column::Completed.eq(false))
        .exec(db)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(None);
    }
    find(db, id).await
}

/// Freezes the signup for checkout. One conditional update: of concurrent
/// checkouts and edits, whichever lands first wins and the rest see it frozen.
pub async fn freeze_for_checkout<C: ConnectionTrait>(
    db: &C,
    id: Uuid,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    let now = Utc::now();
    let updated = fleet_signup::Entity::update_rows()
        .col_expr(fleet_signup::Column::CheckoutStartedAt, Expr::value(now))
        .col_expr(fleet_signup::Column::CurrentStep, Expr::value(3))
        .col_expr(fleet_signup::Column::UpdatedAt, Expr::value(now))
        .filter(fleet_signup::Column::Id.eq(id))
        .filter(fleet_signup::Column::CheckoutStartedAt.is_null())
        .filter(fleet_signup::Column::StripeSessionId.is_null())
        .filter(fleet_signup::Column::Completed.eq(false))
        .exec(db)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(None);
    }
    find(db, id).await
}

/// Stripe refused to open the session: nothing was charged, so the signup
/// may be edited again.
pub async fn unfreeze<C: ConnectionTrait>(db: &C, id: Uuid) -> Result<(), DbErr> {
    fleet_signup::Entity::update_rows()
        .col_expr(
            fleet_signup::Column::CheckoutStartedAt,
            Expr::value(Option::<chrono::DateTime<Utc>>::None),
        )
        .filter(fleet_signup::Column::Id.eq(id))
        .filter(fleet_signup::Column::StripeSessionId.is_null())
        .exec(db)
        .await
        .map(|_| ())
}
