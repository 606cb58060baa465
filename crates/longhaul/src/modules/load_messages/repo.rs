//! The load messages' queries. Every fleet table is reached through its
//! scoped finder; the job's first look across fleets through the system's.

use chrono::{DateTime, Utc};
use db::entities::{fleet_account, fleet_driver, fleet_message, fleet_notification, load};
use db::system::AcrossFleets;
use db::tenancy::{FleetOwned, FleetTx, SystemTx};
use fleet_message::Column as M;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, ExprTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use uuid::Uuid;

/// A thread shows this many of its newest messages.
const THREAD_SHOWN: u64 = 500;
/// The job claims this many of a fleet's messages a run; the next run takes the rest.
const DUE_BATCH: u64 = 200;
/// The bell's entries of a load's messages: `load-message:{load}:{message}`.
pub const BELL_KIND: &str = "load_message";

pub fn bell_key(load_id: Uuid, message_id: Uuid) -> String {
    format!("load-message:{load_id}:{message_id}")
}

pub async fn fleet(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::within(tx).one(tx).await
}

pub async fn load(tx: &FleetTx, id: Uuid) -> Result<Option<load::Model>, DbErr> {
    load::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn driver(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn drivers(tx: &FleetTx, ids: &[Uuid]) -> Result<Vec<fleet_driver::Model>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    fleet_driver::Entity::within(tx)
        .filter(fleet_driver::Column::Id.is_in(ids.iter().copied()))
        .order_by_asc(fleet_driver::Column::Id)
        .all(tx)
        .await
}

/// Of these loads, the ones the driver drives (alone or in a team).
pub async fn loads_of_driver(
    tx: &FleetTx,
    driver_id: Uuid,
    among: &[Uuid],
) -> Result<Vec<Uuid>, DbErr> {
    if among.is_empty() {
        return Ok(Vec::new());
    }
    load::Entity::within(tx)
        .select_only()
        .column(load::Column::Id)
        .filter(load::Column::Id.is_in(among.iter().copied()))
        .filter(
            load::Column::DriverId
                .eq(driver_id)
                .or(load::Column::SecondDriverId.eq(driver_id)),
        )
        .into_tuple()
        .all(tx)
        .await
}

pub async fn insert_message(
    tx: &FleetTx,
    row: fleet_message::ActiveModel,
) -> Result<fleet_message::Model, DbErr> {
    row.insert(tx).await
}

/// The load's newest messages, newest first.
pub async fn thread(tx: &FleetTx, load_id: Uuid) -> Result<Vec<fleet_message::Model>, DbErr> {
    fleet_message::Entity::within(tx)
        .filter(M::LoadId.eq(load_id))
        .order_by_desc(M::CreatedAt)
        .order_by_desc(M::Id)
        .limit(THREAD_SHOWN)
        .all(tx)
        .await
}

/// The load's messages written by one side (`from_office`) that their
/// recipient has not read.
pub async fn unread_in(tx: &FleetTx, load_id: Uuid, from_office: bool) -> Result<u64, DbErr> {
    fleet_message::Entity::within(tx)
        .filter(M::LoadId.eq(load_id))
        .filter(M::FromOffice.eq(from_office))
        .filter(M::ReadAt.is_null())
        .count(tx)
        .await
}

/// Marks the load's messages written by one side read; how many were unread.
pub async fn mark_read(
    tx: &FleetTx,
    load_id: Uuid,
    from_office: bool,
    at: DateTime<Utc>,
) -> Result<u64, DbErr> {
    Ok(fleet_message::Entity::update_within(tx)
        .col_expr(M::ReadAt, Expr::value(Some(at)))
        .filter(M::LoadId.eq(load_id))
        .filter(M::FromOffice.eq(from_office))
        .filter(M::ReadAt.is_null())
        .exec(tx)
        .await?
        .rows_affected)
}

/// Unread messages written by one side, counted by load.
pub async fn unread_by_load(tx: &FleetTx, from_office: bool) -> Result<Vec<(Uuid, i64)>, DbErr> {
    fleet_message::Entity::within(tx)
        .select_only()
        .column(M::LoadId)
        .column_as(M::Id.count(), "unread")
        .filter(M::LoadId.is_not_null())
        .filter(M::FromOffice.eq(from_office))
        .filter(M::ReadAt.is_null())
        .group_by(M::LoadId)
        .into_tuple()
        .all(tx)
        .await
}

pub async fn insert_notification(
    tx: &FleetTx,
    row: fleet_notification::ActiveModel,
) -> Result<(), DbErr> {
    row.insert(tx).await.map(drop)
}

/// The bell's entries for the load's messages go read with the thread.
pub async fn mark_bell_read(tx: &FleetTx, load_id: Uuid, at: DateTime<Utc>) -> Result<(), DbErr> {
    use fleet_notification::Column as N;
    fleet_notification::Entity::update_within(tx)
        .col_expr(N::ReadAt, Expr::value(Some(at)))
        .filter(N::Kind.eq(BELL_KIND))
        .filter(N::ItemKey.starts_with(format!("load-message:{load_id}:")))
        .filter(N::ReadAt.is_null())
        .exec(tx)
        .await
        .map(drop)
}

/// Load messages left unread since `cutoff` whose e-mail has not gone out.
fn due() -> sea_orm::sea_query::Condition {
    sea_orm::sea_query::Condition::all()
        .add(M::LoadId.is_not_null())
        .add(M::ReadAt.is_null())
        .add(M::NotifiedAt.is_null())
}

/// The fleets with a message due for its e-mail.
pub async fn fleets_with_due(tx: &SystemTx, cutoff: DateTime<Utc>) -> Result<Vec<Uuid>, DbErr> {
    fleet_message::Entity::across_fleets(tx)
        .select_only()
        .column(M::FleetAccountId)
        .distinct()
        .filter(due())
        .filter(M::CreatedAt.lte(cutoff))
        .into_tuple()
        .all(tx)
        .await
}

/// The fleet's messages due for their e-mail, oldest first.
pub async fn due_messages(
    tx: &FleetTx,
    cutoff: DateTime<Utc>,
) -> Result<Vec<fleet_message::Model>, DbErr> {
    fleet_message::Entity::within(tx)
        .filter(due())
        .filter(M::CreatedAt.lte(cutoff))
        .order_by_asc(M::CreatedAt)
        .order_by_asc(M::Id)
        .limit(DUE_BATCH)
        .all(tx)
        .await
}

/// Claims a message's e-mail: true for the one caller that set
/// `notified_at`, false when another run did first or it was read since.
pub async fn claim(tx: &FleetTx, id: Uuid, at: DateTime<Utc>) -> Result<bool, DbErr> {
    Ok(fleet_message::Entity::update_within(tx)
        .col_expr(M::NotifiedAt, Expr::value(Some(at)))
        .filter(M::Id.eq(id))
        .filter(M::NotifiedAt.is_null())
        .filter(M::ReadAt.is_null())
        .exec(tx)
        .await?
        .rows_affected
        == 1)
}

/// The e-mail addresses of the fleet's active admins.
pub async fn admin_emails<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<String>, DbErr> {
    db::fleet_admins::admin_emails(conn, fleet_account_id).await
}
