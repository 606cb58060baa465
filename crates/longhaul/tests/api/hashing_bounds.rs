//! Anonymous requests that cost a password hash are bounded: bad reset links
//! cost none, per-address budgets apply, and a full hashing pool answers 429
//! with Retry-After instead of a 5xx.

use crate::helpers::{TestApp, backends, error_of, spawn_configured};
use crate::on_each_backend;
use longhaul::app::Overrides;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn post_from(app: &TestApp, ip: &str, path: &str, body: Value) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("x-forwarded-for", ip)
        .json(&body)
        .send()
        .await
        .unwrap()
}

on_each_backend!(
    a_bad_reset_link_is_refused_before_any_hashing,
    |app: TestApp| async move {
        let hashes = app.state.passwords.hashes();
        let (status, error) = error_of(
            app.post(
                "/api/auth/password-reset/complete",
                json!({ "token": "ab".repeat(32), "password": "newpass1" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(error["code"], "invalid_token");
        assert_eq!(app.state.passwords.hashes(), hashes);
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_up_and_reset_completion_are_limited_per_address() {
    for backend in backends() {
        let app = spawn_configured(backend, &[("TRUST_PROXY", "1")], Overrides::default()).await;
        for (path, body) in [
            (
                "/api/auth/sign-up",
                json!({ "email": "a@example.com", "password": "secret1" }),
            ),
            (
                "/api/auth/password-reset/complete",
                json!({ "token": "ab".repeat(32), "password": "secret1" }),
            ),
        ] {
            let mut statuses = Vec::new();
            for _ in 0..11 {
                statuses.push(post_from(&app, "198.51.100.9", path, body.clone()).await);
            }
            let last = statuses.pop().unwrap();
            assert!(
                statuses
                    .iter()
                    .all(|r| r.status().is_success() || r.status() == StatusCode::BAD_REQUEST),
                "{path}"
            );
            assert_eq!(last.status(), StatusCode::TOO_MANY_REQUESTS, "{path}");
            assert!(last.headers().contains_key("retry-after"));
            // Another address is not affected.
            let res = post_from(&app, "198.51.100.10", path, body.clone()).await;
            assert_ne!(res.status(), StatusCode::TOO_MANY_REQUESTS, "{path}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_anonymous_hashing_requests_gets_no_5xx() {
    for backend in backends() {
        let app = spawn_configured(backend, &[("TRUST_PROXY", "1")], Overrides::default()).await;
        app.confirmed_user("known@example.com", "secret1").await;
        // Every request from its own address, so only the hashing pool and
        // the database stand in the way.
        let calls: Vec<_> = (0..150)
            .map(|i| {
                let client = app.client.clone();
                let base = app.url("");
                tokio::spawn(async move {
                    let (path, body) = match i % 3 {
                        0 => (
                            "/api/auth/sign-up",
                            json!({ "email": format!("new{i}@example.com"), "password": "secret1" }),
                        ),
                        1 => (
                            "/api/auth/sign-in",
                            json!({ "email": "known@example.com", "password": format!("guess{i}") }),
                        ),
                        _ => (
                            "/api/auth/password-reset/complete",
                            json!({ "token": "cd".repeat(32), "password": "secret1" }),
                        ),
                    };
                    client
                        .post(format!("{base}{path}"))
                        .header("x-forwarded-for", format!("10.{}.{}.1", i / 250, i % 250))
                        .json(&body)
                        .send()
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for call in calls {
            let res = call.await.unwrap();
            let status = res.status();
            if status == StatusCode::TOO_MANY_REQUESTS {
                assert!(res.headers().contains_key("retry-after"));
            }
            statuses.push(status);
        }
        assert!(
            statuses.iter().all(|s| !s.is_server_error()),
            "{backend:?}: {statuses:?}"
        );
        assert!(statuses.contains(&StatusCode::CREATED));
        // Never more argon2 runs (19 MiB each) at once than cores.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert!(app.state.passwords.peak_concurrency() <= cores);
    }
}
