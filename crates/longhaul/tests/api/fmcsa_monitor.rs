//! Issue 14's and issue 34's FMCSA monitoring of a fleet's own record,
//! against a fake QCMobile: every fleet's baseline when it is created
//! (`create-user`, the super admin's approval), FMCSA down then, the daily
//! check, "Check FMCSA now" (once per 10 minutes, two presses at once), an
//! operator's `run-job fmcsa_check --fleet`, outages and retries.

use crate::compliance::us_midday;
use crate::fleet_dashboard::fleet;
use crate::helpers::processes::Longhaul;
use crate::helpers::{Backend, TestApp, backends, error_of, spawn_configured};
use chrono::{Duration, NaiveDate, Utc};
use db::entities::{fleet_account, fmcsa_change, fmcsa_snapshot};
use longhaul::app::Overrides;
use longhaul::config::Secret;
use longhaul::integrations::fmcsa::QcMobile;
use longhaul::job_registry::run_job;
use longhaul::jobs::{Job, JobError};
use longhaul::modules::compliance::deps::ComplianceDeps;
use longhaul::modules::compliance::monitor::{self, Check, CheckOutcome, FmcsaCheck};
use longhaul::seed::{Sizes, find_fleet_by_dot};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration as StdDuration;
use uuid::Uuid;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

const DOT: &str = "4500003";
const ADMIN: &str = "watch@fmcsa.test";

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

fn deps(app: &TestApp) -> ComplianceDeps<'_> {
    ComplianceDeps::of(&app.state)
}

fn daily(day: NaiveDate) -> Check {
    Check::Daily(day)
}

/// The scope the monitor's jobs check a fleet in.
fn job_scope(fleet: Uuid) -> db::tenancy::TenantScope {
    db::tenancy::TenantScope::for_job(fleet)
}

fn carrier(allowed: &str, on_file: &str) -> Value {
    json!({
        "content": {
            "_links": { "basics": { "href": "https://mobile.fmcsa.dot.gov/qc/services/carriers/4500003/basics" } },
            "carrier": {
                "allowedToOperate": allowed, "bipdInsuranceOnFile": on_file, "bipdInsuranceRequired": "Y", "bipdRequiredAmount": "750",
                "carrierOperation": { "carrierOperationCode": "A", "carrierOperationDesc": "Interstate" },
                "commonAuthorityStatus": "A", "contractAuthorityStatus": "N", "dbaName": null,
                "dotNumber": 4500003, "legalName": "WATCHED FREIGHT LLC", "oosDate": null,
                "phyCity": "MEMPHIS", "phyState": "TN", "phyStreet": "1 RIVER RD", "phyZipcode": "38103",
                "safetyRating": "S", "statusCode": "A", "totalDrivers": 12, "totalPowerUnits": 10,
                "mcs150FormDate": "2025-06-01"
            }
        },
        "retrievalDate": "2026-11-22T12:00:00.000+0000"
    })
}

async fn qcmobile_answers(server: &MockServer, response: ResponseTemplate) {
    server.reset().await;
    Mock::given(method("GET"))
        .and(path("/carriers/4500003"))
        .respond_with(response)
        .mount(server)
        .await;
}

/// The fake QCMobile answers with the carrier's record.
async fn fmcsa_says(server: &MockServer, allowed: &str, on_file: &str) {
    qcmobile_answers(
        server,
        ResponseTemplate::new(200).set_body_json(carrier(allowed, on_file)),
    )
    .await;
}

async fn json_at(app: &TestApp, path: &str) -> Value {
    app.get(path).await.json().await.unwrap()
}

/// An app whose registry is the fake QCMobile.
async fn app_on(backend: Backend, server: &MockServer) -> TestApp {
    let overrides = Overrides {
        carriers: Some(Arc::new(QcMobile::with_timeout(
            &server.uri(),
            Secret::new("test-key"),
            StdDuration::from_secs(5),
        ))),
        ..Default::default()
    };
    spawn_configured(backend, &[], overrides).await
}

/// A fleet made by the test factory (no stored record), signed in.
async fn monitored_app(backend: Backend, server: &MockServer) -> (TestApp, Uuid) {
    let mut app = app_on(backend, server).await;
    app.state.clock.pin(Some(us_midday(today())));
    let sizes = Sizes {
        drivers: 1,
        trucks: 1,
        trailers: 0,
    };
    let id = fleet(&app, ADMIN, "Watched Freight", DOT, sizes).await;
    app.sign_in(ADMIN, "secret1").await;
    (app, id)
}

