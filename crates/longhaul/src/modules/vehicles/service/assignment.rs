//! A truck's ELD driver that the fleet does not recognize (spec part 2 §4):
//! the assignment is removed by writers — the ELD sync as it writes trucks
//! and drivers, the seeds — never by a read. The stored metadata names the
//! driver in neither of its places, and keeps it under [`ASSIGNMENT_REMOVED`]
//! so the truck's page can say why the truck has no driver.

use crate::modules::vehicles::repo;
use db::tenancy::FleetTx;
use sea_orm::DbErr;
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
    if !repo::has_synced_drivers(tx).await? {
        return Ok(0);
    }
    let trucks = repo::trucks_of_unknown_drivers(tx).await?;
    let n = trucks.len() as u64;
    for truck in trucks {
        let removed = json!({
            "driverId": truck.assigned_driver_eld_id,
            "driverName": truck.assigned_driver_name,
        });
        let mut raw = clear_metadata_driver(truck.raw.clone().unwrap_or(json!({})));
        if let Some(map) = raw.as_object_mut() {
            map.insert(ASSIGNMENT_REMOVED.into(), removed);
        }
        repo::release_truck(tx, truck, raw).await?;
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
