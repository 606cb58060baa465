use crate::helpers::{TestApp, error_of};
use crate::on_each_backend;
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
