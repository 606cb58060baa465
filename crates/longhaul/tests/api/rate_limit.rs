use crate::helpers::{Backend, TestApp, backends, error_of, spawn_configured, wait_for_link};
use crate::on_each_backend;
use longhaul::app::Overrides;
use reqwest::StatusCode;
use serde_json::json;

on_each_backend!(
    repeated_failures_are_rate_limited,
    |app: TestApp| async move {
        app.confirmed_user("target@example.com", "secret1").await;
        for _ in 0..5 {
            let res = app
                .post(
                    "/api/auth/sign-in",
                    json!({ "email": "target@example.com", "password": "guess" }),
                )
                .await;
            assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        }
        // Even the right password waits now.
        let (status, error) = error_of(
            app.post(
                "/api/auth/sign-in",
                json!({ "email": "target@example.com", "password": "secret1" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            error["message"],
            "Too many sign-in attempts. Please wait a few minutes and try again."
        );
        // Other accounts from elsewhere are unaffected by this e-mail's counter.
        app.confirmed_user("other@example.com", "secret1").await;
        let res = app
            .post(
                "/api/auth/sign-in",
                json!({ "email": "other@example.com", "password": "secret1" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
);

/// A sign-in from `ip` (the test server trusts one proxy).
async fn sign_in_from(app: &TestApp, ip: &str, email: &str, password: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/sign-in"))
        .header("x-forwarded-for", ip)
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await
        .unwrap()
}

async fn behind_one_proxy(backend: Backend) -> TestApp {
    spawn_configured(backend, &[("TRUST_PROXY", "1")], Overrides::default()).await
}

on_each_backend!(
    concurrent_guesses_cannot_outrun_the_limit,
    |app: TestApp| async move {
        app.confirmed_user("target@example.com", "secret1").await;
        let checks_before = app.state.passwords.verifications();
        // 100 wrong guesses and the right password, all at once.
        let calls: Vec<_> = (0..101)
            .map(|i| {
                let client = app.client.clone();
                let url = app.url("/api/auth/sign-in");
                let password = if i == 50 { "secret1" } else { "guess" };
                tokio::spawn(async move {
                    client
                        .post(url)
                        .json(&json!({ "email": "target@example.com", "password": password }))
                        .send()
                        .await
                        .unwrap()
                        .status()
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for call in calls {
            statuses.push(call.await.unwrap());
        }
        let count = |s: StatusCode| statuses.iter().filter(|&&x| x == s).count();
        let (ok, failed, limited) = (
            count(StatusCode::OK),
            count(StatusCode::UNAUTHORIZED),
            count(StatusCode::TOO_MANY_REQUESTS),
        );
        assert_eq!(ok + failed + limited, 101, "{statuses:?}");
        assert!(failed <= 5, "{failed} wrong passwords were checked");
        assert!(ok <= 1);
        // Every check is one of those answers: nothing was checked and then
        // answered 429.
        let checks = app.state.passwords.verifications() - checks_before;
        assert_eq!(checks as usize, ok + failed, "{statuses:?}");
        assert!(checks <= 6);

        // Once the limit is hit, even many right passwords at once get no
        // check and no 200.
        for _ in 0..5 {
            let res = app
                .post(
                    "/api/auth/sign-in",
                    json!({ "email": "target@example.com", "password": "guess" }),
                )
                .await;
            if res.status() == StatusCode::TOO_MANY_REQUESTS {
                break;
            }
        }
        let checks_before = app.state.passwords.verifications();
        let calls: Vec<_> = (0..30)
            .map(|_| {
                let client = app.client.clone();
                let url = app.url("/api/auth/sign-in");
                tokio::spawn(async move {
                    client
                        .post(url)
                        .json(&json!({ "email": "target@example.com", "password": "secret1" }))
                        .send()
                        .await
                        .unwrap()
                })
            })
            .collect();
        for call in calls {
            let res = call.await.unwrap();
            assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
            let wait: u64 = res.headers()["retry-after"]
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((1..=900).contains(&wait), "Retry-After {wait}");
        }
        assert_eq!(app.state.passwords.verifications(), checks_before);
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_guesses_from_one_address_do_not_lock_the_owner_out() {
    for backend in backends() {
        let app = behind_one_proxy(backend).await;
        app.confirmed_user("owner@example.com", "secret1").await;
        let attacker = "198.51.100.66";
        for _ in 0..5 {
            let res = sign_in_from(&app, attacker, "owner@example.com", "guess").await;
            assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
        }
        let res = sign_in_from(&app, attacker, "owner@example.com", "secret1").await;
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        // The owner, from their own address, signs in.
        let res = sign_in_from(&app, "203.0.113.5", "owner@example.com", "secret1").await;
        assert_eq!(res.status(), StatusCode::OK, "{backend:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_left_most_forwarded_address_gets_no_fresh_budget() {
    for backend in backends() {
        let app = behind_one_proxy(backend).await;
        // One address spraying guesses over many accounts, forging a new
        // left-most X-Forwarded-For entry each time; the proxy appended the
        // address it really saw. 30 per address, then 429.
        let mut statuses = Vec::new();
        for i in 0..31 {
            let forged = format!("10.66.0.{i}, 198.51.100.66");
            let email = format!("user{i}@example.com");
            statuses.push(sign_in_from(&app, &forged, &email, "guess").await.status());
        }
        assert!(
            statuses[..30]
                .iter()
                .all(|&s| s == StatusCode::UNAUTHORIZED),
            "{backend:?}: {statuses:?}"
        );
        assert_eq!(statuses[30], StatusCode::TOO_MANY_REQUESTS, "{backend:?}");
        // Another address (the proxy's right-most entry) is unaffected.
        let res = sign_in_from(
            &app,
            "198.51.100.66, 203.0.113.5",
            "user0@example.com",
            "guess",
        )
        .await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{backend:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_emailed_reset_clears_the_lock_out() {
    for backend in backends() {
        let app = behind_one_proxy(backend).await;
        let ip = "203.0.113.5";
        app.confirmed_user("owner@example.com", "secret1").await;
        for _ in 0..5 {
            sign_in_from(&app, ip, "owner@example.com", "guess").await;
        }
        let res = sign_in_from(&app, ip, "owner@example.com", "secret1").await;
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);

        let res = app
            .post(
                "/api/auth/password-reset/request",
                json!({ "email": "owner@example.com" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        let token = wait_for_link(&app, "owner@example.com", "reset-password?token=").await;
        let res = app
            .post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "secret2" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);

        let res = sign_in_from(&app, ip, "owner@example.com", "secret2").await;
        assert_eq!(res.status(), StatusCode::OK, "{backend:?}");
    }
}
