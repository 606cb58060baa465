//! `longhaul seed-demo`: a realistic demo fleet so every dashboard screen can
//! be seen without an ELD account. Also used by the browser tests and the
//! benchmarks (`seed_fleet` scales to thousands of rows).

use crate::modules::auth::bootstrap::{CreateUser, create_user};
use crate::state::AppState;
use anyhow::Context;
use chrono::{Duration, Utc};
use db::entities::{fleet_account, fleet_driver, fleet_trailer, fleet_vehicle};
use domain::Role;
use domain::fleet::{DECOMMISSIONED_DRIVER_ID, DECOMMISSIONED_DRIVER_NAME};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, NotSet, Set,
};
use serde_json::json;
use uuid::Uuid;

pub const DEMO_EMAIL: &str = "demo@longhaul.test";
pub const DEMO_PASSWORD: &str = "demo-fleet-1";
pub const DEMO_DOT: &str = "1000099";
pub const BENCH_EMAIL: &str = "bench@longhaul.test";
/// The demo fleet's registered power units; its monthly rate is its band's.
pub const DEMO_POWER_UNITS: i32 = 45;

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

pub struct Sizes {
    pub drivers: usize,
    pub trucks: usize,
    pub trailers: usize,
}

/// Creates the demo fleet and its admin once; a second run changes nothing.
/// The demo and bench fleets have a published password: never in production
/// (decision 011).
fn refuse_in_production(state: &AppState) -> anyhow::Result<()> {
    if state.config.environment == crate::config::Environment::Production {
        anyhow::bail!(
            "the demo fleet (whose login {DEMO_EMAIL} is public) is not created in production"
        );
    }
    Ok(())
}

pub async fn seed_demo(state: &AppState) -> anyhow::Result<bool> {
    refuse_in_production(state)?;
    if crate::modules::auth::repo::email_exists(&state.db, DEMO_EMAIL).await? {
        return Ok(false);
    }
    create_user(
        state,
        CreateUser {
            email: DEMO_EMAIL.into(),
            password: DEMO_PASSWORD.into(),
            role: Some(Role::FleetAdmin),
            first_name: Some("Dana".into()),
            last_name: Some("Dispatcher".into()),
            fleet_name: Some("Demo Freight Lines LLC".into()),
            dot_number: Some(DEMO_DOT.into()),
        },
    )
    .await?;
    let fleet = find_fleet_by_dot(state, DEMO_DOT).await?;
    let txn = db::begin_write(&state.db).await?;
    db::tenancy::set_system(&txn, &state.system_key).await?;
    let mut active = fleet.clone().into_active_model();
    active.dba_name = Set(Some("Demo Freight".into()));
    active.power_units = Set(DEMO_POWER_UNITS);
    active.mc_number = Set(Some("MC-778899".into()));
    active.physical_street = Set(Some("1200 Freight Way".into()));
    active.physical_city = Set(Some("Nashville".into()));
    active.physical_state = Set(Some("TN".into()));
    active.physical_zip = Set(Some("37210".into()));
    active.contact_phone = Set(Some("6155550142".into()));
    active.monthly_rate_cents = Set(Some(
        domain::pricing::band_for(i64::from(DEMO_POWER_UNITS)).monthly_rate_cents,
    ));
    active.subscription_status = Set(Some("active".into()));
    active.stripe_subscription_id = Set(Some("sub_demo1234567890".into()));
    active.fmcsa_data = Set(Some(json!({ "content": { "carrier": {
        "legalName": "DEMO FREIGHT LINES LLC", "dbaName": "DEMO FREIGHT", "dotNumber": 1000099,
        "carrierOperation": { "carrierOperationCode": "A", "carrierOperationDesc": "Interstate" },
        "totalPowerUnits": DEMO_POWER_UNITS, "totalDrivers": 40, "mcs150FormDate": "2025-03-14",
        "phyStreet": "1200 FREIGHT WAY", "phyCity": "NASHVILLE", "phyState": "TN", "phyZipcode": "37210",
        "commonAuthorityStatus": "A", "statusCode": "A", "bipdInsuranceRequired": "Y", "bipdInsuranceOnFile": "1000",
        "isPassengerCarrier": "N", "allowedToOperate": "Y"
    }}})));
    active.update(&txn).await?;
    seed_assets(
        &txn,
        fleet.id,
        Sizes {
            drivers: 38,
            trucks: 44,
            trailers: 30,
        },
        "demo",
    )
    .await?;
    txn.commit().await?;
    Ok(true)
}

