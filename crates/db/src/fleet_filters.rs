//! The fleet rules that several capabilities ask of the database, written
//! once as query conditions: which trucks are decommissioned, which trucks
//! and trailers count as active, which drivers came from the ELD, the
//! name order of the asset lists, and the renewals awaiting review. The states they read are derived when a
//! row is written (`domain::fleet_lists`, decision 014) and stored in
//! indexed columns, so a list counts and pages from its index.

use crate::entities::{
    driver_renewal, fleet_driver, fleet_list_count, fleet_trailer, fleet_vehicle,
};
use crate::tenancy::{FleetOwned, FleetTx};
use domain::fleet_lists::{List, ListTab};
use sea_orm::{
    ColumnTrait, Condition, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Select,
};

/// Not a decommissioned truck (spec part 2 §4): in one of the list's tabs.
pub fn truck_not_decommissioned() -> Condition {
    Condition::all().add(
        fleet_vehicle::Column::ListTab
            .is_in([ListTab::Active.as_str(), ListTab::Inactive.as_str()]),
    )
}

/// A (not decommissioned) truck counts as active when an assigned driver
/// name resolves (`active = false`: the inactive ones).
pub fn truck_active(active: bool) -> Condition {
    Condition::all().add(fleet_vehicle::Column::ListTab.eq(ListTab::listed(active).as_str()))
}

/// A trailer in the active tab, the ELD's status 'active' (`active = false`:
/// every other status).
pub fn trailer_active(active: bool) -> Condition {
    Condition::all().add(fleet_trailer::Column::ListTab.eq(ListTab::listed(active).as_str()))
}

/// A driver synced from the ELD (it carries the ELD's driver id). Only a
/// fleet with such drivers can have an assignment called unrecognized.
pub fn driver_synced() -> Condition {
    Condition::all().add(fleet_driver::Column::DriverId.is_not_null())
}

/// By name, the unnamed ones (shown as 'Unnamed Trailer' / 'Unnamed Truck')
/// last, ties broken by id: the same order on every request, so pages
/// neither repeat nor skip rows; the order of the list's index after its
/// tab. (Among the unnamed, NULLs sort first on SQLite and last on
/// PostgreSQL.)
pub fn by_name<E: EntityTrait>(
    select: Select<E>,
    unnamed: E::Column,
    name: E::Column,
    id: E::Column,
) -> Select<E> {
    select
        .order_by_asc(unnamed)
        .order_by_asc(name)
        .order_by_asc(id)
}

/// The (active, inactive) counts of an unsearched list, from the counts the
/// database keeps per fleet and tab (decision 014): one row per tab read,
/// however large the fleet.
pub async fn stored_tab_counts(tx: &FleetTx, list: List) -> Result<(u64, u64), DbErr> {
    let rows = fleet_list_count::Entity::within(tx)
        .filter(fleet_list_count::Column::List.eq(list.as_str()))
        .all(tx)
        .await?;
    let count = |tab: ListTab| {
        rows.iter()
            .filter(|r| r.tab == tab.as_str())
            .map(|r| r.n.max(0) as u64)
            .sum::<u64>()
    };
    Ok((count(ListTab::Active), count(ListTab::Inactive)))
}

/// How many renewals drivers uploaded wait for the fleet's review: the
/// driver portal's review queue, counted on the dashboard's bell and badges.
pub async fn pending_renewal_count(tx: &FleetTx) -> Result<u64, DbErr> {
    driver_renewal::Entity::within(tx)
        .filter(driver_renewal::Column::Status.eq("pending"))
        .count(tx)
        .await
}
