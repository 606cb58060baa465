use crate::helpers::{TestApp, backends, error_of, spawn_configured, wait_for_link};
use crate::on_each_backend;
use longhaul::app::Overrides;
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;
use std::time::Duration;

on_each_backend!(
    password_reset_by_emailed_link,
    |mut app: TestApp| async move {
        app.confirmed_user("pat@example.com", "oldpass1").await;
        app.sign_in("pat@example.com", "oldpass1").await;

        // Unknown e-mails get the same answer and no mail.
        let res = app
            .post(
                "/api/auth/password-reset/request",
                json!({ "email": "ghost@example.com" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        let res = app
            .post(
                "/api/auth/password-reset/request",
                json!({ "email": "pat@example.com" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::ACCEPTED);
        // The e-mail is sent in the background.
        for _ in 0..50 {
            if app
                .emails_to("pat@example.com")
                .await
                .iter()
                .any(|m| m.text.contains("reset-password?token="))
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(app.emails_to("ghost@example.com").await.is_empty());
        let token = app
            .last_link_token("pat@example.com", "reset-password?token=")
            .await;
        // The page reads the link when it opens (issue 29 point 27): whose
        // it is, and that it is no invitation.
        let check = |token: String| {
            let app = &app;
            async move {
                app.post("/api/auth/password-reset/check", json!({ "token": token }))
                    .await
            }
        };
        let res = check(token.clone()).await;
        assert_eq!(res.status(), StatusCode::OK);
        let link: serde_json::Value = res.json().await.unwrap();
        assert_eq!(link["email"], "pat@example.com");
        assert_eq!(link["invitation"], serde_json::Value::Null);
        for bad in [String::new(), "x".repeat(200), "no-such-token".into()] {
            let (status, error) = error_of(check(bad).await).await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert!(
                error["message"].as_str().unwrap().contains("link"),
                "{error}"
            );
        }

        let (status, error) = error_of(
            app.post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "123" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error["fields"]["password"],
            "Password must be at least 6 characters"
        );

        let res = app
            .post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "newpass1" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let done: serde_json::Value = res.json().await.unwrap();
        assert_eq!(
            done["user"],
            serde_json::Value::Null,
            "a reset signs no one in"
        );
        // The reset signs out every session.
        assert_eq!(app.session().await["user"], serde_json::Value::Null);
        // A used link is refused on opening, before a password is typed.
        let (status, _) = error_of(check(token.clone()).await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // The link is spent.
        let (status, error) = error_of(
            app.post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "newpass2" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            error["message"],
            "This password reset link is invalid or has expired."
        );

        let (status, _) = error_of(
            app.post(
                "/api/auth/sign-in",
                json!({ "email": "pat@example.com", "password": "oldpass1" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        app.sign_in("pat@example.com", "newpass1").await;
    }
);

async fn request_reset(app: &TestApp, email: &str) {
    let res = app
        .post(
            "/api/auth/password-reset/request",
            json!({ "email": email }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::ACCEPTED);
}

async fn complete(app: &TestApp, token: &str, password: &str) -> StatusCode {
    app.post(
        "/api/auth/password-reset/complete",
        json!({ "token": token, "password": password }),
    )
    .await
    .status()
}

on_each_backend!(
    a_new_link_or_a_reset_spends_every_earlier_link,
    |app: TestApp| async move {
        app.confirmed_user("pat@example.com", "oldpass1").await;
        request_reset(&app, "pat@example.com").await;
        let first = wait_for_link(&app, "pat@example.com", "reset-password?token=").await;
        request_reset(&app, "pat@example.com").await;
        let second = {
            let mut token = first.clone();
            for _ in 0..100 {
                token = app
                    .last_link_token("pat@example.com", "reset-password?token=")
                    .await;
                if token != first {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            token
        };
        assert_ne!(first, second);
        // The newer request made the older link useless.
        assert_eq!(
            complete(&app, &first, "newpass1").await,
            StatusCode::BAD_REQUEST
        );
        assert_eq!(complete(&app, &second, "newpass2").await, StatusCode::OK);

        // Two links out, one used: the other is spent too.
        let plant = |app: &TestApp| {
            let db = app.state.db.clone();
            async move {
                let user = db::entities::profile::Entity::find()
                    .filter(db::entities::profile::Column::Email.eq("pat@example.com"))
                    .one(&db)
                    .await
                    .unwrap()
                    .unwrap();
                let token = longhaul::crypto::tokens::random_token();
                db::entities::one_time_token::ActiveModel {
                    id: Set(longhaul::crypto::tokens::hash_token(&token)),
                    user_id: Set(user.id),
                    purpose: Set("password_reset".into()),
                    expires_at: Set(chrono::Utc::now() + chrono::Duration::hours(1)),
                    used_at: Set(None),
                    created_at: Set(chrono::Utc::now()),
                    inviter_name: Set(None),
                }
                .insert(&db)
                .await
                .unwrap();
                token
            }
        };
        let older = plant(&app).await;
        let newer = plant(&app).await;
        assert_eq!(complete(&app, &newer, "newpass3").await, StatusCode::OK);
        assert_eq!(
            complete(&app, &older, "newpass4").await,
            StatusCode::BAD_REQUEST
        );
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reset_requests_are_limited_per_account_and_per_address() {
    for backend in backends() {
        let app = spawn_configured(backend, &[("TRUST_PROXY", "1")], Overrides::default()).await;
        app.confirmed_user("pat@example.com", "oldpass1").await;
        // From many addresses: always the same answer, but at most 3 mails
        // an hour reach the account.
        for i in 0..6 {
            let res = app
                .client
                .post(app.url("/api/auth/password-reset/request"))
                .header("x-forwarded-for", format!("198.51.100.{i}"))
                .json(&json!({ "email": "pat@example.com" }))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::ACCEPTED);
        }
        let mut sent = 0;
        for _ in 0..50 {
            sent = app
                .emails_to("pat@example.com")
                .await
                .iter()
                .filter(|m| m.text.contains("reset-password?token="))
                .count();
            if sent >= 3 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(sent, 3, "{backend:?}");
        // From one address, for any e-mail: 10, then 429.
        let mut last = StatusCode::OK;
        for i in 0..11 {
            last = app
                .client
                .post(app.url("/api/auth/password-reset/request"))
                .header("x-forwarded-for", "203.0.113.77")
                .json(&json!({ "email": format!("ghost{i}@example.com") }))
                .send()
                .await
                .unwrap()
                .status();
        }
        assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
    }
}
