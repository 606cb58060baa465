//! Issue 31, loads: customers and facilities of a fleet, a load created
//! with its stops in their facilities' zones, every validation naming its
//! field, another fleet's records not found, PRO numbers unique under
//! concurrent creation, and the status lifecycle with its history.

use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, spawn_app};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::HashSet;

fn no_assets() -> Sizes {
    Sizes {
        drivers: 0,
        trucks: 0,
        trailers: 0,
    }
}

async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let res = app.post(path, body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json().await.unwrap()
}

/// A broker, a Chicago shipper and an Atlanta receiver of the signed-in fleet.
async fn parties(app: &TestApp) -> (String, String, String) {
    let customer = created(
        app,
        "/api/fleet/customers",
        json!({ "name": "Acme Logistics", "kind": "broker", "mc_number": "MC-123456", "billing_email": "ap@acme.example" }),
    )
    .await;
    let shipper = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Windy City Foods", "address": "1 Dock St", "city": "Chicago", "state": "IL", "time_zone": "America/Chicago" }),
    )
    .await;
    let receiver = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Peach DC", "address": "9 Warehouse Rd", "city": "Atlanta", "state": "GA", "time_zone": "America/New_York" }),
    )
    .await;
    let id = |v: &Value| v["id"].as_str().unwrap().to_owned();
    (id(&customer), id(&shipper), id(&receiver))
}

fn load(customer: &str, pickup: &str, delivery: &str) -> Value {
    json!({
        "customer_id": customer,
        "load_number": "ACM-778",
        "bol_number": "BOL-1",
        "equipment_type": "dry_van",
        "length_ft": 53,
        "weight_lbs": 42000,
        "rate_method": "flat",
        "linehaul_cents": 185000,
        "fuel_surcharge_cents": 25000,
        "detention_free_minutes": 120,
        "detention_rate_cents": 5000,
        "stops": [
            { "kind": "pickup", "facility_id": pickup, "appointment": "2026-03-02T08:00:00" },
            { "kind": "delivery", "facility_id": delivery, "window_start": "2026-03-03T09:00:00", "window_end": "2026-03-03T15:00:00" }
        ],
        "accessorials": [{ "kind": "lumper", "amount_cents": 7500, "note": "receipt" }]
    })
}

#[tokio::test]
async fn a_load_is_created_with_its_stops_in_their_zones_and_read_back_whole() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "ops@loads.test", "Loads Haul", "3100101", no_assets()).await;
        app.sign_in("ops@loads.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let made = created(
            &app,
            "/api/fleet/loads",
            load(&customer, &shipper, &receiver),
        )
        .await;
        assert_eq!(made["status"], "accepted");
        assert_eq!(made["customer"]["name"], "Acme Logistics");
        assert_eq!(made["customer"]["mc_number"], "123456");
        // 08:00 in Chicago and 09:00–15:00 in New York, as instants.
        assert_eq!(made["stops"][0]["starts_at"], "2026-03-02T14:00:00Z");
        assert_eq!(made["stops"][1]["starts_at"], "2026-03-03T14:00:00Z");
        assert_eq!(made["stops"][1]["ends_at"], "2026-03-03T20:00:00Z");
        assert_eq!(made["stops"][1]["local_start"], "2026-03-03T09:00:00");
        assert_eq!(made["stops"][1]["time_zone"], "America/New_York");
        // 185000 + 25000 + 7500.
        assert_eq!(made["revenue_cents"], 217500);
        let miles = made["loaded_miles"].as_i64().unwrap();
        assert!((690..=730).contains(&miles), "Chicago → Atlanta: {miles}");
        assert_eq!(made["history"].as_array().unwrap().len(), 1);
        assert_eq!(made["history"][0]["to_status"], "accepted");

        let id = made["id"].as_str().unwrap();
        let read: Value = app
            .get(&format!("/api/fleet/loads/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(read, made);
        let list: Value = app
            .get("/api/fleet/loads?q=ACM")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(list["total"], 1);
        assert_eq!(list["loads"][0]["customer_name"], "Acme Logistics");
        let none: Value = app
            .get("/api/fleet/loads?status=delivered")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(none["total"], 0);
    }
}

