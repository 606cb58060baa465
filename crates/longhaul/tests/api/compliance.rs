//! Issue 14, the compliance calendar: drivers' qualification items, the
//! calendar's groups, pages, export and iCalendar feed; the daily reminder
//! digest (each threshold once, one digest per fleet and day, nothing twice
//! after a restart). The FMCSA monitoring is in `fmcsa_monitor`.

use crate::documents::{PDF, day, upload_ok};
use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, backends, error_of, spawn_app};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use db::entities::{fleet_driver, fleet_vehicle};
use longhaul::modules::compliance::deps::ComplianceDeps;
use longhaul::modules::compliance::reminders;
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use uuid::Uuid;

fn sizes() -> Sizes {
    Sizes {
        drivers: 3,
        trucks: 3,
        trailers: 2,
    }
}

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

/// 18:00 UTC of `day`: the same calendar day in every US zone, so the
/// fleets here (Central Time, decision 043) judge on the UTC day the test
/// dates are counted from.
pub(crate) fn us_midday(day: NaiveDate) -> DateTime<Utc> {
    day.and_hms_opt(18, 0, 0).unwrap().and_utc()
}

async fn signed_in_fleet(app: &mut TestApp, email: &str, name: &str, dot: &str) -> Uuid {
    app.state.clock.pin(Some(us_midday(today())));
    let id = fleet(app, email, name, dot, sizes()).await;
    app.sign_in(email, "secret1").await;
    id
}

async fn first<E: EntityTrait>(app: &TestApp, fleet_id: Uuid, column: E::Column) -> E::Model
where
    E::Column: ColumnTrait,
{
    E::find()
        .filter(column.eq(fleet_id))
        .one(&app.inspect_db().await)
        .await
        .unwrap()
        .expect("a seeded row")
}

async fn first_driver(app: &TestApp, fleet_id: Uuid) -> fleet_driver::Model {
    first::<fleet_driver::Entity>(app, fleet_id, fleet_driver::Column::FleetAccountId).await
}

async fn first_truck(app: &TestApp, fleet_id: Uuid) -> fleet_vehicle::Model {
    first::<fleet_vehicle::Entity>(app, fleet_id, fleet_vehicle::Column::FleetAccountId).await
}

async fn put_qualification(
    app: &TestApp,
    driver: Uuid,
    kind: &str,
    body: Value,
) -> reqwest::Response {
    app.put(
        &format!("/api/fleet/drivers/{driver}/qualifications/{kind}"),
        body,
    )
    .await
}

async fn cdl_in(app: &TestApp, driver: Uuid, days: i64) -> Value {
    let res = put_qualification(
        app,
        driver,
        "cdl",
        json!({ "number": "D1234567", "state": "TN", "class": "A", "expires_on": day(days) }),
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap()
    );
    res.json().await.unwrap()
}

async fn truck_document(app: &TestApp, truck: Uuid, name: &str, days: i64) -> Value {
    let truck = truck.to_string();
    let expires = day(days);
    upload_ok(
        app,
        &[
            ("name", name),
            ("document_type", "truck_registration"),
            ("vehicle_type", "truck"),
            ("vehicle_id", &truck),
            ("expiration_date", &expires),
        ],
        "registration.pdf",
        PDF,
    )
    .await
}

async fn company_document(app: &TestApp, name: &str, days: i64) -> Value {
    let expires = day(days);
    upload_ok(
        app,
        &[
            ("name", name),
            ("document_type", "company_insurance"),
            ("expiration_date", &expires),
        ],
        "insurance.pdf",
        PDF,
    )
    .await
}

async fn calendar(app: &TestApp, query: &str) -> Value {
    let res = app
        .get(&format!("/api/fleet/compliance/calendar{query}"))
        .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap()
    );
    res.json().await.unwrap()
}

fn group<'a>(page: &'a Value, name: &str) -> &'a Value {
    page["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["group"] == name)
        .unwrap()
}

