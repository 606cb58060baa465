//! Billing's queries: a signup's checkout and subscription state (the
//! wizard's own queries are signup's), Stripe events seen, and how new our
//! copy of a subscription is.

use chrono::{DateTime, Utc};
use db::entities::{fleet_signup, stripe_event, stripe_subscription};
use db::system::SystemTable;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, QueryFilter, QueryOrder, Set,
};
use uuid::Uuid;

pub async fn signup<C: ConnectionTrait>(
    db: &C,
    id: Uuid,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::row(id).one(db).await
}

/// The newest signup a checkout session was opened for.
pub async fn signup_by_checkout<C: ConnectionTrait>(
    db: &C,
    session_id: &str,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::rows()
        .filter(fleet_signup::Column::StripeSessionId.eq(session_id))
        .order_by_desc(fleet_signup::Column::CreatedAt)
        .one(db)
        .await
}

pub async fn signup_by_subscription<C: ConnectionTrait>(
    db: &C,
    subscription_id: &str,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::rows()
        .filter(fleet_signup::Column::StripeSubscriptionId.eq(subscription_id))
        .one(db)
        .await
}

pub async fn save_signup<C: ConnectionTrait>(
    db: &C,
    mut row: fleet_signup::ActiveModel,
) -> Result<fleet_signup::Model, DbErr> {
    row.updated_at = Set(Utc::now());
    row.update(db).await
}

/// Records a Stripe event id; false when it was recorded before (the unique
/// key decides, so two deliveries racing cannot both apply it).
pub async fn record_event<C: ConnectionTrait>(
    db: &C,
    id: &str,
    event_type: &str,
) -> Result<bool, DbErr> {
    let inserted = stripe_event::ActiveModel {
        id: Set(id.to_owned()),
        event_type: Set(event_type.to_owned()),
        received_at: Set(Utc::now()),
    }
    .insert(db)
    .await;
    match inserted {
        Ok(_) => Ok(true),
        Err(err) if db::is_unique_violation(&err) => Ok(false),
        Err(err) => Err(err),
    }
}

/// When the newest state we hold of a subscription was made.
pub async fn subscription_state_at<C: ConnectionTrait>(
    db: &C,
    id: &str,
) -> Result<Option<DateTime<Utc>>, DbErr> {
    Ok(stripe_subscription::Entity::row(id.to_owned())
        .one(db)
        .await?
        .map(|s| s.state_at))
}
pub(super) mod fleet;
pub mod mirror;
