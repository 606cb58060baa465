//! Saved searches: a broker user's own, inside their broker account, and
//! across broker accounts for the alert job and unsubscribe links.

use chrono::{DateTime, Utc};
use db::entities::saved_search;
use db::system::AcrossBrokers;
use db::tenancy::{BrokerOwned, BrokerTx, SystemTx};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter,
    QueryOrder,
};
use uuid::Uuid;

use saved_search::Column as S;

/// The user's searches, newest first.
pub async fn of_user(tx: &BrokerTx, profile_id: Uuid) -> Result<Vec<saved_search::Model>, DbErr> {
    saved_search::Entity::within(tx)
        .filter(S::ProfileId.eq(profile_id))
        .order_by_desc(S::CreatedAt)
        .all(tx)
        .await
}

pub async fn count_of_user(tx: &BrokerTx, profile_id: Uuid) -> Result<u64, DbErr> {
    saved_search::Entity::within(tx)
        .filter(S::ProfileId.eq(profile_id))
        .count(tx)
        .await
}

/// The user's search `id`, if it is theirs.
pub async fn own(
    tx: &BrokerTx,
    profile_id: Uuid,
    id: Uuid,
) -> Result<Option<saved_search::Model>, DbErr> {
    saved_search::Entity::within(tx)
        .filter(S::Id.eq(id))
        .filter(S::ProfileId.eq(profile_id))
        .one(tx)
        .await
}

pub async fn insert<C: ConnectionTrait>(
    conn: &C,
    row: saved_search::ActiveModel,
) -> Result<saved_search::Model, DbErr> {
    row.insert(conn).await
}

pub async fn update<C: ConnectionTrait>(
    conn: &C,
    row: saved_search::ActiveModel,
) -> Result<saved_search::Model, DbErr> {
    row.update(conn).await
}

/// How many rows went (0 or 1).
pub async fn delete_own(tx: &BrokerTx, profile_id: Uuid, id: Uuid) -> Result<u64, DbErr> {
    Ok(saved_search::Entity::delete_within(tx)
        .filter(S::Id.eq(id))
        .filter(S::ProfileId.eq(profile_id))
        .exec(tx)
        .await?
        .rows_affected)
}

/// The search whose unsubscribe token hashes to `token_hash`, in any
/// broker account.
pub async fn by_token_hash(
    txn: &SystemTx,
    token_hash: String,
) -> Result<Option<saved_search::Model>, DbErr> {
    saved_search::Entity::across_brokers(txn)
        .filter(S::UnsubscribeTokenHash.eq(token_hash))
        .one(txn)
        .await
}

/// Every search with alerts on whose last digest went out before `since`
/// (or never).
pub async fn alerts_due(
    txn: &SystemTx,
    since: DateTime<Utc>,
) -> Result<Vec<saved_search::Model>, DbErr> {
    saved_search::Entity::across_brokers(txn)
        .filter(S::Alerts.eq(true))
        .filter(
            Condition::any()
                .add(S::LastAlertAt.is_null())
                .add(S::LastAlertAt.lte(since)),
        )
        .all(txn)
        .await
}

/// Moves the search's alerts on to `now`, only if no other run moved them
/// since `checked_until` was read; whether this one did.
pub async fn claim_alert(
    tx: &BrokerTx,
    id: Uuid,
    checked_until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let claimed = saved_search::Entity::update_within(tx)
        .filter(S::Id.eq(id))
        .filter(S::CheckedUntil.eq(checked_until))
        .col_expr(S::CheckedUntil, Expr::value(now))
        .col_expr(S::LastAlertAt, Expr::value(Some(now)))
        .exec(tx)
        .await?;
    Ok(claimed.rows_affected == 1)
}
