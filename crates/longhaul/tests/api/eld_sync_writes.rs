//! What a sync writes (decision 018): only the rows whose data changed —
//! upstream, or here by someone else since the last sync — and rows that
//! disappeared upstream leave the active lists.

use crate::eld_sync::{admin_with_fleet, sync};
use crate::helpers::eld_fakes::{
    Fault, SAMSARA_ASSIGNED_MS, SamsaraFake, samsara_driver_id, samsara_trailer_id,
};
use crate::helpers::{TestApp, backends, spawn_with_eld};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn written(run: &Value) -> (i64, i64, i64) {
    (
        run["created"].as_i64().unwrap(),
        run["updated"].as_i64().unwrap(),
        run["deactivated"].as_i64().unwrap(),
    )
}

async fn page(app: &TestApp, path: &str) -> Value {
    app.get(path).await.json().await.unwrap()
}

/// An app whose ELD connector points at `fake`, with a fleet admin signed in
/// and the fleet connected to Samsara.
async fn samsara_fleet(
    backend: crate::helpers::Backend,
    fake: &SamsaraFake,
    email: &str,
    dot: &str,
) -> (TestApp, uuid::Uuid) {
    let mut app = spawn_with_eld(backend, fake.endpoints()).await;
    let fleet = admin_with_fleet(&mut app, email, dot).await;
    let res = app
        .put(
            "/api/fleet/eld/connection",
            json!({ "provider": "samsara", "api_key": SamsaraFake::TOKEN }),
        )
        .await;
    assert!(res.status().is_success());
    (app, fleet)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resync_writes_only_what_changed_upstream_or_was_edited_here() {
    for backend in backends() {
        let fake = SamsaraFake::start(6, 6, 6, 4).await;
        let (app, fleet) = samsara_fleet(backend, &fake, "writes@sam.example", "3310021").await;
        for kind in ["drivers", "trucks", "trailers"] {
            assert_eq!(written(&sync(&app, fleet, kind).await), (6, 0, 0), "{kind}");
        }
        for kind in ["drivers", "trucks", "trailers"] {
            let run = sync(&app, fleet, kind).await;
            assert_eq!(written(&run), (0, 0, 0), "{kind}: nothing changed: {run}");
            assert_eq!(run["synced"], 6);
        }

        let listed_trucks = page(&app, "/api/fleet/trucks?per_page=50").await;
        assert_eq!(listed_trucks["items"].as_array().unwrap().len(), 6);

        // Upstream: a driver renamed, a truck re-plated, another marked out
        // of service in its notes, a trailer gone.
        fake.edit(|d| {
            d.drivers[2]["name"] = json!("Renamed Upstream");
            d.vehicles[1]["licensePlate"] = json!("NEW 123");
            d.vehicles[3]["notes"] = json!("Trucks no longer in service");
            d.trailers.remove(4);
            d.trailer_assignments.remove(4);
        });
        // Here: the fleet admin edits another driver by hand.
        let drivers = page(&app, "/api/fleet/drivers?per_page=50").await;
        let edited = drivers["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["driver_id"] == crate::helpers::eld_fakes::samsara_driver_id(0))
            .unwrap()
            .clone();
        let mut input = edited.clone();
        input["first_name"] = json!("Edited");
        let res = app
            .put(
                &format!("/api/fleet/drivers/{}", edited["id"].as_str().unwrap()),
                input,
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::OK,
            "{}",
            res.text().await.unwrap()
        );

        let run = sync(&app, fleet, "drivers").await;
        assert_eq!(
            written(&run),
            (0, 2, 0),
            "the renamed driver and the one edited here: {run}"
        );
        let drivers = page(&app, "/api/fleet/drivers?per_page=50").await;
        let names: Vec<&str> = drivers["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["display_name"].as_str().unwrap())
            .collect();
        assert!(names.contains(&"Renamed Upstream"), "{names:?}");
        assert!(
            !names.iter().any(|n| n.starts_with("Edited")),
            "the provider's name is back: {names:?}"
        );

        assert_eq!(written(&sync(&app, fleet, "trucks").await), (0, 2, 0));
        let trucks = page(&app, "/api/fleet/trucks?q=NEW%20123").await;
        assert_eq!(trucks["items"].as_array().unwrap().len(), 1, "{trucks}");
        // The provider's notes reach the truck: decommissioned, it leaves the list.
        let trucks = page(&app, "/api/fleet/trucks?per_page=50").await;
        assert_eq!(trucks["items"].as_array().unwrap().len(), 5, "{trucks}");

        let run = sync(&app, fleet, "trailers").await;
        assert_eq!(written(&run), (0, 0, 1), "{run}");
        let trailers = page(&app, "/api/fleet/trailers?per_page=50").await;
        assert_eq!(
            (
                trailers["counts"]["active"].as_i64(),
                trailers["counts"]["inactive"].as_i64()
            ),
            (Some(5), Some(1)),
            "the gone trailer is listed as inactive: {trailers}"
        );

        // And once more: nothing left to write.
        for kind in ["drivers", "trucks", "trailers"] {
            let run = sync(&app, fleet, kind).await;
            assert_eq!(written(&run), (0, 0, 0), "{kind}: {run}");
        }
    }
}

/// The names of a list's items (`name`, else `display_name`).
fn names(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["name"]
                .as_str()
                .or(i["display_name"].as_str())
                .unwrap()
                .to_owned()
        })
        .collect()
}

/// A truck's id by its name, in whichever tab it is.
async fn truck_id(app: &TestApp, name: &str) -> String {
    let q = name.replace(' ', "%20");
    for tab in ["active", "inactive"] {
        let found = page(app, &format!("/api/fleet/trucks?tab={tab}&q={q}")).await;
        if let Some(t) = found["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
        {
            return t["id"].as_str().unwrap().to_owned();
        }
    }
    panic!("no truck {name}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_gone_upstream_leave_every_active_list_count_and_page() {
    for backend in backends() {
        let fake = SamsaraFake::start(6, 6, 6, 4).await;
        let (app, fleet) = samsara_fleet(backend, &fake, "gone@sam.example", "3310022").await;
        for kind in ["drivers", "trucks", "trailers"] {
            assert_eq!(written(&sync(&app, fleet, kind).await), (6, 0, 0), "{kind}");
        }
        let overview = page(&app, "/api/fleet/overview").await;
        assert_eq!(overview["power_units"]["active"], 6, "{overview}");
        assert_eq!(overview["drivers_active"], 6);

        // Upstream: trucks 4 and 5 and trailer 3 deleted; driver 0 (truck
        // 0's) deactivated and driver 1 (truck 1's) deleted, while trucks 0
        // and 1 still name them.
        fake.deactivate_driver(
            &crate::helpers::eld_fakes::samsara_driver_id(0),
            "2024-06-01T00:00:00Z",
        );
        fake.edit(|d| {
            d.drivers.remove(1);
            d.vehicles.truncate(4);
            d.trailers.remove(3);
            d.trailer_assignments.remove(3);
        });

        let run = sync(&app, fleet, "drivers").await;
        assert_eq!(
            written(&run),
            (0, 1, 1),
            "driver 0 updated, driver 1 gone: {run}"
        );
        let run = sync(&app, fleet, "trucks").await;
        assert_eq!(run["deactivated"], 2, "{run}");
        let run = sync(&app, fleet, "trailers").await;
        assert_eq!(run["deactivated"], 1, "{run}");

        // The trucks list: only trucks 2 and 3 have an active driver.
        let active = page(&app, "/api/fleet/trucks?per_page=50").await;
        assert_eq!(names(&active), ["Truck 2", "Truck 3"], "{active}");
        assert_eq!(
            (
                active["counts"]["active"].as_i64(),
                active["counts"]["inactive"].as_i64()
            ),
            (Some(2), Some(4)),
            "{active}"
        );
        let inactive = page(&app, "/api/fleet/trucks?tab=inactive&per_page=50").await;
        assert_eq!(
            names(&inactive),
            ["Truck 0", "Truck 1", "Truck 4", "Truck 5"]
        );
        for truck in inactive["items"].as_array().unwrap() {
            assert_eq!(truck["assigned_driver_name"], Value::Null, "{truck}");
        }
        // The overview counts the same.
        let overview = page(&app, "/api/fleet/overview").await;
        assert_eq!(overview["power_units"]["active"], 2, "{overview}");
        assert_eq!(overview["drivers_active"], 4, "{overview}");
        // Drivers and trailers: their tabs.
        let drivers = page(&app, "/api/fleet/drivers?per_page=50").await;
        assert_eq!(
            (
                drivers["counts"]["active"].as_i64(),
                drivers["counts"]["inactive"].as_i64()
            ),
            (Some(4), Some(2)),
            "{drivers}"
        );
        let trailers = page(&app, "/api/fleet/trailers?per_page=50").await;
        assert_eq!(
            (
                trailers["counts"]["active"].as_i64(),
                trailers["counts"]["inactive"].as_i64()
            ),
            (Some(5), Some(1)),
            "{trailers}"
        );

        // The detail pages: a truck gone upstream, and one whose driver went.
        let gone = truck_id(&app, "Truck 4").await;
        let detail = page(&app, &format!("/api/fleet/trucks/{gone}")).await;
        assert_eq!(
            (
                &detail["is_active"],
                &detail["status"],
                &detail["driver"],
                &detail["cleanup_notice"]
            ),
            (
                &json!(false),
                &json!("inactive"),
                &Value::Null,
                &json!(false)
            ),
            "{detail}"
        );
        let orphaned = truck_id(&app, "Truck 0").await;
        let detail = page(&app, &format!("/api/fleet/trucks/{orphaned}")).await;
        assert_eq!(
            (
                &detail["is_active"],
                &detail["status"],
                &detail["driver"],
                &detail["cleanup_notice"]
            ),
            (&json!(true), &json!("inactive"), &Value::Null, &json!(true)),
            "its driver is no longer the fleet's: {detail}"
        );

        // Nothing flips back: a re-sync of every kind writes nothing.
        for kind in ["drivers", "trucks", "trailers"] {
            let run = sync(&app, fleet, kind).await;
            assert_eq!(written(&run), (0, 0, 0), "{kind}: {run}");
        }
        assert_eq!(
            names(&page(&app, "/api/fleet/trucks?per_page=50").await),
            ["Truck 2", "Truck 3"]
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_truck_keeps_its_assignment_date_until_its_driver_changes() {
    use db::entities::fleet_vehicle;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    for backend in backends() {
        let fake = SamsaraFake::start(3, 3, 0, 10).await;
        let (app, fleet) = samsara_fleet(backend, &fake, "dates@sam.example", "3310023").await;
        sync(&app, fleet, "drivers").await;
        sync(&app, fleet, "trucks").await;
        let db = app.inspect_db().await;
        let truck = |name: &'static str| {
            let db = db.clone();
            async move {
                fleet_vehicle::Entity::find()
                    .filter(fleet_vehicle::Column::Name.eq(name))
                    .one(&db)
                    .await
                    .unwrap()
                    .unwrap()
            }
        };
        let first = truck("Truck 0").await;
        let other_first = truck("Truck 1").await;
        assert!(first.assigned_at.is_some());

        // Truck 0 gets driver 2; truck 1 is renamed but keeps its driver.
        fake.edit(|d| {
            let driver = json!({ "id": crate::helpers::eld_fakes::samsara_driver_id(2), "name": "Third Driver" });
            d.vehicles[0]["staticAssignedDriver"] = driver;
            d.vehicles[1]["name"] = json!("Truck 1 renamed");
        });
        sync(&app, fleet, "trucks").await;
        let moved = truck("Truck 0").await;
        assert_eq!(moved.assigned_driver_eld_id.as_deref(), Some("100002"));
        assert!(
            moved.assigned_at > first.assigned_at,
            "a new driver, a new date: {:?} → {:?}",
            first.assigned_at,
            moved.assigned_at
        );
        let kept = truck("Truck 1 renamed").await;
        assert_eq!(
            kept.assigned_at, other_first.assigned_at,
            "same driver, same date"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ten_kilobyte_name_from_the_provider_is_cut_and_the_sync_succeeds() {
    for backend in backends() {
        let fake = SamsaraFake::start(2, 2, 2, 10).await;
        // Multi-byte characters, so a cut inside one would be invalid UTF-8.
        let huge = "Ü".repeat(5_120);
        fake.edit(|d| {
            d.drivers[0]["name"] = json!(format!("{huge} {huge}"));
            d.vehicles[0]["name"] = json!(huge.clone());
            d.vehicles[0]["make"] = json!(huge.clone());
            d.vehicles[0]["notes"] = json!(huge.repeat(4));
            d.trailers[0]["name"] = json!(huge.clone());
        });
        let (app, fleet) = samsara_fleet(backend, &fake, "huge@sam.example", "3310024").await;
        for kind in ["drivers", "trucks", "trailers"] {
            let run = sync(&app, fleet, kind).await;
            assert_eq!(run["status"], "succeeded", "{kind}: {run}");
            assert_eq!(written(&run), (2, 0, 0), "{kind}");
        }
        let trucks = page(&app, "/api/fleet/trucks?per_page=50").await;
        let long = trucks["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|t| t["name"].as_str())
            .find(|n| n.starts_with('Ü'))
            .expect("the truck is listed")
            .to_owned();
        assert!(
            long.len() <= 120 && long.chars().all(|c| c == 'Ü'),
            "{}",
            long.len()
        );
        // Found by its (cut) name too.
        let found = page(&app, "/api/fleet/trucks?q=%C3%9C%C3%9C%C3%9C").await;
        assert_eq!(found["items"].as_array().unwrap().len(), 1);
    }
}

/// Each trailer's driver as the trailers list shows it: Samsara ids both.
async fn trailer_drivers(app: &TestApp) -> BTreeMap<String, Option<String>> {
    let drivers = page(app, "/api/fleet/drivers?per_page=50").await;
    let samsara_id: BTreeMap<&str, &str> = drivers["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["id"].as_str().unwrap(), d["driver_id"].as_str().unwrap()))
        .collect();
    let listed = page(app, "/api/fleet/trailers?per_page=50").await;
    listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let driver = t["assigned_driver_id"]
                .as_str()
                .map(|id| samsara_id[id].to_owned());
            (t["trailer_id"].as_str().unwrap().to_owned(), driver)
        })
        .collect()
}

/// The trailers' drivers are written page by page on PostgreSQL (decision
/// 019): a page of assignments that fails after the first one was written
/// still leaves every trailer's driver as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_assignment_page_leaves_every_trailers_driver_as_it_was() {
    let driver = |i: usize| Some(samsara_driver_id(i));
    for backend in backends() {
        // Twelve drivers and trailers, five a page: three pages of assignments.
        let fake = SamsaraFake::start(12, 0, 12, 5).await;
        let (app, fleet) = samsara_fleet(backend, &fake, "assign@sam.example", "3310031").await;
        assert_eq!(sync(&app, fleet, "drivers").await["created"], 12);
        let run = sync(&app, fleet, "trailers").await;
        assert_eq!(run["assignments_updated"], 12, "{run}");
        let before = trailer_drivers(&app).await;
        assert_eq!(before[&samsara_trailer_id(1)], driver(1), "{before:?}");

        // Upstream: trailer 1 (page 1) and trailer 11 (page 3) change
        // drivers, trailer 6 (page 2) is unhooked.
        let at = SAMSARA_ASSIGNED_MS + 60_000;
        fake.edit(|d| {
            d.set_trailer_driver(&samsara_trailer_id(1), Some(&samsara_driver_id(5)), at);
            d.set_trailer_driver(&samsara_trailer_id(11), Some(&samsara_driver_id(0)), at);
            d.set_trailer_driver(&samsara_trailer_id(6), None, at);
        });
        fake.fail_page("/v1/fleet/trailers/assignments", 2, Fault::NotJson);
        let run = sync(&app, fleet, "trailers").await;
        assert_eq!(run["status"], "succeeded", "the trailers stand: {run}");
        assert!(
            run["warning"].as_str().is_some_and(|w| !w.is_empty()),
            "{run}"
        );
        assert_eq!(run["assignments_updated"], Value::Null, "{run}");
        assert_eq!(
            trailer_drivers(&app).await,
            before,
            "page 1's new driver was not kept"
        );

        fake.clear_faults();
        let run = sync(&app, fleet, "trailers").await;
        assert_eq!(run["assignments_updated"], 3, "{run}");
        assert_eq!(run["warning"], Value::Null, "{run}");
        let mut expected = before.clone();
        expected.insert(samsara_trailer_id(1), driver(5));
        expected.insert(samsara_trailer_id(11), driver(0));
        expected.insert(samsara_trailer_id(6), None);
        assert_eq!(trailer_drivers(&app).await, expected);

        // Nothing changed since: nothing is written.
        let run = sync(&app, fleet, "trailers").await;
        assert_eq!(run["assignments_updated"], 0, "{run}");
    }
}
