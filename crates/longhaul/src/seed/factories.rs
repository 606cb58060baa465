//! The factories: fleets with drivers, trucks and trailers in the shapes the
//! screens must handle. Used by the demo, the benchmarks and the tests.

use crate::modules::vehicles::assignment::release_trucks_of_unknown_drivers;
use crate::state::AppState;
use anyhow::Context;
use chrono::{Duration, Utc};
use db::entities::{fleet_account, fleet_driver, fleet_trailer, fleet_vehicle};
use db::system::AcrossFleets;
use db::tenancy::FleetTx;
use domain::fleet::{DECOMMISSIONED_DRIVER_ID, DECOMMISSIONED_DRIVER_NAME};
use sea_orm::{ColumnTrait, DbErr, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::json;
use uuid::Uuid;

const FIRST: &[&str] = &[
    "James", "Maria", "Robert", "Linda", "Michael", "Patricia", "David", "Jennifer", "Carlos",
    "Aisha", "Kevin", "Tanya", "Luis", "Grace", "Darnell", "Hannah",
];
const LAST: &[&str] = &[
    "Johnson", "Garcia", "Smith", "Martinez", "Brown", "Davis", "Miller", "Wilson", "Moore",
    "Taylor", "Anderson", "Thomas", "Jackson", "White", "Harris", "Clark",
];
const MAKES: &[(&str, &str)] = &[
    ("Freightliner", "Cascadia"),
    ("Peterbilt", "579"),
    ("Kenworth", "T680"),
    ("Volvo", "VNL 860"),
    ("International", "LT"),
    ("Mack", "Anthem"),
];
const STATES: &[&str] = &["TN", "KY", "GA", "AL", "TX", "OH", "NC", "MS"];
const TRAILER_TYPES: &[&str] = &["Dry Van", "Reefer", "Flatbed", "Tanker", "Step Deck"];

/// How many of each a seeded fleet gets.
pub struct Sizes {
    pub drivers: usize,
    pub trucks: usize,
    pub trailers: usize,
}

/// The fleet account with this DOT number (one just created).
pub async fn find_fleet_by_dot(
    state: &AppState,
    dot: &str,
) -> anyhow::Result<fleet_account::Model> {
    let txn = db::tenancy::system_read(&state.db, &state.system_key).await?;
    let fleet = fleet_account::Entity::across_fleets(&txn)
        .filter(fleet_account::Column::DotNumber.eq(dot))
        .one(&txn)
        .await?
        .context("fleet just created")?;
    txn.commit().await?;
    Ok(fleet)
}

/// `seed_assets` in a transaction of the fleet's own.
pub async fn seed_fleet_assets(
    state: &AppState,
    fleet: Uuid,
    sizes: Sizes,
    tag: &str,
) -> anyhow::Result<()> {
    let txn = db::tenancy::write(&state.db, super::seed_scope(fleet)).await?;
    seed_assets(&txn, sizes, tag).await?;
    txn.commit().await?;
    Ok(())
}

/// Drivers, trucks and trailers with assignments; the last driver is
/// inactive, one truck is decommissioned and one is assigned to an ELD
/// driver the fleet does not know.
pub async fn seed_assets(tx: &FleetTx, sizes: Sizes, tag: &str) -> anyhow::Result<()> {
    let fleet = tx.scope().fleet_account_id();
    let now = Utc::now();
    let mut drivers = Vec::with_capacity(sizes.drivers);
    for i in 0..sizes.drivers {
        let first = FIRST[i % FIRST.len()];
        let last = LAST[(i / FIRST.len() + i) % LAST.len()];
        drivers.push(fleet_driver::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            driver_id: Set(Some(format!("{}", 50_000 + i))),
            first_name: Set(Some(first.into())),
            last_name: Set(Some(last.into())),
            username: Set(Some(format!(
                "{}{}{i}",
                &first[..1].to_lowercase(),
                last.to_lowercase()
            ))),
            phone: Set(Some(format!("615555{:04}", i % 10_000))),
            license_number: Set(Some(format!("D{:08}", 1_000_000 + i))),
            license_state: Set(Some(STATES[i % STATES.len()].into())),
            eld_provider: Set(Some("samsara".into())),
            email: Set(None),
            portal_password_hash: Set(None),
            portal_password_set_at: Set(None),
            notes: Set(None),
            is_active: Set(i + 1 != sizes.drivers || sizes.drivers < 3),
            raw: Set(Some(
                json!({ "id": format!("{}", 50_000 + i), "source": tag }),
            )),
            eld_fingerprint: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            search_name: NotSet,
            phone_digits: NotSet,
            search_text: NotSet,
        });
    }
    let driver_rows: Vec<(Uuid, String, String)> = drivers
        .iter()
        .map(|d| {
            let name = format!(
                "{} {}",
                d.first_name.clone().unwrap().unwrap(),
                d.last_name.clone().unwrap().unwrap()
            );
            (
                d.id.clone().unwrap(),
                d.driver_id.clone().unwrap().unwrap(),
                name,
            )
        })
        .collect();
    for chunk in drivers.chunks(500) {
        fleet_driver::Entity::insert_many(derived(
            chunk,
            fleet_driver::ActiveModel::derive_list_columns,
        )?)
        .exec(tx)
        .await?;
    }
    // Every driver but the last is active (one alone is active too); none
    // with no drivers at all.
    let active_drivers = driver_rows
        .len()
        .saturating_sub(1)
        .max(1)
        .min(driver_rows.len());
    let mut trucks = Vec::with_capacity(sizes.trucks);
    for i in 0..sizes.trucks {
        let (make, model) = MAKES[i % MAKES.len()];
        // Most trucks have a driver; every fifth stands unassigned.
        let assigned = (i % 5 != 4 && i < active_drivers).then(|| &driver_rows[i % active_drivers]);
        let (mut eld_id, mut name, mut driver_id) = (
            assigned.map(|d| d.1.clone()),
            assigned.map(|d| d.2.clone()),
            assigned.map(|d| d.0),
        );
        // The stored ELD status; the screen derives its own from the driver.
        let mut status = if name.is_some() { "active" } else { "inactive" };
        if i == sizes.trucks - 1 {
            (eld_id, name, driver_id) = (
                Some(DECOMMISSIONED_DRIVER_ID.into()),
                Some(DECOMMISSIONED_DRIVER_NAME.into()),
                None,
            );
        } else if i == sizes.trucks - 2 {
            // Assigned in the ELD to a driver this fleet does not have: the
            // truck detail's cleanup removes it (the overview's leaves
            // trucks the ELD already reports inactive alone).
            (eld_id, name, driver_id) =
                (Some("99999999".into()), Some("Former Driver".into()), None);
            status = "inactive";
        } else if i == sizes.trucks - 3 && sizes.drivers >= 3 {
            // Assigned to the fleet's inactive driver: the overview's cleanup.
            let inactive = &driver_rows[driver_rows.len() - 1];
            (eld_id, name, driver_id) = (
                Some(inactive.1.clone()),
                Some(inactive.2.clone()),
                Some(inactive.0),
            );
            status = "active";
        }
        trucks.push(fleet_vehicle::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            name: Set(Some(format!("Truck {:03}", i + 101))),
            make: Set(Some(make.into())),
            model: Set(Some(model.into())),
            year: Set(Some(2018 + (i % 8) as i32)),
            vehicle_id: Set(Some(format!("{}", 280_000_000 + i))),
            vin: Set(Some(format!("1XKYD49X{:09}", 100_000 + i))),
            license_plate: Set(Some(format!(
                "{}-{:05}",
                STATES[i % STATES.len()],
                10_000 + i
            ))),
            status: Set(status.into()),
            notes: Set(None),
            is_active: Set(true),
            raw: Set(Some(
                json!({ "staticAssignments": { "driverId": eld_id, "driverName": name } }),
            )),
            assigned_driver_eld_id: Set(eld_id),
            assigned_driver_name: Set(name),
            assigned_driver_id: Set(driver_id),
            assigned_at: Set(Some(now - Duration::days((i % 300) as i64))),
            eld_fingerprint: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            list_tab: NotSet,
            unnamed: NotSet,
            search_text: NotSet,
            eld_provider: NotSet,
        });
    }
    for chunk in trucks.chunks(500) {
        fleet_vehicle::Entity::insert_many(derived(
            chunk,
            fleet_vehicle::ActiveModel::derive_list_columns,
        )?)
        .exec(tx)
        .await?;
    }
    let mut trailers = Vec::with_capacity(sizes.trailers);
    for i in 0..sizes.trailers {
        let assigned = (i % 3 != 2 && active_drivers > 0).then(|| &driver_rows[i % active_drivers]);
        trailers.push(fleet_trailer::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            name: Set((i % 10 != 9).then(|| format!("Trailer {:03}", i + 501))),
            trailer_id: Set(Some(format!("{}", 770_000 + i))),
            trailer_type: Set(Some(TRAILER_TYPES[i % TRAILER_TYPES.len()].into())),
            vin: Set(Some(format!("1JJV532D{:09}", 200_000 + i))),
            license_plate: Set(Some(format!("TR-{:05}", 20_000 + i))),
            status: Set(if i % 7 == 6 { "out_of_service" } else { "active" }.into()),
            notes: Set(None),
            is_active: Set(true),
            raw: Set(Some(json!({ "assigned_driver": assigned.map(|d| json!({ "samsara_driver_id": d.1, "driver_name": d.2 })) }))),
            assigned_driver_eld_id: Set(assigned.map(|d| d.1.clone())),
            assigned_driver_name: Set(assigned.map(|d| d.2.clone())),
            assigned_driver_id: Set(assigned.map(|d| d.0)),
            assigned_at: Set(assigned.map(|_| now - Duration::days((i % 200) as i64))),
            eld_fingerprint: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            list_tab: NotSet,
            unnamed: NotSet,
            search_text: NotSet,
            eld_provider: NotSet,
        });
    }
    for chunk in trailers.chunks(500) {
        fleet_trailer::Entity::insert_many(derived(
            chunk,
            fleet_trailer::ActiveModel::derive_list_columns,
        )?)
        .exec(tx)
        .await?;
    }
    // As an ELD sync leaves them: the truck of the driver the fleet does not
    // know and the one of the inactive driver have no driver.
    release_trucks_of_unknown_drivers(tx).await?;
    Ok(())
}

/// The rows with their derived list columns: `insert_many` runs no
/// `before_save` (decision 014).
fn derived<A: Clone>(
    rows: &[A],
    derive: fn(&mut A, bool) -> Result<(), DbErr>,
) -> Result<Vec<A>, DbErr> {
    rows.iter()
        .cloned()
        .map(|mut row| derive(&mut row, true).map(|()| row))
        .collect()
}
