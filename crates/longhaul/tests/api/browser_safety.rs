//! What a browser is told to protect users: no markup from user data in
//! e-mails, a sandboxed dev mailbox, and the SPA's security headers.

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, make_user};
use crate::on_each_backend;
use domain::Role;
use longhaul::mail::OutgoingEmail;
use reqwest::StatusCode;
use serde_json::{Value, json};

const HOSTILE_NAME: &str =
    "Evil <script>alert(document.cookie)</script><img src=x onerror=alert(1)> LLC";

on_each_backend!(
    a_fleet_name_with_markup_is_escaped_in_the_dashboard_ready_email,
    |mut app: TestApp| async move {
        make_user(
            &app,
            "first@evil.example",
            Some(Role::FleetAdmin),
            Some((HOSTILE_NAME, "4100001")),
        )
        .await;
        make_user(&app, "second@evil.example", None, None).await;
        app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let fleets: Value = app
            .get("/api/admin/fleet-accounts?q=evil")
            .await
            .json()
            .await
            .unwrap();
        let fleet_id = fleets["items"][0]["id"].as_str().unwrap().to_owned();
        let users: Value = app
            .get("/api/admin/users?q=second%40evil")
            .await
            .json()
            .await
            .unwrap();
        let user_id = users["items"][0]["id"].as_str().unwrap().to_owned();
        let res = app
            .put(
                &format!("/api/admin/fleet-accounts/{fleet_id}/owner"),
                json!({ "user_id": user_id }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);

        let mails = app.emails_to("second@evil.example").await;
        let mail = mails.last().expect("the dashboard-ready e-mail");
        assert!(!mail.html.contains("<script"), "{}", mail.html);
        assert!(!mail.html.contains("<img"), "{}", mail.html);
        assert!(mail.html.contains("Evil &lt;script&gt;"), "{}", mail.html);
        assert!(
            mail.text.contains(HOSTILE_NAME),
            "the text part is plain text"
        );
    }
);

on_each_backend!(
    spa_responses_carry_the_security_headers,
    |app: TestApp| async move {
        for path in ["/", "/auth", "/fleet-signup?id=abc", "/api/auth/session"] {
            let res = app.client.get(app.url(path)).send().await.unwrap();
            let header = |name: &str| {
                res.headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default()
                    .to_owned()
            };
            let csp = header("content-security-policy");
            assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
            assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
            assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
            assert_eq!(header("x-frame-options"), "DENY", "{path}");
            assert_eq!(header("referrer-policy"), "same-origin", "{path}");
            assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        }
    }
);

/// The dev mailbox shows stored HTML on the app's origin: its page runs in a
/// sandbox with no scripts, so a message cannot act as the signed-in user.
#[tokio::test]
async fn the_dev_mailbox_page_is_sandboxed() {
    use axum::body::Body;
    use axum::extract::ConnectInfo;
    use axum::http::Request;
    use tower::ServiceExt;

    let data_dir = std::env::temp_dir().join(format!(
        "longhaul-mailbox-{}",
        uuid::Uuid::new_v4().simple()
    ));
    let vars = std::collections::HashMap::from([
        ("DATA_DIR".to_owned(), data_dir.display().to_string()),
        ("SUPERADMIN_EMAIL".to_owned(), ADMIN_EMAIL.to_owned()),
        ("SUPERADMIN_PASSWORD".to_owned(), ADMIN_PASSWORD.to_owned()),
    ]);
    let config = longhaul::Config::from_map(&vars).unwrap();
    let state = longhaul::app::prepare(config, Default::default())
        .await
        .unwrap();
    state
        .mailer
        .send(OutgoingEmail {
            to: "x@example.com".into(),
            subject: "hi".into(),
            text: "hi".into(),
            html: "<script>fetch('/api/auth/session')</script>".into(),
        })
        .await
        .unwrap();
    let mut req = Request::get("/dev/mailbox").body(Body::empty()).unwrap();
    req.extensions_mut()
        .insert(ConnectInfo(std::net::SocketAddr::from((
            [127, 0, 0, 1],
            40000,
        ))));
    let res = longhaul::app::router(state).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(csp.starts_with("sandbox"), "{csp}");
    assert!(!csp.contains("allow-scripts"), "{csp}");
    assert!(!csp.contains("allow-same-origin"), "{csp}");
    let _ = std::fs::remove_dir_all(data_dir);
}
