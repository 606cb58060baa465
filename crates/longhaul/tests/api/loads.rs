//! Issue 31, loads: customers and facilities of a fleet, a load created
//! with its stops in their facilities' zones, every validation naming its
//! field, another fleet's records not found, PRO numbers unique under
//! concurrent creation, and the status lifecycle with its history.

use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, spawn_app};
use db::entities::{fleet_driver, fleet_vehicle};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use std::collections::HashSet;
use uuid::Uuid;

pub(crate) fn no_assets() -> Sizes {
    Sizes {
        drivers: 0,
        trucks: 0,
        trailers: 0,
    }
}

pub(crate) async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let res = app.post(path, body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json().await.unwrap()
}

/// A broker, a Chicago shipper and an Atlanta receiver of the signed-in fleet.
pub(crate) async fn parties(app: &TestApp) -> (String, String, String) {
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

/// One load of `load`'s shape, with customer and facilities made for it.
pub(crate) async fn a_load(app: &TestApp) -> Value {
    let (customer, shipper, receiver) = parties(app).await;
    created(
        app,
        "/api/fleet/loads",
        load(&customer, &shipper, &receiver),
    )
    .await
}

pub(crate) fn crew() -> Sizes {
    Sizes {
        drivers: 2,
        trucks: 5,
        trailers: 0,
    }
}

/// The fleet's active drivers and its trucks in service, in id order.
pub(crate) async fn people_and_trucks(app: &TestApp, fleet_id: Uuid) -> (Vec<Uuid>, Vec<Uuid>) {
    let db = app.inspect_db().await;
    let drivers = fleet_driver::Entity::find()
        .filter(fleet_driver::Column::FleetAccountId.eq(fleet_id))
        .filter(fleet_driver::Column::IsActive.eq(true))
        .order_by_asc(fleet_driver::Column::Id)
        .all(&db)
        .await
        .unwrap();
    let trucks = fleet_vehicle::Entity::find()
        .filter(fleet_vehicle::Column::FleetAccountId.eq(fleet_id))
        .filter(fleet_vehicle::Column::IsActive.eq(true))
        .filter(fleet_vehicle::Column::ListTab.ne("decommissioned"))
        .order_by_asc(fleet_vehicle::Column::Id)
        .all(&db)
        .await
        .unwrap();
    (
        drivers.into_iter().map(|d| d.id).collect(),
        trucks.into_iter().map(|t| t.id).collect(),
    )
}

/// Plans the load with the fleet's first driver and truck in service (an
/// override, whatever their papers say): what dispatch needs to start.
pub(crate) async fn plan(app: &TestApp, fleet_id: Uuid, id: &str) {
    let (drivers, trucks) = people_and_trucks(app, fleet_id).await;
    let res = app
        .post(
            &format!("/api/fleet/loads/{id}/assignment"),
            json!({ "driver_id": drivers[0], "truck_id": trucks[0], "override_reason": "test" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
}

pub(crate) fn load(customer: &str, pickup: &str, delivery: &str) -> Value {
    json!({
        "customer_id": customer,
        "load_number": "ACM-778",
        "bol_number": "BOL-1",
        "equipment_type": "van",
        "length_ft": 53,
        "weight_lbs": 42000,
        "rate_method": "flat",
        "linehaul_cents": 185000,
        "fuel_surcharge_cents": 25000,
        "detention_free_minutes": 120,
        "detention_rate_cents": 5000,
        // Every protective term stated: no missing-terms Warn (rate_con.rs).
        "tonu_cents": 15000,
        "lumper_terms": "Reimbursed with receipt",
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
        let made = a_load(&app).await;
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
            // A year typed wrong: the delivery a year after the pickup.
            (
                with(
                    "/stops/1",
                    json!({ "kind": "delivery", "facility_id": receiver, "appointment": "2027-03-03T09:00:00" }),
                ),
                "stops.1.appointment",
                "A load runs at most 31 days from its first pickup to its last delivery.",
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
        let fleet_id = fleet(&app, "ops@life.test", "Life Haul", "3100106", crew()).await;
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
        let (code, err) = error_of(status("planned").await).await;
        assert_eq!(code, StatusCode::CONFLICT);
        assert_eq!(
            err["message"],
            "Assign a driver and a truck to plan the load."
        );
        plan(&app, fleet_id, id).await;
        for to in [
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
        let made = a_load(&app).await;
        let id = made["id"].as_str().unwrap();
        let path = format!("/api/fleet/loads/{id}/cancel");
        let answers = futures_util::future::join_all(
            (0..8).map(|_| app.post(&path, json!({ "reason": "Shipper closed" }))),
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

mod assignment {
    use super::*;
    use chrono::{Duration, Utc};

    async fn qualify(app: &TestApp, driver: Uuid, kind: &str, days: i64) -> Value {
        // "Expired" is judged on the fleet's day (decision 043): pinned to
        // one that is the UTC day the dates here count from.
        app.state
            .clock
            .pin(Some(crate::compliance::us_midday(Utc::now().date_naive())));
        let expires = (Utc::now() + Duration::days(days)).date_naive();
        let res = app
            .put(
                &format!("/api/fleet/drivers/{driver}/qualifications/{kind}"),
                json!({ "expires_on": expires }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        res.json().await.unwrap()
    }

    /// A load picked up in `days` days and delivered the day after.
    async fn future_load(app: &TestApp, parties: &(String, String, String), days: i64) -> String {
        let (customer, shipper, receiver) = parties;
        let at = |d: i64| {
            (Utc::now() + Duration::days(d))
                .date_naive()
                .and_hms_opt(10, 0, 0)
                .unwrap()
                .format("%Y-%m-%dT%H:%M:%S")
                .to_string()
        };
        let mut body = load(customer, shipper, receiver);
        body["stops"] = json!([
            { "kind": "pickup", "facility_id": shipper, "appointment": at(days) },
            { "kind": "delivery", "facility_id": receiver, "appointment": at(days + 1) }
        ]);
        let made = created(app, "/api/fleet/loads", body).await;
        made["id"].as_str().unwrap().to_owned()
    }

    #[tokio::test]
    async fn an_expired_medical_card_blocks_until_overridden_with_a_reason() {
        for backend in backends() {
            let mut app = spawn_app(backend).await;
            let fleet_id = fleet(&app, "ops@assign.test", "Assign Haul", "3100108", crew()).await;
            app.sign_in("ops@assign.test", "secret1").await;
            let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
            let (expired, fit) = (drivers[0], drivers[1]);
            for driver in [expired, fit] {
                qualify(&app, driver, "cdl", 365).await;
            }
            let medical = qualify(&app, expired, "medical", -1).await;
            qualify(&app, fit, "medical", 365).await;
            let parties = parties(&app).await;
            let id = future_load(&app, &parties, 3).await;
            let pick = |driver: Uuid| json!({ "driver_id": driver, "truck_id": trucks[0] });

            let preview: Value = app
                .post(&format!("/api/fleet/loads/{id}/eligibility"), pick(expired))
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(preview["blocked"], true);
            assert_eq!(preview["findings"][0]["code"], "medical_card_expired");
            assert_eq!(preview["findings"][0]["cause_kind"], "qualification");
            let row = db::entities::driver_qualification::Entity::find()
                .filter(db::entities::driver_qualification::Column::DriverId.eq(expired))
                .filter(db::entities::driver_qualification::Column::Kind.eq("medical"))
                .one(&app.inspect_db().await)
                .await
                .unwrap()
                .unwrap();
            assert_eq!(preview["findings"][0]["cause_id"], json!(row.id));
            assert_eq!(preview["findings"][0]["date"], medical["expires_on"]);
            assert_eq!(
                preview["findings"][0]["message"],
                "The driver's medical card has expired."
            );

            let path = format!("/api/fleet/loads/{id}/assignment");
            let (status, err) = error_of(app.post(&path, pick(expired)).await).await;
            assert_eq!(status, StatusCode::CONFLICT);
            assert_eq!(err["code"], "assignment_blocked");
            let unchanged: Value = app
                .get(&format!("/api/fleet/loads/{id}"))
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(unchanged["status"], "accepted");
            assert_eq!(unchanged["driver_id"], Value::Null);

            let mut overridden = pick(expired);
            overridden["override_reason"] = json!("Renewed card seen in person; upload pending");
            let res = app.post(&path, overridden).await;
            assert_eq!(res.status(), StatusCode::OK);
            let done: Value = res.json().await.unwrap();
            assert_eq!(done["load"]["status"], "planned");
            assert_eq!(done["load"]["driver_id"], json!(expired));
            let last = done["load"]["history"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .clone();
            assert_eq!(
                last["reason"],
                "Renewed card seen in person; upload pending"
            );

            // An eligible driver needs no reason, and no reason is recorded.
            let res = app.post(&path, pick(fit)).await;
            assert_eq!(res.status(), StatusCode::OK);
            let done: Value = res.json().await.unwrap();
            // Nothing but the note that the fleet has no ELD clocks (no ELD here).
            assert!(
                done["findings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|f| f["code"] == "hos_no_data" && f["severity"] == "info"),
                "{done}"
            );
            let last = done["load"]["history"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .clone();
            assert_eq!(last["reason"], Value::Null);

            // Another fleet's driver is not found.
            let res = app
                .post(
                    &path,
                    json!({ "driver_id": Uuid::new_v4(), "truck_id": trucks[0] }),
                )
                .await;
            assert_eq!(res.status(), StatusCode::NOT_FOUND);
        }
    }

    #[tokio::test]
    async fn two_dispatchers_booking_one_driver_on_overlapping_loads_at_once_one_gets_the_block() {
        for backend in backends() {
            let mut app = spawn_app(backend).await;
            let fleet_id = fleet(&app, "ops@overlap.test", "Overlap Haul", "3100109", crew()).await;
            app.sign_in("ops@overlap.test", "secret1").await;
            let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
            qualify(&app, drivers[0], "cdl", 365).await;
            qualify(&app, drivers[0], "medical", 365).await;
            let parties = parties(&app).await;
            let first = future_load(&app, &parties, 4).await;
            let second = future_load(&app, &parties, 4).await;
            let later = future_load(&app, &parties, 10).await;
            let paths = [&first, &second].map(|id| format!("/api/fleet/loads/{id}/assignment"));
            let answers =
                futures_util::future::join_all(paths.iter().zip(&trucks).map(|(path, truck)| {
                    app.post(path, json!({ "driver_id": drivers[0], "truck_id": truck }))
                }))
                .await;
            let codes: Vec<StatusCode> = answers.iter().map(|r| r.status()).collect();
            assert!(
                codes.contains(&StatusCode::OK) && codes.contains(&StatusCode::CONFLICT),
                "{codes:?}"
            );
            // The same driver on a load a week later is fine.
            let res = app
                .post(
                    &format!("/api/fleet/loads/{later}/assignment"),
                    json!({ "driver_id": drivers[0], "truck_id": trucks[0] }),
                )
                .await;
            assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
            let planned: Value = app
                .get("/api/fleet/loads?status=planned")
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(planned["total"], 2);
        }
    }
}

#[tokio::test]
async fn stop_events_move_the_load_with_their_edi_codes_and_propose_detention() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@stops.test", "Stops Haul", "3100110", crew()).await;
        app.sign_in("ops@stops.test", "secret1").await;
        let made = a_load(&app).await;
        let id = made["id"].as_str().unwrap();
        let app = &app;
        let event = |seq: i32, event: &str, at: &str| {
            let path = format!("/api/fleet/loads/{id}/stops/{seq}/events");
            let body = json!({ "event": event, "at": at });
            async move { app.post(&path, body).await }
        };
        let (code, err) = error_of(event(0, "arrived", "2026-03-02T07:50:00").await).await;
        assert_eq!(code, StatusCode::CONFLICT, "not dispatched yet");
        assert_eq!(
            err["message"],
            "A load that is accepted is not on the road yet."
        );
        plan(app, fleet_id, id).await;
        let res = app
            .post(
                &format!("/api/fleet/loads/{id}/status"),
                json!({ "status": "dispatched" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let (code, err) = error_of(event(0, "departed", "2026-03-02T09:00:00").await).await;
        assert_eq!(
            (code, err["message"].as_str()),
            (StatusCode::CONFLICT, Some("Enter the arrival first."))
        );
        let (code, err) = error_of(event(1, "arrived", "2026-03-03T10:00:00").await).await;
        assert_eq!(code, StatusCode::CONFLICT);
        assert_eq!(
            err["message"],
            "Stops are served in order: finish stop 1 first."
        );
        let (code, err) = error_of(event(0, "teleported", "2026-03-02T09:00:00").await).await;
        assert_eq!(
            (code, err["fields"]["event"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("A stop event is arrived, completed or departed.")
            )
        );
        let (code, err) = error_of(event(0, "arrived", "2099-01-01T09:00:00").await).await;
        assert_eq!(
            (code, err["fields"]["at"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("This time is in the future.")
            )
        );
        assert_eq!(
            event(7, "arrived", "2026-03-02T09:00:00").await.status(),
            StatusCode::UNPROCESSABLE_ENTITY
        );

        let mut last = Value::Null;
        for (seq, what, at, status) in [
            (0, "arrived", "2026-03-02T07:50:00", "at_pickup"),
            (0, "completed", "2026-03-02T08:40:00", "loaded"),
            (0, "departed", "2026-03-02T09:00:00", "in_transit"),
            (1, "arrived", "2026-03-03T10:00:00", "at_delivery"),
            (1, "completed", "2026-03-03T13:00:00", "at_delivery"),
        ] {
            let res = event(seq, what, at).await;
            assert_eq!(
                res.status(),
                StatusCode::OK,
                "{seq} {what}: {:?}",
                res.text().await
            );
            last = res.json().await.unwrap();
            assert_eq!(last["status"], status, "{seq} {what}");
        }
        let (code, err) = error_of(event(1, "departed", "2026-03-03T09:00:00").await).await;
        assert_eq!(
            (code, err["fields"]["at"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("The departure is before the arrival.")
            )
        );
        assert_eq!(
            last["accessorials"].as_array().unwrap().len(),
            1,
            "only the lumper so far"
        );

        // 10:00 → 14:30 in New York: 4 h 30 min, 2 h free, $50/h → 2 h 30 min billed.
        let res = event(1, "departed", "2026-03-03T14:30:00").await;
        assert_eq!(res.status(), StatusCode::OK);
        let done: Value = res.json().await.unwrap();
        assert_eq!(done["status"], "delivered");
        assert_eq!(done["stops"][1]["arrived_at"], "2026-03-03T15:00:00Z");
        assert_eq!(done["stops"][1]["departed_at"], "2026-03-03T19:30:00Z");
        let detention = done["accessorials"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["kind"] == "detention")
            .expect("detention proposed")
            .clone();
        assert_eq!(detention["amount_cents"], 12500);
        assert_eq!(
            detention["note"],
            "Detention at stop 2: 150 min past the free time (proposed)"
        );
        assert_eq!(done["revenue_cents"], 217500 + 12500);
        let codes: Vec<&str> = done["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e["at7_code"].as_str())
            .collect();
        assert_eq!(codes, ["X3", "CP", "AF", "X1", "D1", "CD"]);
        // Listed as written, though the stop events were entered on March 2
        // and 3, before the load was created and dispatched: "Created" first.
        let changes: Vec<(Option<&str>, &str)> = done["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["from_status"].as_str(), e["to_status"].as_str().unwrap()))
            .collect();
        assert_eq!(
            changes,
            [
                (None, "accepted"),
                (Some("accepted"), "planned"),
                (Some("planned"), "dispatched"),
                (Some("dispatched"), "at_pickup"),
                (Some("at_pickup"), "loaded"),
                (Some("loaded"), "in_transit"),
                (Some("in_transit"), "at_delivery"),
                (Some("at_delivery"), "at_delivery"),
                (Some("at_delivery"), "delivered"),
            ]
        );
        let (code, _) = error_of(event(1, "arrived", "2026-03-03T15:00:00").await).await;
        assert_eq!(
            code,
            StatusCode::CONFLICT,
            "a delivered load takes no more events"
        );
    }
}

#[tokio::test]
async fn the_demo_fleet_has_a_week_of_loads_in_every_status() {
    use longhaul::seed::{DEMO_EMAIL, DEMO_PASSWORD, seed_demo};
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        assert!(seed_demo(&app.state).await.unwrap());
        app.sign_in(DEMO_EMAIL, DEMO_PASSWORD).await;
        let all: Value = app
            .get("/api/fleet/loads?per_page=100")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(all["total"], 40);
        for status in [
            "accepted",
            "planned",
            "dispatched",
            "at_pickup",
            "loaded",
            "in_transit",
            "at_delivery",
            "delivered",
            "invoiced",
            "paid",
            "cancelled",
        ] {
            let page: Value = app
                .get(&format!("/api/fleet/loads?status={status}"))
                .await
                .json()
                .await
                .unwrap();
            assert!(page["total"].as_u64().unwrap() > 0, "no {status} load");
        }
        let id = all["loads"][0]["id"].as_str().unwrap();
        let one: Value = app
            .get(&format!("/api/fleet/loads/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(one["stops"].as_array().unwrap().len(), 2);
        let customers: Value = app.get("/api/fleet/customers").await.json().await.unwrap();
        let facilities: Value = app.get("/api/fleet/facilities").await.json().await.unwrap();
        let body = load(
            customers["customers"][0]["id"].as_str().unwrap(),
            facilities["facilities"][0]["id"].as_str().unwrap(),
            facilities["facilities"][1]["id"].as_str().unwrap(),
        );
        let made = created(&app, "/api/fleet/loads", body).await;
        assert_eq!(
            made["pro_number"], 1041,
            "the counter goes on after the seeded loads"
        );
    }
}

#[tokio::test]
async fn a_facility_keeps_its_arrival_radius_within_bounds() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(
            &app,
            "ops@radius.test",
            "Radius Haul",
            "3100109",
            no_assets(),
        )
        .await;
        app.sign_in("ops@radius.test", "secret1").await;
        let place = |name: &str, radius: Value| {
            json!({ "name": name, "address": "1 Dock St", "city": "Chicago", "state": "IL",
                    "time_zone": "America/Chicago", "arrival_radius_miles": radius })
        };
        let campus = created(
            &app,
            "/api/fleet/facilities",
            place("Big Campus", json!(1.5)),
        )
        .await;
        assert_eq!(campus["arrival_radius_miles"], 1.5);
        let dock = created(
            &app,
            "/api/fleet/facilities",
            place("Small Dock", Value::Null),
        )
        .await;
        assert_eq!(dock["arrival_radius_miles"], 0.5, "the default geofence");
        for bad in [json!(0), json!(0.05), json!(5.5), json!(-1)] {
            let (code, err) = error_of(
                app.post("/api/fleet/facilities", place("Nowhere", bad.clone()))
                    .await,
            )
            .await;
            assert_eq!(
                (code, err["fields"]["arrival_radius_miles"].as_str()),
                (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    Some("The arrival radius is 0.1 to 5 miles.")
                ),
                "{bad}"
            );
        }
        let (code, _) = error_of(
            app.post("/api/fleet/facilities", place("Text", json!("wide")))
                .await,
        )
        .await;
        assert!(code.is_client_error(), "{code}");
        let list: Value = app.get("/api/fleet/facilities").await.json().await.unwrap();
        assert_eq!(
            list["facilities"].as_array().unwrap().len(),
            2,
            "nothing half-made"
        );
    }
}
