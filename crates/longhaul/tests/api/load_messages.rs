//! Issue 32 §4, messages on a load: the office and the load's driver write
//! to each other and each side's unread count moves; another driver of the
//! fleet, and another fleet, find no such thread; a bad message is refused
//! naming the field; a message left unread five minutes is e-mailed to the
//! other side once, however often (or however many at once) the job runs,
//! and a read one is not.

use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, spawn_app};
use crate::loads::{a_load, people_and_trucks};
use chrono::{Duration, Utc};
use db::entities::fleet_driver;
use longhaul::job_registry::run_job;
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use uuid::Uuid;

const SHARED_PASSWORD: &str = "Haul-it-2026";
const OFFICE: &str = "ops@msgs.test";
const DRIVER_EMAIL: &str = "dana@drivers.test";
const JOB: &str = "notify_unread_load_messages";

fn crew() -> Sizes {
    Sizes {
        drivers: 3,
        trucks: 3,
        trailers: 0,
    }
}

struct World {
    office: TestApp,
    load_id: String,
    /// The load's driver, signed in to the portal.
    driver: TestApp,
    driver_name: String,
    /// Another driver of the same fleet, signed in too.
    other_driver: TestApp,
}

async fn portal_browser(app: &TestApp, fleet_id: Uuid, driver_id: Uuid) -> TestApp {
    let conn = app.inspect_db().await;
    let d = fleet_driver::Entity::find_by_id(driver_id)
        .one(&conn)
        .await
        .unwrap()
        .unwrap();
    let mut browser = app.another_browser();
    let res = browser
        .client
        .post(browser.url(&format!("/api/portal/{fleet_id}/sign-in")))
        .json(&json!({ "login": d.username.unwrap(), "password": SHARED_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    let body: Value = res.json().await.unwrap();
    browser.csrf = body["csrf_token"].as_str().map(str::to_owned);
    browser
}

/// A fleet whose admin is signed in (`office`), with a load assigned to its
/// first driver, who has an e-mail and is signed in to the portal.
async fn world(backend: crate::helpers::Backend, dot: &str) -> World {
    let mut office = spawn_app(backend).await;
    let fleet_id = fleet(&office, OFFICE, "Message Haul", dot, crew()).await;
    office.sign_in(OFFICE, "secret1").await;
    let res = office
        .put(
            "/api/fleet/settings/portal",
            json!({ "is_enabled": true, "login_method": "username", "auth_type": "system_password",
                    "welcome_message": "Hi", "system_password": SHARED_PASSWORD }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    let (drivers, trucks) = people_and_trucks(&office, fleet_id).await;
    fleet_driver::Entity::update_many()
        .col_expr(fleet_driver::Column::Email, Expr::value(DRIVER_EMAIL))
        .filter(fleet_driver::Column::Id.eq(drivers[0]))
        .exec(&office.inspect_db().await)
        .await
        .unwrap();
    let load = a_load(&office).await;
    let load_id = load["id"].as_str().unwrap().to_owned();
    let res = office
        .post(
            &format!("/api/fleet/loads/{load_id}/assignment"),
            json!({ "driver_id": drivers[0], "truck_id": trucks[0], "override_reason": "test" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    let driver = portal_browser(&office, fleet_id, drivers[0]).await;
    let other_driver = portal_browser(&office, fleet_id, drivers[1]).await;
    let d = fleet_driver::Entity::find_by_id(drivers[0])
        .one(&office.inspect_db().await)
        .await
        .unwrap()
        .unwrap();
    let driver_name = domain::fleet::driver_display_name(
        d.first_name.as_deref(),
        d.last_name.as_deref(),
        d.username.as_deref(),
    );
    World {
        office,
        load_id,
        driver,
        driver_name,
        other_driver,
    }
}

fn office_thread(id: &str) -> String {
    format!("/api/fleet/loads/{id}/messages")
}

fn portal_thread(id: &str) -> String {
    format!("/api/portal/loads/{id}/messages")
}

async fn json_of(res: reqwest::Response, status: StatusCode) -> Value {
    assert_eq!(res.status(), status, "{:?}", res.text().await);
    if status == StatusCode::NO_CONTENT {
        return Value::Null;
    }
    res.json().await.unwrap()
}

async fn send(app: &TestApp, path: &str, message: &str) -> Value {
    json_of(
        app.post(path, json!({ "message": message })).await,
        StatusCode::CREATED,
    )
    .await
}

#[tokio::test]
async fn the_office_and_the_loads_driver_exchange_messages_and_unread_counts_move() {
    for backend in backends() {
        let w = world(backend, "3300101").await;
        let id = w.load_id.as_str();

        let thread = json_of(w.office.get(&office_thread(id)).await, StatusCode::OK).await;
        assert_eq!(thread["items"], json!([]));
        assert_eq!(thread["unread"], 0);

        // The driver writes: the office has one unread, and a bell entry.
        let sent = send(&w.driver, &portal_thread(id), "  Running 30 min late\n").await;
        assert_eq!(sent["message"], "Running 30 min late");
        assert_eq!(sent["mine"], true);
        assert_eq!(sent["from_office"], false);
        let unread = json_of(
            w.office.get("/api/fleet/load-messages/unread").await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(
            unread,
            json!({ "total": 1, "by_load": [{ "load_id": id, "unread": 1 }] })
        );
        let thread = json_of(w.office.get(&office_thread(id)).await, StatusCode::OK).await;
        assert_eq!(thread["unread"], 1);
        assert_eq!(thread["items"][0]["sender_name"], w.driver_name.as_str());
        assert_eq!(thread["items"][0]["mine"], false);
        assert_eq!(thread["items"][0]["read"], false);
        let bell = json_of(
            w.office.get("/api/fleet/notifications").await,
            StatusCode::OK,
        )
        .await;
        let entry = bell["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["kind"] == "load_message")
            .expect("a bell entry for the message")
            .clone();
        assert_eq!(entry["detail"], "Running 30 min late");
        assert_eq!(entry["link"], format!("/fleet-dashboard/loads/{id}"));
        assert_eq!(entry["read"], false);
        // The inbox keeps to the contact form's messages.
        let inbox = json_of(w.office.get("/api/fleet/inbox").await, StatusCode::OK).await;
        assert_eq!(inbox["unread"], 0);
        assert_eq!(inbox["items"], json!([]));

        // The office answers: the driver has one unread, oldest first.
        let reply = send(&w.office, &office_thread(id), "Thanks, noted.").await;
        assert_eq!(reply["mine"], true);
        assert_eq!(reply["from_office"], true);
        let thread = json_of(w.driver.get(&portal_thread(id)).await, StatusCode::OK).await;
        assert_eq!(thread["unread"], 1);
        let items = thread["items"].as_array().unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0]["message"], "Running 30 min late");
        assert_eq!(items[0]["mine"], true);
        assert_eq!(items[1]["message"], "Thanks, noted.");
        assert_eq!(items[1]["mine"], false);
        let driver_unread = json_of(
            w.driver.get("/api/portal/load-messages/unread").await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(
            driver_unread,
            json!({ "total": 1, "by_load": [{ "load_id": id, "unread": 1 }] })
        );
        // The other driver has nothing unread: not their load.
        let other = json_of(
            w.other_driver.get("/api/portal/load-messages/unread").await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(other, json!({ "total": 0, "by_load": [] }));

        // Each side reads: its count goes to zero, the other's stays.
        json_of(
            w.office
                .post(&format!("{}/read", office_thread(id)), json!({}))
                .await,
            StatusCode::NO_CONTENT,
        )
        .await;
        let unread = json_of(
            w.office.get("/api/fleet/load-messages/unread").await,
            StatusCode::OK,
        )
        .await;
        assert_eq!(unread, json!({ "total": 0, "by_load": [] }));
        let bell = json_of(
            w.office.get("/api/fleet/notifications").await,
            StatusCode::OK,
        )
        .await;
        assert!(
            bell["items"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|n| n["kind"] == "load_message")
                .all(|n| n["read"] == true),
            "the bell's entry is read with the thread"
        );
        let thread = json_of(w.driver.get(&portal_thread(id)).await, StatusCode::OK).await;
        assert_eq!(thread["unread"], 1);
        assert_eq!(thread["items"][0]["read"], true, "the driver sees it read");
        json_of(
            w.driver
                .post(&format!("{}/read", portal_thread(id)), json!({}))
                .await,
            StatusCode::NO_CONTENT,
        )
        .await;
        let thread = json_of(w.driver.get(&portal_thread(id)).await, StatusCode::OK).await;
        assert_eq!(thread["unread"], 0);
    }
}

#[tokio::test]
async fn another_driver_or_another_fleet_finds_no_thread() {
    for backend in backends() {
        let w = world(backend, "3300102").await;
        let id = w.load_id.as_str();
        send(&w.office, &office_thread(id), "For the load's driver").await;

        // Another driver of the same fleet: 404 on every route, nothing written.
        let d = &w.other_driver;
        for res in [
            d.get(&portal_thread(id)).await,
            d.post(&portal_thread(id), json!({ "message": "hi" })).await,
            d.post(&format!("{}/read", portal_thread(id)), json!({}))
                .await,
        ] {
            let (code, _) = error_of(res).await;
            assert_eq!(code, StatusCode::NOT_FOUND);
        }
        let thread = json_of(w.office.get(&office_thread(id)).await, StatusCode::OK).await;
        assert_eq!(thread["items"].as_array().unwrap().len(), 1);
        assert_eq!(thread["items"][0]["read"], false);

        // Another fleet's load: 404 for the office and for the driver.
        let mut other = w.office.another_browser();
        fleet(&other, "ops@other.test", "Other Haul", "3300199", crew()).await;
        other.sign_in("ops@other.test", "secret1").await;
        let foreign = a_load(&other).await;
        let foreign = foreign["id"].as_str().unwrap();
        for res in [
            w.office.get(&office_thread(foreign)).await,
            w.office
                .post(&office_thread(foreign), json!({ "message": "hi" }))
                .await,
            w.office
                .post(&format!("{}/read", office_thread(foreign)), json!({}))
                .await,
            w.driver.get(&portal_thread(foreign)).await,
            w.driver
                .post(&portal_thread(foreign), json!({ "message": "hi" }))
                .await,
            w.office
                .get(&office_thread(&Uuid::new_v4().to_string()))
                .await,
            w.office.get(&office_thread("not-a-load")).await,
        ] {
            let (code, _) = error_of(res).await;
            assert_eq!(code, StatusCode::NOT_FOUND);
        }
        let theirs = json_of(other.get(&office_thread(foreign)).await, StatusCode::OK).await;
        assert_eq!(theirs["items"], json!([]));

        // A fleet admin's session is no driver's, and the reverse.
        let (code, _) = error_of(w.office.get(&portal_thread(id)).await).await;
        assert!(code == StatusCode::UNAUTHORIZED || code == StatusCode::FORBIDDEN);
        let (code, _) = error_of(w.driver.get(&office_thread(id)).await).await;
        assert!(code == StatusCode::UNAUTHORIZED || code == StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn an_empty_huge_or_nul_message_is_refused_naming_the_field() {
    for backend in backends() {
        let w = world(backend, "3300103").await;
        let id = w.load_id.as_str();
        let huge = "a".repeat(2001);
        for (app, path) in [
            (&w.office, office_thread(id)),
            (&w.driver, portal_thread(id)),
        ] {
            for bad in ["", "   \n\t ", huge.as_str(), "a\u{0}b", "\u{1b}[31m"] {
                let (code, body) = error_of(app.post(&path, json!({ "message": bad })).await).await;
                assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}: {body}");
                assert!(body["fields"]["message"].is_string(), "{bad:?}: {body}");
            }
            let (code, body) = error_of(app.post(&path, json!({})).await).await;
            assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        }
        let thread = json_of(w.office.get(&office_thread(id)).await, StatusCode::OK).await;
        assert_eq!(thread["items"], json!([]), "nothing was written");
        // 2,000 characters once trimmed is the most.
        let most = format!("  {}  ", "é".repeat(2000));
        let sent = send(&w.driver, &portal_thread(id), &most).await;
        assert_eq!(sent["message"].as_str().unwrap().chars().count(), 2000);
    }
}

async fn run_notify(app: &TestApp) {
    run_job(&app.state, JOB, json!({}), false)
        .await
        .unwrap_or_else(|e| panic!("{JOB}: {e:?}"));
}

#[tokio::test]
async fn a_message_unread_for_five_minutes_is_emailed_to_the_other_side_once() {
    for backend in backends() {
        let w = world(backend, "3300104").await;
        let id = w.load_id.as_str();
        send(&w.driver, &portal_thread(id), "Dock 4 is <b>closed</b>").await;
        send(&w.office, &office_thread(id), "Use dock 6 & call Rosa").await;
        send(&w.office, &office_thread(id), "Read this one now").await;
        let start = Utc::now();

        // Four minutes on: not yet.
        w.office.state.clock.pin(Some(start + Duration::minutes(4)));
        run_notify(&w.office).await;
        assert!(w.office.emails_to(OFFICE).await.is_empty());
        assert!(w.office.emails_to(DRIVER_EMAIL).await.is_empty());

        // The driver reads the office's messages in time: they send nothing.
        json_of(
            w.driver
                .post(&format!("{}/read", portal_thread(id)), json!({}))
                .await,
            StatusCode::NO_CONTENT,
        )
        .await;

        // Six minutes on: the driver's message goes to the office, once.
        w.office.state.clock.pin(Some(start + Duration::minutes(6)));
        run_notify(&w.office).await;
        run_notify(&w.office).await;
        let to_office = w.office.emails_to(OFFICE).await;
        assert_eq!(to_office.len(), 1, "one e-mail to the office");
        let mail = &to_office[0];
        assert!(mail.subject.contains(&w.driver_name), "{}", mail.subject);
        assert!(
            mail.text.contains("Dock 4 is <b>closed</b>"),
            "{}",
            mail.text
        );
        assert!(!mail.html.contains("<b>closed"), "{}", mail.html);
        assert!(mail.html.contains("&lt;b&gt;closed"), "{}", mail.html);
        assert!(mail.text.contains(&format!("/fleet-dashboard/loads/{id}")));
        assert!(
            w.office.emails_to(DRIVER_EMAIL).await.is_empty(),
            "read messages send nothing"
        );

        // Two new messages, and two runs at once: one e-mail each.
        w.office.state.clock.pin(None);
        send(&w.office, &office_thread(id), "Detention starts at 10").await;
        send(&w.driver, &portal_thread(id), "Checked in").await;
        w.office
            .state
            .clock
            .pin(Some(Utc::now() + Duration::minutes(6)));
        let (a, b) = tokio::join!(
            run_job(&w.office.state, JOB, json!({}), false),
            run_job(&w.office.state, JOB, json!({}), false)
        );
        a.unwrap_or_else(|e| panic!("{e:?}"));
        b.unwrap_or_else(|e| panic!("{e:?}"));
        run_notify(&w.office).await;
        let to_driver = w.office.emails_to(DRIVER_EMAIL).await;
        assert_eq!(to_driver.len(), 1, "one e-mail to the driver");
        assert!(to_driver[0].text.contains("Detention starts at 10"));
        assert!(
            to_driver[0].subject.contains("Message Haul"),
            "{}",
            to_driver[0].subject
        );
        let to_office = w.office.emails_to(OFFICE).await;
        assert_eq!(to_office.len(), 2, "one more e-mail to the office");
        assert!(to_office[1].text.contains("Checked in"));
        assert_eq!(
            w.office.mailer.sent().len(),
            3,
            "nobody else was written to"
        );
        w.office.state.clock.pin(None);
    }
}
