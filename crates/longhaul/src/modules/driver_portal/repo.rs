//! The driver portal's queries. Every fleet table is reached through its
//! scoped finder. (Driver sessions are `auth`'s.)

use chrono::{DateTime, Utc};
use db::entities::{
    driver_invite, driver_renewal, fleet_account, fleet_document, fleet_driver, fleet_message,
    fleet_trailer, fleet_vehicle,
};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use uuid::Uuid;

pub async fn fleet(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::within(tx).one(tx).await
}

pub async fn driver(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::by_id_within(tx, id).one(tx).await
}

/// An active driver of the fleet by the login the portal asks for.
pub async fn active_driver_by_login(
    tx: &FleetTx,
    by_email: bool,
    login: &str,
) -> Result<Option<fleet_driver::Model>, DbErr> {
    let column = if by_email {
        fleet_driver::Column::Email
    } else {
        fleet_driver::Column::Username
    };
    fleet_driver::Entity::within(tx)
        .filter(column.eq(login))
        .filter(fleet_driver::Column::IsActive.eq(true))
        .one(tx)
        .await
}

pub async fn set_password<C: ConnectionTrait>(
    conn: &C,
    driver: fleet_driver::Model,
    hash: String,
) -> Result<(), DbErr> {
    let mut row: fleet_driver::ActiveModel = driver.into();
    row.portal_password_hash = Set(Some(hash));
    row.portal_password_set_at = Set(Some(Utc::now()));
    row.update(conn).await.map(drop)
}

pub async fn set_phone<C: ConnectionTrait>(
    conn: &C,
    driver: fleet_driver::Model,
    phone: String,
) -> Result<fleet_driver::Model, DbErr> {
    let mut row: fleet_driver::ActiveModel = driver.into();
    row.phone = Set(Some(phone));
    row.updated_at = Set(Utc::now());
    row.update(conn).await
}

pub async fn insert_invite<C: ConnectionTrait>(
    conn: &C,
    row: driver_invite::ActiveModel,
) -> Result<(), DbErr> {
    row.insert(conn).await.map(drop)
}

/// An unused, unexpired invite by its token's hash.
pub async fn live_invite(
    tx: &FleetTx,
    token_hash: &str,
) -> Result<Option<driver_invite::Model>, DbErr> {
    driver_invite::Entity::within(tx)
        .filter(driver_invite::Column::Id.eq(token_hash))
        .filter(driver_invite::Column::UsedAt.is_null())
        .filter(driver_invite::Column::ExpiresAt.gt(Utc::now()))
        .one(tx)
        .await
}

/// Uses the invite; false when another request used it first.
pub async fn use_invite(tx: &FleetTx, token_hash: &str) -> Result<bool, DbErr> {
    Ok(driver_invite::Entity::update_within(tx)
        .col_expr(driver_invite::Column::UsedAt, Expr::value(Some(Utc::now())))
        .filter(driver_invite::Column::Id.eq(token_hash))
        .filter(driver_invite::Column::UsedAt.is_null())
        .exec(tx)
        .await?
        .rows_affected
        == 1)
}

/// Earlier invites of the driver stop working when a new one is sent.
pub async fn retire_invites(tx: &FleetTx, driver_id: Uuid) -> Result<(), DbErr> {
    driver_invite::Entity::update_within(tx)
        .col_expr(driver_invite::Column::UsedAt, Expr::value(Some(Utc::now())))
        .filter(driver_invite::Column::DriverId.eq(driver_id))
        .filter(driver_invite::Column::UsedAt.is_null())
        .exec(tx)
        .await
        .map(drop)
}

/// The truck assigned to the driver.
pub async fn truck_of(
    tx: &FleetTx,
    driver_id: Uuid,
) -> Result<Option<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::within(tx)
        .filter(fleet_vehicle::Column::AssignedDriverId.eq(driver_id))
        .filter(fleet_vehicle::Column::IsActive.eq(true))
        .order_by_asc(fleet_vehicle::Column::Name)
        .one(tx)
        .await
}

/// The trailers assigned to the driver.
pub async fn trailers_of(
    tx: &FleetTx,
    driver_id: Uuid,
) -> Result<Vec<fleet_trailer::Model>, DbErr> {
    fleet_trailer::Entity::within(tx)
        .filter(fleet_trailer::Column::AssignedDriverId.eq(driver_id))
        .order_by_asc(fleet_trailer::Column::Name)
        .all(tx)
        .await
}

/// What a driver may see: shared with drivers, and for the whole company,
/// for the driver, or for the driver's truck or trailers.
fn visible_to(driver_id: Uuid, truck: Option<Uuid>, trailers: &[Uuid]) -> Condition {
    use fleet_document::Column as D;
    // A load's paper is its drivers' (on the portal's Loads screen), not
    // every driver's.
    let company = Condition::all()
        .add(D::TruckId.is_null())
        .add(D::TrailerId.is_null())
        .add(D::DriverId.is_null())
        .add(D::LoadId.is_null());
    let mut mine = Condition::any().add(company).add(D::DriverId.eq(driver_id));
    if let Some(truck) = truck {
        mine = mine.add(D::TruckId.eq(truck));
    }
    if !trailers.is_empty() {
        mine = mine.add(D::TrailerId.is_in(trailers.iter().copied()));
    }
    Condition::all()
        .add(D::IsSharedWithDrivers.eq(true))
        .add(mine)
}

