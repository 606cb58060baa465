//! ELD connection and sync runs through the API, with the offline demo
//! provider; jobs are run explicitly, as the worker would.

use crate::fleet_dashboard::fleet;
use crate::helpers::TestApp;
use crate::on_each_backend;
use domain::texts::texts;
use longhaul::job_registry::run_job;
use longhaul::jobs::Job;
use longhaul::modules::eld::runs::EldSync;
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

const NO_ASSETS: Sizes = Sizes {
    drivers: 0,
    trucks: 0,
    trailers: 0,
};

pub(crate) async fn admin_with_fleet(app: &mut TestApp, email: &str, dot: &str) -> Uuid {
    let id = fleet(app, email, "DEMO SYNC LINES", dot, NO_ASSETS).await;
    app.sign_in(email, "secret1").await;
    id
}

/// Starts a run of `kind` and runs its job; answers the finished run.
pub(crate) async fn sync(app: &TestApp, fleet: Uuid, kind: &str) -> Value {
    let res = app
        .post("/api/fleet/eld/syncs", json!({ "kind": kind }))
        .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
    let run: Value = res.json().await.unwrap();
    assert_eq!(run["status"], "queued");
    let run_id = run["id"].as_str().unwrap();
    run_job(
        &app.state,
        EldSync::KIND,
        json!({ "fleet_account_id": fleet, "run_id": run_id }),
        false,
    )
    .await
    .unwrap_or_else(|e| panic!("sync job failed: {e:?}"));
    app.get(&format!("/api/fleet/eld/syncs/{run_id}"))
        .await
        .json()
        .await
        .unwrap()
}

pub(crate) async fn total(app: &TestApp, path: &str) -> u64 {
    let page: Value = app.get(path).await.json().await.unwrap();
    page["counts"]["active"].as_u64().unwrap() + page["counts"]["inactive"].as_u64().unwrap()
}

on_each_backend!(
    the_demo_provider_fills_the_fleet_and_a_second_sync_writes_nothing,
    |mut app: TestApp| async move {
        let fleet = admin_with_fleet(&mut app, "sync@demo.example", "3300001").await;
        let res = app
            .put("/api/fleet/eld/connection", json!({ "provider": "demo" }))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let status: Value = res.json().await.unwrap();
        assert_eq!(status["integration"]["provider"], "demo");
        assert_eq!(status["integration"]["is_demo"], true);
        assert_eq!(status["settings"]["frequency"], "daily");

        let drivers = sync(&app, fleet, "drivers").await;
        assert_eq!(drivers["status"], "succeeded", "{drivers}");
        assert_eq!(drivers["created"], 24);
        assert!(drivers["pages_fetched"].as_i64().unwrap() >= 3);
        assert_eq!(total(&app, "/api/fleet/drivers").await, 24);

        let trucks = sync(&app, fleet, "trucks").await;
        assert_eq!(trucks["status"], "succeeded", "{trucks}");
        assert_eq!(trucks["created"], 20);
        let trailers = sync(&app, fleet, "trailers").await;
        assert_eq!(trailers["status"], "succeeded", "{trailers}");
        assert_eq!(trailers["created"], 16);
        assert_eq!(trailers["assignments_updated"], 8);

        for kind in ["drivers", "trucks", "trailers"] {
            let again = sync(&app, fleet, kind).await;
            assert_eq!(again["status"], "succeeded");
            assert_eq!(
                (
                    again["created"].as_i64(),
                    again["updated"].as_i64(),
                    again["deactivated"].as_i64(),
                    again["rows_written"].as_i64()
                ),
                (Some(0), Some(0), Some(0), Some(0)),
                "a re-sync with nothing changed writes nothing: {again}"
            );
        }
        assert_eq!(total(&app, "/api/fleet/drivers").await, 24);

        let history: Value = app
            .get("/api/fleet/eld/syncs?per_page=4")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(history["total"], 6);
        assert_eq!(history["items"].as_array().unwrap().len(), 4);
        assert_eq!(history["items"][0]["kind"], "trailers", "newest first");
        assert_eq!(history["items"][0]["trigger"], "manual");
    }
);

on_each_backend!(
    a_second_request_joins_the_run_of_its_kind,
    |mut app: TestApp| async move {
        admin_with_fleet(&mut app, "join@demo.example", "3300002").await;
        app.put("/api/fleet/eld/connection", json!({ "provider": "demo" }))
            .await;
        let (a, b) = tokio::join!(
            app.post("/api/fleet/eld/syncs", json!({ "kind": "trucks" })),
            app.post("/api/fleet/eld/syncs", json!({ "kind": "trucks" }))
        );
        let (a, b): (Value, Value) = (a.json().await.unwrap(), b.json().await.unwrap());
        assert_eq!(a["id"], b["id"]);
        let other: Value = app
            .post("/api/fleet/eld/syncs", json!({ "kind": "drivers" }))
            .await
            .json()
            .await
            .unwrap();
        assert_ne!(other["id"], a["id"], "another kind runs on its own");
        let status: Value = app.get("/api/fleet/eld").await.json().await.unwrap();
        assert_eq!(status["running"].as_array().unwrap().len(), 2);
    }
);

on_each_backend!(
    without_a_connection_each_kind_answers_its_spec_text,
    |mut app: TestApp| async move {
        admin_with_fleet(&mut app, "none@demo.example", "3300003").await;
        let t = &texts().eld;
        for (kind, text) in [
            ("trucks", &t.trucks_not_configured),
            ("trailers", &t.integration_not_found),
            ("drivers", &t.drivers_not_connected),
        ] {
            let res = app
                .post("/api/fleet/eld/syncs", json!({ "kind": kind }))
                .await;
            assert_eq!(res.status(), StatusCode::CONFLICT);
            let body: Value = res.json().await.unwrap();
            assert_eq!(body["error"]["code"], "eld_not_connected");
            assert_eq!(body["error"]["message"], text.as_str());
        }
        let res = app
            .put("/api/fleet/eld/connection", json!({ "provider": "" }))
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error"]["message"], t.missing_information.as_str());
        let res = app
            .put(
                "/api/fleet/eld/connection",
                json!({ "provider": "samsara", "api_key": " " }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let res = app
            .put(
                "/api/fleet/eld/connection",
                json!({ "provider": "omnitracs" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["error"]["code"], "unsupported");
        let res = app
            .post("/api/fleet/eld/syncs", json!({ "kind": "everything" }))
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let res = app
            .get(&format!("/api/fleet/eld/syncs/{}", Uuid::new_v4()))
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
    }
);
