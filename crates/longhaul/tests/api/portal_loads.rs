//! Issue 32, the driver's loads in the portal: a driver sees only loads
//! assigned to them (another driver's, another fleet's: 404), accepts or
//! declines a dispatch once (two devices at once give one answer), a
//! stop event's client id sent three times writes once, and a POD
//! delivers the load only when every delivery has one.

use crate::documents::PDF;
use crate::driver_portal::{
    SHARED_PASSWORD, driver_browser, driver_with_truck, fleet_admin, set_portal,
};
use crate::helpers::{Backend, TestApp, backends, error_of};
use crate::loads::{created, parties};
use db::entities::{
    fleet_document, fleet_driver, fleet_notification, fleet_vehicle, load_event, stop_report,
};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use uuid::Uuid;

/// A fleet (admin signed in as `office`), its portal on, a driver with a
/// truck signed in (`phone`), and a load dispatched to them.
struct World {
    office: TestApp,
    fleet_id: Uuid,
    driver: fleet_driver::Model,
    phone: TestApp,
    customer: String,
    shipper: String,
    receiver: String,
}

async fn world(backend: Backend, email: &str, dot: &str) -> World {
    let (office, fleet_id) = fleet_admin(backend, email, dot).await;
    let driver = driver_with_truck(&office, fleet_id).await;
    set_portal(
        &office,
        true,
        "username",
        "system_password",
        Some(SHARED_PASSWORD),
    )
    .await;
    let login = driver.username.clone().unwrap();
    let phone = driver_browser(&office, fleet_id, &login, SHARED_PASSWORD).await;
    let (customer, shipper, receiver) = parties(&office).await;
    World {
        office,
        fleet_id,
        driver,
        phone,
        customer,
        shipper,
        receiver,
    }
}

fn stop(kind: &str, facility: &str, at: &str) -> Value {
    json!({ "kind": kind, "facility_id": facility, "appointment": at })
}

