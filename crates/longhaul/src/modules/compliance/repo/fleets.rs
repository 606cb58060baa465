//! Across fleets, for the daily jobs: which fleets are active, and which
//! already have a row of a table on a day.

use chrono::NaiveDate;
use db::entities::fleet_account;
use db::system::AcrossFleets;
use db::tenancy::{FleetOwned, SystemTx};
use sea_orm::{ColumnTrait, DbErr, QueryFilter, QuerySelect};
use uuid::Uuid;

pub async fn active(txn: &SystemTx) -> Result<Vec<Uuid>, DbErr> {
    fleet_account::Entity::across_fleets(txn)
        .select_only()
        .column(fleet_account::Column::Id)
        .filter(fleet_account::Column::Status.eq("active"))
        .into_tuple()
        .all(txn)
        .await
}

/// The fleets with a row of `E` whose `day_column` is `day`.
pub async fn with_row_on<E: FleetOwned>(
    txn: &SystemTx,
    fleet_column: E::Column,
    day_column: E::Column,
    day: NaiveDate,
) -> Result<Vec<Uuid>, DbErr> {
    E::across_fleets(txn)
        .select_only()
        .column(fleet_column)
        .filter(day_column.eq(day))
        .into_tuple::<Uuid>()
        .all(txn)
        .await
}
