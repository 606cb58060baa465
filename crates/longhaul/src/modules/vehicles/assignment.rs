//! A truck's ELD driver that the fleet does not recognize (spec part 2 §4):
//! the assignment is removed by writers — the ELD sync as it writes trucks
//! and drivers, the seeds — never by a read. The stored metadata names the
//! driver in neither of its places, and keeps it under [`ASSIGNMENT_REMOVED`]
//! so the truck's page can say why the truck has no driver.

use chrono::Utc;
use db::entities::{fleet_driver, fleet_vehicle};
use db::fleet_filters::{driver_synced, truck_not_decommissioned};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::Query;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DbErr, IntoActiveModel, PaginatorTrait, QueryFilter,
    QuerySelect, Set,
};
use serde_json::{Value, json};

/// The key of `fleet_vehicles.raw` naming the removed driver.
pub const ASSIGNMENT_REMOVED: &str = "unrecognizedDriverRemoved";

/// Whether the truck's stored metadata says an unrecognized driver was removed.
pub fn assignment_removed(raw: Option<&Value>) -> bool {
    raw.and_then(|r| r.get(ASSIGNMENT_REMOVED)).is_some()
}

/// Trucks assigned to an ELD driver who is not one of the fleet's active
/// synced drivers lose the assignment and become inactive. Nothing is
/// unrecognized while the fleet has no synced drivers. Answers how many.
pub async fn release_trucks_of_unknown_drivers(tx: &FleetTx) -> Result<u64, DbErr> {
    let synced = fleet_driver::Entity::within(tx)
        .filter(driver_synced())
        .limit(1)
        .count(tx)
        .await?;
    if synced == 0 {
        return Ok(0);
    }
    use fleet_vehicle::Column as V;
    let active_ids = Query::select()
        .column(fleet_driver::Column::DriverId)
        .from(fleet_driver::Entity)
        .and_where(fleet_driver::Column::FleetAccountId.eq(tx.scope().fleet_account_id()))
        .and_where(fleet_driver::Column::IsActive.eq(true))
        .and_where(fleet_driver::Column::DriverId.is_not_null())
        .to_owned();
    let trucks = fleet_vehicle::Entity::within(tx)
        .filter(V::AssignedDriverEldId.is_not_null())
        .filter(V::AssignedDriverEldId.not_in_subquery(active_ids))
        .filter(truck_not_decommissioned())
        .all(tx)
        .await?;
    let n = trucks.len() as u64;
    let now = Utc::now();
    for truck in trucks {
        let removed = json!({
            "driverId": truck.assigned_driver_eld_id,
            "driverName": truck.assigned_driver_name,
        });
        let mut raw = clear_metadata_driver(truck.raw.clone().unwrap_or(json!({})));
        if let Some(map) = raw.as_object_mut() {
            map.insert(ASSIGNMENT_REMOVED.into(), removed);
        }
        let mut row = truck.into_active_model();
        row.assigned_driver_eld_id = Set(None);
        row.assigned_driver_name = Set(None);
        row.assigned_driver_id = Set(None);
        row.assigned_at = Set(None);
        row.status = Set("inactive".into());
        row.raw = Set(Some(raw));
        row.updated_at = Set(now);
        row.update(tx).await?;
    }
    Ok(n)
}

/// Clears the driver in both metadata locations the spec names.
pub fn clear_metadata_driver(mut raw: Value) -> Value {
    if let Some(s) = raw
        .get_mut("staticAssignments")
        .and_then(|v| v.as_object_mut())
    {
        s.remove("driverId");
        s.remove("driverName");
    }
    if let Some(v) = raw
        .get_mut("samsaraVehicle")
        .and_then(|v| v.as_object_mut())
    {
        v.remove("staticAssignedDriver");
    }
    raw
}

#[cfg(test)]
mod tests {
    use super::{assignment_removed, clear_metadata_driver};
    use serde_json::json;

    #[test]
    fn both_locations_lose_the_driver_and_nothing_else() {
        let raw = json!({
            "id": "281",
            "staticAssignments": { "driverId": "9", "driverName": "Gone", "other": 1 },
            "samsaraVehicle": { "staticAssignedDriver": { "id": "9" }, "name": "T1" }
        });
        assert_eq!(
            clear_metadata_driver(raw),
            json!({
                "id": "281",
                "staticAssignments": { "other": 1 },
                "samsaraVehicle": { "name": "T1" }
            })
        );
        assert_eq!(clear_metadata_driver(json!(null)), json!(null));
    }

    #[test]
    fn the_removed_driver_is_read_from_its_own_key() {
        assert!(assignment_removed(Some(
            &json!({ "unrecognizedDriverRemoved": { "driverId": "9" } })
        )));
        assert!(!assignment_removed(Some(
            &json!({ "staticAssignments": {} })
        )));
        assert!(!assignment_removed(None));
    }
}
