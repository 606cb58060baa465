//! The vehicles' queries, each in the fleet's transaction: every table is
//! reached through the finders that take it (`FleetOwned::within`); the
//! list queries are `list_trucks` and `list_trailers`.

use super::dto::{TrailerListRow, TruckListRow};
use crate::paging::{ListPage, ListRequest, ListSource, contains, tabbed_page};
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use db::fleet_filters::{by_name, trailer_active, truck_active, truck_not_decommissioned};
use db::tenancy::{FleetOwned, FleetTx};
use domain::fleet_lists::List;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, DbErr, QueryFilter, Select};
use uuid::Uuid;

/// One page of the trucks list: decommissioned trucks never show; the tabs
/// are trucks with and without a driver; search covers name, make, model,
/// VIN and plate (the stored search document, decision 014).
pub async fn list_trucks(
    tx: &FleetTx,
    request: &ListRequest,
) -> Result<ListPage<TruckListRow>, DbErr> {
    use fleet_vehicle::Column as C;
    let listed = fleet_vehicle::Entity::within(tx).filter(truck_not_decommissioned());
    let search = |text: &str| searched(C::SearchText, text);
    let source = ListSource::of(tx, List::Trucks, request, search).await?;
    let order = |s: Select<fleet_vehicle::Entity>| by_name(s, C::Unnamed, C::Name, C::Id);
    tabbed_page(tx, listed, source, truck_active, order, request).await
}

/// The rows whose stored search document contains the (lower-cased) text.
fn searched(document: impl ColumnTrait, text: &str) -> Condition {
    Condition::all().add(contains(Expr::col(document), text))
}

/// One page of the trailers list: the tabs are the ELD's status 'active' and
/// every other; search also covers the type and the assigned driver.
pub async fn list_trailers(
    tx: &FleetTx,
    request: &ListRequest,
) -> Result<ListPage<TrailerListRow>, DbErr> {
    use fleet_trailer::Column as C;
    let search = |text: &str| searched(C::SearchText, text);
    let source = ListSource::of(tx, List::Trailers, request, search).await?;
    let order = |s: Select<fleet_trailer::Entity>| by_name(s, C::Unnamed, C::Name, C::Id);
    let scoped = fleet_trailer::Entity::within(tx);
    tabbed_page(tx, scoped, source, trailer_active, order, request).await
}

pub async fn truck(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn trailer(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_trailer::Model>, DbErr> {
    fleet_trailer::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn driver(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::by_id_within(tx, id).one(tx).await
}

/// The fleet's driver with this ELD driver id.
pub async fn driver_by_eld_id(
    tx: &FleetTx,
    eld_id: &str,
) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::within(tx)
        .filter(fleet_driver::Column::DriverId.eq(eld_id))
        .one(tx)
        .await
}

/// Whether the fleet has at least one driver synced from its ELD.
pub async fn has_synced_drivers(tx: &FleetTx) -> Result<bool, DbErr> {
    use sea_orm::{PaginatorTrait, QuerySelect};
    Ok(fleet_driver::Entity::within(tx)
        .filter(db::fleet_filters::driver_synced())
        .limit(1)
        .count(tx)
        .await?
        > 0)
}

/// The fleet's trucks (not decommissioned) assigned to an ELD driver who is
/// not one of its active synced drivers.
pub async fn trucks_of_unknown_drivers(tx: &FleetTx) -> Result<Vec<fleet_vehicle::Model>, DbErr> {
    use fleet_vehicle::Column as V;
    use sea_orm::sea_query::Query;
    let active_ids = Query::select()
        .column(fleet_driver::Column::DriverId)
        .from(fleet_driver::Entity)
        .and_where(fleet_driver::Column::FleetAccountId.eq(tx.scope().fleet_account_id()))
        .and_where(fleet_driver::Column::IsActive.eq(true))
        .and_where(fleet_driver::Column::DriverId.is_not_null())
        .to_owned();
    fleet_vehicle::Entity::within(tx)
        .filter(V::AssignedDriverEldId.is_not_null())
        .filter(V::AssignedDriverEldId.not_in_subquery(active_ids))
        .filter(truck_not_decommissioned())
        .all(tx)
        .await
}

/// Stores a truck that lost its driver: no assignment, inactive, `raw` as given.
pub async fn release_truck(
    tx: &FleetTx,
    truck: fleet_vehicle::Model,
    raw: serde_json::Value,
) -> Result<(), DbErr> {
    use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
    let mut row = truck.into_active_model();
    row.assigned_driver_eld_id = Set(None);
    row.assigned_driver_name = Set(None);
    row.assigned_driver_id = Set(None);
    row.assigned_at = Set(None);
    row.status = Set("inactive".into());
    row.raw = Set(Some(raw));
    row.updated_at = Set(chrono::Utc::now());
    row.update(tx).await.map(drop)
}
