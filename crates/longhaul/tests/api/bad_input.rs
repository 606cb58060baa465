use crate::helpers::{TestApp, error_of};
use crate::on_each_backend;
use reqwest::StatusCode;
use serde_json::json;

on_each_backend!(bad_input_gets_a_clear_4xx, |app: TestApp| async move {
    // Malformed JSON.
    let res = app
        .client
        .post(app.url("/api/auth/sign-in"))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    let (status, error) = error_of(res).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error["code"], "malformed_json");

    // Not JSON at all.
    let res = app
        .client
        .post(app.url("/api/auth/sign-in"))
        .body("email=a")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // Missing field: named.
    let (status, error) = error_of(
        app.post("/api/auth/sign-up", json!({ "email": "x@example.com" }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error["fields"]["password"].is_string(), "{error}");

    // Empty fields: the spec's message.
    let (status, error) = error_of(
        app.post("/api/auth/sign-up", json!({ "email": "", "password": "" }))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["message"], "Email and password are required");
    let (_, error) = error_of(
        app.post(
            "/api/auth/sign-in",
            json!({ "email": "a@example.com", "password": "" }),
        )
        .await,
    )
    .await;
    assert_eq!(error["message"], "Email and password are required");

    // Short password on sign-up.
    let (status, error) = error_of(
        app.post(
            "/api/auth/sign-up",
            json!({ "email": "x@example.com", "password": "12345" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error["fields"]["password"],
        "Password must be at least 6 characters"
    );

    // A 10,000-character e-mail.
    let huge = format!("{}@example.com", "a".repeat(10_000));
    let (status, error) = error_of(
        app.post(
            "/api/auth/sign-up",
            json!({ "email": huge, "password": "secret1" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error["fields"]["email"],
        "Email must be at most 254 characters"
    );
    let (status, _) = error_of(
        app.post(
            "/api/auth/sign-in",
            json!({ "email": huge, "password": "secret1" }),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // A body far beyond any form.
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "email": "x@example.com", "password": "a".repeat(80_000) }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);

    // Duplicate e-mail, in any case: answered like a new one (no
    // enumeration); the owner is told by e-mail.
    app.confirmed_user("dup@example.com", "secret1").await;
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "email": "DUP@example.com", "password": "secret1" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert_eq!(app.emails_to("dup@example.com").await.len(), 2);

    // Wrong password and unknown e-mail: the same answer.
    let (status_a, error_a) = error_of(
        app.post(
            "/api/auth/sign-in",
            json!({ "email": "dup@example.com", "password": "wrong1" }),
        )
        .await,
    )
    .await;
    let (status_b, error_b) = error_of(
        app.post(
            "/api/auth/sign-in",
            json!({ "email": "nobody@example.com", "password": "wrong1" }),
        )
        .await,
    )
    .await;
    assert_eq!(status_a, StatusCode::UNAUTHORIZED);
    assert_eq!((status_a, &error_a), (status_b, &error_b));
    assert_eq!(error_a["message"], "Invalid email or password");

    // Unknown API path: JSON 404, not the SPA.
    let (status, error) = error_of(app.get("/api/no-such-thing").await).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(error["code"], "not_found");

    // Protected endpoint without a session.
    let (status, _) = error_of(app.get("/api/fleet/account").await).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
});
