//! Issue 31 §1: the fleet's home time zone (decision 043). Company
//! Settings → General shows the zone in effect and where it came from (the
//! FMCSA address's state, else Central Time) and takes a chosen one; the
//! compliance calendar and the reminders judge each fleet on its own
//! calendar day, not the UTC one.

use crate::documents::{PDF, upload_ok};
use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, make_user, new_client, spawn_app};
use crate::loads::{created, crew, load, parties, people_and_trucks};
use crate::on_each_backend;
use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{compliance_digest, fleet_account, fleet_driver, fleet_notification};
use domain::Role;
use longhaul::modules::compliance::deps::ComplianceDeps;
use longhaul::modules::compliance::reminders;
use longhaul::modules::fleet_account::time_zone::fleet_today;
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, Set};
use serde_json::{Value, json};
use uuid::Uuid;

fn at(instant: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(instant)
        .unwrap()
        .with_timezone(&Utc)
}

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// A fleet with two drivers, its admin signed in. DOT numbers ending in 92
/// have their MCS-150 due at the end of September 2026, past every
/// reminder threshold from the March days tested.
async fn signed_in(app: &mut TestApp, email: &str, name: &str, dot: &str) -> Uuid {
    let sizes = Sizes {
        drivers: 2,
        trucks: 1,
        trailers: 0,
    };
    let id = fleet(app, email, name, dot, sizes).await;
    app.sign_in(email, "secret1").await;
    id
}