pub async fn find_fleet_by_dot(
    state: &AppState,
    dot: &str,
) -> anyhow::Result<fleet_account::Model> {
    use sea_orm::{ColumnTrait, QueryFilter};
    let txn = db::begin_write(&state.db).await?;
    db::tenancy::set_system(&txn, &state.system_key).await?;
    let fleet = fleet_account::Entity::find()
        .filter(fleet_account::Column::DotNumber.eq(dot))
        .one(&txn)
        .await?
        .context("fleet just created")?;
    txn.commit().await?;
    Ok(fleet)
}

/// Drivers, trucks and trailers with assignments; the last driver is
/// inactive, one truck is decommissioned and one is assigned to an ELD
/// driver the fleet does not know.
pub async fn seed_assets<C: ConnectionTrait>(
    db: &C,
    fleet: Uuid,
    sizes: Sizes,
    tag: &str,
) -> anyhow::Result<()> {
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
            notes: Set(None),
            is_active: Set(i + 1 != sizes.drivers || sizes.drivers < 3),
            raw: Set(Some(
                json!({ "id": format!("{}", 50_000 + i), "source": tag }),
            )),
            created_at: Set(now),
            updated_at: Set(now),
            search_name: NotSet,
            phone_digits: NotSet,
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
        .exec(db)
        .await?;
    }
    let active_drivers = driver_rows.len().saturating_sub(1).max(1);
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
            created_at: Set(now),
            updated_at: Set(now),
            list_tab: NotSet,
            unnamed: NotSet,
        });
    }
    for chunk in trucks.chunks(500) {
        fleet_vehicle::Entity::insert_many(derived(
            chunk,
            fleet_vehicle::ActiveModel::derive_list_columns,
        )?)
        .exec(db)
        .await?;
    }
    let mut trailers = Vec::with_capacity(sizes.trailers);
    for i in 0..sizes.trailers {
        let assigned = (i % 3 != 2).then(|| &driver_rows[i % active_drivers]);
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
            created_at: Set(now),
            updated_at: Set(now),
            list_tab: NotSet,
            unnamed: NotSet,
        });
    }
    for chunk in trailers.chunks(500) {
        fleet_trailer::Entity::insert_many(derived(
            chunk,
            fleet_trailer::ActiveModel::derive_list_columns,
        )?)
        .exec(db)
        .await?;
    }
    Ok(())
}

/// The rows with their derived list columns: `insert_many` runs no
/// `before_save` (decision 013).
fn derived<A: Clone>(
    rows: &[A],
    derive: fn(&mut A, bool) -> Result<(), DbErr>,
) -> Result<Vec<A>, DbErr> {
    rows.iter()
        .cloned()
        .map(|mut row| derive(&mut row, true).map(|()| row))
        .collect()
}

/// One large fleet (the benchmark's) among `fleets - 1` small ones.
pub async fn seed_bench(
    state: &AppState,
    fleets: usize,
    trucks: usize,
    trailers: usize,
    drivers: usize,
) -> anyhow::Result<()> {
    refuse_in_production(state)?;
    for i in 0..fleets {
        let big = i == 0;
        let email = if big {
            BENCH_EMAIL.to_owned()
        } else {
            format!("fleet{i}@bench.test")
        };
        let dot = format!("{}", 7_000_000 + i);
        create_user(
            state,
            CreateUser {
                email,
                password: DEMO_PASSWORD.into(),
                role: Some(Role::FleetAdmin),
                first_name: None,
                last_name: None,
                fleet_name: Some(format!("Bench Fleet {i}")),
                dot_number: Some(dot.clone()),
            },
        )
        .await?;
        let fleet = find_fleet_by_dot(state, &dot).await?;
        let sizes = if big {
            Sizes {
                drivers,
                trucks,
                trailers,
            }
        } else {
            Sizes {
                drivers: 30,
                trucks: 25,
                trailers: 25,
            }
        };
        let txn = db::begin_write(&state.db).await?;
        db::tenancy::set_system(&txn, &state.system_key).await?;
        seed_assets(&txn, fleet.id, sizes, "bench").await?;
        txn.commit().await?;
    }
    if state.backend == db::Backend::Postgres {
        state.db.execute_unprepared("ANALYZE").await?;
    }
    Ok(())
}
