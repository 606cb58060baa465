//! The drivers' queries, each in the fleet's transaction: every table is
//! reached through the finders that take it (`FleetOwned::within`); the
//! list query is `list_drivers`.

use super::dto::DriverListRow;
use super::search::driver_search;
use crate::paging::{ListPage, ListRequest, ListSource, tabbed_page};
use chrono::Utc;
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use db::fleet_filters::{by_name, truck_not_decommissioned};
use db::tenancy::{FleetOwned, FleetTx};
use domain::driver_form::DriverForm;
use domain::fleet_lists::List;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DbErr, IntoActiveModel, NotSet, QueryFilter,
    QueryOrder, Select, Set,
};
use uuid::Uuid;

/// One page of the drivers list: the tabs are active and deactivated
/// drivers, ordered by last then first name.
pub async fn list_drivers(
    tx: &FleetTx,
    request: &ListRequest,
) -> Result<ListPage<DriverListRow>, DbErr> {
    use fleet_driver::Column as C;
    let source = ListSource::of(tx, List::Drivers, request, driver_search).await?;
    let tab = |active: bool| Condition::all().add(C::IsActive.eq(active));
    let order = |s: Select<fleet_driver::Entity>| {
        s.order_by_asc(C::LastName)
            .order_by_asc(C::FirstName)
            .order_by_asc(C::Id)
    };
    let scoped = fleet_driver::Entity::within(tx);
    tabbed_page(tx, scoped, source, tab, order, request).await
}

pub async fn driver(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::by_id_within(tx, id).one(tx).await
}

/// The (not decommissioned) truck assigned to the driver, by id or ELD id.
pub async fn assigned_truck(
    tx: &FleetTx,
    driver: &fleet_driver::Model,
) -> Result<Option<fleet_vehicle::Model>, DbErr> {
    use fleet_vehicle::Column as C;
    let mut assigned = Condition::any().add(C::AssignedDriverId.eq(driver.id));
    if let Some(eld) = &driver.driver_id {
        assigned = assigned.add(C::AssignedDriverEldId.eq(eld.clone()));
    }
    fleet_vehicle::Entity::within(tx)
        .filter(assigned)
        .filter(truck_not_decommissioned())
        .one(tx)
        .await
}

/// The trailers assigned to the driver, by id or ELD id, in list order.
pub async fn assigned_trailers(
    tx: &FleetTx,
    driver: &fleet_driver::Model,
) -> Result<Vec<fleet_trailer::Model>, DbErr> {
    use fleet_trailer::Column as C;
    let mut assigned = Condition::any().add(C::AssignedDriverId.eq(driver.id));
    if let Some(eld) = &driver.driver_id {
        assigned = assigned.add(C::AssignedDriverEldId.eq(eld.clone()));
    }
    by_name(
        fleet_trailer::Entity::within(tx).filter(assigned),
        C::Unnamed,
        C::Name,
        C::Id,
    )
    .all(tx)
    .await
}

/// A driver added by hand: active, not from the ELD.
pub async fn insert(tx: &FleetTx, d: DriverForm) -> Result<fleet_driver::Model, DbErr> {
    let now = Utc::now();
    fleet_driver::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(tx.scope().fleet_account_id()),
        driver_id: Set(None),
        first_name: Set(d.first_name),
        last_name: Set(d.last_name),
        username: Set(d.username),
        email: Set(d.email),
        portal_password_hash: Set(None),
        portal_password_set_at: Set(None),
        phone: Set(d.phone),
        license_number: Set(d.license_number),
        license_state: Set(d.license_state),
        eld_provider: Set(None),
        notes: Set(d.notes),
        is_active: Set(true),
        raw: Set(None),
        eld_fingerprint: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        // Derived by `before_save` (decision 014).
        search_name: NotSet,
        phone_digits: NotSet,
        search_text: NotSet,
    }
    .insert(tx)
    .await
}

/// The driver's editable fields replaced by the form's.
pub async fn update(
    tx: &FleetTx,
    row: fleet_driver::Model,
    d: DriverForm,
) -> Result<fleet_driver::Model, DbErr> {
    let mut active = row.into_active_model();
    active.first_name = Set(d.first_name);
    active.last_name = Set(d.last_name);
    active.username = Set(d.username);
    active.email = Set(d.email);
    active.phone = Set(d.phone);
    active.license_number = Set(d.license_number);
    active.license_state = Set(d.license_state);
    active.notes = Set(d.notes);
    active.updated_at = Set(Utc::now());
    active.update(tx).await
}

pub async fn set_active(
    tx: &FleetTx,
    row: fleet_driver::Model,
    is_active: bool,
) -> Result<fleet_driver::Model, DbErr> {
    let mut active = row.into_active_model();
    active.is_active = Set(is_active);
    active.updated_at = Set(Utc::now());
    active.update(tx).await
}
pub(super) mod search;
