//! What a sync writes (decision 018): only the rows whose data changed —
//! upstream, or here by someone else since the last sync — and rows that
//! disappeared upstream leave the active lists.

use crate::eld_sync::{admin_with_fleet, sync};
use crate::helpers::eld_fakes::SamsaraFake;
use crate::helpers::{TestApp, backends, spawn_configured};
use longhaul::app::Overrides;
use longhaul::modules::eld::connector::RealConnector;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::sync::Arc;

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resync_writes_only_what_changed_upstream_or_was_edited_here() {
    for backend in backends() {
        let fake = SamsaraFake::start(6, 6, 6, 4).await;
        let mut app = spawn_configured(
            backend,
            &[],
            Overrides {
                eld: Some(Arc::new(RealConnector {
                    endpoints: fake.endpoints(),
                })),
                ..Overrides::default()
            },
        )
        .await;
        let fleet = admin_with_fleet(&mut app, "writes@sam.example", "3310021").await;
        let res = app
            .put(
                "/api/fleet/eld/connection",
                json!({ "provider": "samsara", "api_key": SamsaraFake::TOKEN }),
            )
            .await;
        assert!(res.status().is_success());
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
