use crate::helpers::{TestApp, error_of};
use crate::on_each_backend;
use reqwest::StatusCode;
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
                .iter()
                .any(|m| m.text.contains("reset-password?token="))
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(app.emails_to("ghost@example.com").is_empty());
        let token = app.last_link_token("pat@example.com", "reset-password?token=");

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
        // The reset signs out every session.
        assert_eq!(app.session().await["user"], serde_json::Value::Null);
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
