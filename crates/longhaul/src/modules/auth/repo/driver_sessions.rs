//! Driver sessions (`driver_sessions`, m0017): looked up by token hash alone
//! while a request's session is resolved (not a tenant table), ended through
//! the fleet's scope. Also the two fleet rows a session's validity reads.

use db::entities::{driver_session, fleet_account, fleet_driver};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, QueryFilter};
use uuid::Uuid;

pub async fn insert<C: ConnectionTrait>(
    conn: &C,
    row: driver_session::ActiveModel,
) -> Result<(), DbErr> {
    row.insert(conn).await.map(drop)
}

/// An unexpired session by its token's hash.
pub async fn find<C: ConnectionTrait>(
    conn: &C,
    token_hash: &str,
) -> Result<Option<driver_session::Model>, DbErr> {
    db::system::driver_session_by_token(conn, token_hash).await
}

pub async fn delete<C: ConnectionTrait>(conn: &C, token_hash: &str) -> Result<(), DbErr> {
    db::system::delete_driver_session(conn, token_hash).await
}

pub async fn touch<C: ConnectionTrait>(conn: &C, token_hash: &str) -> Result<(), DbErr> {
    db::system::touch_driver_session(conn, token_hash).await
}

/// Every session of one driver but `keep`'s.
pub async fn delete_of_driver(
    tx: &FleetTx,
    driver_id: Uuid,
    keep: Option<&str>,
) -> Result<u64, DbErr> {
    let mut delete = driver_session::Entity::delete_within(tx)
        .filter(driver_session::Column::DriverId.eq(driver_id));
    if let Some(keep) = keep {
        delete = delete.filter(driver_session::Column::Id.ne(keep));
    }
    Ok(delete.exec(tx).await?.rows_affected)
}

pub async fn delete_of_fleet(tx: &FleetTx) -> Result<u64, DbErr> {
    Ok(driver_session::Entity::delete_within(tx)
        .exec(tx)
        .await?
        .rows_affected)
}

pub async fn fleet(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::within(tx).one(tx).await
}

pub async fn driver(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::by_id_within(tx, id).one(tx).await
}
