//! The loads' queries (private to the module), every one through the
//! fleet's transaction.

use chrono::{DateTime, Utc};
use db::entities::{
    customer, facility, load, load_accessorial, load_counter, load_event, load_stop,
};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use uuid::Uuid;

pub async fn customers(tx: &FleetTx) -> Result<Vec<customer::Model>, DbErr> {
    customer::Entity::within(tx)
        .order_by_asc(customer::Column::Name)
        .limit(1000)
        .all(tx)
        .await
}

pub async fn customer(tx: &FleetTx, id: Uuid) -> Result<Option<customer::Model>, DbErr> {
    customer::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn customers_by_ids(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Vec<customer::Model>, DbErr> {
    customer::Entity::within(tx)
        .filter(customer::Column::Id.is_in(ids))
        .all(tx)
        .await
}

pub async fn insert_customer(
    tx: &FleetTx,
    row: customer::ActiveModel,
) -> Result<customer::Model, DbErr> {
    row.insert(tx).await
}

pub async fn facilities(tx: &FleetTx) -> Result<Vec<facility::Model>, DbErr> {
    facility::Entity::within(tx)
        .order_by_asc(facility::Column::Name)
        .limit(1000)
        .all(tx)
        .await
}

pub async fn facilities_by_ids(
    tx: &FleetTx,
    ids: Vec<Uuid>,
) -> Result<Vec<facility::Model>, DbErr> {
    facility::Entity::within(tx)
        .filter(facility::Column::Id.is_in(ids))
        .all(tx)
        .await
}

pub async fn insert_facility(
    tx: &FleetTx,
    row: facility::ActiveModel,
) -> Result<facility::Model, DbErr> {
    row.insert(tx).await
}

/// The fleet's next PRO number: one upsert of its counter row, which holds
/// a row lock (PostgreSQL) or the write lock (SQLite) until the transaction
/// ends, so two loads created at once get two numbers.
pub async fn next_pro(tx: &FleetTx) -> Result<i32, DbErr> {
    let fleet = tx.scope().fleet_account_id();
    let counter = load_counter::Entity::insert(load_counter::ActiveModel {
        fleet_account_id: Set(fleet),
        last_pro: Set(1001),
    })
    .on_conflict(
        OnConflict::column(load_counter::Column::FleetAccountId)
            .value(
                load_counter::Column::LastPro,
                Expr::col((load_counter::Entity, load_counter::Column::LastPro)).add(1),
            )
            .to_owned(),
    )
    .exec_with_returning(tx)
    .await?;
    Ok(counter.last_pro)
}

pub async fn insert_load(
    tx: &FleetTx,
    row: load::ActiveModel,
    stops: Vec<load_stop::ActiveModel>,
    accessorials: Vec<load_accessorial::ActiveModel>,
) -> Result<load::Model, DbErr> {
    let saved = row.insert(tx).await?;
    load_stop::Entity::insert_many(stops).exec(tx).await?;
    if !accessorials.is_empty() {
        load_accessorial::Entity::insert_many(accessorials)
            .exec(tx)
            .await?;
    }
    Ok(saved)
}

pub async fn load(tx: &FleetTx, id: Uuid) -> Result<Option<load::Model>, DbErr> {
    load::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn stops_of(tx: &FleetTx, load_id: Uuid) -> Result<Vec<load_stop::Model>, DbErr> {
    load_stop::Entity::within(tx)
        .filter(load_stop::Column::LoadId.eq(load_id))
        .order_by_asc(load_stop::Column::Seq)
        .all(tx)
        .await
}

pub async fn accessorials_of(
    tx: &FleetTx,
    load_id: Uuid,
) -> Result<Vec<load_accessorial::Model>, DbErr> {
    load_accessorial::Entity::within(tx)
        .filter(load_accessorial::Column::LoadId.eq(load_id))
        .all(tx)
        .await
}

pub async fn history_of(tx: &FleetTx, load_id: Uuid) -> Result<Vec<load_event::Model>, DbErr> {
    load_event::Entity::within(tx)
        .filter(load_event::Column::LoadId.eq(load_id))
        .order_by_asc(load_event::Column::At)
        .all(tx)
        .await
}

pub async fn insert_event(tx: &FleetTx, row: load_event::ActiveModel) -> Result<(), DbErr> {
    row.insert(tx).await.map(|_| ())
}

/// Moves the load from `from` to `to` only if it is still `from`: of two
/// changes at once, the second finds nothing to change.
pub async fn set_status(
    tx: &FleetTx,
    id: Uuid,
    from: &str,
    to: &str,
    cancel_reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let mut update = load::Entity::update_within(tx)
        .col_expr(load::Column::Status, Expr::value(to))
        .col_expr(load::Column::UpdatedAt, Expr::value(now));
    if let Some(reason) = cancel_reason {
        update = update.col_expr(load::Column::CancelReason, Expr::value(reason));
    }
    let done = update
        .filter(load::Column::Id.eq(id))
        .filter(load::Column::Status.eq(from))
        .exec(tx)
        .await?;
    Ok(done.rows_affected == 1)
}

/// A page of the fleet's loads, soonest pickup last (newest work first),
/// and how many match.
pub async fn list(
    tx: &FleetTx,
    status: Option<&str>,
    q: Option<&str>,
    page: u64,
    per_page: u64,
) -> Result<(Vec<load::Model>, u64), DbErr> {
    let mut select = load::Entity::within(tx);
    if let Some(status) = status {
        select = select.filter(load::Column::Status.eq(status));
    }
    if let Some(q) = q {
        let mut any = Condition::any()
            .add(load::Column::LoadNumber.contains(q))
            .add(load::Column::BolNumber.contains(q))
            .add(load::Column::PoNumber.contains(q));
        if let Ok(pro) = q.parse::<i32>() {
            any = any.add(load::Column::ProNumber.eq(pro));
        }
        select = select.filter(any);
    }
    let total = select.clone().count(tx).await?;
    let rows = select
        .order_by_desc(load::Column::FirstPickupAt)
        .order_by_desc(load::Column::ProNumber)
        .offset((page - 1) * per_page)
        .limit(per_page)
        .all(tx)
        .await?;
    Ok((rows, total))
}
