//! Issue 31, load CRUD: editing a load. The edit re-checks everything the
//! create checks (naming the field), rewrites what the list searches,
//! keeps the load's PRO number, status and assignment, refuses a load under
//! way or cancelled, refuses a stale version (of two edits made at once
//! from one version exactly one is written), records history and the audit
//! log, sends a dispatched load's drivers the sheet again, and refuses new
//! times that put the crew on two loads at once.

use crate::fleet_dashboard::fleet;
use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, backends, error_of, spawn_app};
use crate::loads::{created, crew, load, no_assets, parties, people_and_trucks, plan};
use chrono::{Duration, Utc};
use db::entities::fleet_driver;
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use uuid::Uuid;

/// The edit body of `load`: what created it, with the version it was read at.
fn edit_of(body: &Value, version: &Value) -> Value {
    let mut body = body.clone();
    body["updated_at"] = version.clone();
    body
}

async fn put(app: &TestApp, id: &str, body: Value) -> reqwest::Response {
    app.put(&format!("/api/fleet/loads/{id}"), body).await
}

async fn read(app: &TestApp, id: &str) -> Value {
    let res = app.get(&format!("/api/fleet/loads/{id}")).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

async fn search(app: &TestApp, q: &str) -> Vec<String> {
    let list: Value = app
        .get(&format!("/api/fleet/loads?q={q}"))
        .await
        .json()
        .await
        .unwrap();
    list["loads"]
        .as_array()
        .unwrap_or_else(|| panic!("{list}"))
        .iter()
        .map(|l| l["load_number"].as_str().unwrap().to_owned())
        .collect()
}

/// `days` from now at 10:00, on the facility's clock.
fn day(days: i64) -> String {
    (Utc::now() + Duration::days(days))
        .date_naive()
        .and_hms_opt(10, 0, 0)
        .unwrap()
        .format("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

/// A load picked up in `days` days and delivered the day after.
fn future(customer: &str, shipper: &str, receiver: &str, days: i64) -> Value {
    let mut body = load(customer, shipper, receiver);
    body["stops"] = json!([
        { "kind": "pickup", "facility_id": shipper, "appointment": day(days) },
        { "kind": "delivery", "facility_id": receiver, "appointment": day(days + 1) }
    ]);
    body
}

#[tokio::test]
async fn an_edit_rewrites_the_load_and_what_the_list_finds_and_keeps_its_identity() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "ops@edit.test", "Edit Haul", "3100401", no_assets()).await;
        app.sign_in("ops@edit.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let body = load(&customer, &shipper, &receiver);
        let made = created(&app, "/api/fleet/loads", body.clone()).await;
        let id = made["id"].as_str().unwrap();
        assert_eq!(search(&app, "acm-778").await, ["ACM-778"]);

        let mut edited = edit_of(&body, &made["updated_at"]);
        edited["load_number"] = json!("ZED-901");
        edited["linehaul_cents"] = json!(200000);
        edited["stops"][1]["window_end"] = json!("2026-03-03T16:00:00");
        edited["accessorials"] = json!([{ "kind": "tarp", "amount_cents": 5000 }]);
        let res = put(&app, id, edited).await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let view: Value = res.json().await.unwrap();
        assert_eq!(view["id"], made["id"]);
        assert_eq!(view["pro_number"], made["pro_number"]);
        assert_eq!(view["status"], "accepted");
        assert_eq!(view["load_number"], "ZED-901");
        assert_eq!(view["linehaul_cents"], 200000);
        assert_eq!(view["revenue_cents"], 200000 + 25000 + 5000);
        assert_eq!(view["stops"].as_array().unwrap().len(), 2);
        assert_eq!(view["stops"][1]["local_end"], "2026-03-03T16:00:00");
        assert_eq!(view["accessorials"].as_array().unwrap().len(), 1);
        assert_eq!(view["accessorials"][0]["kind"], "tarp");
        assert_ne!(view["updated_at"], made["updated_at"]);

        // The load page reads the same.
        let page = read(&app, id).await;
        assert_eq!(page["load_number"], "ZED-901");
        assert_eq!(page["updated_at"], view["updated_at"]);
        // The list finds it by its new number and not by its old one.
        assert_eq!(search(&app, "zed-901").await, ["ZED-901"]);
        assert!(search(&app, "acm-778").await.is_empty());
    }
}

#[tokio::test]
async fn a_bad_edit_is_refused_naming_the_field_and_changes_nothing() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(&app, "a@edit-bad.test", "Bad Edits", "3100402", no_assets()).await;
        fleet(
            &app,
            "b@edit-other.test",
            "Other Edits",
            "3100403",
            no_assets(),
        )
        .await;
        app.sign_in("b@edit-other.test", "secret1").await;
        let (b_customer, b_shipper, _) = parties(&app).await;
        let b_load = created(
            &app,
            "/api/fleet/loads",
            load(&b_customer, &b_shipper, &b_shipper),
        )
        .await;

        app.sign_in("a@edit-bad.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let body = load(&customer, &shipper, &receiver);
        let made = created(&app, "/api/fleet/loads", body.clone()).await;
        let id = made["id"].as_str().unwrap();
        let base = edit_of(&body, &made["updated_at"]);

        let mut before_pickup = base.clone();
        before_pickup["stops"][1] = json!({ "kind": "delivery", "facility_id": receiver, "appointment": "2026-03-01T08:00:00" });
        let mut negative = base.clone();
        negative["fuel_surcharge_cents"] = json!(-1);
        let mut blank = base.clone();
        blank["load_number"] = json!("  ");
        for (body, field, message) in [
            (
                before_pickup,
                "stops.1.appointment",
                "This stop is earlier than the stop before it.",
            ),
            (
                negative,
                "fuel_surcharge_cents",
                "An amount cannot be negative.",
            ),
            (blank, "load_number", "Enter the customer's load number."),
        ] {
            let (status, err) = error_of(put(&app, id, body).await).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}: {err}");
            assert_eq!(err["fields"][field], message, "{err}");
        }

        // Another fleet's facility, customer or load is not found.
        let mut foreign_facility = base.clone();
        foreign_facility["stops"][0]["facility_id"] = json!(b_shipper);
        let mut foreign_customer = base.clone();
        foreign_customer["customer_id"] = json!(b_customer);
        for body in [foreign_facility, foreign_customer] {
            let (status, _) = error_of(put(&app, id, body).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
        }
        let b_id = b_load["id"].as_str().unwrap();
        let (status, _) = error_of(put(&app, b_id, base.clone()).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        let page = read(&app, id).await;
        assert_eq!(page["updated_at"], made["updated_at"], "nothing written");
        assert_eq!(page["history"].as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn a_load_under_way_or_cancelled_cannot_be_edited() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@edit-409.test", "Late Edits", "3100404", crew()).await;
        app.sign_in("ops@edit-409.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let body = load(&customer, &shipper, &receiver);

        // Under way: dispatched, then arrived at the pickup.
        let made = created(&app, "/api/fleet/loads", body.clone()).await;
        let id = made["id"].as_str().unwrap();
        plan(&app, fleet_id, id).await;
        let res = app
            .post(
                &format!("/api/fleet/loads/{id}/status"),
                json!({ "status": "dispatched" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let res = app
            .post(
                &format!("/api/fleet/loads/{id}/stops/0/events"),
                json!({ "event": "arrived", "at": "2026-03-02T07:50:00" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let version = read(&app, id).await["updated_at"].clone();
        let (status, err) = error_of(put(&app, id, edit_of(&body, &version)).await).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(err["code"], "not_editable");
        assert_eq!(
            err["message"],
            "This load can no longer be edited: it is at pickup."
        );

        // Cancelled.
        let other = created(&app, "/api/fleet/loads", body.clone()).await;
        let other_id = other["id"].as_str().unwrap();
        let res = app
            .post(
                &format!("/api/fleet/loads/{other_id}/cancel"),
                json!({ "reason": "Shipper closed" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let version = read(&app, other_id).await["updated_at"].clone();
        let (status, err) = error_of(put(&app, other_id, edit_of(&body, &version)).await).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            err["message"],
            "This load can no longer be edited: it is cancelled."
        );
    }
}

#[tokio::test]
async fn a_stale_version_is_refused_and_of_two_edits_at_once_one_is_written() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(
            &app,
            "ops@edit-race.test",
            "Race Edits",
            "3100405",
            no_assets(),
        )
        .await;
        app.sign_in("ops@edit-race.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let body = load(&customer, &shipper, &receiver);
        let made = created(&app, "/api/fleet/loads", body.clone()).await;
        let id = made["id"].as_str().unwrap();

        // Two edits at once from the same version: one 200, one 409.
        let edits: Vec<Value> = ["RACE-1", "RACE-2"]
            .iter()
            .map(|n| {
                let mut e = edit_of(&body, &made["updated_at"]);
                e["load_number"] = json!(n);
                e
            })
            .collect();
        let answers =
            futures_util::future::join_all(edits.iter().map(|e| put(&app, id, e.clone()))).await;
        let mut codes: Vec<StatusCode> = answers.iter().map(|r| r.status()).collect();
        codes.sort();
        assert_eq!(codes, [StatusCode::OK, StatusCode::CONFLICT]);
        let mut winner = None;
        for (res, edit) in answers.into_iter().zip(&edits) {
            let status = res.status();
            let answer: Value = res.json().await.unwrap();
            if status == StatusCode::OK {
                winner = Some(edit["load_number"].clone());
            } else {
                assert_eq!(answer["error"]["code"], "stale");
                assert_eq!(
                    answer["error"]["message"],
                    "This load was changed by someone else. Reload it to see their changes."
                );
            }
        }
        let page = read(&app, id).await;
        assert_eq!(Some(page["load_number"].clone()), winner);
        let edits = page["history"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|h| h["reason"] == "Edited")
            .count();
        assert_eq!(edits, 1, "one edit written");

        // The version read before the edit is stale now.
        let (status, err) =
            error_of(put(&app, id, edit_of(&body, &made["updated_at"])).await).await;
        assert_eq!(
            (status, err["code"].as_str()),
            (StatusCode::CONFLICT, Some("stale"))
        );
        // The current one is not.
        let res = put(&app, id, edit_of(&body, &page["updated_at"])).await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    }
}

#[tokio::test]
async fn an_edit_is_history_and_in_the_audit_log() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@edit-log.test", "Logged Edits", "3100406", crew()).await;
        app.sign_in("ops@edit-log.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let body = load(&customer, &shipper, &receiver);
        let made = created(&app, "/api/fleet/loads", body.clone()).await;
        let id = made["id"].as_str().unwrap();
        plan(&app, fleet_id, id).await;
        let planned = read(&app, id).await;

        let mut edited = edit_of(&body, &planned["updated_at"]);
        edited["load_number"] = json!("ACM-779");
        let res = put(&app, id, edited).await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let view: Value = res.json().await.unwrap();
        // The assignment stays.
        assert_eq!(view["status"], "planned");
        assert_eq!(view["driver_id"], planned["driver_id"]);
        assert_eq!(view["truck_id"], planned["truck_id"]);
        let last = view["history"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["from_status"], "planned");
        assert_eq!(last["to_status"], "planned");
        assert_eq!(last["reason"], "Edited");
        assert!(!last["actor_name"].as_str().unwrap().is_empty());

        let mut admin = app.another_browser();
        admin.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
        let entries: Vec<&Value> = audit["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "edit_load")
            .collect();
        assert_eq!(entries.len(), 1, "{audit}");
        let entry = entries[0];
        assert_eq!(entry["actor_email"], "ops@edit-log.test");
        assert_eq!(entry["target_type"], "load");
        assert_eq!(entry["target_id"], id);
        assert_eq!(entry["before"]["load_number"], "ACM-778");
        assert_eq!(entry["after"]["load_number"], "ACM-779");
        assert_eq!(entry["after"]["pro_number"], made["pro_number"]);
    }
}

#[tokio::test]
async fn editing_a_dispatched_load_sends_its_driver_the_updated_sheet() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@edit-mail.test", "Mail Edits", "3100407", crew()).await;
        app.sign_in("ops@edit-mail.test", "secret1").await;
        let (drivers, _) = people_and_trucks(&app, fleet_id).await;
        fleet_driver::Entity::update_many()
            .col_expr(
                fleet_driver::Column::Email,
                Expr::value("dana@edit-drivers.test"),
            )
            .filter(fleet_driver::Column::Id.eq(drivers[0]))
            .exec(&app.inspect_db().await)
            .await
            .unwrap();
        let (customer, shipper, receiver) = parties(&app).await;
        let body = load(&customer, &shipper, &receiver);
        let made = created(&app, "/api/fleet/loads", body.clone()).await;
        let id = made["id"].as_str().unwrap();
        let pro = made["pro_number"].as_i64().unwrap();
        plan(&app, fleet_id, id).await;
        let res = app
            .post(
                &format!("/api/fleet/loads/{id}/status"),
                json!({ "status": "dispatched" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let dispatched: Value = res.json().await.unwrap();
        assert_eq!(app.emails_to("dana@edit-drivers.test").await.len(), 1);

        let mut edited = edit_of(&body, &dispatched["updated_at"]);
        edited["load_number"] = json!("ACM-780");
        let res = put(&app, id, edited).await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let view: Value = res.json().await.unwrap();
        assert_eq!(view["status"], "dispatched");
        let last = view["history"].as_array().unwrap().last().unwrap().clone();
        assert!(
            last["reason"]
                .as_str()
                .unwrap()
                .starts_with("Edited. Load sheet e-mailed to "),
            "{last}"
        );

        let mails = app.emails_to("dana@edit-drivers.test").await;
        assert_eq!(mails.len(), 2, "the dispatch and the update");
        assert_eq!(
            mails[1].subject,
            format!("Updated: Load {pro} dispatched: Chicago, IL to Atlanta, GA")
        );
        assert!(mails[1].text.contains("Load number: ACM-780"));
    }
}

#[tokio::test]
async fn new_times_that_overlap_another_load_of_the_crew_are_refused() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(
            &app,
            "ops@edit-overlap.test",
            "Overlap Edits",
            "3100408",
            crew(),
        )
        .await;
        app.sign_in("ops@edit-overlap.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let mut early_body = future(&customer, &shipper, &receiver, 4);
        early_body["load_number"] = json!("EARLY-1");
        let early = created(&app, "/api/fleet/loads", early_body).await;
        let late_body = future(&customer, &shipper, &receiver, 10);
        let late = created(&app, "/api/fleet/loads", late_body.clone()).await;
        let (early_id, late_id) = (early["id"].as_str().unwrap(), late["id"].as_str().unwrap());
        // Both on the same driver and truck.
        plan(&app, fleet_id, early_id).await;
        plan(&app, fleet_id, late_id).await;
        let version = read(&app, late_id).await["updated_at"].clone();

        // Moved onto the early load's days: refused, naming it.
        let moved = future(&customer, &shipper, &receiver, 4);
        let (status, err) = error_of(put(&app, late_id, edit_of(&moved, &version)).await).await;
        assert_eq!(status, StatusCode::CONFLICT, "{err}");
        assert_eq!(err["code"], "overlap");
        assert!(
            err["message"].as_str().unwrap().contains("EARLY-1"),
            "{err}"
        );
        assert_eq!(read(&app, late_id).await["updated_at"], version);

        // Moved to days of its own: fine.
        let moved = future(&customer, &shipper, &receiver, 12);
        let res = put(&app, late_id, edit_of(&moved, &version)).await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    }
}

/// A random id is never a load.
#[tokio::test]
async fn an_unknown_load_is_not_found() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        fleet(
            &app,
            "ops@edit-404.test",
            "Missing Edits",
            "3100409",
            no_assets(),
        )
        .await;
        app.sign_in("ops@edit-404.test", "secret1").await;
        let (customer, shipper, receiver) = parties(&app).await;
        let body = edit_of(&load(&customer, &shipper, &receiver), &json!(Utc::now()));
        let (status, _) = error_of(put(&app, &Uuid::new_v4().to_string(), body).await).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}
