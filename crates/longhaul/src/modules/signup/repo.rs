//! fleet_signups queries.

use chrono::Utc;
use db::entities::fleet_signup;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};
use uuid::Uuid;

pub async fn find<C: ConnectionTrait>(
    db: &C,
    id: Uuid,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::find_by_id(id).one(db).await
}

pub async fn find_by_session<C: ConnectionTrait>(
    db: &C,
    session_id: &str,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::find()
        .filter(fleet_signup::Column::StripeSessionId.eq(session_id))
        .order_by_desc(fleet_signup::Column::CreatedAt)
        .one(db)
        .await
}

pub async fn find_by_subscription<C: ConnectionTrait>(
    db: &C,
    subscription_id: &str,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::find()
        .filter(fleet_signup::Column::StripeSubscriptionId.eq(subscription_id))
        .one(db)
        .await
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
