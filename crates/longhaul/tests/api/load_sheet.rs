//! Issue 31 §3, the load sheet: dispatching e-mails it to the driver(s) —
//! stops in order on their own clocks with the zone, the references, the
//! freight, a map link per stop, never the money — and a driver without an
//! e-mail is named in the load's history; the same sheet as a PDF; and an
//! override of a Block at assignment in the audit log.

use crate::fleet_dashboard::fleet;
use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, backends, error_of, spawn_app};
use chrono::{Duration, Utc};
use db::entities::{fleet_driver, fleet_vehicle};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use uuid::Uuid;

fn crew() -> Sizes {
    Sizes {
        drivers: 2,
        trucks: 2,
        trailers: 0,
    }
}

async fn created(app: &TestApp, path: &str, body: Value) -> Value {
    let res = app.post(path, body).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json().await.unwrap()
}

/// A load from a Chicago shipper (08:00 CST) to an Atlanta receiver
/// (a 09:00–15:00 EST window), with every reference and the revenue.
async fn a_load(app: &TestApp) -> Value {
    let customer = created(
        app,
        "/api/fleet/customers",
        json!({ "name": "Acme Logistics", "kind": "broker", "mc_number": "MC-123456" }),
    )
    .await;
    let shipper = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Windy City Foods", "address": "1 Dock St", "city": "Chicago", "state": "IL",
                "zip": "60601", "lat": 41.8781, "lon": -87.6298, "time_zone": "America/Chicago",
                "contact_name": "Rosa", "contact_phone": "312-555-0100", "hours": "Mon–Fri 06:00–14:00" }),
    )
    .await;
    let receiver = created(
        app,
        "/api/fleet/facilities",
        json!({ "name": "Peach DC", "address": "9 Warehouse Rd", "city": "Atlanta", "state": "GA",
                "lat": 33.749, "lon": -84.388, "time_zone": "America/New_York" }),
    )
    .await;
    created(
        app,
        "/api/fleet/loads",
        json!({
            "customer_id": customer["id"],
            "load_number": "ACM-778",
            "bol_number": "BOL-4411",
            "po_number": "PO-9920",
            "pickup_number": "PU-5531",
            "equipment_type": "reefer",
            "length_ft": 53,
            "reefer_temp_f": 34,
            "commodity": "Frozen <b>peas</b>",
            "weight_lbs": 42000,
            "notes": "Call 1 hour out. No double brokering.",
            "rate_method": "flat",
            "linehaul_cents": 185000,
            "fuel_surcharge_cents": 25000,
            "stops": [
                { "kind": "pickup", "facility_id": shipper["id"], "appointment": "2026-03-02T08:00:00",
                  "instructions": "Check in at gate 4" },
                { "kind": "delivery", "facility_id": receiver["id"], "window_start": "2026-03-03T09:00:00",
                  "window_end": "2026-03-03T15:00:00" }
            ],
            "accessorials": [{ "kind": "lumper", "amount_cents": 7500 }]
        }),
    )
    .await
}