fn titles(group: &Value) -> Vec<String> {
    group["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["title"].as_str().unwrap().to_owned())
        .collect()
}

/// The MCS-150 update of a DOT number, when it falls inside the reminder
/// window from today (it depends on the calendar date the test runs on).
fn mcs150_in_window(dot: &str) -> bool {
    domain::compliance::mcs150_due(dot, None, today())
        .is_some_and(|d| (d - today()).num_days() <= 90)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn qualification_items_are_kept_per_driver_and_checked() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = signed_in_fleet(&mut app, "q@comply.test", "Qual Haul", "4100013").await;
        let driver = first_driver(&app, fleet_id).await;

        let list: Value = app
            .get(&format!("/api/fleet/drivers/{}/qualifications", driver.id))
            .await
            .json()
            .await
            .unwrap();
        let kinds: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|q| q["kind"].as_str().unwrap())
            .collect();
        assert_eq!(
            kinds,
            ["cdl", "medical", "mvr", "clearinghouse", "drug_test"]
        );
        assert!(
            list.as_array()
                .unwrap()
                .iter()
                .all(|q| q["recorded"] == false)
        );

        // The CDL needs its expiry; dates must be dates; text is bounded.
        for (body, field) in [
            (json!({ "number": "X" }), "expires_on"),
            (json!({ "expires_on": "2026-02-30" }), "expires_on"),
            (
                json!({ "expires_on": day(10), "number": "9".repeat(41) }),
                "number",
            ),
        ] {
            let (status, err) =
                error_of(put_qualification(&app, driver.id, "cdl", body).await).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
            assert!(err["fields"][field].is_string(), "{err}");
        }
        let (status, err) =
            error_of(put_qualification(&app, driver.id, "mvr", json!({})).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["done_on"].is_string());
        let (status, _) = error_of(
            put_qualification(&app, driver.id, "passport", json!({ "expires_on": day(3) })).await,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "an unknown kind");
        let (status, _) = error_of(
            put_qualification(&app, Uuid::new_v4(), "cdl", json!({ "expires_on": day(3) })).await,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "a driver of no fleet");

        let saved = cdl_in(&app, driver.id, 20).await;
        assert_eq!(saved["due_on"], day(20));
        assert_eq!(saved["group"], "next30");
        assert_eq!(saved["class"], "A");
        // The annual MVR review is due 12 months after it was done.
        let done = today() - Duration::days(300);
        let res = put_qualification(
            &app,
            driver.id,
            "mvr",
            json!({ "done_on": done.to_string() }),
        )
        .await;
        let mvr: Value = res.json().await.unwrap();
        assert_eq!(
            mvr["due_on"],
            done.checked_add_months(chrono::Months::new(12))
                .unwrap()
                .to_string()
        );
        assert_eq!(mvr["group"], "next90");

        // A backing document must be this driver's.
        let other = fleet_driver::Entity::find()
            .filter(fleet_driver::Column::FleetAccountId.eq(fleet_id))
            .filter(fleet_driver::Column::Id.ne(driver.id))
            .one(&app.inspect_db().await)
            .await
            .unwrap()
            .unwrap();
        let other_id = other.id.to_string();
        let doc = upload_ok(
            &app,
            &[
                ("name", "Someone's CDL"),
                ("document_type", "company_other"),
                ("driver_id", &other_id),
            ],
            "cdl.pdf",
            PDF,
        )
        .await;
        let (status, err) = error_of(
            put_qualification(
                &app,
                driver.id,
                "cdl",
                json!({ "expires_on": day(20), "document_id": doc["id"] }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["document_id"].is_string());
        let driver_id = driver.id.to_string();
        let mine = upload_ok(
            &app,
            &[
                ("name", "CDL scan"),
                ("document_type", "company_other"),
                ("driver_id", &driver_id),
            ],
            "cdl.pdf",
            PDF,
        )
        .await;
        let res = put_qualification(
            &app,
            driver.id,
            "cdl",
            json!({ "expires_on": day(25), "document_id": mine["id"] }),
        )
        .await;
        let backed: Value = res.json().await.unwrap();
        assert_eq!(backed["document_name"], "CDL scan");
        assert_eq!(backed["number"], Value::Null, "a save replaces the item");

        // Another fleet's admin sees none of it.
        let mut other_fleet = app.another_browser();
        fleet(
            &other_fleet,
            "q2@comply.test",
            "Other Haul",
            "4100024",
            sizes(),
        )
        .await;
        other_fleet.sign_in("q2@comply.test", "secret1").await;
        let res = other_fleet
            .get(&format!("/api/fleet/drivers/{}/qualifications", driver.id))
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let res = other_fleet
            .delete(&format!(
                "/api/fleet/drivers/{}/qualifications/cdl",
                driver.id
            ))
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);

        let res = app
            .delete(&format!(
                "/api/fleet/drivers/{}/qualifications/mvr",
                driver.id
            ))
            .await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        let list: Value = app
            .get(&format!("/api/fleet/drivers/{}/qualifications", driver.id))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(list[2]["recorded"], false);
        assert_eq!(list[0]["due_on"], day(25));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_calendar_groups_filters_pages_exports_and_feeds_the_fleets_items() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        // DOT ..0 3: its MCS-150 is due at the end of October of odd years.
        let fleet_id =
            signed_in_fleet(&mut app, "cal@comply.test", "Calendar Haul", "4200003").await;
        let driver = first_driver(&app, fleet_id).await;
        let truck = first_truck(&app, fleet_id).await;
        cdl_in(&app, driver.id, 20).await;
        truck_document(&app, truck.id, "Truck registration", 5).await;
        company_document(&app, "=HYPERLINK(\"http://x\")", -3).await;
        company_document(&app, "Cargo insurance", 60).await;
        company_document(&app, "Umbrella policy", 400).await;
        // Same date as the CDL, another source: the cursor crosses sources.
        truck_document(&app, truck.id, "Annual inspection", 20).await;

        let page = calendar(&app, "").await;
        assert_eq!(
            titles(group(&page, "overdue")),
            ["=HYPERLINK(\"http://x\")"]
        );
        assert_eq!(
            titles(group(&page, "next30")),
            ["Truck registration", "Annual inspection", "CDL"],
            "date order; on one date documents before qualification items"
        );
        let next90 = titles(group(&page, "next90"));
        assert!(next90.contains(&"Cargo insurance".to_owned()), "{next90:?}");
        assert!(titles(group(&page, "later")).contains(&"Umbrella policy".to_owned()));
        assert_eq!(page["counts"]["next30"], 3);
        let cdl = &group(&page, "next30")["items"][2];
        assert_eq!(cdl["kind"], "driver");
        assert_eq!(cdl["source"], "qualification");
        assert_eq!(
            cdl["link"],
            format!("/fleet-dashboard/drivers/{}?tab=qualification", driver.id)
        );
        assert!(cdl["asset_name"].is_string());

        // Filters: by kind, and one asset.
        let trucks = calendar(&app, "?kind=truck").await;
        assert_eq!(trucks["counts"]["next30"], 2);
        assert_eq!(trucks["counts"]["overdue"], 0);
        let one = calendar(&app, &format!("?kind=driver&asset_id={}", driver.id)).await;
        assert_eq!(titles(group(&one, "next30")), ["CDL"]);
        let company = calendar(&app, "?kind=company").await;
        assert_eq!(company["counts"]["next30"], 0);
        let (status, err) =
            error_of(app.get("/api/fleet/compliance/calendar?kind=boats").await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err["fields"]["kind"].is_string());
        let (status, _) = error_of(
            app.get(&format!(
                "/api/fleet/compliance/calendar?asset_id={}",
                truck.id
            ))
            .await,
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "an asset needs its kind"
        );

        // One item a page: every item once, in order, across sources.
        let mut seen = Vec::new();
        let mut after = String::new();
        loop {
            let res = app
                .get(&format!(
                    "/api/fleet/compliance/items?group=next30&limit=1&after={after}"
                ))
                .await;
            let body: Value = res.json().await.unwrap();
            for item in body["items"].as_array().unwrap() {
                seen.push(item["title"].as_str().unwrap().to_owned());
            }
            match body["next_cursor"].as_str() {
                Some(c) => after = c.to_owned(),
                None => break,
            }
        }
        assert_eq!(seen, ["Truck registration", "Annual inspection", "CDL"]);
        // The month view's range.
        let month: Value = app
            .get(&format!(
                "/api/fleet/compliance/items?from={}&to={}&limit=500",
                day(0),
                day(6)
            ))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(month["items"].as_array().unwrap().len(), 1);
        let (status, _) = error_of(
            app.get(&format!(
                "/api/fleet/compliance/items?from={}&to={}",
                day(6),
                day(0)
            ))
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let (status, _) =
            error_of(app.get("/api/fleet/compliance/items?after=nonsense").await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

        // The export: every item, formulas defused.
        let res = app.get("/api/fleet/compliance/export.csv").await;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/csv")
        );
        let csv = res.text().await.unwrap();
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        // Six documents and qualification items, and the MCS-150 update.
        assert_eq!(rows.len(), 7, "{csv}");
        assert_eq!(&rows[0][4], "'=HYPERLINK(\"http://x\")");
        assert_eq!(&rows[0][1], "Overdue");

        // The feed: made, read by a calendar app without a session, revoked.
        let res = app.post("/api/fleet/compliance/feed", json!({})).await;
        assert_eq!(res.status(), StatusCode::OK);
        let link: Value = res.json().await.unwrap();
        let url = link["url"].as_str().unwrap().to_owned();
        let feed_path = url.trim_start_matches("http://localhost:3000").to_owned();
        let outsider = crate::helpers::new_client();
        let res = outsider.get(app.url(&feed_path)).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/calendar")
        );
        let ics = res.text().await.unwrap();
        assert!(ics.starts_with("BEGIN:VCALENDAR\r\n"), "{ics}");
        assert_eq!(ics.matches("BEGIN:VEVENT").count(), rows.len());
        let due = day(20).replace('-', "");
        assert!(ics.contains(&format!("DTSTART;VALUE=DATE:{due}")), "{ics}");
        assert!(ics.contains("CDL"));
        let settings: Value = app
            .get("/api/fleet/compliance/settings")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(settings["feed_active"], true);
        // A new link ends the old one; revoking ends the new one.
        let newer: Value = app
            .post("/api/fleet/compliance/feed", json!({}))
            .await
            .json()
            .await
            .unwrap();
        let newer_path = newer["url"]
            .as_str()
            .unwrap()
            .trim_start_matches("http://localhost:3000")
            .to_owned();
        assert_eq!(
            outsider
                .get(app.url(&feed_path))
                .send()
                .await
                .unwrap()
                .status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            outsider
                .get(app.url(&newer_path))
                .send()
                .await
                .unwrap()
                .status(),
            StatusCode::OK
        );
        let res = app.delete("/api/fleet/compliance/feed").await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        assert_eq!(
            outsider
                .get(app.url(&newer_path))
                .send()
                .await
                .unwrap()
                .status(),
            StatusCode::NOT_FOUND
        );
        let guess = format!("/api/compliance/calendar/{}.ics", "0".repeat(64));
        assert_eq!(
            outsider.get(app.url(&guess)).send().await.unwrap().status(),
            StatusCode::NOT_FOUND
        );

        // Another fleet's calendar holds none of this fleet's items, and its
        // asset filter finds nothing of this fleet.
        let mut other = app.another_browser();
        fleet(
            &other,
            "cal2@comply.test",
            "Other Calendar",
            "4200014",
            sizes(),
        )
        .await;
        other.sign_in("cal2@comply.test", "secret1").await;
        let theirs = calendar(&other, "").await;
        let total: u64 = ["overdue", "next30", "next90"]
            .iter()
            .map(|g| theirs["counts"][g].as_u64().unwrap())
            .sum();
        assert_eq!(total, u64::from(mcs150_in_window("4200014")));
        let foreign = calendar(&other, &format!("?kind=driver&asset_id={}", driver.id)).await;
        assert!(
            foreign["groups"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| g["total"] == 0)
        );

        // The overview's summary.
        let summary: Value = app
            .get("/api/fleet/compliance/summary")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(summary["overdue"], 1);
        assert_eq!(summary["due_in30"], 3);
        assert_eq!(summary["has_assets"], true);
    }
}

