//! The vehicles' queries. Every table is reached through its scoped finder
//! (`FleetOwned`); the list queries are `list_trucks` and `list_trailers`.

use super::dto::{TrailerListRow, TruckListRow};
use crate::paging::{ListPage, ListRequest, ListSource, contains, tabbed_page};
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use db::fleet_filters::{by_name, trailer_active, truck_active, truck_not_decommissioned};
use db::tenancy::{FleetOwned, TenantScope};
use domain::fleet_lists::List;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, QueryFilter, Select};
use uuid::Uuid;

/// One page of the trucks list: decommissioned trucks never show; the tabs
/// are trucks with and without a driver; search covers name, make, model,
/// VIN and plate (the stored search document, decision 014).
pub async fn list_trucks<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    request: &ListRequest,
) -> Result<ListPage<TruckListRow>, DbErr> {
    use fleet_vehicle::Column as C;
    let listed = fleet_vehicle::Entity::scoped(scope).filter(truck_not_decommissioned());
    let search = |text: &str| searched(C::SearchText, text);
    let source = ListSource::of(conn, scope, List::Trucks, request, search).await?;
    let order = |s: Select<fleet_vehicle::Entity>| by_name(s, C::Unnamed, C::Name, C::Id);
    tabbed_page(conn, listed, source, truck_active, order, request).await
}

/// The rows whose stored search document contains the (lower-cased) text.
fn searched(document: impl ColumnTrait, text: &str) -> Condition {
    Condition::all().add(contains(Expr::col(document), text))
}

/// One page of the trailers list: the tabs are the ELD's status 'active' and
/// every other; search also covers the type and the assigned driver.
pub async fn list_trailers<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    request: &ListRequest,
) -> Result<ListPage<TrailerListRow>, DbErr> {
    use fleet_trailer::Column as C;
    let search = |text: &str| searched(C::SearchText, text);
    let source = ListSource::of(conn, scope, List::Trailers, request, search).await?;
    let order = |s: Select<fleet_trailer::Entity>| by_name(s, C::Unnamed, C::Name, C::Id);
    let scoped = fleet_trailer::Entity::scoped(scope);
    tabbed_page(conn, scoped, source, trailer_active, order, request).await
}

pub async fn truck<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    id: Uuid,
) -> Result<Option<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::scoped_by_id(scope, id)
        .one(conn)
        .await
}

pub async fn trailer<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    id: Uuid,
) -> Result<Option<fleet_trailer::Model>, DbErr> {
    fleet_trailer::Entity::scoped_by_id(scope, id)
        .one(conn)
        .await
}

pub async fn driver<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    id: Uuid,
) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::scoped_by_id(scope, id)
        .one(conn)
        .await
}

/// The fleet's driver with this ELD driver id.
pub async fn driver_by_eld_id<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    eld_id: &str,
) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::scoped(scope)
        .filter(fleet_driver::Column::DriverId.eq(eld_id))
        .one(conn)
        .await
}
