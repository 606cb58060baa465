//! `/metrics` as a Prometheus scraper sees it: requests by route template and
//! status, job counts by kind and state from the job store, and the bearer
//! token when one is configured (decision 017). Job durations are checked
//! where a worker runs jobs (job_worker.rs).

use crate::helpers::{TestApp, backends, spawn_app, spawn_configured};
use longhaul::app::Overrides;
use longhaul::jobs::{Enqueue, SweepExpired};
use reqwest::StatusCode;

/// The value of the sample whose name and labels are exactly `series`
/// (`name{label="value",…}`, labels in the exporter's order).
pub(crate) fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

async fn scrape(app: &TestApp) -> String {
    let res = app.get("/metrics").await;
    assert_eq!(res.status(), StatusCode::OK);
    let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(
        content_type.starts_with("text/plain; version=0.0.4"),
        "{content_type}"
    );
    res.text().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_are_counted_by_route_template_and_jobs_by_kind_and_state() {
    for backend in backends() {
        let app = spawn_app(backend).await;
        for _ in 0..3 {
            assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
        }
        let id = uuid::Uuid::new_v4().to_string();
        let res = app.get(&format!("/api/fleet/trucks/{id}")).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(
            app.get("/api/no-such-route").await.status(),
            StatusCode::NOT_FOUND
        );
        // No worker runs here: a queued job stays pending.
        app.state
            .jobs
            .push::<SweepExpired>(&Default::default(), Enqueue::default())
            .await
            .unwrap();

        let text = scrape(&app).await;
        assert_eq!(
            sample(
                &text,
                r#"longhaul_http_requests_total{method="GET",route="/healthz",status="200"}"#
            ),
            Some(3.0),
            "{backend:?}\n{text}"
        );
        assert_eq!(
            sample(
                &text,
                r#"longhaul_http_requests_total{method="GET",route="/api/fleet/trucks/{id}",status="401"}"#
            ),
            Some(1.0),
            "the template, not the id: {text}"
        );
        assert!(!text.contains(&id), "no id becomes a label");
        assert_eq!(
            sample(
                &text,
                r#"longhaul_http_requests_total{method="GET",route="unmatched",status="404"}"#
            ),
            Some(1.0),
            "{text}"
        );
        assert_eq!(
            sample(
                &text,
                r#"longhaul_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}"#
            ),
            Some(3.0),
            "{text}"
        );
        assert_eq!(
            sample(
                &text,
                r#"longhaul_jobs{kind="sweep_expired",state="Pending"}"#
            ),
            Some(1.0),
            "{backend:?}\n{text}"
        );
        assert_eq!(
            sample(&text, r#"longhaul_jobs{kind="eld_sync",state="Running"}"#),
            Some(0.0),
            "every kind and state is reported, zero too: {text}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_token_is_required_as_a_bearer_token() {
    let token = "scrape-token-0123456789";
    let app = spawn_configured(
        crate::helpers::Backend::Sqlite,
        &[("METRICS_TOKEN", token)],
        Overrides::default(),
    )
    .await;
    let res = app.get("/metrics").await;
    assert_eq!(
        res.status(),
        StatusCode::UNAUTHORIZED,
        "not even from this machine"
    );
    assert_eq!(res.headers()["www-authenticate"], "Bearer");
    for header in [
        "Bearer wrong-token-0123456789",
        token,
        "Basic c2NyYXBlOnRva2Vu",
    ] {
        let res = app
            .client
            .get(app.url("/metrics"))
            .header("authorization", header)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{header}");
    }
    let res = app
        .client
        .get(app.url("/metrics"))
        .header("authorization", format!("Bearer {token}"))
        .header("x-forwarded-for", "198.51.100.9")
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "the token works through a proxy"
    );
    assert!(res.text().await.unwrap().contains("longhaul_jobs{"));
}

#[test]
fn a_short_token_stops_the_start() {
    let vars =
        std::collections::HashMap::from([("METRICS_TOKEN".to_string(), "short".to_string())]);
    let problems = longhaul::Config::from_map(&vars).unwrap_err().0;
    assert!(
        problems.iter().any(|p| p.contains("METRICS_TOKEN")),
        "{problems:?}"
    );
}
