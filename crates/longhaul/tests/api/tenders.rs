//! Issue 33, tenders: a broker's offer to a posted truck becomes, on
//! acceptance, the carrier's load and the broker's shipment with the same
//! facts; other brokers and fleets never see it; a closed offer cannot be
//! accepted; two acceptances at once book one load; a counter goes back to
//! the broker; the overbooking rule holds without an override; the rate
//! confirmation is filed on both sides; no broker answer names hours of
//! service.

use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, error_of};
use crate::loads::people_and_trucks;
use crate::on_each_backend;
use crate::truck_board::{broker, post_ok, posting, trucks};
use chrono::{Duration, Utc};
use db::entities::{load, shipment, tender};
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use uuid::Uuid;

fn sizes() -> Sizes {
    Sizes {
        drivers: 1,
        trucks: 2,
        trailers: 0,
    }
}

/// A fleet with a posted truck, and a broker with a Chicago shipper and an
/// Atlanta receiver. Returns the fleet's id, the posting, the truck, the
/// broker's browser and its facilities.
struct World {
    fleet_id: Uuid,
    posting: String,
    truck: Uuid,
    broker: TestApp,
    shipper: String,
    receiver: String,
}

async fn world(app: &mut TestApp, tag: &str) -> World {
    let email = format!("fleet-{tag}@tenders.test");
    let fleet_id = fleet(
        app,
        &email,
        &format!("Clear Haul {tag} LLC"),
        &format!("31{tag}"),
        sizes(),
    )
    .await;
    app.sign_in(&email, "secret1").await;
    let truck = trucks(app, fleet_id).await[0];
    let posted = post_ok(app, posting(truck, "60601", "van")).await;
    let b = broker(
        app,
        &format!("Fast Freight {tag}"),
        &format!("boss-{tag}@fastfreight.test"),
    )
    .await;
    let fac = |body: Value| {
        let b = &b;
        async move {
            let res = b.post("/api/broker/facilities", body).await;
            assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
            res.json::<Value>().await.unwrap()["id"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    let shipper = fac(json!({ "name": "Windy City Foods", "address": "1 Dock St", "city": "Chicago", "state": "IL", "time_zone": "America/Chicago" })).await;
    let receiver = fac(json!({ "name": "Peach DC", "address": "9 Warehouse Rd", "city": "Atlanta", "state": "GA", "time_zone": "America/New_York" })).await;
    World {
        fleet_id,
        posting: posted["id"].as_str().unwrap().to_owned(),
        truck,
        broker: b,
        shipper,
        receiver,
    }
}

fn offer(w: &World) -> Value {
    let day = Utc::now().date_naive() + Duration::days(1);
    json!({
        "posting_id": w.posting,
        "load_number": "FF-5521",
        "po_number": "PO-88",
        "equipment_type": "van",
        "length_ft": 53,
        "commodity": "Canned goods",
        "weight_lbs": 41000,
        "stops": [
            { "kind": "pickup", "facility_id": w.shipper, "appointment": format!("{day}T08:00:00") },
            { "kind": "delivery", "facility_id": w.receiver,
              "window_start": format!("{}T09:00:00", day + Duration::days(1)),
              "window_end": format!("{}T15:00:00", day + Duration::days(1)) }
        ],
        "linehaul_cents": 180000,
        "fuel_surcharge_cents": 25000,
        "accessorials": [ { "kind": "lumper", "amount_cents": 7500, "note": "with receipt" } ],
        "detention_free_minutes": 120,
        "detention_rate_cents": 5000,
        "detention_cap_cents": 40000,
        "tonu_cents": 15000,
        "tonu_window_hours": 24,
        "lumper_terms": "Reimbursed with receipt",
        "notes": "Call 1 hour out"
    })
}

async fn tender_of(w: &World) -> Value {
    let res = w.broker.post("/api/broker/tenders", offer(w)).await;
    assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
    res.json().await.unwrap()
}

async fn board_detail(b: &TestApp, posting: &str) -> Value {
    let res = b
        .get(&format!("/api/broker/board/postings/{posting}"))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

fn accept_body() -> Value {
    json!({ "acceptor_name": "Dana Reyes", "acceptor_title": "Dispatch manager" })
}

fn pdf_text(bytes: &[u8]) -> String {
    let doc = lopdf::Document::load_mem(bytes).expect("a PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages).expect("its text")
}

/// Every key of a JSON value, at any depth.
fn keys(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.to_lowercase());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

fn assert_no_hos(v: &Value) {
    let mut all = Vec::new();
    keys(v, &mut all);
    for k in all {
        assert!(
            !(k.contains("hos")
                || k.contains("drive_remaining")
                || k.contains("cycle")
                || k.contains("shift")),
            "a broker answer names {k}"
        );
    }
}

on_each_backend!(
    an_accepted_tender_is_the_carriers_load_and_the_brokers_shipment,
    |mut app: TestApp| async move {
        let w = world(&mut app, "01").await;
        let t = tender_of(&w).await;
        assert_eq!(t["status"], "offered");
        assert_eq!(t["terms"]["total_cents"], 212_500);
        assert_no_hos(&t);
        let id = t["id"].as_str().unwrap();

        // The fleet's admins see it in the list, in the bell and by e-mail
        // with a one-time link.
        let list: Value = app.get("/api/fleet/tenders").await.json().await.unwrap();
        assert_eq!(list["tenders"][0]["id"], id);
        let link = app
            .last_link_token("fleet-01@tenders.test", &format!("/tender/{}/", w.fleet_id))
            .await;
        let via_link: Value = app
            .another_browser()
            .get(&format!("/api/tender-links/{}/{link}", w.fleet_id))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(via_link["tender"]["id"], id);

        let res = app
            .post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let detail: Value = res.json().await.unwrap();
        assert_eq!(detail["tender"]["status"], "accepted");
        let load_id = detail["tender"]["load_id"].as_str().unwrap().to_owned();
        assert_eq!(detail["revisions"][0]["revision"], 1);

        // The carrier's load, field by field.
        let l: Value = app
            .get(&format!("/api/fleet/loads/{load_id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(l["load_number"], "FF-5521");
        assert_eq!(l["po_number"], "PO-88");
        assert_eq!(l["status"], "accepted");
        assert_eq!(l["equipment_type"], "van");
        assert_eq!(l["commodity"], "Canned goods");
        assert_eq!(l["weight_lbs"], 41000);
        assert_eq!(l["linehaul_cents"], 180000);
        assert_eq!(l["fuel_surcharge_cents"], 25000);
        assert_eq!(l["detention_rate_cents"], 5000);
        assert_eq!(l["tonu_cents"], 15000);
        assert_eq!(l["revenue_cents"], 212_500);
        assert_eq!(l["customer"]["name"], "Fast Freight 01");
        assert_eq!(l["stops"][0]["facility"]["city"], "Chicago");
        assert_eq!(l["stops"][1]["facility"]["city"], "Atlanta");
        assert_eq!(l["stops"][0]["starts_at"], t["stops"][0]["starts_at"]);
        assert_eq!(l["stops"][1]["ends_at"], t["stops"][1]["ends_at"]);
        assert_eq!(l["rate_con_uploaded"], false);

        // The broker's shipment matches it.
        let page: Value = w
            .broker
            .get("/api/broker/shipments")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(page["total"], 1);
        let row = &page["shipments"][0];
        assert_eq!(row["load_number"], "FF-5521");
        assert_eq!(row["pro_number"], l["pro_number"]);
        assert_eq!(row["total_cents"], 212_500);
        assert_eq!(row["status"], "accepted");
        assert_eq!(row["origin"], "Chicago, IL");
        assert_eq!(row["destination"], "Atlanta, GA");
        let sid = row["id"].as_str().unwrap();
        let s: Value = w
            .broker
            .get(&format!("/api/broker/shipments/{sid}"))
            .await
            .json()
            .await
            .unwrap();
        assert_no_hos(&s);
        assert!(s["tracking"].is_object(), "tracking is open once accepted");
        assert!(
            s["tracking"]["position"].is_null(),
            "no position without consent"
        );

        // The rate confirmation on both sides, with both parties, the stops
        // and the total.
        let doc = &s["documents"][0];
        assert_eq!(doc["kind"], "rate_confirmation");
        let pdf = w
            .broker
            .get(&format!(
                "/api/broker/shipments/{sid}/documents/{}",
                doc["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(pdf.status(), StatusCode::OK);
        let text = pdf_text(&pdf.bytes().await.unwrap());
        for needle in [
            "Fast Freight 01",
            "Clear Haul 01 LLC",
            "Windy City Foods",
            "Peach DC",
            "$2,125.00",
            "Dana Reyes",
            "Dispatch manager",
            "No re-brokering",
        ] {
            assert!(text.contains(needle), "the rate con has {needle}: {text}");
        }
        let docs: Value = app
            .get(&format!("/api/fleet/documents?load_id={load_id}"))
            .await
            .json()
            .await
            .unwrap();
        assert!(
            docs.to_string().contains("rate_confirmation"),
            "the carrier's load has the rate con: {docs}"
        );

        // The posting left the board; the link is spent.
        let board = w
            .broker
            .get(&format!("/api/broker/board/postings/{}", w.posting))
            .await;
        assert_eq!(board.status(), StatusCode::NOT_FOUND);
        let spent = app
            .another_browser()
            .get(&format!("/api/tender-links/{}/{link}", w.fleet_id))
            .await;
        assert_eq!(spent.status(), StatusCode::NOT_FOUND);
        // The broker was told.
        assert!(!app.emails_to("boss-01@fastfreight.test").await.is_empty());
    }
);

on_each_backend!(
    a_tender_is_seen_only_by_its_broker_and_its_carrier,
    |mut app: TestApp| async move {
        let w = world(&mut app, "02").await;
        let t = tender_of(&w).await;
        let id = t["id"].as_str().unwrap();
        let other = broker(&app, "Other Brokerage", "boss@other.test").await;
        for path in [format!("/api/broker/tenders/{id}")] {
            assert_eq!(other.get(&path).await.status(), StatusCode::NOT_FOUND);
        }
        let res = other
            .post(&format!("/api/broker/tenders/{id}/withdraw"), json!({}))
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let list: Value = other
            .get("/api/broker/tenders?status=all")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(list["tenders"], json!([]));

        let mut stranger = app.another_browser();
        fleet(
            &stranger,
            "stranger@tenders.test",
            "Stranger Trucking",
            "3199902",
            sizes(),
        )
        .await;
        stranger.sign_in("stranger@tenders.test", "secret1").await;
        assert_eq!(
            stranger
                .get(&format!("/api/fleet/tenders/{id}"))
                .await
                .status(),
            StatusCode::NOT_FOUND
        );
        let res = stranger
            .post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let list: Value = stranger
            .get("/api/fleet/tenders?status=all")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(list["tenders"], json!([]));

        // A broker cannot tender with another broker's facility.
        let mut body = offer(&w);
        let theirs = other
            .post("/api/broker/facilities", json!({ "name": "Theirs", "address": "2 Dock St", "city": "Chicago", "state": "IL", "time_zone": "America/Chicago" }))
            .await
            .json::<Value>()
            .await
            .unwrap();
        body["stops"][0]["facility_id"] = theirs["id"].clone();
        assert_eq!(
            w.broker.post("/api/broker/tenders", body).await.status(),
            StatusCode::NOT_FOUND
        );

        // Accepted: the other broker does not see the shipment either.
        app.post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
            .await;
        let page: Value = other
            .get("/api/broker/shipments")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(page["total"], 0);
        let mine: Value = w
            .broker
            .get("/api/broker/shipments")
            .await
            .json()
            .await
            .unwrap();
        let sid = mine["shipments"][0]["id"].as_str().unwrap();
        assert_eq!(
            other
                .get(&format!("/api/broker/shipments/{sid}"))
                .await
                .status(),
            StatusCode::NOT_FOUND
        );
    }
);

on_each_backend!(
    declined_withdrawn_and_expired_tenders_cannot_be_accepted,
    |mut app: TestApp| async move {
        let w = world(&mut app, "03").await;
        let declined = tender_of(&w).await;
        let id = declined["id"].as_str().unwrap();
        let res = app
            .post(
                &format!("/api/fleet/tenders/{id}/decline"),
                json!({ "reason": "" }),
            )
            .await;
        let (code, err) = error_of(res).await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(err["fields"]["reason"], "Give a reason for declining.");
        let res = app
            .post(
                &format!("/api/fleet/tenders/{id}/decline"),
                json!({ "reason": "No driver that day" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let (code, err) = error_of(
            app.post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);
        assert_eq!(err["code"], "tender_closed");
        let seen: Value = w
            .broker
            .get(&format!("/api/broker/tenders/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(seen["status"], "declined");
        assert_eq!(seen["decline_reason"], "No driver that day");

        let withdrawn = tender_of(&w).await;
        let id = withdrawn["id"].as_str().unwrap();
        let res = w
            .broker
            .post(&format!("/api/broker/tenders/{id}/withdraw"), json!({}))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let (code, _) = error_of(
            app.post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);

        let expired = tender_of(&w).await;
        let id: Uuid = expired["id"].as_str().unwrap().parse().unwrap();
        tender::Entity::update_many()
            .filter(tender::Column::Id.eq(id))
            .col_expr(
                tender::Column::ExpiresAt,
                Expr::value(Utc::now() - Duration::minutes(1)),
            )
            .exec(&app.inspect_db().await)
            .await
            .unwrap();
        let (code, err) = error_of(
            app.post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);
        assert_eq!(
            err["message"],
            "This tender has expired and can no longer be accepted."
        );
        let seen: Value = w
            .broker
            .get(&format!("/api/broker/tenders/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(seen["status"], "expired");
        assert_eq!(
            load::Entity::find()
                .filter(load::Column::FleetAccountId.eq(w.fleet_id))
                .count(&app.inspect_db().await)
                .await
                .unwrap(),
            0
        );
    }
);

on_each_backend!(
    two_acceptances_at_once_book_one_load,
    |mut app: TestApp| async move {
        let w = world(&mut app, "04").await;
        let t = tender_of(&w).await;
        let id = t["id"].as_str().unwrap();
        let path = format!("/api/fleet/tenders/{id}/accept");
        let (a, b) = tokio::join!(
            app.post(&path, accept_body()),
            app.post(&path, accept_body())
        );
        let mut codes = vec![a.status(), b.status()];
        codes.sort();
        assert_eq!(codes, [StatusCode::OK, StatusCode::CONFLICT]);
        let db = app.inspect_db().await;
        assert_eq!(
            load::Entity::find()
                .filter(load::Column::FleetAccountId.eq(w.fleet_id))
                .count(&db)
                .await
                .unwrap(),
            1
        );
        assert_eq!(shipment::Entity::find().count(&db).await.unwrap(), 1);
    }
);

on_each_backend!(
    a_counter_offer_books_at_the_counters_rate_when_the_broker_takes_it,
    |mut app: TestApp| async move {
        let w = world(&mut app, "05").await;
        let t = tender_of(&w).await;
        let id = t["id"].as_str().unwrap();
        // The same money is no counter.
        let same = app
            .post(&format!("/api/fleet/tenders/{id}/counter"), json!({ "linehaul_cents": 180000, "fuel_surcharge_cents": 25000, "accessorials": [ { "kind": "lumper", "amount_cents": 7500, "note": "with receipt" } ], "detention_free_minutes": 120, "detention_rate_cents": 5000, "detention_cap_cents": 40000, "tonu_cents": 15000, "tonu_window_hours": 24, "lumper_terms": "Reimbursed with receipt" }))
            .await;
        assert_eq!(same.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let res = app
            .post(&format!("/api/fleet/tenders/{id}/counter"), json!({ "linehaul_cents": 200000, "fuel_surcharge_cents": 25000, "note": "Tight appointment" }))
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let seen: Value = w
            .broker
            .get(&format!("/api/broker/tenders/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(seen["status"], "countered");
        assert_eq!(seen["counter"]["terms"]["linehaul_cents"], 200000);
        assert_eq!(seen["counter"]["note"], "Tight appointment");
        // The carrier cannot accept its own counter; the broker can.
        let (code, _) = error_of(
            app.post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);
        let res = w
            .broker
            .post(
                &format!("/api/broker/tenders/{id}/accept-counter"),
                json!({}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let booked: Value = res.json().await.unwrap();
        assert_eq!(booked["status"], "accepted");
        assert_eq!(booked["terms"]["total_cents"], 225000);
        let page: Value = w
            .broker
            .get("/api/broker/shipments")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(page["shipments"][0]["total_cents"], 225000);
    }
);

on_each_backend!(
    a_truck_committed_elsewhere_needs_an_override,
    |mut app: TestApp| async move {
        let w = world(&mut app, "06").await;
        let t = tender_of(&w).await;
        let id = t["id"].as_str().unwrap();
        // The posted truck already holds a load over the same days.
        let (drivers, _) = people_and_trucks(&app, w.fleet_id).await;
        let other = crate::loads::a_load(&app).await;
        let other_id = other["id"].as_str().unwrap();
        let res = app
            .post(
                &format!("/api/fleet/loads/{other_id}/assignment"),
                json!({ "driver_id": drivers[0], "truck_id": w.truck, "override_reason": "test" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let lid: Uuid = other_id.parse().unwrap();
        load::Entity::update_many()
            .filter(load::Column::Id.eq(lid))
            .col_expr(load::Column::FirstPickupAt, Expr::value(Utc::now()))
            .col_expr(
                load::Column::LastDeliveryAt,
                Expr::value(Utc::now() + Duration::days(5)),
            )
            .exec(&app.inspect_db().await)
            .await
            .unwrap();
        let detail: Value = app
            .get(&format!("/api/fleet/tenders/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert!(
            detail["committed"].as_str().unwrap().contains("ACM-778"),
            "{detail}"
        );
        let (code, err) = error_of(
            app.post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
                .await,
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT);
        assert_eq!(err["code"], "truck_committed");
        let mut body = accept_body();
        body["override_reason"] = json!("The other load swaps to truck 2");
        let res = app
            .post(&format!("/api/fleet/tenders/{id}/accept"), body)
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    }
);

on_each_backend!(
    a_tender_names_what_is_wrong_with_it,
    |mut app: TestApp| async move {
        let w = world(&mut app, "07").await;
        let cases: Vec<(&str, Value, &str)> = vec![
            ("load_number", json!(""), "load_number"),
            ("linehaul_cents", json!(-1), "linehaul_cents"),
            ("expires_in_minutes", json!(5), "expires_in_minutes"),
            ("equipment_type", json!("spaceship"), "equipment_type"),
        ];
        for (field, value, named) in cases {
            let mut body = offer(&w);
            body[field] = value;
            let (code, err) = error_of(w.broker.post("/api/broker/tenders", body).await).await;
            assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
            assert!(err["fields"][named].is_string(), "{field}: {err}");
        }
        let mut body = offer(&w);
        body["stops"] = json!([body["stops"][1].clone(), body["stops"][0].clone()]);
        let (code, _) = error_of(w.broker.post("/api/broker/tenders", body).await).await;
        assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
        let mut body = offer(&w);
        body["posting_id"] = json!(Uuid::new_v4());
        assert_eq!(
            w.broker.post("/api/broker/tenders", body).await.status(),
            StatusCode::NOT_FOUND
        );
        // A fleet admin is not a broker.
        assert_eq!(
            app.post("/api/broker/tenders", offer(&w)).await.status(),
            StatusCode::FORBIDDEN
        );
    }
);

/// The stop's clock now, less `minutes` ("2026-03-02T08:10:00").
fn local_now(zone: &str, minutes: i64) -> String {
    let tz = domain::loads::time_zone(zone).unwrap();
    (Utc::now() - Duration::minutes(minutes))
        .with_timezone(&tz)
        .naive_local()
        .format("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

on_each_backend!(
    the_broker_follows_the_load_while_it_is_active_and_by_consent,
    |mut app: TestApp| async move {
        use db::entities::{fleet_eld_integration, load_event};
        let w = world(&mut app, "08").await;
        let mut body = offer(&w);
        body["share_position"] = json!(true);
        let res = w.broker.post("/api/broker/tenders", body).await;
        let t: Value = res.json().await.unwrap();
        let id = t["id"].as_str().unwrap();
        let res = app
            .post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
            .await;
        let detail: Value = res.json().await.unwrap();
        let load_id = detail["tender"]["load_id"].as_str().unwrap().to_owned();
        let (drivers, _) = people_and_trucks(&app, w.fleet_id).await;
        let res = app
            .post(
                &format!("/api/fleet/loads/{load_id}/assignment"),
                json!({ "driver_id": drivers[0], "truck_id": w.truck, "override_reason": "test" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let res = app
            .post(
                &format!("/api/fleet/loads/{load_id}/status"),
                json!({ "status": "dispatched" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);

        // The demo ELD's truck reaches the pickup six minutes after dispatch.
        let res = app
            .put("/api/fleet/eld/connection", json!({ "provider": "demo" }))
            .await;
        assert!(res.status().is_success(), "{:?}", res.text().await);
        let db = app.inspect_db().await;
        let then = Utc::now() - Duration::minutes(6);
        let lid: Uuid = load_id.parse().unwrap();
        load_event::Entity::update_many()
            .col_expr(load_event::Column::At, Expr::value(then))
            .filter(load_event::Column::LoadId.eq(lid))
            .filter(load_event::Column::ToStatus.eq("dispatched"))
            .exec(&db)
            .await
            .unwrap();
        fleet_eld_integration::Entity::update_many()
            .col_expr(fleet_eld_integration::Column::CreatedAt, Expr::value(then))
            .filter(fleet_eld_integration::Column::FleetAccountId.eq(w.fleet_id))
            .exec(&db)
            .await
            .unwrap();
        longhaul::job_registry::run_job(
            &app.state,
            <longhaul::modules::loads::jobs::EldStopGeofence as longhaul::jobs::Job>::KIND,
            json!({}),
            true,
        )
        .await
        .expect("the geofence job runs");

        let page: Value = w
            .broker
            .get("/api/broker/shipments")
            .await
            .json()
            .await
            .unwrap();
        let sid = page["shipments"][0]["id"].as_str().unwrap().to_owned();
        assert_eq!(page["shipments"][0]["status"], "at_pickup");
        let s: Value = w
            .broker
            .get(&format!("/api/broker/shipments/{sid}"))
            .await
            .json()
            .await
            .unwrap();
        assert_no_hos(&s);
        let tracking = &s["tracking"];
        let arrived = tracking["milestones"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["at7_code"] == "X3")
            .expect("the arrival at pickup is a milestone");
        assert_eq!(arrived["source"], "eld");
        assert_eq!(arrived["stop_seq"], 0);
        assert_eq!(tracking["position_shared"], true);
        assert!(tracking["position"]["lat"].is_number(), "{s}");
        assert!(tracking["position"]["age_minutes"].as_i64().unwrap() <= 10);
        assert_eq!(tracking["next_stop_seq"], 0);
        assert!(tracking["eta"].is_string());

        // The office loads and departs the pickup and arrives at the delivery; the POD
        // delivers the load and appears on the shipment.
        // One and two minutes after the ELD's arrival (a report may run a
        // few minutes ahead of the server's clock).
        for (seq, event, zone, minutes) in [
            (0, "completed", "America/Chicago", -1),
            (0, "departed", "America/Chicago", -1),
            (1, "arrived", "America/New_York", -2),
        ] {
            let res = app
                .post(
                    &format!("/api/fleet/loads/{load_id}/stops/{seq}/events"),
                    json!({ "event": event, "at": local_now(zone, minutes) }),
                )
                .await;
            assert_eq!(
                res.status(),
                StatusCode::OK,
                "{seq} {event}: {:?}",
                res.text().await
            );
        }
        let res = crate::load_documents::upload(
            &app,
            &format!("/api/fleet/loads/{load_id}/documents"),
            &[
                ("name", "POD FF-5521"),
                ("document_type", "proof_of_delivery"),
            ],
        )
        .await;
        assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
        let s: Value = w
            .broker
            .get(&format!("/api/broker/shipments/{sid}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(s["shipment"]["status"], "delivered");
        let codes: Vec<&str> = s["tracking"]["milestones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["at7_code"].as_str().unwrap())
            .collect();
        assert!(codes.contains(&"X1"), "{codes:?}");
        let pod = s["documents"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["kind"] == "proof_of_delivery")
            .expect("the POD is on the shipment")
            .clone();
        let file = w
            .broker
            .get(&format!(
                "/api/broker/shipments/{sid}/documents/{}",
                pod["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(file.status(), StatusCode::OK);

        // Two hours after delivery the broker no longer follows it.
        let sid_uuid: Uuid = sid.parse().unwrap();
        shipment::Entity::update_many()
            .col_expr(
                shipment::Column::DeliveredAt,
                Expr::value(Utc::now() - Duration::minutes(121)),
            )
            .filter(shipment::Column::Id.eq(sid_uuid))
            .exec(&db)
            .await
            .unwrap();
        let s: Value = w
            .broker
            .get(&format!("/api/broker/shipments/{sid}"))
            .await
            .json()
            .await
            .unwrap();
        assert!(s["tracking"].is_null(), "{s}");
        assert_eq!(s["documents"].as_array().unwrap().len(), 2, "the POD stays");
    }
);

on_each_backend!(
    without_consent_the_broker_sees_milestones_but_no_position,
    |mut app: TestApp| async move {
        let w = world(&mut app, "09").await;
        let t = tender_of(&w).await;
        let id = t["id"].as_str().unwrap();
        let mut body = accept_body();
        body["share_position"] = json!(false);
        let detail: Value = app
            .post(&format!("/api/fleet/tenders/{id}/accept"), body)
            .await
            .json()
            .await
            .unwrap();
        let load_id: Uuid = detail["tender"]["load_id"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        // Whatever the carrier's job writes, the shipment keeps no position.
        let db = app.inspect_db().await;
        let sid = shipment::Entity::find()
            .filter(shipment::Column::LoadId.eq(load_id))
            .one(&db)
            .await
            .unwrap()
            .unwrap()
            .id;
        shipment::Entity::update_many()
            .col_expr(shipment::Column::LastLat, Expr::value(41.0))
            .col_expr(shipment::Column::LastLon, Expr::value(-87.0))
            .col_expr(shipment::Column::LastPositionAt, Expr::value(Utc::now()))
            .filter(shipment::Column::Id.eq(sid))
            .exec(&db)
            .await
            .unwrap();
        let s: Value = w
            .broker
            .get(&format!("/api/broker/shipments/{sid}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(s["tracking"]["position_shared"], false);
        assert!(s["tracking"]["position"].is_null());
        assert!(s["tracking"]["eta"].is_null());
    }
);

on_each_backend!(
    a_change_after_acceptance_is_a_new_revision_the_carrier_accepts_again,
    |mut app: TestApp| async move {
        let w = world(&mut app, "10").await;
        let t = tender_of(&w).await;
        let id = t["id"].as_str().unwrap();
        let detail: Value = app
            .post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
            .await
            .json()
            .await
            .unwrap();
        let load_id = detail["tender"]["load_id"].as_str().unwrap().to_owned();
        let page: Value = w
            .broker
            .get("/api/broker/shipments")
            .await
            .json()
            .await
            .unwrap();
        let sid = page["shipments"][0]["id"].as_str().unwrap().to_owned();
        let change = json!({ "linehaul_cents": 190000, "fuel_surcharge_cents": 25000, "notes": "Second stop added at the dock" });
        let path = format!("/api/broker/shipments/{sid}/revisions");
        let other = broker(&app, "Nosy Brokerage", "boss@nosy.test").await;
        assert_eq!(
            other.post(&path, change.clone()).await.status(),
            StatusCode::NOT_FOUND
        );
        let res = w.broker.post(&path, change.clone()).await;
        assert_eq!(res.status(), StatusCode::CREATED, "{:?}", res.text().await);
        let rev: Value = res.json().await.unwrap();
        assert_eq!(
            (rev["revision"].as_i64(), rev["status"].as_str()),
            (Some(2), Some("pending"))
        );
        // One change at a time.
        let (code, _) = error_of(w.broker.post(&path, change).await).await;
        assert_eq!(code, StatusCode::CONFLICT);
        // The load keeps its rate until the carrier accepts.
        let l: Value = app
            .get(&format!("/api/fleet/loads/{load_id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(l["linehaul_cents"], 180000);

        let res = app
            .post(
                &format!("/api/fleet/tenders/{id}/revisions/2/accept"),
                accept_body(),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        let detail: Value = res.json().await.unwrap();
        let statuses: Vec<(i64, String)> = detail["revisions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["revision"].as_i64().unwrap(),
                    r["status"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(statuses, [(1, "accepted".into()), (2, "accepted".into())]);
        let again = app
            .post(
                &format!("/api/fleet/tenders/{id}/revisions/2/accept"),
                accept_body(),
            )
            .await;
        assert_eq!(again.status(), StatusCode::CONFLICT);
        let l: Value = app
            .get(&format!("/api/fleet/loads/{load_id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(l["linehaul_cents"], 190000);
        assert_eq!(l["accessorials"], json!([]));
        assert_eq!(l["revenue_cents"], 215000);

        // Both revisions are kept and filed on both sides.
        let s: Value = w
            .broker
            .get(&format!("/api/broker/shipments/{sid}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(s["shipment"]["total_cents"], 215000);
        let revs: Vec<i64> = s["documents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"] == "rate_confirmation")
            .map(|d| d["revision"].as_i64().unwrap())
            .collect();
        assert_eq!(revs, [1, 2]);
        let second = s["documents"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["revision"] == 2)
            .unwrap()
            .clone();
        let pdf = w
            .broker
            .get(&format!(
                "/api/broker/shipments/{sid}/documents/{}",
                second["id"].as_str().unwrap()
            ))
            .await;
        let text = pdf_text(&pdf.bytes().await.unwrap());
        assert!(text.contains("revision 2"), "{text}");
        assert!(text.contains("$2,150.00"), "{text}");
        assert!(text.contains("Second stop added at the dock"), "{text}");
        let docs: Value = app
            .get(&format!("/api/fleet/loads/{load_id}/documents"))
            .await
            .json()
            .await
            .unwrap();
        let filed = docs["items"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["document_type"] == "rate_confirmation")
            .count();
        assert_eq!(filed, 2);
    }
);

on_each_backend!(
    the_board_shows_the_carriers_record_and_a_truck_committed_elsewhere,
    |mut app: TestApp| async move {
        use db::entities::load_stop;
        let w = world(&mut app, "11").await;
        let fresh = board_detail(&w.broker, &w.posting).await;
        assert_eq!(fresh["badges"]["loads_delivered"], 0);
        assert!(fresh["badges"]["on_time_pickup_pct"].is_null());
        assert_eq!(fresh["badges"]["committed_elsewhere"], false);

        // One delivered load, on time at its pickup and late at its
        // delivery (the office's times); and the posted truck planned on
        // another load over the posting's days.
        let db = app.inspect_db().await;
        let done = crate::loads::a_load(&app).await;
        let done_id: Uuid = done["id"].as_str().unwrap().parse().unwrap();
        let now = Utc::now();
        load::Entity::update_many()
            .col_expr(load::Column::Status, Expr::value("delivered"))
            .filter(load::Column::Id.eq(done_id))
            .exec(&db)
            .await
            .unwrap();
        for (seq, starts, arrived) in [
            (
                0,
                now - Duration::days(3),
                now - Duration::days(3) + Duration::minutes(10),
            ),
            (
                1,
                now - Duration::days(2),
                now - Duration::days(2) + Duration::hours(3),
            ),
        ] {
            load_stop::Entity::update_many()
                .col_expr(load_stop::Column::StartsAt, Expr::value(starts))
                .col_expr(load_stop::Column::EndsAt, Expr::value(starts))
                .col_expr(load_stop::Column::ArrivedAt, Expr::value(arrived))
                .filter(load_stop::Column::LoadId.eq(done_id))
                .filter(load_stop::Column::Seq.eq(seq))
                .exec(&db)
                .await
                .unwrap();
        }
        let (drivers, _) = people_and_trucks(&app, w.fleet_id).await;
        let busy = crate::loads::created(
            &app,
            "/api/fleet/loads",
            crate::loads::load(
                done["customer"]["id"].as_str().unwrap(),
                done["stops"][0]["facility"]["id"].as_str().unwrap(),
                done["stops"][1]["facility"]["id"].as_str().unwrap(),
            ),
        )
        .await;
        let busy_id = busy["id"].as_str().unwrap();
        let res = app
            .post(
                &format!("/api/fleet/loads/{busy_id}/assignment"),
                json!({ "driver_id": drivers[0], "truck_id": w.truck, "override_reason": "test" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
        load::Entity::update_many()
            .col_expr(
                load::Column::FirstPickupAt,
                Expr::value(now + Duration::days(1)),
            )
            .col_expr(
                load::Column::LastDeliveryAt,
                Expr::value(now + Duration::days(2)),
            )
            .filter(load::Column::Id.eq(busy_id.parse::<Uuid>().unwrap()))
            .exec(&db)
            .await
            .unwrap();

        longhaul::job_registry::run_job(
            &app.state,
            <longhaul::modules::postings::jobs::BoardRefresh as longhaul::jobs::Job>::KIND,
            json!({}),
            true,
        )
        .await
        .expect("the board refresh runs");
        let seen = board_detail(&w.broker, &w.posting).await;
        let badges = &seen["badges"];
        assert_eq!(badges["loads_delivered"], 1);
        assert_eq!(badges["on_time_pickup_pct"], 100);
        assert_eq!(badges["on_time_delivery_pct"], 0);
        assert_eq!(badges["on_time_from_eld"], false);
        assert_eq!(badges["committed_elsewhere"], true);

        // The carrier sees the broker's record on the tender.
        let first = tender_of(&w).await;
        assert_eq!(first["broker_loads_tendered"], 0);
        let second = tender_of(&w).await;
        assert_eq!(second["broker_loads_tendered"], 1);
    }
);

on_each_backend!(
    the_fleets_default_decides_position_sharing_unless_the_acceptance_says,
    |mut app: TestApp| async move {
        let w = world(&mut app, "12").await;
        let settings: Value = app
            .get("/api/fleet/tenders/settings")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(settings["share_position_default"], false);
        let res = app
            .put(
                "/api/fleet/tenders/settings",
                json!({ "share_position_default": true }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        // A broker cannot change it.
        let res = w
            .broker
            .put(
                "/api/fleet/tenders/settings",
                json!({ "share_position_default": false }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let t = tender_of(&w).await;
        let id = t["id"].as_str().unwrap();
        app.post(&format!("/api/fleet/tenders/{id}/accept"), accept_body())
            .await;
        let page: Value = w
            .broker
            .get("/api/broker/shipments")
            .await
            .json()
            .await
            .unwrap();
        let sid = page["shipments"][0]["id"].as_str().unwrap();
        let s: Value = w
            .broker
            .get(&format!("/api/broker/shipments/{sid}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(s["tracking"]["position_shared"], true);
    }
);
