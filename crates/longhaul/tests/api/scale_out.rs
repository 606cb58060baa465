//! The scale-out shape of README's "Scale-out" (issue 30 point 7): two
//! `longhaul serve --no-worker` processes and two `longhaul worker`
//! processes on one database. A session made on one web process works on
//! the other, a sign-in limit holds across both, each schedule's tick runs
//! once although both workers' schedulers fire it, and an ELD sync whose
//! worker is killed with SIGKILL mid-run is finished once by the other.

use crate::eld_sync::total;
use crate::helpers::eld_fakes::SamsaraFake;
use crate::helpers::processes::Longhaul;
use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, backends, new_client, spawn_with_eld};
use crate::job_worker::{eventually, stored_jobs, sync_hanging_on_page_2};
use futures_util::future::join_all;
use longhaul::job_registry::JOBS;
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Duration;

/// A web process without workers, answering once it is up.
async fn web(app: &TestApp, name: &str) -> (Longhaul, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string();
    let process = Longhaul::start(
        app,
        &["serve", "--no-worker"],
        &[("PORT", &port)],
        &format!("{name}.log"),
    );
    let base = format!("http://127.0.0.1:{port}");
    let client = new_client();
    eventually(
        Duration::from_secs(60),
        "the web process to answer",
        || async {
            let res = client.get(format!("{base}/healthz")).send().await.ok()?;
            res.status().is_success().then_some(())
        },
    )
    .await;
    (process, base)
}

/// A worker process whose schedules fire every two seconds. Its heartbeat
/// (3 s, judged dead after two missed) leaves room for a loaded machine: a
/// live worker whose beat is late would have its jobs taken back and run
/// again, which is what the kill -9 below wants and the ticks must not see.
async fn worker(app: &TestApp, samsara: &str, name: &str) -> (Longhaul, String) {
    let process = Longhaul::start(
        app,
        &["worker"],
        &[
            ("JOB_HEARTBEAT_SECS", "3"),
            ("JOB_SCHEDULE_OVERRIDE", "*/2 * * * * *"),
            ("SAMSARA_BASE_URL", samsara),
        ],
        &format!("{name}.log"),
    );
    let instance = eventually(Duration::from_secs(60), "the workers to start", || async {
        let log = std::fs::read_to_string(&process.log).ok()?;
        log.lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .find(|line| line["message"] == "job workers started")
            .and_then(|line| line["instance"].as_str().map(str::to_owned))
    })
    .await;
    (process, instance)
}

async fn sign_in(client: &reqwest::Client, base: &str, email: &str, password: &str) -> StatusCode {
    client
        .post(format!("{base}/api/auth/sign-in"))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap()
        .status()
}

/// What `base` answers for the browser's session.
async fn session(browser: &reqwest::Client, base: &str) -> Value {
    let res = browser
        .get(format!("{base}/api/auth/session"))
        .send()
        .await
        .unwrap();
    res.json().await.unwrap()
}

/// The worker that holds (or last held) the job of `queue` in `status`
/// (apalis's `lock_by`).
async fn locked_by(app: &TestApp, queue: &str, status: &str) -> Option<String> {
    let db = app.inspect_db().await;
    let table = match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => "apalis.jobs",
        _ => "Jobs",
    };
    db.query_one_raw(Statement::from_string(
        db.get_database_backend(),
        format!("SELECT lock_by FROM {table} WHERE job_type = '{queue}' AND status = '{status}'"),
    ))
    .await
    .unwrap()
    .and_then(|row| row.try_get_by_index::<Option<String>>(0).ok().flatten())
}