/// The fleet's drivers and trucks, in id order.
async fn people_and_trucks(app: &TestApp, fleet_id: Uuid) -> (Vec<Uuid>, Vec<Uuid>) {
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

/// Gives the driver this e-mail (or none), as the office would have.
async fn set_email(app: &TestApp, driver: Uuid, email: Option<&str>) {
    fleet_driver::Entity::update_many()
        .col_expr(fleet_driver::Column::Email, Expr::value(email))
        .filter(fleet_driver::Column::Id.eq(driver))
        .exec(&app.inspect_db().await)
        .await
        .unwrap();
}

async fn display_name(app: &TestApp, driver: Uuid) -> String {
    let d = fleet_driver::Entity::find_by_id(driver)
        .one(&app.inspect_db().await)
        .await
        .unwrap()
        .unwrap();
    domain::fleet::driver_display_name(
        d.first_name.as_deref(),
        d.last_name.as_deref(),
        d.username.as_deref(),
    )
}

async fn assign(app: &TestApp, id: &str, body: Value) -> Value {
    let res = app
        .post(&format!("/api/fleet/loads/{id}/assignment"), body)
        .await;
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    res.json().await.unwrap()
}

async fn status(app: &TestApp, id: &str, to: &str) -> reqwest::Response {
    app.post(
        &format!("/api/fleet/loads/{id}/status"),
        json!({ "status": to }),
    )
    .await
}

/// What the sheet must say, in whichever form: the stops in order, each on
/// its own clock with the zone, the references, the freight, the map links.
fn assert_sheet_facts(text: &str, pro: i64) {
    let expect = [
        "Windy City Foods",
        "1 Dock St, Chicago, IL 60601",
        "Appointment: Mon Mar 2, 2026 08:00 CST",
        "Instructions: Check in at gate 4",
        "Contact: Rosa, 312-555-0100",
        "Peach DC",
        "9 Warehouse Rd, Atlanta, GA",
        "Window: Tue Mar 3, 2026 09:00\u{2013}15:00 EST",
        "Load number: ACM-778",
        &format!("PRO: {pro}"),
        "BOL: BOL-4411",
        "PO: PO-9920",
        "Pickup number: PU-5531",
        "Commodity: Frozen <b>peas</b>",
        "Weight: 42,000 lb",
        "Reefer temperature: 34 \u{b0}F",
        "Call 1 hour out. No double brokering.",
        "https://www.google.com/maps/search/?api=1&query=41.878100,-87.629800",
        "https://www.google.com/maps/search/?api=1&query=33.749000,-84.388000",
    ];
    for fact in expect {
        assert!(text.contains(fact), "missing {fact:?} in:\n{text}");
    }
    let pickup = text.find("Windy City Foods").unwrap();
    let delivery = text.find("Peach DC").unwrap();
    assert!(pickup < delivery, "the stops in order");
    // Never the money: 1850.00 linehaul, 250.00 fuel, 75.00 lumper, 2175.00 in all.
    for money in [
        "1,850", "1850", "185000", "2,175", "2175", "217500", "250.00", "$",
    ] {
        assert!(!text.contains(money), "revenue {money:?} shown in:\n{text}");
    }
}

#[tokio::test]
async fn dispatch_emails_the_load_sheet_and_names_a_driver_without_an_email() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@sheet.test", "Sheet Haul", "3100201", crew()).await;
        app.sign_in("ops@sheet.test", "secret1").await;
        let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
        set_email(&app, drivers[0], Some("dana@drivers.test")).await;
        set_email(&app, drivers[1], None).await;
        let made = a_load(&app).await;
        let id = made["id"].as_str().unwrap();
        let pro = made["pro_number"].as_i64().unwrap();
        assign(
            &app,
            id,
            json!({ "driver_id": drivers[0], "second_driver_id": drivers[1], "truck_id": trucks[0],
                    "override_reason": "test team" }),
        )
        .await;
        // Planned sends nothing.
        assert!(app.emails_to("dana@drivers.test").await.is_empty());

        let res = status(&app, id, "dispatched").await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let view: Value = res.json().await.unwrap();
        assert_eq!(view["status"], "dispatched");
        let last = view["history"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["to_status"], "dispatched");
        let note = last["reason"].as_str().unwrap();
        let (sent, skipped) = (
            display_name(&app, drivers[0]).await,
            display_name(&app, drivers[1]).await,
        );
        assert_eq!(
            note,
            format!(
                "Load sheet e-mailed to {sent}. Load sheet not e-mailed to {skipped}: no e-mail address on file."
            )
        );

        let mails = app.emails_to("dana@drivers.test").await;
        assert_eq!(mails.len(), 1, "one e-mail to the driver");
        let mail = &mails[0];
        assert_eq!(
            mail.subject,
            format!("Load {pro} dispatched: Chicago, IL to Atlanta, GA")
        );
        assert_sheet_facts(&mail.text, pro);
        assert!(mail.text.contains("Sheet Haul dispatched load"));
        // The HTML part escapes what users typed, and links each stop's map.
        assert!(!mail.html.contains("<b>peas"), "{}", mail.html);
        assert!(mail.html.contains("Frozen &lt;b&gt;peas&lt;&#x2f;b&gt;"));
        assert!(mail.html.contains("<a href=\"https:&#x2f;&#x2f;www.google.com&#x2f;maps&#x2f;search&#x2f;?api=1&amp;query=41.878100,-87.629800\">"), "{}", mail.html);
        for money in ["1,850", "2,175", "185000"] {
            assert!(!mail.html.contains(money));
        }
        // Nobody else was written to.
        assert_eq!(app.mailer.sent().len(), 1);
    }
}

#[tokio::test]
async fn a_refused_dispatch_sends_nothing() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@sheet2.test", "Sheet Two", "3100202", crew()).await;
        app.sign_in("ops@sheet2.test", "secret1").await;
        let (drivers, _) = people_and_trucks(&app, fleet_id).await;
        set_email(&app, drivers[0], Some("sam@drivers.test")).await;
        let made = a_load(&app).await;
        let id = made["id"].as_str().unwrap();
        // Accepted → dispatched skips planning: 409, and no e-mail.
        let (code, _) = error_of(status(&app, id, "dispatched").await).await;
        assert_eq!(code, StatusCode::CONFLICT);
        assert!(app.emails_to("sam@drivers.test").await.is_empty());
        assert!(app.mailer.sent().is_empty());
    }
}

fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("its text")
}

#[tokio::test]
async fn the_sheet_prints_as_a_pdf_of_the_same_facts_and_another_fleets_is_not_found() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@pdf.test", "Pdf Haul", "3100203", crew()).await;
        fleet(&app, "ops@other-pdf.test", "Other Haul", "3100204", crew()).await;
        app.sign_in("ops@pdf.test", "secret1").await;
        let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
        let made = a_load(&app).await;
        let id = made["id"].as_str().unwrap().to_owned();
        let pro = made["pro_number"].as_i64().unwrap();
        assign(
            &app,
            &id,
            json!({ "driver_id": drivers[0], "truck_id": trucks[0], "override_reason": "test" }),
        )
        .await;

        let res = app.get(&format!("/api/fleet/loads/{id}/sheet.pdf")).await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-type"], "application/pdf");
        assert_eq!(
            res.headers()["content-disposition"],
            format!("inline; filename=\"load-{pro}.pdf\"").as_str()
        );
        let bytes = res.bytes().await.unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        let text = pdf_text(&bytes);
        assert_sheet_facts(&text, pro);
        assert!(text.contains(&display_name(&app, drivers[0]).await));

        // Another fleet's load, and no load at all: 404.
        let mut other = app.another_browser();
        other.sign_in("ops@other-pdf.test", "secret1").await;
        let (code, _) =
            error_of(other.get(&format!("/api/fleet/loads/{id}/sheet.pdf")).await).await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        let missing = Uuid::new_v4();
        let (code, _) = error_of(
            app.get(&format!("/api/fleet/loads/{missing}/sheet.pdf"))
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn an_overridden_block_is_in_the_audit_log_with_its_reason() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = fleet(&app, "ops@audit.test", "Audit Haul", "3100205", crew()).await;
        app.sign_in("ops@audit.test", "secret1").await;
        let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
        // Judged on the fleet's day (decision 043), pinned to the UTC one.
        app.state
            .clock
            .pin(Some(crate::compliance::us_midday(Utc::now().date_naive())));
        let expired = (Utc::now() - Duration::days(1)).date_naive();
        let res = app
            .put(
                &format!("/api/fleet/drivers/{}/qualifications/medical", drivers[0]),
                json!({ "expires_on": expired }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let made = a_load(&app).await;
        let id = made["id"].as_str().unwrap();
        let preview: Value = app
            .post(
                &format!("/api/fleet/loads/{id}/eligibility"),
                json!({ "driver_id": drivers[0], "truck_id": trucks[0] }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(preview["blocked"], true);
        let blocks: Vec<Value> = preview["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["severity"] == "block")
            .map(|f| f["code"].clone())
            .collect();
        assert!(blocks.contains(&json!("medical_card_expired")), "{preview}");

        let reason = "Renewed card seen in person; upload pending";
        assign(
            &app,
            id,
            json!({ "driver_id": drivers[0], "truck_id": trucks[0], "override_reason": reason }),
        )
        .await;

        let mut admin = app.another_browser();
        admin.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
        let entries: Vec<&Value> = audit["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "override_assignment_block")
            .collect();
        assert_eq!(entries.len(), 1, "{audit}");
        let entry = entries[0];
        assert_eq!(entry["actor_email"], "ops@audit.test");
        assert_eq!(entry["target_type"], "load");
        assert_eq!(entry["target_id"], id);
        assert_eq!(entry["after"]["reason"], reason);
        assert_eq!(entry["after"]["pro_number"], made["pro_number"]);
        assert_eq!(entry["after"]["overridden"], json!(blocks));
        assert_eq!(entry["names"][fleet_id.to_string()], "Audit Haul");

        // A second driver with papers in order: assigned without an
        // override, and nothing more in the audit log.
        for kind in ["cdl", "medical"] {
            let res = app
                .put(
                    &format!("/api/fleet/drivers/{}/qualifications/{kind}", drivers[1]),
                    json!({ "expires_on": (Utc::now() + Duration::days(800)).date_naive() }),
                )
                .await;
            assert_eq!(res.status(), StatusCode::OK);
        }
        let fine: Value = app
            .post(
                &format!("/api/fleet/loads/{id}/eligibility"),
                json!({ "driver_id": drivers[1], "truck_id": trucks[0] }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(fine["blocked"], false, "{fine}");
        assign(
            &app,
            id,
            json!({ "driver_id": drivers[1], "truck_id": trucks[0] }),
        )
        .await;
        let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
        let count = audit["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == "override_assignment_block")
            .count();
        assert_eq!(count, 1);
    }
}