#[tokio::test]
async fn bad_loads_are_refused_naming_the_field_and_nothing_is_written() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(
            &app,
            "ops@bad-loads.test",
            "Bad Loads",
            "3100102",
            no_assets(),
        )
        .await;
        app.sign_in("ops@bad-loads.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let base = load(&customer, &shipper, &receiver);
        let with = |path: &str, value: Value| {
            let mut body = base.clone();
            *body.pointer_mut(path).unwrap() = value;
            body
        };
        let cases = [
            // The delivery a day before the pickup.
            (
                with(
                    "/stops/1",
                    json!({ "kind": "delivery", "facility_id": receiver, "appointment": "2026-03-01T09:00:00" }),
                ),
                "stops.1.appointment",
                "This stop is earlier than the stop before it.",
            ),
            (
                with("/stops/1/window_end", json!("2026-03-03T08:00:00")),
                "stops.1.window_end",
                "The window ends before it starts.",
            ),
            (
                with("/stops/0/kind", json!("delivery")),
                "stops",
                "A load starts with a pickup and ends with a delivery.",
            ),
            (
                with(
                    "/stops/0",
                    json!({ "kind": "pickup", "facility_id": shipper }),
                ),
                "stops.0.appointment",
                "Give the stop an appointment or a window (start and end).",
            ),
            (
                with("/linehaul_cents", json!(-1)),
                "linehaul_cents",
                "An amount cannot be negative.",
            ),
            (
                with("/accessorials/0/amount_cents", json!(-500)),
                "accessorials.0.amount_cents",
                "An amount cannot be negative.",
            ),
            (
                with("/accessorials/0/kind", json!("bribe")),
                "accessorials.0.kind",
                "Choose an accessorial type.",
            ),
            (
                with("/load_number", json!("   ")),
                "load_number",
                "Enter the customer's load number.",
            ),
            (
                with("/equipment_type", json!("spaceship")),
                "equipment_type",
                "Choose the equipment type.",
            ),
            (
                with("/rate_method", json!("per_mile")),
                "rate_per_mile_cents",
                "Enter the rate per mile.",
            ),
            (
                with("/weight_lbs", json!(900000)),
                "weight_lbs",
                "Enter a number from 0 to 200000.",
            ),
        ];
        for (body, field, message) in cases {
            let (status, err) = error_of(app.post("/api/fleet/loads", body).await).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {err}");
            assert_eq!(err["fields"][field], message, "{err}");
        }
        let (status, err) = error_of(
            app.post(
                "/api/fleet/facilities",
                json!({ "name": "Nowhere", "address": "1 Road", "city": "Chicago", "state": "IL", "time_zone": "Mars/Olympus" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            err["fields"]["time_zone"],
            "Choose a time zone such as America/Chicago."
        );
        // A customer's name is the fleet's once.
        let (status, err) = error_of(
            app.post(
                "/api/fleet/customers",
                json!({ "name": "Acme Logistics", "kind": "shipper" }),
            )
            .await,
        )
        .await;
        assert_eq!(
            (status, err["code"].as_str()),
            (StatusCode::CONFLICT, Some("duplicate"))
        );
        let list: Value = app.get("/api/fleet/loads").await.json().await.unwrap();
        assert_eq!(list["total"], 0, "no refused load was written");
    }
}

#[tokio::test]
async fn another_fleets_customer_or_facility_is_not_found() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(
            &app,
            "a@loads-a.test",
            "Alpha Loads",
            "3100103",
            no_assets(),
        )
        .await;
        fleet(&app, "b@loads-b.test", "Beta Loads", "3100104", no_assets()).await;
        app.sign_in("a@loads-a.test", "secret1").await;
        let (a_customer, a_shipper, a_receiver) = parties(&app).await;
        let a_load = created(
            &app,
            "/api/fleet/loads",
            load(&a_customer, &a_shipper, &a_receiver),
        )
        .await;

        app.sign_in("b@loads-b.test", "secret1").await;
        let (b_customer, b_shipper, b_receiver) = parties(&app).await;
        for body in [
            load(&a_customer, &b_shipper, &b_receiver),
            load(&b_customer, &a_shipper, &b_receiver),
        ] {
            let (status, _) = error_of(app.post("/api/fleet/loads", body).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }
        let a_id = a_load["id"].as_str().unwrap();
        assert_eq!(
            app.get(&format!("/api/fleet/loads/{a_id}")).await.status(),
            StatusCode::NOT_FOUND
        );
        let res = app
            .post(
                &format!("/api/fleet/loads/{a_id}/cancel"),
                json!({ "reason": "not mine" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let customers: Value = app.get("/api/fleet/customers").await.json().await.unwrap();
        assert_eq!(
            customers["customers"].as_array().unwrap().len(),
            1,
            "only Beta's own"
        );
        let list: Value = app.get("/api/fleet/loads").await.json().await.unwrap();
        assert_eq!(list["total"], 0);
    }
}

#[tokio::test]
async fn fifty_loads_created_at_once_get_fifty_different_pro_numbers() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "ops@pro.test", "Pro Haul", "3100105", no_assets()).await;
        app.sign_in("ops@pro.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let body = load(&customer, &shipper, &receiver);
        let answers = futures_util::future::join_all(
            (0..50).map(|_| app.post("/api/fleet/loads", body.clone())),
        )
        .await;
        let mut pros = HashSet::new();
        for res in answers {
            assert_eq!(res.status(), StatusCode::CREATED);
            let made: Value = res.json().await.unwrap();
            pros.insert(made["pro_number"].as_i64().unwrap());
        }
        assert_eq!(pros.len(), 50, "every PRO number once");
        assert_eq!(
            *pros.iter().max().unwrap() - *pros.iter().min().unwrap(),
            49,
            "no gaps"
        );
    }
}

#[tokio::test]
async fn the_status_moves_only_along_the_lifecycle_and_each_change_is_history() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "ops@life.test", "Life Haul", "3100106", no_assets()).await;
        app.sign_in("ops@life.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let made = created(
            &app,
            "/api/fleet/loads",
            load(&customer, &shipper, &receiver),
        )
        .await;
        let id = made["id"].as_str().unwrap();
        let path = format!("/api/fleet/loads/{id}/status");
        let status = |to: &str| app.post(&path, json!({ "status": to }));
        // Illegal from accepted: every state but planned.
        for to in [
            "dispatched",
            "at_pickup",
            "loaded",
            "in_transit",
            "at_delivery",
            "delivered",
            "invoiced",
            "paid",
            "declined",
            "tendered",
        ] {
            let (code, err) = error_of(status(to).await).await;
            assert_eq!(code, StatusCode::CONFLICT, "accepted → {to}");
            assert_eq!(err["code"], "illegal_transition");
        }
        let (code, err) = error_of(status("teleported").await).await;
        assert_eq!(
            (code, err["fields"]["status"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("Unknown load status.")
            )
        );
        for to in [
            "planned",
            "dispatched",
            "at_pickup",
            "loaded",
            "in_transit",
            "at_delivery",
            "delivered",
        ] {
            assert_eq!(status(to).await.status(), StatusCode::OK, "→ {to}");
        }
        // Delivered: too late to cancel.
        let (code, err) = error_of(
            app.post(
                &format!("/api/fleet/loads/{id}/cancel"),
                json!({ "reason": "oops" }),
            )
            .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);
        assert_eq!(
            err["message"],
            "A load that is delivered can no longer be cancelled."
        );
        let read: Value = app
            .get(&format!("/api/fleet/loads/{id}"))
            .await
            .json()
            .await
            .unwrap();
        let history = read["history"].as_array().unwrap();
        assert_eq!(history.len(), 8);
        assert_eq!(history[7]["from_status"], "at_delivery");
        assert_eq!(history[7]["to_status"], "delivered");

        // A second load, cancelled with its reason (AT7 CA), then nothing moves it.
        let other = created(
            &app,
            "/api/fleet/loads",
            load(&customer, &shipper, &receiver),
        )
        .await;
        let other_id = other["id"].as_str().unwrap();
        let (code, err) = error_of(
            app.post(
                &format!("/api/fleet/loads/{other_id}/cancel"),
                json!({ "reason": "  " }),
            )
            .await,
        )
        .await;
        assert_eq!(
            (code, err["fields"]["reason"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("Say why the load is cancelled.")
            )
        );
        let res = app
            .post(
                &format!("/api/fleet/loads/{other_id}/cancel"),
                json!({ "reason": "Shipper closed" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let cancelled: Value = res.json().await.unwrap();
        assert_eq!(cancelled["status"], "cancelled");
        assert_eq!(cancelled["cancel_reason"], "Shipper closed");
        assert_eq!(cancelled["history"][1]["at7_code"], "CA");
        let res = app
            .post(
                &format!("/api/fleet/loads/{other_id}/status"),
                json!({ "status": "planned" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CONFLICT);
    }
}

#[tokio::test]
async fn two_changes_of_one_load_at_once_make_one_history_entry() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "ops@race.test", "Race Haul", "3100107", no_assets()).await;
        app.sign_in("ops@race.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let made = created(
            &app,
            "/api/fleet/loads",
            load(&customer, &shipper, &receiver),
        )
        .await;
        let id = made["id"].as_str().unwrap();
        let path = format!("/api/fleet/loads/{id}/status");
        let answers = futures_util::future::join_all(
            (0..8).map(|_| app.post(&path, json!({ "status": "planned" }))),
        )
        .await;
        let ok = answers
            .iter()
            .filter(|r| r.status() == StatusCode::OK)
            .count();
        let refused = answers
            .iter()
            .filter(|r| r.status() == StatusCode::CONFLICT)
            .count();
        assert_eq!((ok, refused), (1, 7));
        let read: Value = app
            .get(&format!("/api/fleet/loads/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(read["history"].as_array().unwrap().len(), 2);
    }
}