async fn changes_and_snapshots(app: &TestApp, fleet: Uuid) -> (u64, u64) {
    let conn = app.inspect_db().await;
    (
        fmcsa_change::Entity::find()
            .filter(fmcsa_change::Column::FleetAccountId.eq(fleet))
            .count(&conn)
            .await
            .unwrap(),
        fmcsa_snapshot::Entity::find()
            .filter(fmcsa_snapshot::Column::FleetAccountId.eq(fleet))
            .count(&conn)
            .await
            .unwrap(),
    )
}

async fn stored_record(app: &TestApp, fleet: Uuid) -> Option<Value> {
    fleet_account::Entity::find_by_id(fleet)
        .one(&app.inspect_db().await)
        .await
        .unwrap()
        .unwrap()
        .fmcsa_data
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fmcsa_monitor_records_changes_updates_the_profile_and_mails_once() {
    for backend in backends() {
        let server = MockServer::start().await;
        fmcsa_says(&server, "Y", "1000").await;
        let (app, fleet_id) = monitored_app(backend, &server).await;
        let day1 = today() - Duration::days(1);
        // No record stored when it was made: the first check is the baseline.
        let first_check = monitor::check_fleet(&deps(&app), job_scope(fleet_id), daily(day1))
            .await
            .unwrap();
        assert_eq!(first_check, CheckOutcome::Baseline);
        let account: Value = json_at(&app, "/api/fleet/account").await;
        assert_eq!(account["authority"]["insurance_on_file"], "$1,000,000");

        fmcsa_says(&server, "N", "0").await;
        let second = monitor::check_fleet(&deps(&app), job_scope(fleet_id), daily(today()))
            .await
            .unwrap();
        // "0" on file under the required $750,000 is also 'below required'.
        assert_eq!(second, CheckOutcome::Checked { changes: 3 });
        // Run again the same day (a retried job): nothing new.
        assert_eq!(
            monitor::check_fleet(&deps(&app), job_scope(fleet_id), daily(today()))
                .await
                .unwrap(),
            CheckOutcome::AlreadyChecked
        );

        let history: Value = json_at(&app, "/api/fleet/fmcsa/history").await;
        let changes = history["changes"].as_array().unwrap();
        let by_field = |f: &str| {
            changes
                .iter()
                .find(|c| c["field"] == f)
                .unwrap_or_else(|| panic!("{f} in {history}"))
        };
        assert_eq!(by_field("allowedToOperate")["old_value"], "Yes");
        assert_eq!(by_field("allowedToOperate")["new_value"], "No");
        assert_eq!(by_field("allowedToOperate")["adverse"], true);
        assert_eq!(by_field("bipdInsuranceOnFile")["old_value"], "$1,000,000");
        assert_eq!(by_field("bipdInsuranceOnFile")["new_value"], "$0");
        assert!(history["last_checked_at"].is_string());

        // The Authority tab shows the new values.
        let account: Value = json_at(&app, "/api/fleet/account").await;
        assert_eq!(account["authority"]["insurance_on_file"], "None");
        assert_eq!(
            stored_record(&app, fleet_id).await.unwrap()["content"]["carrier"]["allowedToOperate"],
            "N"
        );

        // One e-mail to the admin, listing both.
        let mails: Vec<_> = app
            .emails_to(ADMIN)
            .await
            .into_iter()
            .filter(|m| m.subject.contains("FMCSA"))
            .collect();
        assert_eq!(mails.len(), 1);
        assert_eq!(
            mails[0].subject,
            "Watched Freight: your FMCSA record changed"
        );
        assert!(
            mails[0].text.contains("Allowed to operate: Yes -> No"),
            "{}",
            mails[0].text
        );
        assert!(
            mails[0]
                .text
                .contains("BIPD insurance on file: $1,000,000 -> $0")
        );

        // The overview's banner until dismissed; the bell.
        let alerts: Value = json_at(&app, "/api/fleet/fmcsa/alerts").await;
        assert_eq!(alerts.as_array().unwrap().len(), 3);
        let bell: Value = json_at(&app, "/api/fleet/notifications").await;
        assert_eq!(bell["unread"], 3);
        let res = app.post("/api/fleet/fmcsa/alerts/dismiss", json!({})).await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        let alerts: Value = json_at(&app, "/api/fleet/fmcsa/alerts").await;
        assert!(alerts.as_array().unwrap().is_empty());

        // The schedule queues no second check today.
        let queued = monitor::queue_due_checks(&deps(&app), Utc::now())
            .await
            .unwrap();
        assert_eq!(queued, 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_qcmobile_outage_changes_nothing_and_is_retried() {
    for backend in backends() {
        let server = MockServer::start().await;
        fmcsa_says(&server, "Y", "1000").await;
        let (app, fleet_id) = monitored_app(backend, &server).await;
        monitor::check_fleet(
            &deps(&app),
            job_scope(fleet_id),
            daily(today() - Duration::days(1)),
        )
        .await
        .unwrap();
        let before = stored_record(&app, fleet_id).await;
        let job = json!({ "fleet_account_id": fleet_id, "day": today() });

        for outage in [
            ResponseTemplate::new(503).set_body_string("Service Unavailable"),
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/html")
                .set_body_string(
                    "<html><body><h1>Site maintenance</h1>We'll be back soon.</body></html>",
                ),
            ResponseTemplate::new(500).set_body_json(json!({ "content": "Internal error" })),
        ] {
            qcmobile_answers(&server, outage).await;
            let result = run_job(&app.state, FmcsaCheck::KIND, job.clone(), false).await;
            assert!(
                matches!(result, Err(JobError::Retry(_))),
                "an outage is retried, not given up: {result:?}"
            );
            assert_eq!(
                changes_and_snapshots(&app, fleet_id).await,
                (0, 1),
                "nothing stored"
            );
            assert_eq!(stored_record(&app, fleet_id).await, before);
        }
        assert!(
            app.emails_to(ADMIN)
                .await
                .iter()
                .all(|m| !m.subject.contains("FMCSA"))
        );

        // FMCSA is back: the retried job records the change.
        fmcsa_says(&server, "N", "1000").await;
        let result = run_job(&app.state, FmcsaCheck::KIND, job.clone(), true).await;
        assert!(result.is_ok(), "{result:?}");
        assert_eq!(changes_and_snapshots(&app, fleet_id).await, (1, 2));
        // A payload that does not parse is given up at once.
        let result = run_job(&app.state, FmcsaCheck::KIND, json!({ "fleet": 1 }), false).await;
        assert!(matches!(result, Err(JobError::Abort(_))));
    }
}

/// The operator's `create-user`, run as the operator runs it, with FMCSA
/// at the fake.
fn create_user_cli(app: &TestApp, server: &MockServer) -> (bool, String) {
    run_cli(
        app,
        server,
        &[
            "create-user",
            "--email",
            ADMIN,
            "--password",
            "secret1",
            "--role",
            "fleet_admin",
            "--fleet-name",
            "Watched Freight",
            "--dot-number",
            DOT,
        ],
    )
}

fn fmcsa_env(server: &MockServer) -> [(&'static str, String); 2] {
    [
        ("FMCSA_WEB_KEY", "test-key".to_owned()),
        ("FMCSA_BASE_URL", server.uri()),
    ]
}

fn run_cli(app: &TestApp, server: &MockServer, args: &[&str]) -> (bool, String) {
    let env = fmcsa_env(server);
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Longhaul::run(app, args, &env)
}

async fn history(app: &TestApp) -> Value {
    let res = app.get("/api/fleet/fmcsa/history").await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

async fn check_now(app: &TestApp) -> reqwest::Response {
    app.post("/api/fleet/fmcsa/check", json!({})).await
}

async fn fmcsa_mails(app: &TestApp) -> Vec<longhaul::mail::OutgoingEmail> {
    app.emails_to(ADMIN)
        .await
        .into_iter()
        .filter(|m| m.subject.contains("FMCSA"))
        .collect()
}

async fn snapshot_kinds(app: &TestApp, fleet: Uuid) -> Vec<String> {
    fmcsa_snapshot::Entity::find()
        .filter(fmcsa_snapshot::Column::FleetAccountId.eq(fleet))
        .order_by_asc(fmcsa_snapshot::Column::TakenAt)
        .all(&app.inspect_db().await)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.kind)
        .collect()
}

async fn queued_checks(app: &TestApp) -> i64 {
    longhaul::jobs::job_counts(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter(|(kind, _, _)| kind == FmcsaCheck::KIND)
        .map(|(_, _, n)| n)
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_user_fleet_has_a_baseline_and_a_check_the_same_day_sees_its_first_change() {
    for backend in backends() {
        let server = MockServer::start().await;
        fmcsa_says(&server, "Y", "1000").await;
        let mut app = app_on(backend, &server).await;
        let (ok, printed) = create_user_cli(&app, &server);
        assert!(ok, "{printed}");
        assert!(printed.contains("FMCSA baseline stored"), "{printed}");
        let fleet_id = find_fleet_by_dot(&app.state, DOT).await.unwrap().id;
        app.sign_in(ADMIN, "secret1").await;

        // The Company Profile shows FMCSA's record from the start.
        let account: Value = json_at(&app, "/api/fleet/account").await;
        assert_eq!(account["authority"]["insurance_on_file"], "$1,000,000");
        let h = history(&app).await;
        assert_eq!(h["baseline_pending"], false);
        assert_eq!(h["baseline"]["late"], false, "{h}");
        assert!(h["changes"].as_array().unwrap().is_empty());
        assert_eq!(h["next_check_at"], Value::Null);
        assert_eq!(snapshot_kinds(&app, fleet_id).await, ["baseline"]);

        // The same day the carrier loses its right to operate and its
        // insurance; the fleet admin presses "Check FMCSA now".
        fmcsa_says(&server, "N", "0").await;
        let res = check_now(&app).await;
        assert_eq!(res.status(), StatusCode::OK);
        let result: Value = res.json().await.unwrap();
        assert_eq!(result["outcome"], "changes");
        assert_eq!(result["changes"], 3);

        let h = history(&app).await;
        let mut fields: Vec<&str> = h["changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["field"].as_str().unwrap())
            .collect();
        fields.sort();
        assert_eq!(
            fields,
            [
                "allowedToOperate",
                "bipdInsuranceBelowRequired",
                "bipdInsuranceOnFile"
            ]
        );
        assert!(h["next_check_at"].is_string(), "{h}");
        let alerts: Value = json_at(&app, "/api/fleet/fmcsa/alerts").await;
        assert_eq!(alerts.as_array().unwrap().len(), 3);
        let bell: Value = json_at(&app, "/api/fleet/notifications").await;
        assert_eq!(bell["unread"], 3);
        let mails = fmcsa_mails(&app).await;
        assert_eq!(mails.len(), 1);
        assert!(mails[0].text.contains("Allowed to operate: Yes -> No"));
        let account: Value = json_at(&app, "/api/fleet/account").await;
        assert_eq!(account["authority"]["insurance_on_file"], "None");

        // Pressed again within 10 minutes: refused before FMCSA is called.
        let calls = server.received_requests().await.unwrap().len();
        let res = check_now(&app).await;
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        let wait: u64 = res.headers()["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((540..=600).contains(&wait), "{wait}");
        let (_, body) = error_of(res).await;
        assert_eq!(
            body["message"],
            "FMCSA can be checked once every 10 minutes. Try again in 10 min."
        );
        assert_eq!(server.received_requests().await.unwrap().len(), calls);

        // Ten minutes on, two presses at once: one check runs.
        app.state
            .clock
            .pin(Some(Utc::now() + Duration::minutes(11)));
        let (a, b) = tokio::join!(check_now(&app), check_now(&app));
        let mut statuses = [a.status(), b.status()];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::OK, StatusCode::TOO_MANY_REQUESTS]);
        let ran: Value = if a.status() == StatusCode::OK { a } else { b }
            .json()
            .await
            .unwrap();
        assert_eq!(ran["outcome"], "no_changes");
        assert_eq!(changes_and_snapshots(&app, fleet_id).await, (3, 3));
        assert_eq!(fmcsa_mails(&app).await.len(), 1, "recorded and mailed once");

        // The operator's check, the same day again: the right to operate is back.
        fmcsa_says(&server, "Y", "0").await;
        let id = fleet_id.to_string();
        let (ok, printed) = run_cli(&app, &server, &["run-job", "fmcsa_check", "--fleet", &id]);
        assert!(ok, "{printed}");
        assert_eq!(changes_and_snapshots(&app, fleet_id).await, (4, 4));
        let mails = fmcsa_mails(&app).await;
        assert_eq!(mails.len(), 2);
        assert!(
            mails[1].text.contains("Allowed to operate: No -> Yes"),
            "{}",
            mails[1].text
        );
        let (ok, printed) = run_cli(&app, &server, &["run-job", "fmcsa_check"]);
        assert!(!ok);
        assert!(printed.contains("fmcsa_check needs --fleet"), "{printed}");

        // The schedule still checks once today.
        let deps = deps(&app);
        let check = || monitor::check_fleet(&deps, job_scope(fleet_id), daily(today()));
        assert_eq!(check().await.unwrap(), CheckOutcome::Checked { changes: 0 });
        assert_eq!(check().await.unwrap(), CheckOutcome::AlreadyChecked);
        let end_of_day = today().and_hms_opt(23, 59, 0).unwrap().and_utc();
        assert_eq!(
            monitor::queue_due_checks(&deps, end_of_day).await.unwrap(),
            0
        );
        assert_eq!(
            snapshot_kinds(&app, fleet_id).await,
            ["baseline", "on_demand", "on_demand", "on_demand", "daily"]
        );

        // Only fleet admins may press it.
        let outsider = app.another_browser();
        assert_eq!(
            check_now(&outsider).await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fmcsa_down_when_a_fleet_is_created_then_up() {
    for backend in backends() {
        let server = MockServer::start().await;
        qcmobile_answers(
            &server,
            ResponseTemplate::new(503).set_body_string("Service Unavailable"),
        )
        .await;
        let mut app = app_on(backend, &server).await;
        let (ok, printed) = create_user_cli(&app, &server);
        assert!(ok, "the fleet is made all the same: {printed}");
        assert!(printed.contains("no baseline yet"), "{printed}");
        let fleet_id = find_fleet_by_dot(&app.state, DOT).await.unwrap().id;
        app.sign_in(ADMIN, "secret1").await;

        let h = history(&app).await;
        assert_eq!(h["baseline_pending"], true);
        assert_eq!(h["baseline"], Value::Null);
        assert_eq!(changes_and_snapshots(&app, fleet_id).await, (0, 0));
        assert_eq!(
            queued_checks(&app).await,
            1,
            "a baseline check waits to retry"
        );

        // Still down when the queued check runs: retried, nothing stored.
        let baseline_job = json!({ "fleet_account_id": fleet_id, "kind": "baseline" });
        let result = run_job(&app.state, FmcsaCheck::KIND, baseline_job.clone(), false).await;
        assert!(matches!(result, Err(JobError::Retry(_))), "{result:?}");
        assert_eq!(changes_and_snapshots(&app, fleet_id).await, (0, 0));
        // Down when pressed: 503, and the turn is given back.
        let (status, body) = error_of(check_now(&app).await).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            body["message"],
            "FMCSA couldn't be reached. Nothing was changed — try again in a few minutes."
        );
        assert_eq!(history(&app).await["next_check_at"], Value::Null);

        // FMCSA is back; the carrier has meanwhile lost its right to
        // operate. With nothing to compare with, the first check that
        // succeeds stores the baseline and History says so.
        fmcsa_says(&server, "N", "0").await;
        let result: Value = check_now(&app).await.json().await.unwrap();
        assert_eq!(result["outcome"], "baseline");
        let h = history(&app).await;
        assert_eq!(h["baseline_pending"], false);
        assert_eq!(h["baseline"]["late"], true);
        assert!(h["changes"].as_array().unwrap().is_empty());
        let account: Value = json_at(&app, "/api/fleet/account").await;
        assert_eq!(account["authority"]["insurance_on_file"], "None");
        assert!(fmcsa_mails(&app).await.is_empty());

        // The queued check finds the baseline stored and does nothing.
        assert!(
            run_job(&app.state, FmcsaCheck::KIND, baseline_job, false)
                .await
                .is_ok()
        );
        assert_eq!(snapshot_kinds(&app, fleet_id).await, ["baseline"]);

        // From the baseline on, changes are seen.
        fmcsa_says(&server, "Y", "0").await;
        // The schedule's check and an on-demand one at the same moment:
        // the change is recorded and mailed once.
        let deps = deps(&app);
        let (a, b) = tokio::join!(
            monitor::check_fleet(&deps, job_scope(fleet_id), daily(today())),
            monitor::check_fleet(&deps, job_scope(fleet_id), Check::OnDemand),
        );
        let found: usize = [a.unwrap(), b.unwrap()]
            .into_iter()
            .map(|outcome| match outcome {
                CheckOutcome::Checked { changes } => changes,
                _ => 0,
            })
            .sum();
        assert_eq!(found, 1, "recorded by one of them");
        assert_eq!(changes_and_snapshots(&app, fleet_id).await.0, 1);
        assert_eq!(fmcsa_mails(&app).await.len(), 1);
    }
}
