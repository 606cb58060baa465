//! Drivers' qualification items, one row per driver and kind.

use db::entities::{driver_qualification, fleet_document, fleet_driver};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter};
use uuid::Uuid;

use driver_qualification::Column as Q;

pub async fn driver_exists(tx: &FleetTx, driver_id: Uuid) -> Result<bool, DbErr> {
    Ok(fleet_driver::Entity::by_id_within(tx, driver_id)
        .count(tx)
        .await?
        > 0)
}

pub async fn of_driver(
    tx: &FleetTx,
    driver_id: Uuid,
) -> Result<Vec<driver_qualification::Model>, DbErr> {
    driver_qualification::Entity::within(tx)
        .filter(Q::DriverId.eq(driver_id))
        .all(tx)
        .await
}

pub async fn one(
    tx: &FleetTx,
    driver_id: Uuid,
    kind: &str,
) -> Result<Option<driver_qualification::Model>, DbErr> {
    driver_qualification::Entity::within(tx)
        .filter(Q::DriverId.eq(driver_id))
        .filter(Q::Kind.eq(kind))
        .one(tx)
        .await
}

pub async fn documents(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Vec<fleet_document::Model>, DbErr> {
    fleet_document::Entity::within(tx)
        .filter(fleet_document::Column::Id.is_in(ids))
        .all(tx)
        .await
}

pub async fn document(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_document::Model>, DbErr> {
    fleet_document::Entity::by_id_within(tx, id).one(tx).await
}

/// Inserts the driver's item of its kind, or replaces what is recorded.
pub async fn upsert<C: ConnectionTrait>(
    conn: &C,
    row: driver_qualification::ActiveModel,
) -> Result<(), DbErr> {
    driver_qualification::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([Q::FleetAccountId, Q::DriverId, Q::Kind])
                .update_columns([
                    Q::Number,
                    Q::State,
                    Q::Class,
                    Q::DoneOn,
                    Q::ExpiresOn,
                    Q::DueOn,
                    Q::DocumentId,
                    Q::UpdatedAt,
                    Q::UpdatedBy,
                ])
                .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
    Ok(())
}

/// How many rows went (0 or 1).
pub async fn delete(tx: &FleetTx, driver_id: Uuid, kind: &str) -> Result<u64, DbErr> {
    Ok(driver_qualification::Entity::delete_within(tx)
        .filter(Q::DriverId.eq(driver_id))
        .filter(Q::Kind.eq(kind))
        .exec(tx)
        .await?
        .rows_affected)
}
