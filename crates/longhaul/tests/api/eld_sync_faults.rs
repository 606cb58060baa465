//! Sync runs against the real adapters and local fakes of the providers:
//! what a user sees when a provider misbehaves, and that switching providers
//! keeps identities.

use crate::eld_sync::{admin_with_fleet, sync, total};
use crate::helpers::eld_fakes::{Fault, MotiveData, MotiveFake, SamsaraFake, test_endpoints};
use crate::helpers::{TestApp, backends};
use longhaul::integrations::eld::EldEndpoints;
use longhaul::job_registry::run_job;
use longhaul::jobs::Job;
use longhaul::modules::eld::jobs::EldSchedule;
use longhaul::modules::eld::runs::EldSync;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

async fn app_for(backend: crate::helpers::Backend, endpoints: EldEndpoints) -> TestApp {
    crate::helpers::spawn_with_eld(backend, endpoints).await
}

async fn connect(app: &TestApp, provider: &str, key: &str) {
    let res = app
        .put(
            "/api/fleet/eld/connection",
            json!({ "provider": provider, "api_key": key }),
        )
        .await;
    assert!(
        res.status() == StatusCode::CREATED || res.status() == StatusCode::OK,
        "connect {provider}: {}",
        res.text().await.unwrap()
    );
}

async fn status(app: &TestApp) -> Value {
    app.get("/api/fleet/eld").await.json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_on_page_three_leaves_the_fleet_as_it_was() {
    for backend in backends() {
        let fake = SamsaraFake::start(30, 0, 0, 10).await;
        let mut app = app_for(backend, fake.endpoints()).await;
        let fleet = admin_with_fleet(&mut app, "cut@sam.example", "3310001").await;
        connect(&app, "samsara", SamsaraFake::TOKEN).await;
        fake.fail_page("/fleet/drivers", 3, Fault::NotJson);

        let run = sync(&app, fleet, "drivers").await;
        assert_eq!(run["status"], "failed", "{run}");
        assert_eq!(run["pages_fetched"], 2, "pages 1 and 2 came in: {run}");
        let error = run["error"].as_str().unwrap();
        assert!(!error.is_empty() && !error.contains(SamsaraFake::TOKEN));
        assert_eq!(
            total(&app, "/api/fleet/drivers").await,
            0,
            "nothing of pages 1 and 2 was written"
        );

        fake.clear_faults();
        let run = sync(&app, fleet, "drivers").await;
        assert_eq!(run["status"], "succeeded", "{run}");
        assert_eq!(run["created"], 30);
        assert_eq!(total(&app, "/api/fleet/drivers").await, 30);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_server_errors_and_timeouts_are_waited_out() {
    for backend in backends() {
        let fake = SamsaraFake::start(0, 25, 0, 10).await;
        let endpoints = EldEndpoints {
            timeout: Duration::from_millis(400),
            ..fake.endpoints()
        };
        let mut app = app_for(backend, endpoints).await;
        let fleet = admin_with_fleet(&mut app, "flaky@sam.example", "3310002").await;
        connect(&app, "samsara", SamsaraFake::TOKEN).await;
        // One of each on the way through the three pages.
        fake.fail_page_once("/fleet/vehicles", 1, Fault::RateLimited(Some("0.2")));
        fake.fail_page_once("/fleet/vehicles", 2, Fault::ServerError);
        fake.fail_page_once("/fleet/vehicles", 3, Fault::Slow(Duration::from_secs(2)));
        let run = sync(&app, fleet, "trucks").await;
        assert_eq!(run["status"], "succeeded", "{run}");
        assert_eq!(run["created"], 25);
        assert_eq!(run["pages_fetched"], 3, "a retried page counts once: {run}");
        assert_eq!(total(&app, "/api/fleet/trucks").await, 25);
        let pages: Vec<usize> = fake
            .seen("/fleet/vehicles")
            .iter()
            .map(|s| s.page)
            .collect();
        assert_eq!(pages, [1, 1, 2, 2, 3, 3], "each fault was retried once");

        // A page that keeps timing out ends the run with the reason, and
        // what the fleet had stays as it was.
        fake.edit(|d| d.vehicles.truncate(12));
        fake.fail_page("/fleet/vehicles", 2, Fault::Slow(Duration::from_secs(2)));
        let failed = sync(&app, fleet, "trucks").await;
        assert_eq!(failed["status"], "failed", "{failed}");
        let error = failed["error"].as_str().unwrap();
        assert!(
            error.starts_with("Samsara did not answer within"),
            "names the timeout: {error}"
        );
        assert_eq!(
            (
                failed["deactivated"].as_i64(),
                failed["rows_written"].as_i64()
            ),
            (Some(0), Some(0)),
            "{failed}"
        );
        use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
        let active = db::entities::fleet_vehicle::Entity::find()
            .filter(db::entities::fleet_vehicle::Column::IsActive.eq(true))
            .count(&app.inspect_db().await)
            .await
            .unwrap();
        assert_eq!(active, 25, "no truck was made inactive");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_key_needs_attention_and_stops_the_schedule_until_updated() {
    for backend in backends() {
        let fake = SamsaraFake::start(5, 0, 0, 10).await;
        let mut app = app_for(backend, fake.endpoints()).await;
        let fleet = admin_with_fleet(&mut app, "revoked@sam.example", "3310003").await;
        connect(&app, "samsara", SamsaraFake::TOKEN).await;
        let res = app
            .put(
                "/api/fleet/eld/settings",
                json!({ "frequency": "hourly", "drivers": true, "trucks": false, "trailers": false }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);

        fake.fail_always("/fleet/drivers", Fault::Unauthorized);
        let run = sync(&app, fleet, "drivers").await;
        assert_eq!(run["status"], "failed");
        let now = status(&app).await;
        assert_eq!(now["integration"]["needs_attention"], true, "{now}");
        assert!(now["integration"]["attention_reason"].is_string());

        // The schedule skips the fleet while its key is refused.
        make_due(&app).await;
        run_job(&app.state, EldSchedule::KIND, json!({ "tick": 1 }), false)
            .await
            .unwrap();
        assert_eq!(
            status(&app).await["running"].as_array().unwrap().len(),
            0,
            "no scheduled run for a fleet whose key was revoked"
        );

        // A new key clears the flag and the schedule starts again.
        fake.clear_faults();
        connect(&app, "samsara", SamsaraFake::TOKEN).await;
        let now = status(&app).await;
        assert_eq!(now["integration"]["needs_attention"], false, "{now}");
        make_due(&app).await;
        run_job(&app.state, EldSchedule::KIND, json!({ "tick": 2 }), false)
            .await
            .unwrap();
        let running = status(&app).await["running"].clone();
        assert_eq!(running.as_array().unwrap().len(), 1, "{running}");
        assert_eq!(running[0]["kind"], "drivers");
        assert_eq!(running[0]["trigger"], "schedule");
    }
}

/// Moves every integration's next scheduled run into the past.
async fn make_due(app: &TestApp) {
    use sea_orm::ConnectionTrait;
    app.inspect_db()
        .await
        .execute_unprepared(
            "UPDATE fleet_eld_integrations SET next_sync_at = '2000-01-01T00:00:00Z'",
        )
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moving_from_samsara_to_motive_keeps_every_truck_trailer_and_driver() {
    for backend in backends() {
        let samsara = SamsaraFake::start(6, 6, 4, 10).await;
        let from = samsara.data();
        // The same fleet as Motive sees it: the same VINs, plates and licences.
        let mut data = MotiveData::generate(6, 6, 4);
        for (i, user) in data.users.iter_mut().take(6).enumerate() {
            user["drivers_license_number"] = from.drivers[i]["licenseNumber"].clone();
            user["drivers_license_state"] = from.drivers[i]["licenseState"].clone();
        }
        for (i, vehicle) in data.vehicles.iter_mut().enumerate() {
            vehicle["vin"] = from.vehicles[i]["vin"].clone();
        }
        for (i, asset) in data.assets.iter_mut().enumerate() {
            asset["vin"] = from.trailers[i]["trailerSerialNumber"].clone();
        }
        let motive = MotiveFake::start_with(data, 10).await;
        let endpoints = EldEndpoints {
            samsara_base_url: samsara.uri(),
            motive_base_url: motive.uri(),
            ..test_endpoints()
        };
        let mut app = app_for(backend, endpoints).await;
        let fleet = admin_with_fleet(&mut app, "switch@fleet.example", "3310004").await;

        connect(&app, "samsara", SamsaraFake::TOKEN).await;
        for (kind, n) in [("drivers", 6), ("trucks", 6), ("trailers", 4)] {
            let run = sync(&app, fleet, kind).await;
            assert_eq!(
                (run["status"].as_str(), run["created"].as_i64()),
                (Some("succeeded"), Some(n)),
                "{run}"
            );
        }

        connect(&app, "keeptruckin", MotiveFake::KEY).await;
        for kind in ["drivers", "trucks", "trailers"] {
            let run = sync(&app, fleet, kind).await;
            assert_eq!(run["status"], "succeeded", "{run}");
            assert_eq!(run["created"], 0, "matched, not duplicated: {run}");
            assert!(run["updated"].as_i64().unwrap() > 0, "now Motive's: {run}");
        }
        assert_eq!(total(&app, "/api/fleet/drivers").await, 6);
        assert_eq!(total(&app, "/api/fleet/trucks").await, 6);
        assert_eq!(total(&app, "/api/fleet/trailers").await, 4);
        let drivers: Value = app
            .get("/api/fleet/drivers?per_page=50")
            .await
            .json()
            .await
            .unwrap();
        for driver in drivers["items"].as_array().unwrap() {
            assert_eq!(driver["eld_provider"], "keeptruckin", "{driver}");
        }
        use sea_orm::EntityTrait;
        let db = app.inspect_db().await;
        for truck in db::entities::fleet_vehicle::Entity::find()
            .all(&db)
            .await
            .unwrap()
        {
            assert_eq!(truck.eld_provider.as_deref(), Some("keeptruckin"));
        }
        for trailer in db::entities::fleet_trailer::Entity::find()
            .all(&db)
            .await
            .unwrap()
        {
            assert_eq!(trailer.eld_provider.as_deref(), Some("keeptruckin"));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scheduled_runs_fetch_only_changes_and_manual_runs_fetch_everything() {
    for backend in backends() {
        let fake = SamsaraFake::start(12, 0, 0, 5).await;
        let mut app = app_for(backend, fake.endpoints()).await;
        let fleet = admin_with_fleet(&mut app, "changes@sam.example", "3310005").await;
        connect(&app, "samsara", SamsaraFake::TOKEN).await;
        let full = sync(&app, fleet, "drivers").await;
        assert_eq!(
            (full["created"].as_i64(), full["incremental"].as_bool()),
            (Some(12), Some(false))
        );

        // Upstream: one driver renamed just now, one deleted outright.
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        fake.edit(|d| {
            d.drivers[3]["name"] = json!("Renamed Driver");
            d.drivers[3]["updatedAtTime"] = json!(now);
            d.drivers.remove(7);
        });
        fake.forget_seen();
        make_due(&app).await;
        run_job(&app.state, EldSchedule::KIND, json!({ "tick": 3 }), false)
            .await
            .unwrap();
        let queued = status(&app).await["running"][0].clone();
        assert_eq!(queued["trigger"], "schedule");
        run_job(
            &app.state,
            EldSync::KIND,
            json!({ "fleet_account_id": fleet, "run_id": queued["id"] }),
            false,
        )
        .await
        .unwrap();
        let changes: Value = app
            .get(&format!(
                "/api/fleet/eld/syncs/{}",
                queued["id"].as_str().unwrap()
            ))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(changes["status"], "succeeded", "{changes}");
        assert_eq!(changes["incremental"], true, "{changes}");
        assert_eq!(
            (
                changes["synced"].as_i64(),
                changes["updated"].as_i64(),
                changes["deactivated"].as_i64()
            ),
            (Some(1), Some(1), Some(0)),
            "only the renamed driver came, and nobody was made inactive: {changes}"
        );
        assert!(
            fake.seen("/fleet/drivers")
                .iter()
                .all(|s| s.query.contains_key("updatedAfterTime")),
            "every page asked for changes only"
        );

        // A manual run is full: the deleted driver becomes inactive.
        let manual = sync(&app, fleet, "drivers").await;
        assert_eq!(manual["incremental"], false);
        assert_eq!(manual["deactivated"], 1, "{manual}");
        let drivers: Value = app.get("/api/fleet/drivers").await.json().await.unwrap();
        assert_eq!(drivers["counts"]["active"], 11);
    }
}
