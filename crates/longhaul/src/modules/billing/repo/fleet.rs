//! The fleet's billing queries: which Stripe customer pays for the fleet,
//! and that customer's stored subscription, payments and card.

use db::entities::{
    fleet_account, fleet_signup, stripe_charge, stripe_customer, stripe_subscription,
};
use db::system::SystemTable;
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, QueryFilter, QueryOrder, QuerySelect};

/// The fleet's Stripe customer: the fleet account's own, else the one of the
/// signup the operator approved as this fleet (a webhook may link it after
/// the fleet was created). Never another signup with the same DOT number:
/// anyone can start one.
pub async fn customer_of(tx: &FleetTx) -> Result<Option<String>, DbErr> {
    match fleet_account::Entity::within(tx).one(tx).await? {
        Some(fleet) => customer_of_fleet(tx, &fleet).await,
        None => Ok(None),
    }
}

/// The same for a fleet already read.
pub async fn customer_of_fleet<C: ConnectionTrait>(
    conn: &C,
    fleet: &fleet_account::Model,
) -> Result<Option<String>, DbErr> {
    if let Some(customer) = &fleet.stripe_customer_id {
        return Ok(Some(customer.clone()));
    }
    Ok(fleet_signup::Entity::rows()
        .filter(fleet_signup::Column::ApprovedFleetId.eq(fleet.id))
        .filter(fleet_signup::Column::StripeCustomerId.is_not_null())
        .order_by_desc(fleet_signup::Column::CreatedAt)
        .one(conn)
        .await?
        .and_then(|s| s.stripe_customer_id))
}

/// The customer's subscription to show: a live one before an ended one,
/// then the newest state.
pub async fn subscription<C: ConnectionTrait>(
    conn: &C,
    customer: &str,
) -> Result<Option<stripe_subscription::Model>, DbErr> {
    use stripe_subscription::Column as S;
    stripe_subscription::Entity::rows()
        .filter(S::CustomerId.eq(customer))
        .order_by_asc(Expr::cust(
            "CASE WHEN status IN ('canceled', 'incomplete_expired') THEN 1 ELSE 0 END",
        ))
        .order_by_desc(S::StateAt)
        .order_by_desc(S::Id)
        .one(conn)
        .await
}

/// The customer's payments, newest first.
pub async fn charges<C: ConnectionTrait>(
    conn: &C,
    customer: &str,
    limit: u64,
) -> Result<Vec<stripe_charge::Model>, DbErr> {
    use stripe_charge::Column as Ch;
    stripe_charge::Entity::rows()
        .filter(Ch::CustomerId.eq(customer))
        .order_by_desc(Ch::Created)
        .order_by_desc(Ch::Id)
        .limit(limit)
        .all(conn)
        .await
}

pub async fn customer<C: ConnectionTrait>(
    conn: &C,
    customer: &str,
) -> Result<Option<stripe_customer::Model>, DbErr> {
    stripe_customer::Entity::row(customer.to_owned())
        .one(conn)
        .await
}