pub async fn shared_documents(
    tx: &FleetTx,
    driver_id: Uuid,
    truck: Option<Uuid>,
    trailers: &[Uuid],
) -> Result<Vec<fleet_document::Model>, DbErr> {
    fleet_document::Entity::within(tx)
        .filter(visible_to(driver_id, truck, trailers))
        .order_by_desc(fleet_document::Column::CreatedAt)
        .order_by_desc(fleet_document::Column::Id)
        .limit(500)
        .all(tx)
        .await
}

pub async fn shared_document(
    tx: &FleetTx,
    id: Uuid,
    driver_id: Uuid,
    truck: Option<Uuid>,
    trailers: &[Uuid],
) -> Result<Option<fleet_document::Model>, DbErr> {
    fleet_document::Entity::by_id_within(tx, id)
        .filter(visible_to(driver_id, truck, trailers))
        .one(tx)
        .await
}

pub async fn insert_renewal<C: ConnectionTrait>(
    conn: &C,
    row: driver_renewal::ActiveModel,
) -> Result<driver_renewal::Model, DbErr> {
    row.insert(conn).await
}

pub async fn renewals_of_driver(
    tx: &FleetTx,
    driver_id: Uuid,
) -> Result<Vec<driver_renewal::Model>, DbErr> {
    driver_renewal::Entity::within(tx)
        .filter(driver_renewal::Column::DriverId.eq(driver_id))
        .order_by_desc(driver_renewal::Column::CreatedAt)
        .limit(100)
        .all(tx)
        .await
}

pub async fn pending_renewals(tx: &FleetTx) -> Result<Vec<driver_renewal::Model>, DbErr> {
    driver_renewal::Entity::within(tx)
        .filter(driver_renewal::Column::Status.eq("pending"))
        .order_by_asc(driver_renewal::Column::CreatedAt)
        .limit(200)
        .all(tx)
        .await
}

pub async fn renewal(tx: &FleetTx, id: Uuid) -> Result<Option<driver_renewal::Model>, DbErr> {
    driver_renewal::Entity::by_id_within(tx, id).one(tx).await
}

/// Marks a pending renewal reviewed; false when someone reviewed it first.
pub async fn review_renewal(
    tx: &FleetTx,
    id: Uuid,
    status: &str,
    reason: Option<String>,
    document_id: Option<Uuid>,
    reviewer: Uuid,
) -> Result<bool, DbErr> {
    use driver_renewal::Column as R;
    Ok(driver_renewal::Entity::update_within(tx)
        .col_expr(R::Status, Expr::value(status))
        .col_expr(R::Reason, Expr::value(reason))
        .col_expr(R::DocumentId, Expr::value(document_id))
        .col_expr(R::ReviewedAt, Expr::value(Some(Utc::now())))
        .col_expr(R::ReviewedBy, Expr::value(Some(reviewer)))
        .filter(R::Id.eq(id))
        .filter(R::Status.eq("pending"))
        .exec(tx)
        .await?
        .rows_affected
        == 1)
}

pub async fn insert_message<C: ConnectionTrait>(
    conn: &C,
    row: fleet_message::ActiveModel,
) -> Result<fleet_message::Model, DbErr> {
    row.insert(conn).await
}

/// The inbox: the contact form's and the truck board's messages. A load's
/// thread (`load_messages`) is read on the load.
pub async fn messages(tx: &FleetTx) -> Result<Vec<fleet_message::Model>, DbErr> {
    fleet_message::Entity::within(tx)
        .filter(fleet_message::Column::LoadId.is_null())
        .order_by_desc(fleet_message::Column::CreatedAt)
        .order_by_desc(fleet_message::Column::Id)
        .limit(200)
        .all(tx)
        .await
}

pub async fn unread_count(tx: &FleetTx) -> Result<u64, DbErr> {
    fleet_message::Entity::within(tx)
        .filter(fleet_message::Column::LoadId.is_null())
        .filter(fleet_message::Column::ReadAt.is_null())
        .count(tx)
        .await
}

/// Marks a message read; false when there is no such message.
pub async fn mark_read(tx: &FleetTx, id: Uuid, at: DateTime<Utc>) -> Result<bool, DbErr> {
    let found = fleet_message::Entity::by_id_within(tx, id)
        .filter(fleet_message::Column::LoadId.is_null())
        .one(tx)
        .await?;
    if found.is_none() {
        return Ok(false);
    }
    fleet_message::Entity::update_within(tx)
        .col_expr(fleet_message::Column::ReadAt, Expr::value(Some(at)))
        .filter(fleet_message::Column::Id.eq(id))
        .filter(fleet_message::Column::ReadAt.is_null())
        .exec(tx)
        .await?;
    Ok(true)
}

/// The e-mail addresses of the fleet's active admins.
pub async fn admin_emails<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<String>, DbErr> {
    db::fleet_admins::admin_emails(conn, fleet_account_id).await
}

pub use db::fleet_names::{driver_names, trailer_names, truck_names};
