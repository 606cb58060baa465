use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, error_of, spawn_with};
use crate::on_each_backend;
use reqwest::StatusCode;
use serde_json::json;

on_each_backend!(
    first_start_creates_the_super_admin_once,
    |mut app: TestApp| async move {
        let body = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(body["user"]["role"], "super_admin");

        // The admin changes the password; a restart with the same environment
        // must neither reset it nor create a second admin.
        app.post(
            "/api/auth/password-reset/request",
            json!({ "email": ADMIN_EMAIL }),
        )
        .await;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        let token = app
            .last_link_token(ADMIN_EMAIL, "reset-password?token=")
            .await;
        let res = app
            .post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "changed-password" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);

        let restarted =
            spawn_with(app.backend, app.data_dir.clone(), app.database_url.clone()).await;
        let (status, _) = error_of(
            restarted
                .post(
                    "/api/auth/sign-in",
                    json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }),
                )
                .await,
        )
        .await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "the env password must not be restored"
        );
        let res = restarted
            .post(
                "/api/auth/sign-in",
                json!({ "email": ADMIN_EMAIL, "password": "changed-password" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
);
