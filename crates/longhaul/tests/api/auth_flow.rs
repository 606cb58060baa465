use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, error_of, new_client};
use crate::on_each_backend;
use reqwest::StatusCode;
use serde_json::{Value, json};

on_each_backend!(
    sign_up_confirm_sign_in_sign_out,
    |mut app: TestApp| async move {
        let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "email": "Dana@Example.com", "password": "secret1", "first_name": "Dana", "last_name": " " }),
        )
        .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            body["message"],
            "Please check your email to confirm your account."
        );

        // Not confirmed yet: refused with the reason, and a fresh link is sent.
        let before = app.emails_to("dana@example.com").await.len();
        let (status, error) = error_of(
            app.post(
                "/api/auth/sign-in",
                json!({ "email": "dana@example.com", "password": "secret1" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(error["code"], "email_not_confirmed");
        assert_eq!(app.emails_to("dana@example.com").await.len(), before + 1);

        // The e-mailed link leads to /auth and confirms.
        let mail = app.emails_to("dana@example.com").await.pop().unwrap();
        assert!(
            mail.text.contains("http://localhost:3000/auth?confirm="),
            "{}",
            mail.text
        );
        let token = app.last_link_token("dana@example.com", "confirm=").await;
        let res = app
            .post("/api/auth/confirm-email", json!({ "token": token }))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        // A link works once.
        let (status, error) = error_of(
            app.post("/api/auth/confirm-email", json!({ "token": token }))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            error["message"],
            "This confirmation link is invalid or has expired."
        );

        let signed_in = app.sign_in("DANA@example.com", "secret1").await;
        assert_eq!(signed_in["user"]["email"], "dana@example.com");
        assert_eq!(signed_in["user"]["role"], "fleet_driver");
        assert_eq!(signed_in["user"]["first_name"], "Dana");
        assert_eq!(
            signed_in["user"]["last_name"],
            Value::Null,
            "blank names are stored as null"
        );

        let session = app.session().await;
        assert_eq!(session["user"]["email"], "dana@example.com");
        assert_eq!(session["csrf_token"], signed_in["csrf_token"]);

        // A cookie-authenticated write without the CSRF token is refused.
        let res = app
            .client
            .post(app.url("/api/auth/sign-out"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        assert_eq!(
            app.session().await["user"]["email"],
            "dana@example.com",
            "still signed in"
        );

        let res = app.post("/api/auth/sign-out", json!({})).await;
        assert_eq!(res.status(), StatusCode::NO_CONTENT);
        assert_eq!(app.session().await["user"], Value::Null);
    }
);

on_each_backend!(
    a_signed_out_sessions_cookie_is_refused,
    |mut app: TestApp| async move {
        app.confirmed_user("sam@example.com", "secret1").await;
        let res = app
            .client
            .post(app.url("/api/auth/sign-in"))
            .json(&json!({ "email": "sam@example.com", "password": "secret1" }))
            .send()
            .await
            .unwrap();
        let cookie = res
            .headers()
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .find(|c| c.starts_with("lh_session="))
            .expect("session cookie set");
        assert!(cookie.contains("HttpOnly"), "{cookie}");
        assert!(cookie.contains("SameSite=Lax"), "{cookie}");
        let pair = cookie.split(';').next().unwrap().to_owned();
        let body: Value = res.json().await.unwrap();
        app.csrf = body["csrf_token"].as_str().map(str::to_owned);
        assert_eq!(
            app.post("/api/auth/sign-out", json!({})).await.status(),
            StatusCode::NO_CONTENT
        );

        // Replaying the old cookie from another client finds no session.
        let replay = new_client();
        let session: Value = replay
            .get(app.url("/api/auth/session"))
            .header("cookie", &pair)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(session["user"], Value::Null);
        let res = replay
            .post(app.url("/api/auth/sign-out"))
            .header("cookie", &pair)
            .header("x-csrf-token", body["csrf_token"].as_str().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
);

on_each_backend!(the_server_decides_the_role, |mut app: TestApp| async move {
    // A role sent by the client is ignored.
    let res = app
        .post(
            "/api/auth/sign-up",
            json!({ "email": "boss@fleet.com", "password": "secret1", "role": "super_admin" }),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let token = app.last_link_token("boss@fleet.com", "confirm=").await;
    app.post("/api/auth/confirm-email", json!({ "token": token }))
        .await;
    let body = app.sign_in("boss@fleet.com", "secret1").await;
    assert_eq!(
        body["user"]["role"], "fleet_admin",
        "'@fleet.com' makes a fleet admin"
    );
    assert_eq!(body["user"]["account_id"], Value::Null);

    let mut other = crate::helpers::TestApp {
        client: new_client(),
        csrf: None,
        ..app
    };
    other.confirmed_user("rider@example.com", "secret1").await;
    let body = other.sign_in("rider@example.com", "secret1").await;
    assert_eq!(body["user"]["role"], "fleet_driver");
});

on_each_backend!(
    sign_up_answers_the_same_for_known_and_new_addresses,
    |mut app: TestApp| async move {
        app.confirmed_user("known@example.com", "secret1").await;
        let hashes = app.state.passwords.hashes();
        let known = app
            .post(
                "/api/auth/sign-up",
                json!({ "email": "KNOWN@example.com", "password": "other-pass" }),
            )
            .await;
        let known = (known.status(), known.text().await.unwrap());
        let new = app
            .post(
                "/api/auth/sign-up",
                json!({ "email": "new@example.com", "password": "other-pass" }),
            )
            .await;
        let new = (new.status(), new.text().await.unwrap());
        assert_eq!(known, new);
        assert_eq!(known.0, StatusCode::CREATED);
        // The same work on both paths: one hash each.
        assert_eq!(app.state.passwords.hashes() - hashes, 2);

        // The owner of the known address is told, and nothing else changed.
        let mails = app.emails_to("known@example.com").await;
        let last = mails.last().unwrap();
        assert_eq!(last.subject, "You already have a Longhaul account");
        assert!(last.text.contains("http://localhost:3000/auth"));
        assert!(!last.text.contains("confirm="));
        app.sign_in("known@example.com", "secret1").await;
        assert!(
            app.emails_to("new@example.com")
                .await
                .last()
                .unwrap()
                .text
                .contains("confirm=")
        );
    }
);

on_each_backend!(
    a_super_admin_session_ends_when_idle,
    |mut app: TestApp| async move {
        use sea_orm::EntityTrait;
        app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let set_idle = |minutes: i64| {
            let db = app.state.db.clone();
            async move {
                db::entities::session::Entity::update_many()
                    .col_expr(
                        db::entities::session::Column::LastSeenAt,
                        sea_orm::sea_query::Expr::value(
                            chrono::Utc::now() - chrono::Duration::minutes(minutes),
                        ),
                    )
                    .exec(&db)
                    .await
                    .unwrap();
            }
        };
        // Idle for less than the default 30 minutes: still signed in.
        set_idle(25).await;
        assert_eq!(app.session().await["user"]["email"], ADMIN_EMAIL);
        set_idle(31).await;
        assert_eq!(app.session().await["user"], Value::Null);
        let (status, _) = error_of(app.get("/api/admin/users").await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
);

on_each_backend!(
    only_the_exact_fleet_com_domain_makes_a_fleet_admin,
    |mut app: TestApp| async move {
        app.confirmed_user("x@fleet.com.attacker.test", "secret1")
            .await;
        let body = app.sign_in("x@fleet.com.attacker.test", "secret1").await;
        assert_eq!(body["user"]["role"], "fleet_driver");
    }
);
