//! The Samsara vehicle JSON kept in `fleet_vehicles.raw`: when the truck
//! detail removes an unrecognized driver, the stored metadata must not name
//! it either.

use serde_json::Value;

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
    use super::clear_metadata_driver;
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
}