async fn account(app: &TestApp) -> Value {
    let res = app.get("/api/fleet/account").await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

fn zone_of(view: &Value) -> (&str, &str) {
    (
        view["home_time_zone"].as_str().unwrap(),
        view["home_time_zone_source"].as_str().unwrap(),
    )
}

/// Company Settings → General as the page sends it, with `zone` when given.
fn general(name: &str, zone: Option<Value>) -> Value {
    let mut body = json!({ "legal_name": name, "contact": { "first_name": "Pat" } });
    if let Some(zone) = zone {
        body["home_time_zone"] = zone;
    }
    body
}

async fn set_zone(app: &TestApp, name: &str, zone: Value) -> Value {
    let res = app
        .put("/api/fleet/settings/general", general(name, Some(zone)))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

/// Stores an FMCSA record whose physical address is in `state`.
async fn fmcsa_state(app: &TestApp, fleet_id: Uuid, state: &str) {
    let db = app.inspect_db().await;
    let row = fleet_account::Entity::find_by_id(fleet_id)
        .one(&db)
        .await
        .unwrap()
        .unwrap();
    let mut row = row.into_active_model();
    row.fmcsa_data = Set(Some(json!({ "content": { "carrier": {
        "legalName": "RECORD FREIGHT", "phyCity": "SOMEWHERE", "phyState": state
    } } })));
    row.update(&db).await.unwrap();
}

async fn first_driver(app: &TestApp, fleet_id: Uuid) -> Uuid {
    fleet_driver::Entity::find()
        .filter(fleet_driver::Column::FleetAccountId.eq(fleet_id))
        .one(&app.inspect_db().await)
        .await
        .unwrap()
        .unwrap()
        .id
}

async fn cdl_expiring(app: &TestApp, driver: Uuid, on: &str) {
    let res = app
        .put(
            &format!("/api/fleet/drivers/{driver}/qualifications/cdl"),
            json!({ "number": "D1234567", "state": "TX", "class": "A", "expires_on": on }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
}

on_each_backend!(
    the_home_time_zone_defaults_from_the_fmcsa_state_and_can_be_chosen,
    |mut app: TestApp| async move {
        let fleet_id = signed_in(&mut app, "zone@tz.test", "Zone Haul", "7000092").await;
        // No FMCSA record and no state: Central Time.
        let view = account(&app).await;
        assert_eq!(zone_of(&view), ("America/Chicago", "default"));

        fmcsa_state(&app, fleet_id, "AZ").await;
        assert_eq!(
            zone_of(&account(&app).await),
            ("America/Phoenix", "fmcsa_state")
        );

        // Chosen: the answer and a fresh read agree.
        let saved = set_zone(&app, "Zone Haul", json!("America/Denver")).await;
        assert_eq!(zone_of(&saved), ("America/Denver", "set"));
        assert_eq!(zone_of(&account(&app).await), ("America/Denver", "set"));

        // A save of the other General fields leaves it be.
        let res = app
            .put(
                "/api/fleet/settings/general",
                general("Zone Haul Inc", None),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let view = account(&app).await;
        assert_eq!(view["legal_name"], "Zone Haul Inc");
        assert_eq!(zone_of(&view), ("America/Denver", "set"));

        // An unknown zone is refused by name, and nothing changes.
        for bad in [json!("Mars/Olympus"), json!("america/denver"), json!("CST")] {
            let (status, error) = error_of(
                app.put(
                    "/api/fleet/settings/general",
                    general("Zone Haul", Some(bad.clone())),
                )
                .await,
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
            assert_eq!(
                error["fields"]["home_time_zone"], "Choose a time zone from the list",
                "{bad}"
            );
        }
        let (status, _) = error_of(
            app.put(
                "/api/fleet/settings/general",
                general("Zone Haul", Some(json!(42))),
            )
            .await,
        )
        .await;
        assert!(status.is_client_error(), "{status}");
        assert_eq!(zone_of(&account(&app).await), ("America/Denver", "set"));

        // Null (or empty) goes back to the default.
        let back = set_zone(&app, "Zone Haul", Value::Null).await;
        assert_eq!(zone_of(&back), ("America/Phoenix", "fmcsa_state"));
        set_zone(&app, "Zone Haul", json!("Pacific/Honolulu")).await;
        let back = set_zone(&app, "Zone Haul", json!("  ")).await;
        assert_eq!(zone_of(&back), ("America/Phoenix", "fmcsa_state"));
        let stored = fleet_account::Entity::find_by_id(fleet_id)
            .one(&app.inspect_db().await)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored.home_time_zone, None);

        // Another fleet's choice is its own.
        let mut other = app.another_browser();
        signed_in(&mut other, "other@tz.test", "Other Haul", "7000192").await;
        let theirs = set_zone(&other, "Other Haul", json!("Pacific/Guam")).await;
        assert_eq!(zone_of(&theirs), ("Pacific/Guam", "set"));
        assert_eq!(
            zone_of(&account(&app).await),
            ("America/Phoenix", "fmcsa_state")
        );
    }
);

on_each_backend!(
    only_a_fleet_admin_reads_or_sets_the_home_time_zone,
    |mut app: TestApp| async move {
        let fleet_id = signed_in(&mut app, "owner@tz.test", "Owner Haul", "7000292").await;
        set_zone(&app, "Owner Haul", json!("America/New_York")).await;
        make_user(&app, "driver@tz.test", Some(Role::FleetDriver), None).await;
        make_user(&app, "broker@tz.test", Some(Role::BrokerAdmin), None).await;

        app.client = new_client();
        app.csrf = None;
        let res = app.get("/api/fleet/account").await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        for who in ["driver@tz.test", "broker@tz.test"] {
            app.client = new_client();
            app.sign_in(who, "secret1").await;
            let res = app.get("/api/fleet/account").await;
            assert_eq!(res.status(), StatusCode::FORBIDDEN, "{who}");
            let res = app
                .put(
                    "/api/fleet/settings/general",
                    general("Taken Over", Some(json!("Pacific/Guam"))),
                )
                .await;
            assert_eq!(res.status(), StatusCode::FORBIDDEN, "{who}");
        }
        let stored = fleet_account::Entity::find_by_id(fleet_id)
            .one(&app.inspect_db().await)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored.home_time_zone.as_deref(), Some("America/New_York"));
    }
);

async fn calendar_today(app: &TestApp) -> String {
    let page: Value = app
        .get("/api/fleet/compliance/calendar")
        .await
        .json()
        .await
        .unwrap();
    page["today"].as_str().unwrap().to_owned()
}

async fn summary(app: &TestApp) -> Value {
    app.get("/api/fleet/compliance/summary")
        .await
        .json()
        .await
        .unwrap()
}

async fn cdl_group(app: &TestApp, driver: Uuid) -> String {
    let items: Value = app
        .get(&format!("/api/fleet/drivers/{driver}/qualifications"))
        .await
        .json()
        .await
        .unwrap();
    let cdl = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["kind"] == "cdl")
        .unwrap();
    cdl["group"].as_str().unwrap().to_owned()
}

async fn export_name(app: &TestApp) -> String {
    let res = app.get("/api/fleet/compliance/export.csv").await;
    assert_eq!(res.status(), StatusCode::OK);
    res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned()
}

on_each_backend!(
    the_compliance_calendar_judges_on_the_fleets_own_day,
    |mut app: TestApp| async move {
        let fleet_id = signed_in(&mut app, "day@tz.test", "Day Haul", "7000392").await;
        // 03:00 UTC on March 2 is 19:00 on March 1 in Los Angeles, 21:00 in
        // Chicago and 13:00 on March 2 in Guam.
        let now = at("2026-03-02T03:00:00Z");
        app.state.clock.pin(Some(now));
        let driver = first_driver(&app, fleet_id).await;
        cdl_expiring(&app, driver, "2026-03-01").await;

        set_zone(&app, "Day Haul", json!("America/Los_Angeles")).await;
        assert_eq!(calendar_today(&app).await, "2026-03-01");
        let items: Value = app
            .get("/api/fleet/compliance/items?group=next30")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(items["today"], "2026-03-01");
        assert_eq!(
            cdl_group(&app, driver).await,
            "next30",
            "due today, not lapsed"
        );
        let west = summary(&app).await;
        assert!(
            export_name(&app)
                .await
                .contains("compliance-2026-03-01.csv")
        );
        assert_eq!(
            fleet_today(&app.state.db, scope_of(fleet_id), now)
                .await
                .unwrap(),
            day("2026-03-01")
        );

        set_zone(&app, "Day Haul", json!("Pacific/Guam")).await;
        assert_eq!(calendar_today(&app).await, "2026-03-02");
        assert_eq!(cdl_group(&app, driver).await, "overdue");
        let guam = summary(&app).await;
        assert_eq!(
            guam["overdue"].as_u64().unwrap(),
            west["overdue"].as_u64().unwrap() + 1,
            "the CDL lapsed yesterday in Guam: {west} {guam}"
        );
        assert_eq!(
            guam["due_in30"].as_u64().unwrap() + 1,
            west["due_in30"].as_u64().unwrap()
        );
        assert!(
            export_name(&app)
                .await
                .contains("compliance-2026-03-02.csv")
        );

        // The default (Central Time, no state here) is still March 1.
        set_zone(&app, "Day Haul", Value::Null).await;
        assert_eq!(calendar_today(&app).await, "2026-03-01");
        let bell: Value = app
            .get("/api/fleet/notifications")
            .await
            .json()
            .await
            .unwrap();
        assert!(bell.is_object(), "{bell}");
    }
);

/// A scope of the fleet, as a job makes one.
fn scope_of(fleet_id: Uuid) -> db::tenancy::TenantScope {
    db::tenancy::TenantScope::for_job(fleet_id)
}

/// The day of each fleet's digests, oldest first.
async fn digest_days(app: &TestApp, fleet_id: Uuid) -> Vec<NaiveDate> {
    let mut days: Vec<NaiveDate> = compliance_digest::Entity::find()
        .filter(compliance_digest::Column::FleetAccountId.eq(fleet_id))
        .all(&app.inspect_db().await)
        .await
        .unwrap()
        .into_iter()
        .map(|d| d.day)
        .collect();
    days.sort();
    days
}

async fn thresholds(app: &TestApp, fleet_id: Uuid) -> Vec<i32> {
    let mut out: Vec<i32> = fleet_notification::Entity::find()
        .filter(fleet_notification::Column::FleetAccountId.eq(fleet_id))
        .filter(fleet_notification::Column::Kind.eq("reminder"))
        .all(&app.inspect_db().await)
        .await
        .unwrap()
        .into_iter()
        .map(|n| n.threshold)
        .collect();
    out.sort();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_judge_each_fleet_on_its_own_day() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let west = signed_in(&mut app, "west@tz.test", "West Haul", "7100092").await;
        set_zone(&app, "West Haul", json!("America/Los_Angeles")).await;
        cdl_expiring(&app, first_driver(&app, west).await, "2026-03-09").await;
        let mut other = app.another_browser();
        let east = signed_in(&mut other, "east@tz.test", "East Haul", "7200092").await;
        set_zone(&other, "East Haul", json!("America/New_York")).await;
        cdl_expiring(&other, first_driver(&app, east).await, "2026-03-09").await;
        let deps = ComplianceDeps::of(&app.state);

        // 06:00 UTC on March 2: 01:00 on March 2 in New York, the CDL 7 days
        // out; 22:00 on March 1 in Los Angeles, 8 days out (the 30-day one).
        let run = reminders::run_daily(&deps, at("2026-03-02T06:00:00Z"))
            .await
            .unwrap();
        assert_eq!((run.digests_sent, run.reminders), (2, 2), "{run:?}");
        assert_eq!(digest_days(&app, east).await, [day("2026-03-02")]);
        assert_eq!(digest_days(&app, west).await, [day("2026-03-01")]);
        assert_eq!(thresholds(&app, east).await, [7]);
        assert_eq!(thresholds(&app, west).await, [30]);

        // An hour later it is still March 1 in Los Angeles: no early
        // reminder, and New York had its day's digest.
        let run = reminders::run_daily(&deps, at("2026-03-02T07:00:00Z"))
            .await
            .unwrap();
        assert_eq!((run.digests_sent, run.reminders), (0, 0), "{run:?}");
        assert_eq!(thresholds(&app, west).await, [30]);

        // 01:00 on March 2 in Los Angeles: its day turned, its 7-day one.
        let run = reminders::run_daily(&deps, at("2026-03-02T09:00:00Z"))
            .await
            .unwrap();
        assert_eq!((run.digests_sent, run.reminders), (1, 1), "{run:?}");
        assert_eq!(
            digest_days(&app, west).await,
            [day("2026-03-01"), day("2026-03-02")]
        );
        assert_eq!(thresholds(&app, west).await, [7, 30]);
        assert_eq!(digest_days(&app, east).await, [day("2026-03-02")]);

        // The same local day again, later: once per fleet and day.
        let run = reminders::run_daily(&deps, at("2026-03-03T04:00:00Z"))
            .await
            .unwrap();
        assert_eq!(run.digests_sent, 0, "{run:?}");
    }
}

/// The status and tabs of one document in the fleet's documents list.
async fn document_status(app: &TestApp, id: &str) -> (String, Value, Vec<String>) {
    let one: Value = app
        .get(&format!("/api/fleet/documents/{id}"))
        .await
        .json()
        .await
        .unwrap();
    let page: Value = app
        .get("/api/fleet/documents?tab=expired")
        .await
        .json()
        .await
        .unwrap();
    let expired = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect();
    (
        one["status"].as_str().unwrap().to_owned(),
        page["counts"].clone(),
        expired,
    )
}

on_each_backend!(
    documents_expire_on_the_fleets_own_day,
    |mut app: TestApp| async move {
        signed_in(&mut app, "docs@tz.test", "Docs Haul", "7000492").await;
        // 03:00 UTC on March 2 is 19:00 on March 1 in Los Angeles and
        // 13:00 on March 2 in Guam.
        app.state.clock.pin(Some(at("2026-03-02T03:00:00Z")));
        set_zone(&app, "Docs Haul", json!("America/Los_Angeles")).await;
        let made = upload_ok(
            &app,
            &[
                ("name", "IFTA Q1"),
                ("document_type", "company_ifta"),
                ("expiration_date", "2026-03-01"),
            ],
            "ifta.pdf",
            PDF,
        )
        .await;
        assert_eq!(made["status"], "expiring_soon", "the upload's answer");
        let id = made["id"].as_str().unwrap();

        // Still March 1 at home: due today, not lapsed — though the UTC
        // day is already March 2.
        let (status, counts, expired) = document_status(&app, id).await;
        assert_eq!(status, "expiring_soon");
        assert_eq!(counts, json!({ "expiring_soon": 1, "expired": 0 }));
        assert!(expired.is_empty());
        let soon: Value = app
            .get("/api/fleet/documents?tab=expiring_soon")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(soon["items"][0]["id"], id);

        // In Guam it is March 2: lapsed yesterday.
        set_zone(&app, "Docs Haul", json!("Pacific/Guam")).await;
        let (status, counts, expired) = document_status(&app, id).await;
        assert_eq!(status, "expired");
        assert_eq!(counts, json!({ "expiring_soon": 0, "expired": 1 }));
        assert_eq!(expired, [id]);

        // Back in Los Angeles, an hour before its midnight, then after it.
        set_zone(&app, "Docs Haul", json!("America/Los_Angeles")).await;
        app.state.clock.pin(Some(at("2026-03-02T07:59:00Z")));
        assert_eq!(document_status(&app, id).await.0, "expiring_soon");
        app.state.clock.pin(Some(at("2026-03-02T08:00:00Z")));
        assert_eq!(document_status(&app, id).await.0, "expired");
    }
);

/// The codes of what assigning `driver` and `truck` to the load would find.
async fn findings(app: &TestApp, load: &str, driver: Uuid, truck: Uuid) -> Vec<String> {
    let res = app
        .post(
            &format!("/api/fleet/loads/{load}/eligibility"),
            json!({ "driver_id": driver, "truck_id": truck }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let body: Value = res.json().await.unwrap();
    body["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_owned())
        .collect()
}

on_each_backend!(
    a_load_judges_already_expired_on_the_fleets_day_not_the_stops,
    |mut app: TestApp| async move {
        let fleet_id = fleet(&app, "ops@tzload.test", "Lane Haul", "7000592", crew()).await;
        app.sign_in("ops@tzload.test", "secret1").await;
        let (drivers, trucks) = people_and_trucks(&app, fleet_id).await;
        let driver = drivers[0];
        let qualified = |kind: &'static str, on: &'static str| {
            let app = &app;
            async move {
                let res = app
                    .put(
                        &format!("/api/fleet/drivers/{driver}/qualifications/{kind}"),
                        json!({ "expires_on": on }),
                    )
                    .await;
                assert_eq!(res.status(), StatusCode::OK);
            }
        };
        qualified("cdl", "2027-06-30").await;
        qualified("medical", "2026-03-01").await;
        // Delivered in Atlanta (New York's clock) on February 28.
        let (customer, shipper, receiver) = parties(&app).await;
        let mut body = load(&customer, &shipper, &receiver);
        body["stops"] = json!([
            { "kind": "pickup", "facility_id": shipper, "appointment": "2026-02-27T08:00:00" },
            { "kind": "delivery", "facility_id": receiver, "appointment": "2026-02-28T09:00:00" }
        ]);
        let made = created(&app, "/api/fleet/loads", body).await;
        let id = made["id"].as_str().unwrap();

        // 06:00 UTC on March 2: 01:00 on March 2 at the receiver, 22:00 on
        // March 1 in Los Angeles, where the fleet is: the medical card is
        // good through the fleet's today.
        app.state.clock.pin(Some(at("2026-03-02T06:00:00Z")));
        set_zone(&app, "Lane Haul", json!("America/Los_Angeles")).await;
        let found = findings(&app, id, driver, trucks[0]).await;
        assert!(
            !found.contains(&"medical_card_expired".to_owned()),
            "{found:?}"
        );

        // A New York fleet's day has turned: expired.
        set_zone(&app, "Lane Haul", json!("America/New_York")).await;
        let found = findings(&app, id, driver, trucks[0]).await;
        assert!(
            found.contains(&"medical_card_expired".to_owned()),
            "{found:?}"
        );
    }
);