/// Per schedule: (idempotency key, status, attempts) of each of its jobs
/// (in this test only the schedules push jobs of these kinds).
async fn ticks(app: &TestApp) -> BTreeMap<&'static str, Vec<(Option<String>, String, i64)>> {
    let db = app.inspect_db().await;
    let table = match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => "apalis.jobs",
        _ => "Jobs",
    };
    let mut out = BTreeMap::new();
    for entry in JOBS.iter().filter(|entry| entry.schedule.is_some()) {
        let rows = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                format!(
                    "SELECT idempotency_key, status, attempts FROM {table} WHERE job_type = '{}'",
                    entry.kind
                ),
            ))
            .await
            .unwrap()
            .into_iter()
            .map(|row| {
                (
                    row.try_get_by_index::<Option<String>>(0).unwrap(),
                    row.try_get_by_index::<String>(1).unwrap(),
                    row.try_get_by_index::<i64>(2)
                        .or_else(|_| row.try_get_by_index::<i32>(2).map(i64::from))
                        .unwrap(),
                )
            })
            .collect();
        out.insert(entry.kind, rows);
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_web_and_two_worker_processes_share_one_database() {
    for backend in backends() {
        let fake = SamsaraFake::start(30, 0, 0, 10).await;
        // The in-process app checks the ELD key against the same fake.
        let mut app = spawn_with_eld(backend, fake.endpoints()).await;
        let (_web_a, a) = web(&app, "web-a").await;
        let (_web_b, b) = web(&app, "web-b").await;

        // A session made on A is a session on B; signing out on B ends it on A.
        let browser = new_client();
        let res = browser
            .post(format!("{a}/api/auth/sign-in"))
            .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{backend:?}");
        let csrf = res.json::<Value>().await.unwrap()["csrf_token"]
            .as_str()
            .unwrap()
            .to_owned();
        let on_b = session(&browser, &b).await;
        assert_eq!(on_b["user"]["email"], ADMIN_EMAIL, "{backend:?}: {on_b}");
        let res = browser
            .post(format!("{b}/api/auth/sign-out"))
            .header("x-csrf-token", &csrf)
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "{backend:?}: {}", res.status());
        let on_a = session(&browser, &a).await;
        assert!(on_a["user"].is_null(), "{backend:?}: {on_a}");

        // Five wrong passwords per e-mail, however they are spread over the
        // two processes and however many arrive at once.
        app.confirmed_user("target@scale.example", "secret1").await;
        let guesses = (0..10).map(|i| {
            let base = if i % 2 == 0 { a.clone() } else { b.clone() };
            async move { sign_in(&new_client(), &base, "target@scale.example", "guess").await }
        });
        let statuses = join_all(guesses).await;
        let wrong = statuses
            .iter()
            .filter(|s| **s == StatusCode::UNAUTHORIZED)
            .count();
        let limited = statuses
            .iter()
            .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
            .count();
        assert_eq!((wrong, limited), (5, 5), "{backend:?}: {statuses:?}");
        for base in [&a, &b] {
            let status = sign_in(&new_client(), base, "target@scale.example", "secret1").await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{backend:?}");
        }

        // Two workers, each with every schedule firing every two seconds.
        let (mut worker_1, instance_1) = worker(&app, &fake.uri(), "worker-1").await;
        let (mut worker_2, instance_2) = worker(&app, &fake.uri(), "worker-2").await;
        let seen = eventually(
            Duration::from_secs(60),
            "two ticks of every schedule",
            || async {
                let ticks = ticks(&app).await;
                ticks
                    .values()
                    .all(|jobs| {
                        jobs.iter()
                            .filter(|(_, status, _)| status == "Done")
                            .count()
                            >= 2
                    })
                    .then_some(ticks)
            },
        )
        .await;
        for (kind, jobs) in &seen {
            // The tick's time, as the key `tick-{time}` names it.
            let mut times: Vec<&str> = jobs
                .iter()
                .map(|(key, _, _)| {
                    let key = key.as_deref().unwrap_or_default();
                    let time = key.strip_prefix("tick-").unwrap_or_else(|| {
                        panic!("{backend:?}: a job of {kind} without its tick's key: {jobs:?}")
                    });
                    time.split('-').next().unwrap_or_default()
                })
                .collect();
            times.sort_unstable();
            times.dedup();
            assert_eq!(
                times.len(),
                jobs.len(),
                "{backend:?}: one job per tick of {kind}: {jobs:?}"
            );
            for (key, status, attempts) in jobs.iter().filter(|(_, status, _)| status == "Done") {
                assert_eq!(
                    *attempts, 1,
                    "{backend:?}: {kind} {key:?} ran once ({status})"
                );
            }
        }

        // A sync whose worker dies mid-run is finished once by the other.
        let run_url = sync_hanging_on_page_2(&mut app, &fake, "scale@sam.example", "3320002").await;
        let holder = eventually(
            Duration::from_secs(60),
            "the run to reach page 2",
            || async {
                let run: Value = app.get(&run_url).await.json().await.unwrap();
                let at_page_2 = run["status"] == "running"
                    && fake.seen("/fleet/drivers").iter().any(|s| s.page == 2);
                if at_page_2 {
                    locked_by(&app, "eld_sync", "Running").await
                } else {
                    None
                }
            },
        )
        .await;
        let (killed, survivor) = if holder.ends_with(&instance_1) {
            worker_1.kill_9();
            (&instance_1, &instance_2)
        } else {
            assert!(
                holder.ends_with(&instance_2),
                "{backend:?}: held by {holder}"
            );
            worker_2.kill_9();
            (&instance_2, &instance_1)
        };
        fake.clear_faults();
        let done: Value = eventually(Duration::from_secs(60), "the run to end", || async {
            let run: Value = app.get(&run_url).await.json().await.unwrap();
            (run["status"] != "running" && run["status"] != "queued").then_some(run)
        })
        .await;
        assert_eq!(done["status"], "succeeded", "{backend:?}: {done}");
        assert_eq!(done["created"], 30, "{backend:?}: {done}");
        assert_eq!(
            total(&app, "/api/fleet/drivers").await,
            30,
            "{backend:?}: no duplicates"
        );
        let history: Value = app.get("/api/fleet/eld/syncs").await.json().await.unwrap();
        assert_eq!(
            history["total"], 1,
            "{backend:?}: one run, not two: {history}"
        );
        let jobs = eventually(Duration::from_secs(10), "the job to be done", || async {
            let jobs = stored_jobs(&app, "eld_sync").await;
            (jobs.iter().all(|(status, _)| status == "Done")).then_some(jobs)
        })
        .await;
        assert_eq!(jobs.len(), 1, "{backend:?}: one job: {jobs:?}");
        assert!(
            jobs[0].1 >= 2,
            "{backend:?}: the killed attempt counted: {jobs:?}"
        );
        let finisher = locked_by(&app, "eld_sync", "Done")
            .await
            .unwrap_or_default();
        assert!(
            finisher.ends_with(survivor.as_str()) && !finisher.ends_with(killed.as_str()),
            "{backend:?}: the surviving worker {survivor} finished it, not {finisher}"
        );
    }
}