async fn digest_mails(app: &TestApp, to: &str) -> Vec<longhaul::mail::OutgoingEmail> {
    app.emails_to(to)
        .await
        .into_iter()
        .filter(|m| m.subject.contains("compliance item"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reminder_job_sends_each_threshold_once_in_one_digest_a_day() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let dot = "4300003";
        let fleet_id = signed_in_fleet(&mut app, "rem@comply.test", "Reminder Haul", dot).await;
        let driver = first_driver(&app, fleet_id).await;
        let truck = first_truck(&app, fleet_id).await;
        cdl_in(&app, driver.id, 20).await;
        truck_document(&app, truck.id, "Truck registration", 5).await;
        company_document(&app, "Liability policy", -1).await;
        company_document(&app, "Far away", 200).await;
        let extra = u64::from(mcs150_in_window(dot));

        let state = &app.state;
        let first_run = reminders::run_daily(&ComplianceDeps::of(state), us_midday(today()))
            .await
            .unwrap();
        assert_eq!(first_run.digests_sent, 1);
        assert_eq!(first_run.reminders, 3 + extra);
        let again = reminders::run_daily(&ComplianceDeps::of(state), us_midday(today()))
            .await
            .unwrap();
        assert_eq!(again.digests_sent, 0, "the same day: nothing again");
        assert_eq!(again.reminders, 0);

        let mails = digest_mails(&app, "rem@comply.test").await;
        assert_eq!(mails.len(), 1, "one digest, not one mail per item");
        let mail = &mails[0];
        assert!(
            mail.subject.starts_with("Reminder Haul: "),
            "{}",
            mail.subject
        );
        for line in [
            "CDL",
            "Due in 20 days",
            "Truck registration",
            "Due in 5 days",
            "Liability policy",
            "Lapsed yesterday",
        ] {
            assert!(mail.text.contains(line), "{line} in {}", mail.text);
        }
        assert!(!mail.text.contains("Far away"));
        assert!(
            mail.text
                .contains("http://localhost:3000/fleet-dashboard/compliance")
        );

        // The bell shows the same items, unread until read.
        let bell: Value = app
            .get("/api/fleet/notifications")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(bell["unread"], 3 + extra);
        let cdl = bell["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["title"].as_str().unwrap().starts_with("CDL — "))
            .expect("the CDL in the bell")
            .clone();
        assert_eq!(cdl["detail"], "30-day reminder");
        assert_eq!(cdl["due_on"], day(20));
        let read: Value = app
            .post(
                &format!(
                    "/api/fleet/notifications/{}/read",
                    cdl["id"].as_str().unwrap()
                ),
                json!({}),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(read["unread"], 2 + extra);
        let res = app
            .post(
                &format!("/api/fleet/notifications/{}/read", Uuid::new_v4()),
                json!({}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::NOT_FOUND);

        // Tomorrow: every item is still in the threshold it was reminded of.
        let tomorrow = today() + Duration::days(1);
        let next_day = reminders::run_daily(&ComplianceDeps::of(state), us_midday(tomorrow))
            .await
            .unwrap();
        assert_eq!(next_day.reminders, 0);
        // In four days the registration is due tomorrow: its 1-day reminder,
        // once, even with two runs at the same moment.
        let later = today() + Duration::days(4);
        let deps = ComplianceDeps::of(state);
        let (a, b) = tokio::join!(
            reminders::run_daily(&deps, us_midday(later)),
            reminders::run_daily(&deps, us_midday(later))
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a.digests_sent + b.digests_sent, 1, "{a:?} {b:?}");
        assert_eq!(a.reminders + b.reminders, 1);
        let mails = digest_mails(&app, "rem@comply.test").await;
        assert_eq!(mails.len(), 2);
        assert!(mails[1].text.contains("Truck registration"));
        assert!(mails[1].text.contains("Due tomorrow"));
        assert!(!mails[1].text.contains("CDL"));
        let read_all: Value = app
            .post("/api/fleet/notifications/read-all", json!({}))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(read_all["unread"], 0);

        // Chosen thresholds and recipients.
        let res = app
            .put(
                "/api/fleet/compliance/settings",
                json!({ "thresholds": [30, 14], "recipients": [] }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let res = app
            .put(
                "/api/fleet/compliance/settings",
                json!({ "thresholds": [30], "recipients": [Uuid::new_v4()] }),
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "not an admin of this fleet"
        );
        let res = app
            .put(
                "/api/fleet/compliance/settings",
                json!({ "thresholds": [], "recipients": [] }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        company_document(&app, "New permit", 2).await;
        let quiet = reminders::run_daily(
            &ComplianceDeps::of(state),
            us_midday(today() + Duration::days(5)),
        )
        .await
        .unwrap();
        assert_eq!(quiet.reminders, 0, "no thresholds chosen: no reminders");
    }
}

/// Issue 29 point 19: the bell said "You're all caught up." while the
/// overview showed overdue items — the bell read only notifications, which a
/// reminder run makes and a click marks read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bell_agrees_with_the_overview_and_keeps_overdue_items_until_resolved() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let fleet_id = signed_in_fleet(&mut app, "bell@comply.test", "Bell Haul", "4300009").await;
        let truck = first_truck(&app, fleet_id).await;
        let lapsed = company_document(&app, "Lapsed cargo policy", -3).await;
        truck_document(&app, truck.id, "Truck registration", 5).await;
        let json = |res: reqwest::Response| async move { res.json::<Value>().await.unwrap() };

        let summary = json(app.get("/api/fleet/compliance/summary").await).await;
        let bell = json(app.get("/api/fleet/notifications").await).await;
        assert_eq!(bell["unread"], 0, "no reminder has run: {bell}");
        let attention = &bell["attention"];
        assert!(summary["overdue"].as_u64().unwrap() >= 1, "{summary}");
        assert_eq!(attention["overdue"], summary["overdue"], "{bell} {summary}");
        assert_eq!(attention["due_in30"], summary["due_in30"]);
        let overdue_titles: Vec<&str> = attention["overdue_items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["title"].as_str().unwrap())
            .collect();
        assert!(
            overdue_titles.contains(&"Lapsed cargo policy"),
            "{overdue_titles:?}"
        );

        // Reading every notification does not clear what is overdue.
        let read = json(
            app.post("/api/fleet/notifications/read-all", json!({}))
                .await,
        )
        .await;
        assert_eq!(read["attention"]["overdue"], summary["overdue"]);

        // Resolved (the lapsed policy deleted): gone from the bell and the overview alike.
        let res = app
            .delete(&format!(
                "/api/fleet/documents/{}",
                lapsed["id"].as_str().unwrap()
            ))
            .await;
        assert!(res.status().is_success(), "{}", res.status());
        let summary = json(app.get("/api/fleet/compliance/summary").await).await;
        let bell = json(app.get("/api/fleet/notifications").await).await;
        assert_eq!(bell["attention"]["overdue"], summary["overdue"]);
        assert!(
            !bell["attention"]["overdue_items"]
                .as_array()
                .unwrap()
                .iter()
                .any(|i| i["title"] == "Lapsed cargo policy")
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_run_sends_nothing_twice() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        let a = signed_in_fleet(&mut app, "a@restart.test", "Alpha Haul", "4400003").await;
        let truck = first_truck(&app, a).await;
        truck_document(&app, truck.id, "Alpha registration", 6).await;
        let mut other = app.another_browser();
        let b = signed_in_fleet(&mut other, "b@restart.test", "Bravo Haul", "4400014").await;
        let truck_b = first_truck(&app, b).await;
        truck_document(&other, truck_b.id, "Bravo registration", 6).await;

        // The first run committed Alpha, then its process died: Alpha's
        // digest is stored in the outbox, not yet sent, and Bravo not done.
        let done = reminders::remind_fleet(&ComplianceDeps::of(&app.state), a, today())
            .await
            .unwrap();
        assert!(done.digest_sent);
        // The restarted job.
        let rerun = reminders::run_daily(&ComplianceDeps::of(&app.state), us_midday(today()))
            .await
            .unwrap();
        assert_eq!(rerun.digests_sent, 1, "only Bravo");
        // And the job retried once more after that.
        let retried = reminders::run_daily(&ComplianceDeps::of(&app.state), us_midday(today()))
            .await
            .unwrap();
        assert_eq!(retried.digests_sent, 0);
        for (to, name) in [
            ("a@restart.test", "Alpha registration"),
            ("b@restart.test", "Bravo registration"),
        ] {
            let mails = digest_mails(&app, to).await;
            assert_eq!(mails.len(), 1, "{to}");
            assert!(mails[0].text.contains(name));
        }
        // Delivering the outbox again sends nothing again.
        assert_eq!(digest_mails(&app, "a@restart.test").await.len(), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fleet_admin_only_and_no_500s_on_odd_input() {
    for backend in backends() {
        let mut app = spawn_app(backend).await;
        signed_in_fleet(&mut app, "odd@comply.test", "Odd Haul", "4600003").await;
        for path in [
            "/api/fleet/compliance/calendar?kind=%00",
            "/api/fleet/compliance/items?group=someday",
            "/api/fleet/compliance/items?limit=999999999",
            "/api/fleet/compliance/items?from=2026-13-01",
            "/api/fleet/compliance/calendar?kind=truck&asset_id=not-a-uuid",
            "/api/fleet/drivers/not-a-uuid/qualifications",
        ] {
            let status = app.get(path).await.status();
            assert!(
                status.is_client_error() || status == StatusCode::OK,
                "{path}: {status}"
            );
        }
        // Signed out: refused.
        let outsider = app.another_browser();
        for path in [
            "/api/fleet/compliance/calendar",
            "/api/fleet/notifications",
            "/api/fleet/fmcsa/history",
        ] {
            assert_eq!(
                outsider.get(path).await.status(),
                StatusCode::UNAUTHORIZED,
                "{path}"
            );
        }
    }
}

crate::on_each_backend!(
    qualification_items_survive_eld_syncs_of_their_driver,
    |mut app: TestApp| async move {
        use crate::eld_sync::{admin_with_fleet, sync};
        let fleet_id = admin_with_fleet(&mut app, "synced@comply.test", "4700001").await;
        let res = app
            .put("/api/fleet/eld/connection", json!({ "provider": "demo" }))
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        assert_eq!(sync(&app, fleet_id, "drivers").await["status"], "succeeded");
        let page: Value = app
            .get("/api/fleet/drivers?tab=active")
            .await
            .json()
            .await
            .unwrap();
        let driver = page["items"][0]["id"].as_str().unwrap().to_owned();
        let driver = Uuid::parse_str(&driver).unwrap();
        cdl_in(&app, driver, 45).await;

        let again = sync(&app, fleet_id, "drivers").await;
        assert_eq!(again["status"], "succeeded", "{again}");
        let items: Value = app
            .get(&format!("/api/fleet/drivers/{driver}/qualifications"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(items[0]["recorded"], true, "{items}");
        assert_eq!(items[0]["due_on"], day(45));
    }
);
