//! NUL and other control characters in text input: a 400 naming the field on
//! both databases (PostgreSQL refuses NUL in text, which used to surface as a
//! 500), and nothing written.

use crate::fleet_dashboard::fleet;
use crate::helpers::{TestApp, error_of};
use crate::on_each_backend;
use longhaul::seed::Sizes;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn assert_refused(res: reqwest::Response, field: &str) {
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert_eq!(error["code"], "control_characters", "{error}");
    assert_eq!(
        error["message"],
        format!("{field} contains a control character, which is not allowed")
    );
}

on_each_backend!(
    anonymous_text_with_control_characters_is_refused,
    |app: TestApp| async move {
        assert_refused(
            app.post(
                "/api/auth/sign-up",
                json!({ "email": "nul\u{0}@example.com", "password": "secret123" }),
            )
            .await,
            "email",
        )
        .await;
        assert!(app.emails_to("nul\u{0}@example.com").await.is_empty());

        let signup: Value = app
            .post("/api/signups", json!({ "dot_number": "1000003" }))
            .await
            .json()
            .await
            .unwrap();
        let id = signup["id"].as_str().unwrap();
        assert_refused(
            app.put(
                &format!("/api/signups/{id}/contact"),
                json!({ "first_name": "Ada\u{0}", "last_name": "Lane", "email": "ada@example.com", "phone": "(615) 555-0100" }),
            )
            .await,
            "first_name",
        )
        .await;
        let restored: Value = app
            .get(&format!("/api/signups/{id}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(restored["contact"], Value::Null, "nothing was saved");
    }
);

on_each_backend!(
    fleet_text_with_control_characters_is_refused,
    |mut app: TestApp| async move {
        fleet(
            &app,
            "nul@nulls.example",
            "Null Freight",
            "6100001",
            Sizes {
                drivers: 1,
                trucks: 1,
                trailers: 1,
            },
        )
        .await;
        app.sign_in("nul@nulls.example", "secret1").await;
        let drivers_before: Value = app.get("/api/fleet/drivers").await.json().await.unwrap();

        assert_refused(
            app.post(
                "/api/fleet/drivers",
                json!({ "first_name": "Nia", "last_name": "New\u{0}man", "username": "nnewman", "phone": "16155550199", "license_number": "x123", "license_state": "tn" }),
            )
            .await,
            "last_name",
        )
        .await;
        assert_refused(app.get("/api/fleet/drivers?q=a%00b").await, "q").await;
        assert_refused(app.get("/api/fleet/trucks?q=%1b%5B2J").await, "q").await;
        let drivers_after: Value = app.get("/api/fleet/drivers").await.json().await.unwrap();
        assert_eq!(drivers_before["total"], drivers_after["total"]);

        assert_refused(
            app.put(
                "/api/fleet/settings/general",
                json!({ "legal_name": "Null Freight", "contact": { "first_name": "Pat", "last_name": "O\u{0}Neil", "email": "pat@nulls.example", "phone": "6155550100" } }),
            )
            .await,
            "contact.last_name",
        )
        .await;
        assert_refused(
            app.put(
                "/api/fleet/settings/portal",
                json!({ "is_enabled": true, "login_method": "email", "auth_type": "individual_password", "welcome_message": "Hi\u{0}there" }),
            )
            .await,
            "welcome_message",
        )
        .await;

        // Line breaks and tabs in a multi-line text are ordinary text.
        let res = app
            .put(
                "/api/fleet/settings/portal",
                json!({ "is_enabled": true, "login_method": "email", "auth_type": "individual_password", "welcome_message": "Hi\n\tthere" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }
);