impl World {
    /// A load of `stops`, assigned to the driver (and `second`) and their
    /// truck; dispatched when `dispatch`.
    async fn load(&self, stops: Vec<Value>, second: Option<Uuid>, dispatch: bool) -> String {
        let mut body = crate::loads::load(&self.customer, &self.shipper, &self.receiver);
        body["stops"] = json!(stops);
        body["reefer_temp_f"] = json!(34);
        body["commodity"] = json!("Frozen peas");
        body["pickup_number"] = json!("PU-9");
        let made = created(&self.office, "/api/fleet/loads", body).await;
        let id = made["id"].as_str().unwrap().to_owned();
        let conn = self.office.inspect_db().await;
        let truck = fleet_vehicle::Entity::find()
            .filter(fleet_vehicle::Column::AssignedDriverId.eq(self.driver.id))
            .one(&conn)
            .await
            .unwrap()
            .unwrap();
        let res = self
            .office
            .post(
                &format!("/api/fleet/loads/{id}/assignment"),
                json!({ "driver_id": self.driver.id, "second_driver_id": second,
                        "truck_id": truck.id, "override_reason": "test" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        if dispatch {
            self.dispatch(&id).await;
        }
        id
    }

    async fn simple_load(&self, dispatch: bool) -> String {
        self.load(
            vec![
                stop("pickup", &self.shipper, "2026-03-02T08:00:00"),
                stop("delivery", &self.receiver, "2026-03-03T10:00:00"),
            ],
            None,
            dispatch,
        )
        .await
    }

    async fn dispatch(&self, id: &str) {
        let res = self
            .office
            .post(
                &format!("/api/fleet/loads/{id}/status"),
                json!({ "status": "dispatched" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    }

    async fn office_view(&self, id: &str) -> Value {
        self.office
            .get(&format!("/api/fleet/loads/{id}"))
            .await
            .json()
            .await
            .unwrap()
    }
}

async fn event(
    phone: &TestApp,
    id: &str,
    seq: i32,
    client_id: &str,
    what: &str,
    at: &str,
) -> reqwest::Response {
    phone
        .post(
            &format!("/api/portal/loads/{id}/stops/{seq}/events"),
            json!({ "client_id": client_id, "event": what, "at": at, "lat": 41.88, "lon": -87.63 }),
        )
        .await
}

async fn event_ok(
    phone: &TestApp,
    id: &str,
    seq: i32,
    client_id: &str,
    what: &str,
    at: &str,
) -> Value {
    let res = event(phone, id, seq, client_id, what, at).await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{seq} {what}: {:?}",
        res.text().await
    );
    res.json().await.unwrap()
}

async fn upload(
    phone: &TestApp,
    id: &str,
    seq: i32,
    fields: &[(&str, &str)],
    file: Option<(&str, &[u8])>,
) -> reqwest::Response {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.to_string());
    }
    if let Some((name, bytes)) = file {
        form = form.part(
            "file",
            Part::bytes(bytes.to_vec()).file_name(name.to_owned()),
        );
    }
    phone
        .client
        .post(phone.url(&format!("/api/portal/loads/{id}/stops/{seq}/documents")))
        .header("x-csrf-token", phone.csrf.clone().unwrap_or_default())
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn bell_titles(app: &TestApp, fleet_id: Uuid) -> Vec<String> {
    fleet_notification::Entity::find()
        .filter(fleet_notification::Column::FleetAccountId.eq(fleet_id))
        .filter(fleet_notification::Column::Kind.eq("load"))
        .order_by_asc(fleet_notification::Column::CreatedAt)
        .all(&app.inspect_db().await)
        .await
        .unwrap()
        .into_iter()
        .map(|n| n.title)
        .collect()
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_driver_sees_only_the_loads_assigned_to_them() {
    for backend in backends() {
        let w = world(backend, "office@loads1.test", "3200001").await;
        let dispatched = w.simple_load(true).await;
        let planned = w.simple_load(false).await;

        let res = w.phone.get("/api/portal/loads").await;
        assert_eq!(res.status(), StatusCode::OK);
        let text = res.text().await.unwrap();
        for money in [
            "linehaul",
            "fuel_surcharge",
            "rate_per_mile",
            "tonu",
            "detention",
        ] {
            assert!(!text.contains(money), "no {money} for the driver: {text}");
        }
        let lists: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            ids(&lists["current"]),
            std::slice::from_ref(&dispatched),
            "{lists}"
        );
        assert!(lists["upcoming"].as_array().unwrap().is_empty());
        assert!(lists["past"].as_array().unwrap().is_empty());
        let load = &lists["current"][0];
        assert_eq!(load["status"], "dispatched");
        assert_eq!(load["revenue_cents"], Value::Null);
        assert_eq!(load["can_respond"], true);
        assert_eq!(load["driver_response"], Value::Null);
        assert_eq!(load["commodity"], "Frozen peas");
        assert_eq!(load["reefer_temp_f"], 34);
        assert_eq!(load["pickup_number"], "PU-9");
        assert_eq!(load["bol_number"], "BOL-1");
        assert!(load["truck_number"].is_string(), "{load}");
        assert_eq!(load["stops"][0]["facility"]["name"], "Windy City Foods");
        assert_eq!(load["stops"][0]["time_zone"], "America/Chicago");
        assert_eq!(load["stops"][0]["local_start"], "2026-03-02T08:00:00");
        assert_eq!(load["stops"][0]["next_actions"], json!(["arrived"]));
        assert_eq!(load["stops"][1]["next_actions"], json!([]));

        // The planned load is the office's still.
        let res = w.phone.get(&format!("/api/portal/loads/{planned}")).await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let res = w
            .phone
            .get(&format!("/api/portal/loads/{dispatched}"))
            .await;
        assert_eq!(res.status(), StatusCode::OK);

        // The fleet shows revenue to its drivers once it says so.
        let res = w
            .office
            .put(
                "/api/fleet/settings/portal",
                json!({ "is_enabled": true, "login_method": "username", "auth_type": "system_password",
                        "welcome_message": null, "system_password": null, "show_load_revenue": true }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let settings: Value = w
            .office
            .get("/api/fleet/account")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(settings["portal"]["show_load_revenue"], true, "{settings}");
        let load: Value = w
            .phone
            .get(&format!("/api/portal/loads/{dispatched}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(load["revenue_cents"], 185000 + 25000 + 7500);

        // Another driver of the fleet: not theirs.
        let conn = w.office.inspect_db().await;
        let other = fleet_driver::Entity::find()
            .filter(fleet_driver::Column::FleetAccountId.eq(w.fleet_id))
            .filter(fleet_driver::Column::Id.ne(w.driver.id))
            .filter(fleet_driver::Column::IsActive.eq(true))
            .filter(fleet_driver::Column::Username.is_not_null())
            .one(&conn)
            .await
            .unwrap()
            .unwrap();
        let other_phone = driver_browser(
            &w.office,
            w.fleet_id,
            other.username.as_deref().unwrap(),
            SHARED_PASSWORD,
        )
        .await;
        let lists: Value = other_phone
            .get("/api/portal/loads")
            .await
            .json()
            .await
            .unwrap();
        assert!(lists["current"].as_array().unwrap().is_empty(), "{lists}");
        for res in [
            other_phone
                .get(&format!("/api/portal/loads/{dispatched}"))
                .await,
            other_phone
                .post(&format!("/api/portal/loads/{dispatched}/accept"), json!({}))
                .await,
            event(
                &other_phone,
                &dispatched,
                0,
                "other-0001",
                "arrived",
                "2026-03-02T13:50:00Z",
            )
            .await,
            upload(
                &other_phone,
                &dispatched,
                1,
                &[
                    ("client_id", "other-doc-1"),
                    ("kind", "pod"),
                    ("receiver_name", "Sam"),
                ],
                Some(("pod.pdf", PDF)),
            )
            .await,
        ] {
            assert_eq!(res.status(), StatusCode::NOT_FOUND);
        }

        // A team load: both drivers see it, each naming the other.
        let team = w
            .load(
                vec![
                    stop("pickup", &w.shipper, "2026-03-04T08:00:00"),
                    stop("delivery", &w.receiver, "2026-03-05T10:00:00"),
                ],
                Some(other.id),
                true,
            )
            .await;
        let seen: Value = other_phone
            .get(&format!("/api/portal/loads/{team}"))
            .await
            .json()
            .await
            .unwrap();
        assert!(seen["co_driver_name"].is_string(), "{seen}");

        // Another fleet's driver, on the same server: not found either.
        let second_fleet = crate::fleet_dashboard::fleet(
            &w.office,
            "office@loads1b.test",
            "Other Freight",
            "3200002",
            crate::loads::crew(),
        )
        .await;
        let mut other_office = w.office.another_browser();
        other_office.sign_in("office@loads1b.test", "secret1").await;
        set_portal(
            &other_office,
            true,
            "username",
            "system_password",
            Some(SHARED_PASSWORD),
        )
        .await;
        let stranger = fleet_driver::Entity::find()
            .filter(fleet_driver::Column::FleetAccountId.eq(second_fleet))
            .filter(fleet_driver::Column::Username.is_not_null())
            .one(&conn)
            .await
            .unwrap()
            .unwrap();
        let stranger_phone = driver_browser(
            &other_office,
            second_fleet,
            stranger.username.as_deref().unwrap(),
            SHARED_PASSWORD,
        )
        .await;
        for res in [
            stranger_phone
                .get(&format!("/api/portal/loads/{dispatched}"))
                .await,
            stranger_phone
                .post(&format!("/api/portal/loads/{dispatched}/accept"), json!({}))
                .await,
        ] {
            assert_eq!(res.status(), StatusCode::NOT_FOUND);
        }
        // And the office's load page is the office's: the driver's session is refused.
        let res = w.phone.get(&format!("/api/fleet/loads/{dispatched}")).await;
        assert!(res.status().is_client_error());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accepting_or_declining_a_dispatch_gives_one_answer_even_from_two_devices() {
    for backend in backends() {
        let w = world(backend, "office@loads2.test", "3200003").await;
        let id = w.simple_load(true).await;
        let login = w.driver.username.clone().unwrap();
        let tablet = driver_browser(&w.office, w.fleet_id, &login, SHARED_PASSWORD).await;

        let path = format!("/api/portal/loads/{id}/accept");
        let (a, b) = tokio::join!(
            w.phone.post(&path, json!({})),
            tablet.post(&path, json!({}))
        );
        assert_eq!((a.status(), b.status()), (StatusCode::OK, StatusCode::OK));
        let a: Value = a.json().await.unwrap();
        let b: Value = b.json().await.unwrap();
        assert_eq!(a["driver_response"], "accepted");
        assert_eq!(b["driver_response"], "accepted");
        assert_eq!(a["can_respond"], false);
        // A third time, later: the same state, nothing written.
        assert_eq!(
            w.phone.post(&path, json!({})).await.status(),
            StatusCode::OK
        );
        let conn = w.office.inspect_db().await;
        let answers = load_event::Entity::find()
            .filter(load_event::Column::LoadId.eq(Uuid::parse_str(&id).unwrap()))
            .filter(load_event::Column::Reason.eq("Accepted by the driver."))
            .count(&conn)
            .await
            .unwrap();
        assert_eq!(answers, 1);
        assert_eq!(bell_titles(&w.office, w.fleet_id).await.len(), 1);
        let office = w.office_view(&id).await;
        assert_eq!(office["driver_response"], "accepted");
        assert_eq!(office["status"], "dispatched");
        let mails = w.office.emails_to("office@loads2.test").await;
        assert!(
            mails
                .iter()
                .any(|m| m.subject.contains("accepted load ACM-778")
                    && m.text.contains(&format!("/fleet-dashboard/loads/{id}"))),
            "{:?}",
            mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
        );
        let board: Value = w
            .office
            .get("/api/fleet/dispatch?from=2026-03-01&days=7")
            .await
            .json()
            .await
            .unwrap();
        let card = board["loads"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["id"] == id.as_str())
            .unwrap_or_else(|| panic!("{board}"));
        assert_eq!(card["driver_response"], "accepted");
        // The other answer now: refused.
        let (code, _) = error_of(
            w.phone
                .post(
                    &format!("/api/portal/loads/{id}/decline"),
                    json!({ "reason": "sick" }),
                )
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);

        // Accept and decline at once: one wins, the other is refused.
        let raced = w.simple_load(true).await;
        let (accept, decline) = (
            format!("/api/portal/loads/{raced}/accept"),
            format!("/api/portal/loads/{raced}/decline"),
        );
        let (a, b) = tokio::join!(
            w.phone.post(&accept, json!({})),
            tablet.post(&decline, json!({ "reason": "Truck in the shop" }))
        );
        let mut codes = [a.status(), b.status()];
        codes.sort();
        assert_eq!(codes, [StatusCode::OK, StatusCode::CONFLICT]);

        // A decline needs a reason; it sends the load back to planned, still assigned.
        let declined = w.simple_load(true).await;
        let decline = format!("/api/portal/loads/{declined}/decline");
        for body in [
            json!({}),
            json!({ "reason": "   " }),
            json!({ "reason": "x".repeat(501) }),
        ] {
            let (code, err) = error_of(w.phone.post(&decline, body).await).await;
            assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
            assert!(err["fields"]["reason"].is_string(), "{err}");
        }
        let res = w
            .phone
            .post(
                &decline,
                json!({ "reason": "Hours: I cannot make the pickup" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let seen: Value = res.json().await.unwrap();
        assert_eq!(seen["status"], "planned");
        assert_eq!(seen["driver_response"], "declined");
        assert_eq!(seen["decline_reason"], "Hours: I cannot make the pickup");
        let office = w.office_view(&declined).await;
        assert_eq!(office["status"], "planned");
        assert_eq!(office["driver_id"], w.driver.id.to_string());
        assert_eq!(office["decline_reason"], "Hours: I cannot make the pickup");
        let last = office["history"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        assert_eq!(
            (last["from_status"].as_str(), last["to_status"].as_str()),
            (Some("dispatched"), Some("planned"))
        );
        assert_eq!(
            last["reason"],
            "Declined by the driver: Hours: I cannot make the pickup"
        );
        assert_eq!(last["source"], "driver");
        assert!(
            bell_titles(&w.office, w.fleet_id)
                .await
                .iter()
                .any(|t| t.contains("declined load ACM-778"))
        );
        // The same decline again: the same state. Accepting it now: refused.
        assert_eq!(
            w.phone
                .post(&decline, json!({ "reason": "again" }))
                .await
                .status(),
            StatusCode::OK
        );
        let (code, _) = error_of(
            w.phone
                .post(&format!("/api/portal/loads/{declined}/accept"), json!({}))
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);
        // A new dispatch asks again.
        w.dispatch(&declined).await;
        let seen: Value = w
            .phone
            .get(&format!("/api/portal/loads/{declined}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(seen["driver_response"], Value::Null);
        assert_eq!(seen["can_respond"], true);
        assert_eq!(
            w.office_view(&declined).await["driver_response"],
            Value::Null
        );

        // Under way without an answer: too late to answer.
        let rolling = w.simple_load(true).await;
        event_ok(
            &w.phone,
            &rolling,
            0,
            "roll-0001",
            "arrived",
            "2026-03-02T13:50:00Z",
        )
        .await;
        let (code, _) = error_of(
            w.phone
                .post(&format!("/api/portal/loads/{rolling}/accept"), json!({}))
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_event_sent_three_times_is_recorded_once_and_its_sources_are_shown() {
    for backend in backends() {
        let w = world(backend, "office@loads3.test", "3200004").await;
        let id = w.simple_load(true).await;
        let load_id = Uuid::parse_str(&id).unwrap();

        for (body, field) in [
            (
                json!({ "client_id": "short", "event": "arrived", "at": "2026-03-02T13:50:00Z" }),
                "client_id",
            ),
            (
                json!({ "event": "arrived", "at": "2026-03-02T13:50:00Z" }),
                "client_id",
            ),
            (
                json!({ "client_id": "bad id with spaces", "event": "arrived", "at": "2026-03-02T13:50:00Z" }),
                "client_id",
            ),
            (
                json!({ "client_id": "evt-00001", "event": "teleported", "at": "2026-03-02T13:50:00Z" }),
                "event",
            ),
            (
                json!({ "client_id": "evt-00001", "event": "arrived", "at": "yesterday" }),
                "at",
            ),
            (
                json!({ "client_id": "evt-00001", "event": "arrived", "at": "2099-01-01T00:00:00Z" }),
                "at",
            ),
            (
                json!({ "client_id": "evt-00001", "event": "arrived", "at": "2026-03-02T13:50:00Z", "lat": 41.0 }),
                "lon",
            ),
            (
                json!({ "client_id": "evt-00001", "event": "arrived", "at": "2026-03-02T13:50:00Z", "lat": 141.0, "lon": 1.0 }),
                "lat",
            ),
        ] {
            let res = w
                .phone
                .post(
                    &format!("/api/portal/loads/{id}/stops/0/events"),
                    body.clone(),
                )
                .await;
            let (code, err) = error_of(res).await;
            assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert!(err["fields"][field].is_string(), "{body}: {err}");
        }
        let res = event(
            &w.phone,
            &id,
            7,
            "evt-00001",
            "arrived",
            "2026-03-02T13:50:00Z",
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);

        for _ in 0..3 {
            let seen = event_ok(
                &w.phone,
                &id,
                0,
                "evt-00001",
                "arrived",
                "2026-03-02T13:50:00Z",
            )
            .await;
            assert_eq!(seen["status"], "at_pickup");
            assert_eq!(seen["stops"][0]["next_actions"], json!(["completed"]));
        }
        // Another id for the same tap (a second device): still one report.
        event_ok(
            &w.phone,
            &id,
            0,
            "evt-00002",
            "arrived",
            "2026-03-02T13:51:00Z",
        )
        .await;
        let conn = w.office.inspect_db().await;
        let reports = stop_report::Entity::find()
            .filter(stop_report::Column::LoadId.eq(load_id))
            .all(&conn)
            .await
            .unwrap();
        assert_eq!(reports.len(), 1);
        assert_eq!(reports[0].source, "driver");
        assert_eq!(
            (reports[0].lat, reports[0].lon),
            (Some(41.88), Some(-87.63))
        );
        let rows = load_event::Entity::find()
            .filter(load_event::Column::LoadId.eq(load_id))
            .filter(load_event::Column::StopEvent.eq("arrived"))
            .count(&conn)
            .await
            .unwrap();
        assert_eq!(rows, 1);

        // The office enters the same arrival, earlier: kept beside it.
        let res = w
            .office
            .post(
                &format!("/api/fleet/loads/{id}/stops/0/events"),
                json!({ "event": "arrived", "at": "2026-03-02T07:40:00" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let office = w.office_view(&id).await;
        let arrived = office["history"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["stop_event"] == "arrived")
            .unwrap()
            .clone();
        assert_eq!(arrived["source"], "driver");
        assert_eq!(arrived["stop_seq"], 0);
        assert_eq!(arrived["sources"], json!(["office", "driver"]));
        assert_eq!(
            arrived["at"], "2026-03-02T13:40:00Z",
            "the earlier time wins"
        );

        let seen = event_ok(
            &w.phone,
            &id,
            0,
            "evt-00003",
            "completed",
            "2026-03-02T14:30:00Z",
        )
        .await;
        assert_eq!(seen["status"], "loaded");
        assert_eq!(seen["stops"][0]["completed"], true);
        assert_eq!(seen["stops"][0]["next_actions"], json!(["departed"]));
        let reported: Vec<(&str, &str)> = seen["stops"][0]["reports"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["event"].as_str().unwrap(), r["source"].as_str().unwrap()))
            .collect();
        assert_eq!(
            reported,
            [
                ("arrived", "office"),
                ("arrived", "driver"),
                ("completed", "driver")
            ]
        );
    }
}

/// A pickup in Chicago and deliveries in Atlanta and Chicago.
async fn two_delivery_load(w: &World) -> String {
    w.load(
        vec![
            stop("pickup", &w.shipper, "2026-03-02T08:00:00"),
            stop("delivery", &w.receiver, "2026-03-03T10:00:00"),
            stop("delivery", &w.shipper, "2026-03-04T10:00:00"),
        ],
        None,
        true,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pod_delivers_the_load_only_when_every_delivery_has_one() {
    for backend in backends() {
        let w = world(backend, "office@loads4.test", "3200005").await;
        let id = two_delivery_load(&w).await;
        let load_id = Uuid::parse_str(&id).unwrap();
        let p = &w.phone;
        event_ok(p, &id, 0, "pod-e-001", "arrived", "2026-03-02T13:50:00Z").await;

        // Not on the road at a delivery yet, a POD at a pickup, bad fields.
        let pod = |client: &'static str, receiver: &'static str| {
            vec![
                ("client_id", client),
                ("kind", "pod"),
                ("receiver_name", receiver),
            ]
        };
        let (code, err) =
            error_of(upload(p, &id, 0, &pod("pod-d-000", "Sam"), Some(("pod.pdf", PDF))).await)
                .await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["kind"].is_string(), "{err}");
        for (fields, field) in [
            (
                vec![("client_id", "pod-d-001"), ("kind", "pod")],
                "receiver_name",
            ),
            (
                vec![
                    ("client_id", "x"),
                    ("kind", "pod"),
                    ("receiver_name", "Sam"),
                ],
                "client_id",
            ),
            (vec![("client_id", "pod-d-001"), ("kind", "selfie")], "kind"),
            (
                vec![("client_id", "rcpt-0001"), ("kind", "lumper_receipt")],
                "amount_cents",
            ),
            (
                vec![
                    ("client_id", "rcpt-0001"),
                    ("kind", "lumper_receipt"),
                    ("amount_cents", "-5"),
                ],
                "amount_cents",
            ),
            (
                vec![
                    ("client_id", "rcpt-0001"),
                    ("kind", "scale_receipt"),
                    ("amount_cents", "9999999999999"),
                ],
                "amount_cents",
            ),
        ] {
            let (code, err) =
                error_of(upload(p, &id, 1, &fields, Some(("doc.pdf", PDF))).await).await;
            assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
            assert!(err["fields"][field].is_string(), "{fields:?}: {err}");
        }
        let (code, _) = error_of(upload(p, &id, 1, &pod("pod-d-001", "Sam"), None).await).await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "no file");
        let (code, err) = error_of(
            upload(
                p,
                &id,
                1,
                &pod("pod-d-001", "Sam"),
                Some(("notes.txt", b"just some text\n")),
            )
            .await,
        )
        .await;
        assert_eq!(code, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{err}");
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        let (code, _) =
            error_of(upload(p, &id, 1, &pod("pod-d-001", "Sam"), Some(("p.gif", gif))).await).await;
        assert_eq!(code, StatusCode::UNSUPPORTED_MEDIA_TYPE);

        event_ok(p, &id, 0, "pod-e-012", "completed", "2026-03-02T14:30:00Z").await;
        event_ok(p, &id, 0, "pod-e-002", "departed", "2026-03-02T15:00:00Z").await;
        event_ok(p, &id, 1, "pod-e-003", "arrived", "2026-03-03T14:50:00Z").await;
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0, 1,
        ];
        for round in 0..3 {
            let res = upload(
                p,
                &id,
                1,
                &pod("pod-d-001", "Sam Receiver"),
                Some(("pod.jpg", &jpeg)),
            )
            .await;
            let expected = if round == 0 {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            };
            assert_eq!(
                res.status(),
                expected,
                "round {round}: {:?}",
                res.text().await
            );
            let filed: Value = res.json().await.unwrap();
            assert_eq!(filed["document"]["document_type"], "proof_of_delivery");
            assert_eq!(filed["document"]["receiver_name"], "Sam Receiver");
            assert_eq!(
                filed["load"]["status"], "at_delivery",
                "one of two deliveries"
            );
        }
        let res = upload(
            p,
            &id,
            1,
            &[
                ("client_id", "rcpt-0001"),
                ("kind", "lumper_receipt"),
                ("amount_cents", "7500"),
            ],
            Some(("lumper.pdf", PDF)),
        )
        .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let filed: Value = res.json().await.unwrap();
        assert_eq!(filed["document"]["amount_cents"], 7500);
        assert_eq!(
            filed["load"]["stops"][1]["documents"]
                .as_array()
                .unwrap()
                .len(),
            2
        );

        event_ok(p, &id, 1, "pod-e-004", "departed", "2026-03-03T16:00:00Z").await;
        let seen = event_ok(p, &id, 2, "pod-e-005", "arrived", "2026-03-04T14:50:00Z").await;
        assert_eq!(seen["status"], "at_delivery");
        let res = upload(p, &id, 2, &pod("pod-d-002", "Pat"), Some(("pod2.pdf", PDF))).await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let filed: Value = res.json().await.unwrap();
        assert_eq!(
            filed["load"]["status"], "delivered",
            "every delivery has its POD"
        );
        assert_eq!(
            filed["load"]["stops"][2]["next_actions"],
            json!(["completed", "departed"])
        );
        // A repeat after delivery: the same document, nothing more.
        let res = upload(p, &id, 2, &pod("pod-d-002", "Pat"), Some(("pod2.pdf", PDF))).await;
        assert_eq!(res.status(), StatusCode::OK);

        let conn = w.office.inspect_db().await;
        let documents = fleet_document::Entity::find()
            .filter(fleet_document::Column::LoadId.eq(load_id))
            .all(&conn)
            .await
            .unwrap();
        assert_eq!(documents.len(), 3, "two PODs and a receipt, each once");
        assert!(
            documents
                .iter()
                .all(|d| d.is_shared_with_drivers && d.stop_id.is_some())
        );
        // One stored object per document: the repeats stored nothing.
        use futures_util::TryStreamExt;
        let prefix = object_store::path::Path::from(format!("fleet-documents/{}", w.fleet_id));
        let objects: Vec<_> = w
            .office
            .state
            .files
            .list(Some(&prefix))
            .try_collect()
            .await
            .unwrap();
        let filed: Vec<String> = fleet_document::Entity::find()
            .filter(fleet_document::Column::FleetAccountId.eq(w.fleet_id))
            .all(&conn)
            .await
            .unwrap()
            .into_iter()
            .map(|d| d.file_path)
            .collect();
        let stray: Vec<_> = objects
            .iter()
            .filter(|o| !filed.contains(&o.location.to_string()))
            .collect();
        assert!(stray.is_empty(), "objects no document refers to: {stray:?}");
        let office = w.office_view(&id).await;
        assert_eq!(office["status"], "delivered");
        assert!(
            office["history"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["reason"]
                    == "Proof of delivery received for every delivery (from the driver).")
        );
        let titles = bell_titles(&w.office, w.fleet_id).await;
        assert_eq!(
            titles
                .iter()
                .filter(|t| t.starts_with("POD received for load ACM-778"))
                .count(),
            2,
            "{titles:?}"
        );
        // The load's paper is not every driver's "company" document.
        let shared: Value = p.get("/api/portal/documents").await.json().await.unwrap();
        assert!(
            !shared.to_string().contains("proof_of_delivery"),
            "{shared}"
        );

        // The office's POD on a load at its last delivery delivers it too.
        let office_load = w.simple_load(true).await;
        event_ok(
            p,
            &office_load,
            0,
            "off-e-001",
            "arrived",
            "2026-03-02T13:50:00Z",
        )
        .await;
        event_ok(
            p,
            &office_load,
            0,
            "off-e-012",
            "completed",
            "2026-03-02T14:30:00Z",
        )
        .await;
        event_ok(
            p,
            &office_load,
            0,
            "off-e-002",
            "departed",
            "2026-03-02T15:00:00Z",
        )
        .await;
        event_ok(
            p,
            &office_load,
            1,
            "off-e-003",
            "arrived",
            "2026-03-03T14:50:00Z",
        )
        .await;
        let form = Form::new()
            .text("name", "Signed POD")
            .text("document_type", "proof_of_delivery")
            .part("file", Part::bytes(PDF.to_vec()).file_name("pod.pdf"));
        let res = w
            .office
            .client
            .post(
                w.office
                    .url(&format!("/api/fleet/loads/{office_load}/documents")),
            )
            .header("x-csrf-token", w.office.csrf.clone().unwrap_or_default())
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
        assert_eq!(w.office_view(&office_load).await["status"], "delivered");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_fleets_driver_reads_loads_but_reports_nothing() {
    for backend in backends() {
        let w = world(backend, "office@loads5.test", "3200006").await;
        let id = w.simple_load(true).await;
        crate::truck_board::past_due_since(&w.office, w.fleet_id, "loads_late", 20).await;
        for res in [
            w.phone
                .post(&format!("/api/portal/loads/{id}/accept"), json!({}))
                .await,
            w.phone
                .post(
                    &format!("/api/portal/loads/{id}/decline"),
                    json!({ "reason": "no" }),
                )
                .await,
            event(
                &w.phone,
                &id,
                0,
                "ro-e-0001",
                "arrived",
                "2026-03-02T13:50:00Z",
            )
            .await,
            upload(
                &w.phone,
                &id,
                1,
                &[
                    ("client_id", "ro-d-0001"),
                    ("kind", "pod"),
                    ("receiver_name", "Sam"),
                ],
                Some(("pod.pdf", PDF)),
            )
            .await,
        ] {
            let (code, err) = error_of(res).await;
            assert_eq!(code, StatusCode::FORBIDDEN);
            assert_eq!(err["code"], "read_only");
        }
        assert_eq!(
            w.phone.get("/api/portal/loads").await.status(),
            StatusCode::OK
        );
        assert_eq!(
            w.phone
                .get(&format!("/api/portal/loads/{id}"))
                .await
                .status(),
            StatusCode::OK
        );
    }
}
