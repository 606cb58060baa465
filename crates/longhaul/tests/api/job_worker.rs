//! The job workers as operators run them: a `longhaul worker` process killed
//! with SIGKILL in the middle of a sync, then started again; and e-mail that
//! failed to send, retried by the worker until it goes out once.

use crate::eld_sync::{admin_with_fleet, total};
use crate::helpers::eld_fakes::{Fault, SamsaraFake};
use crate::helpers::processes::Longhaul;
use crate::helpers::{TestApp, backends, spawn_configured, spawn_with_eld};
use longhaul::app::Overrides;
use longhaul::jobs::{WorkerOptions, worker};
use longhaul::mail::{Mailer, MemoryMailer, OutgoingEmail};
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A `longhaul worker` process on the test app's database with a one-second
/// heartbeat, its ELD adapters pointed at `samsara`. Killed when dropped.
fn worker_process(app: &TestApp, samsara: &str, log_name: &str) -> Longhaul {
    Longhaul::start(
        app,
        &["worker"],
        &[("JOB_HEARTBEAT_SECS", "1"), ("SAMSARA_BASE_URL", samsara)],
        log_name,
    )
}

/// Connects the app's fleet (a new one of `email`) to the Samsara fake, makes
/// the drivers' second page hang, and starts a drivers sync: whichever worker
/// takes it stays in the middle of the run. Answers the run's URL.
pub(crate) async fn sync_hanging_on_page_2(
    app: &mut TestApp,
    fake: &SamsaraFake,
    email: &str,
    dot: &str,
) -> String {
    admin_with_fleet(app, email, dot).await;
    let res = app
        .put(
            "/api/fleet/eld/connection",
            json!({ "provider": "samsara", "api_key": SamsaraFake::TOKEN }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    fake.fail_page("/fleet/drivers", 2, Fault::Slow(Duration::from_secs(120)));
    fake.forget_seen();
    let run: Value = app
        .post("/api/fleet/eld/syncs", json!({ "kind": "drivers" }))
        .await
        .json()
        .await
        .unwrap();
    format!("/api/fleet/eld/syncs/{}", run["id"].as_str().unwrap())
}

/// Polls `check` until it answers `Some`, failing after `limit`.
pub(crate) async fn eventually<T, F, Fut>(limit: Duration, what: &str, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let start = Instant::now();
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// (status, attempts) of every stored job of a queue.
pub(crate) async fn stored_jobs(app: &TestApp, queue: &str) -> Vec<(String, i64)> {
    let db = app.inspect_db().await;
    let table = match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => "apalis.jobs",
        _ => "Jobs",
    };
    db.query_all_raw(Statement::from_string(
        db.get_database_backend(),
        format!("SELECT status, attempts FROM {table} WHERE job_type = '{queue}'"),
    ))
    .await
    .unwrap()
    .into_iter()
    .map(|row| {
        (
            row.try_get_by_index::<String>(0).unwrap(),
            row.try_get_by_index::<i64>(1)
                .or_else(|_| row.try_get_by_index::<i32>(1).map(i64::from))
                .unwrap(),
        )
    })
    .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_killed_with_its_worker_runs_once_more_after_restart() {
    for backend in backends() {
        let fake = SamsaraFake::start(30, 0, 0, 10).await;
        let mut app = spawn_with_eld(backend, fake.endpoints()).await;
        let run_url = sync_hanging_on_page_2(&mut app, &fake, "kill9@sam.example", "3320001").await;

        let mut first = worker_process(&app, &fake.uri(), "worker-1.log");
        eventually(
            Duration::from_secs(60),
            "the run to reach page 2",
            || async {
                let run: Value = app.get(&run_url).await.json().await.unwrap();
                (run["status"] == "running"
                    && run["pages_fetched"] == 1
                    && fake.seen("/fleet/drivers").iter().any(|s| s.page == 2))
                .then_some(())
            },
        )
        .await;
        first.kill_9();
        let run_after_kill: Value = app.get(&run_url).await.json().await.unwrap();
        assert_eq!(run_after_kill["status"], "running", "{run_after_kill}");
        assert_eq!(total(&app, "/api/fleet/drivers").await, 0);

        fake.clear_faults();
        let _second = worker_process(&app, &fake.uri(), "worker-2.log");
        let done: Value = eventually(Duration::from_secs(60), "the run to end", || async {
            let run: Value = app.get(&run_url).await.json().await.unwrap();
            (run["status"] != "running" && run["status"] != "queued").then_some(run)
        })
        .await;
        assert_eq!(done["status"], "succeeded", "{done}");
        assert_eq!(done["created"], 30, "{done}");
        assert_eq!(total(&app, "/api/fleet/drivers").await, 30, "no duplicates");
        let history: Value = app.get("/api/fleet/eld/syncs").await.json().await.unwrap();
        assert_eq!(history["total"], 1, "one run, not two: {history}");
        // The worker records the job's end just after the handler returns.
        let jobs = eventually(Duration::from_secs(10), "the job to be done", || async {
            let jobs = stored_jobs(&app, "eld_sync").await;
            (jobs.iter().all(|(status, _)| status == "Done")).then_some(jobs)
        })
        .await;
        assert_eq!(jobs.len(), 1, "one job, run again after the kill: {jobs:?}");
        assert!(jobs[0].1 >= 2, "attempts counted the killed one: {jobs:?}");
        let first_pages = fake
            .seen("/fleet/drivers")
            .iter()
            .filter(|s| {
                s.page == 1
                    && s.query.get("driverActivationStatus").map(String::as_str) == Some("active")
            })
            .count();
        assert_eq!(first_pages, 2, "page 1 fetched by each worker");
    }
}

/// A transport that refuses the first `failures` messages.
struct FlakyTransport {
    failures: AtomicUsize,
    inner: MemoryMailer,
}

#[async_trait::async_trait]
impl Mailer for FlakyTransport {
    async fn send(&self, email: OutgoingEmail) -> anyhow::Result<()> {
        if self
            .failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            anyhow::bail!("451 try again later");
        }
        self.inner.send(email).await
    }

    fn describe(&self) -> String {
        "flaky test transport".into()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mail_that_failed_to_send_is_retried_by_the_worker_and_sent_once() {
    for backend in backends() {
        let transport = Arc::new(FlakyTransport {
            failures: AtomicUsize::new(2),
            inner: MemoryMailer::default(),
        });
        let app = spawn_configured(
            backend,
            &[],
            Overrides {
                mailer: Some(transport.clone()),
                ..Overrides::default()
            },
        )
        .await;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let options = WorkerOptions {
            poll_interval: Duration::from_millis(50),
            watched_poll_interval: Duration::from_millis(50),
            heartbeat: Duration::from_secs(1),
            min_backoff: Duration::from_millis(20),
            max_backoff: Duration::from_millis(100),
            schedule_override: None,
        };
        let workers = tokio::spawn(worker::run(
            app.state.clone(),
            longhaul::job_registry::JOBS,
            options,
            async move {
                let mut stopped = stopped;
                let _ = stopped.wait_for(|s| *s).await;
            },
        ));

        let res = app
            .post(
                "/api/auth/password-reset/request",
                json!({ "email": crate::helpers::ADMIN_EMAIL }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        let sent = eventually(Duration::from_secs(30), "the mail to go out", || async {
            let sent = transport.inner.sent();
            (!sent.is_empty()).then_some(sent)
        })
        .await;
        assert_eq!(
            transport.failures.load(Ordering::SeqCst),
            0,
            "two sends failed first"
        );
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].to, crate::helpers::ADMIN_EMAIL);
        let jobs = eventually(Duration::from_secs(10), "the job to be done", || async {
            let jobs = stored_jobs(&app, "send_email").await;
            (jobs.len() == 1 && jobs[0].0 == "Done").then_some(jobs)
        })
        .await;
        assert_eq!(jobs[0].1, 3, "done on the third attempt: {jobs:?}");
        assert_eq!(
            transport.inner.sent().len(),
            1,
            "sent once, not once per attempt"
        );

        // What an operator sees of it: two failed runs and one that
        // succeeded, each timed; the job done; the sends counted.
        let text = app.get("/metrics").await.text().await.unwrap();
        for (series, expected) in [
            (
                r#"longhaul_job_duration_seconds_count{kind="send_email",outcome="failed"}"#,
                2.0,
            ),
            (
                r#"longhaul_job_duration_seconds_count{kind="send_email",outcome="succeeded"}"#,
                1.0,
            ),
            (r#"longhaul_jobs{kind="send_email",state="Done"}"#, 1.0),
            ("longhaul_email_failures_total", 2.0),
            ("longhaul_emails_sent_total", 1.0),
        ] {
            assert_eq!(
                crate::metrics::sample(&text, series),
                Some(expected),
                "{series}\n{text}"
            );
        }

        let _ = stop.send(true);
        workers.await.unwrap().unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_jobs_are_kept_for_the_history_window_then_pruned() {
    use longhaul::jobs::{Enqueue, Job, sweep_expired};
    use longhaul::modules::postings::jobs::BoardRefresh;
    for backend in backends() {
        let app =
            spawn_configured(backend, &[("JOB_HISTORY_DAYS", "14")], Overrides::default()).await;
        let queue = BoardRefresh::KIND;
        for key in [
            "old-done",
            "new-done",
            "old-failed-for-good",
            "old-retrying",
            "queued",
        ] {
            app.state
                .jobs
                .push::<BoardRefresh>(
                    &Default::default(),
                    Enqueue {
                        idempotency_key: Some(key.into()),
                        ..Enqueue::default()
                    },
                )
                .await
                .unwrap();
        }
        let db = app.inspect_db().await;
        let backend = db.get_database_backend();
        let (table, ago) = match backend {
            sea_orm::DbBackend::Postgres => ("apalis.jobs", "now() - make_interval(days => {d})"),
            _ => ("Jobs", "strftime('%s', 'now') - {d} * 86400"),
        };
        let ids: Vec<String> = db
            .query_all_raw(Statement::from_string(
                backend,
                format!("SELECT id FROM {table} WHERE job_type = '{queue}' ORDER BY id"),
            ))
            .await
            .unwrap()
            .into_iter()
            .map(|row| row.try_get_by_index::<String>(0).unwrap())
            .collect();
        assert_eq!(ids.len(), 5);
        // (status, attempts, max attempts, finished days ago)
        let states = [
            ("Done", 1, 3, Some(20)),
            ("Done", 1, 3, Some(1)),
            ("Failed", 3, 3, Some(20)),
            ("Failed", 1, 3, Some(20)),
            ("Pending", 0, 3, None),
        ];
        for (id, (status, attempts, max, days)) in ids.iter().zip(states) {
            let done_at = days.map_or("NULL".to_owned(), |d| ago.replace("{d}", &d.to_string()));
            db.execute_raw(Statement::from_string(
                backend,
                format!(
                    "UPDATE {table} SET status = '{status}', attempts = {attempts}, \
                     max_attempts = {max}, done_at = {done_at} WHERE id = '{id}'"
                ),
            ))
            .await
            .unwrap();
        }
        let swept = sweep_expired(&app.state).await.unwrap();
        assert_eq!(
            swept.jobs, 2,
            "the done and the failed-for-good of 20 days ago"
        );
        let left: Vec<(String, i64)> = stored_jobs(&app, queue).await;
        let mut statuses: Vec<&str> = left.iter().map(|(s, _)| s.as_str()).collect();
        statuses.sort_unstable();
        assert_eq!(statuses, ["Done", "Failed", "Pending"]);
        assert_eq!(sweep_expired(&app.state).await.unwrap().jobs, 0);
    }
}

/// The workers' options for in-process tests: fast polls and heartbeats.
fn quick_workers() -> WorkerOptions {
    WorkerOptions {
        poll_interval: Duration::from_millis(50),
        watched_poll_interval: Duration::from_millis(50),
        heartbeat: Duration::from_secs(1),
        min_backoff: Duration::from_millis(20),
        max_backoff: Duration::from_millis(100),
        schedule_override: None,
    }
}

async fn readyz(app: &TestApp) -> (StatusCode, Value) {
    let res = app.get("/readyz").await;
    (res.status(), res.json().await.unwrap_or_default())
}

/// The database drops every connection (as a restart does): the workers
/// come back, `/readyz` says ready again, and a job of every kind is taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_come_back_after_the_database_drops_their_connections() {
    use longhaul::job_registry::JOBS;
    use longhaul::jobs::Enqueue;
    for backend in backends() {
        if backend != crate::helpers::Backend::Postgres {
            continue;
        }
        let app = spawn_configured(backend, &[], Overrides::default()).await;
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let workers = tokio::spawn(worker::run(
            app.state.clone(),
            longhaul::job_registry::JOBS,
            quick_workers(),
            async move {
                let mut stopped = stopped;
                let _ = stopped.wait_for(|s| *s).await;
            },
        ));
        eventually(
            Duration::from_secs(30),
            "every worker to heartbeat",
            || async { (readyz(&app).await.0 == StatusCode::OK).then_some(()) },
        )
        .await;

        let admin = app.inspect_db().await;
        admin
            .execute_unprepared(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
            )
            .await
            .unwrap();
        eventually(
            Duration::from_secs(60),
            "the workers to come back",
            || async { (readyz(&app).await.0 == StatusCode::OK).then_some(()) },
        )
        .await;

        for entry in JOBS {
            app.state
                .jobs
                .push_entry(
                    entry,
                    &json!({ "after": "outage" }),
                    Enqueue {
                        idempotency_key: Some("after-outage".into()),
                        ..Enqueue::default()
                    },
                )
                .await
                .unwrap();
        }
        for entry in JOBS {
            eventually(
                Duration::from_secs(30),
                &format!("a {} job to be taken", entry.kind),
                || async {
                    let jobs = stored_jobs(&app, entry.kind).await;
                    jobs.iter()
                        .any(|(status, attempts)| status != "Pending" || *attempts > 0)
                        .then_some(())
                },
            )
            .await;
        }
        stop.send(true).unwrap();
        workers.await.unwrap().unwrap();
    }
}

/// Workers that stop heartbeating (here: stopped) make `/readyz` answer 503
/// naming them, so a supervisor restarts the process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_names_workers_without_a_heartbeat() {
    for backend in backends() {
        let app = spawn_configured(backend, &[], Overrides::default()).await;
        assert_eq!(
            readyz(&app).await.0,
            StatusCode::OK,
            "no workers here: ready"
        );
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let workers = tokio::spawn(worker::run(
            app.state.clone(),
            longhaul::job_registry::JOBS,
            quick_workers(),
            async move {
                let mut stopped = stopped;
                let _ = stopped.wait_for(|s| *s).await;
            },
        ));
        eventually(
            Duration::from_secs(30),
            "every worker to heartbeat",
            || async { (readyz(&app).await.0 == StatusCode::OK).then_some(()) },
        )
        .await;
        stop.send(true).unwrap();
        workers.await.unwrap().unwrap();
        // Their heartbeats go stale one by one: wait until all are named.
        let all = longhaul::job_registry::JOBS.len();
        let (status, body) = eventually(Duration::from_secs(30), "readyz to notice", || async {
            let (status, body) = readyz(&app).await;
            let named = body["workers"].as_array().map_or(0, Vec::len);
            (status == StatusCode::SERVICE_UNAVAILABLE && named == all).then_some((status, body))
        })
        .await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(body["status"], "job workers stalled");
        let names = body["workers"].as_array().unwrap();
        assert_eq!(names.len(), all, "{body}");
        assert!(
            names
                .iter()
                .any(|n| n.as_str().unwrap().starts_with("eld_sync-"))
        );
    }
}
