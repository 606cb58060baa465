//! Issue 9 point 4: safe defaults. Development tools answer only this
//! machine; production mounts none of them, refuses the demo fleet and never
//! prints the first super admin's password (decision 011).

use crate::helpers::{Backend, PgDatabase, TestApp, backends, new_client, spawn_app, try_build};
use crate::signup_flow::signup_to_checkout;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use longhaul::app::{Overrides, router};
use longhaul::mail::MemoryMailer;
use longhaul::state::AppState;
use serde_json::json;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use tower::ServiceExt;

/// Status of `GET path` sent straight to the router as if from `peer`.
async fn status_from(state: &AppState, path: &str, peer: &str, via_proxy: bool) -> StatusCode {
    let mut req = Request::get(path).body(Body::empty()).unwrap();
    req.extensions_mut()
        .insert(ConnectInfo(peer.parse::<SocketAddr>().unwrap()));
    if via_proxy {
        req.headers_mut()
            .insert("x-forwarded-for", "198.51.100.9".parse().unwrap());
    }
    router(state.clone()).oneshot(req).await.unwrap().status()
}

const REMOTE: &str = "203.0.113.7:51000";
const LOCAL: &str = "127.0.0.1:51000";
const LOCAL_V6: &str = "[::1]:51000";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dev_tools_answer_only_this_machine() {
    // The offline test checkout, with a real checkout session.
    let app = spawn_app(Backend::Sqlite).await;
    let (_, session) = signup_to_checkout(&app, "1000004", "owner@greatlakes.example").await;
    let path = format!("/api/test-checkout/{session}");
    assert_eq!(
        status_from(&app.state, &path, LOCAL, false).await,
        StatusCode::OK
    );
    assert_eq!(
        status_from(&app.state, &path, LOCAL_V6, false).await,
        StatusCode::OK
    );
    assert_eq!(
        status_from(&app.state, &path, REMOTE, false).await,
        StatusCode::NOT_FOUND,
        "another machine does not see the test checkout"
    );
    assert_eq!(
        status_from(&app.state, &path, LOCAL, true).await,
        StatusCode::NOT_FOUND,
        "nor a client behind a local proxy"
    );

    // The dev mailbox (the default mailer without SMTP_URL).
    let data_dir =
        std::env::temp_dir().join(format!("longhaul-test-{}", uuid::Uuid::new_v4().simple()));
    let dev = try_build(
        HashMap::from([("DATA_DIR".into(), data_dir.display().to_string())]),
        Overrides::default(),
    )
    .await
    .unwrap();
    let state = dev.state();
    assert!(state.mailer.dev_mailbox().is_some());
    for path in ["/dev/mailbox", "/api/dev/mailbox", "/metrics"] {
        assert_eq!(
            status_from(&state, path, LOCAL, false).await,
            StatusCode::OK,
            "{path}"
        );
        assert_eq!(
            status_from(&state, path, REMOTE, false).await,
            StatusCode::NOT_FOUND,
            "{path} from another machine"
        );
        assert_eq!(
            status_from(&state, path, LOCAL, true).await,
            StatusCode::NOT_FOUND,
            "{path} through a proxy"
        );
    }
}

const OPS_EMAIL: &str = "ops@longhaul.test";

fn production_settings(data_dir: &std::path::Path) -> HashMap<String, String> {
    HashMap::from(
        [
            ("APP_ENV", "production"),
            ("SMTP_URL", "smtp://127.0.0.1:9"),
            ("BILLING_DISABLED", "true"),
            ("SECRET_KEY", "0123456789abcdef0123456789abcdef"),
            ("PUBLIC_URL", "https://longhaul.example.com"),
            ("SUPERADMIN_EMAIL", OPS_EMAIL),
            ("DATABASE_MAX_CONNECTIONS", "3"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string())),
    )
    .into_iter()
    .chain([("DATA_DIR".to_string(), data_dir.display().to_string())])
    .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn production_has_no_dev_tools_and_emails_the_first_super_admin() {
    for backend in backends() {
        let data_dir =
            std::env::temp_dir().join(format!("longhaul-test-{}", uuid::Uuid::new_v4().simple()));
        let mut vars = production_settings(&data_dir);
        let pg = match backend {
            Backend::Sqlite => None,
            Backend::Postgres => Some(PgDatabase::fresh().await),
        };
        if let Some(pg) = &pg {
            vars.insert("DATABASE_URL".into(), pg.serving.clone());
            vars.insert("DATABASE_MIGRATION_URL".into(), pg.owner.clone());
        }
        let mailer = Arc::new(MemoryMailer::default());
        let built = try_build(
            vars,
            Overrides {
                mailer: Some(mailer.clone()),
                ..Default::default()
            },
        )
        .await
        .expect("production starts with every setting");
        let state = built.state();

        // No test checkout, no mailbox: payments are switched off.
        assert!(!state.payments.is_stand_in(), "{backend:?}");
        assert!(state.payments.describe().contains("BILLING_DISABLED"));
        assert_eq!(
            status_from(&state, "/api/dev/mailbox", LOCAL, false).await,
            StatusCode::NOT_FOUND
        );
        // No metrics without METRICS_TOKEN, not even for this machine.
        assert_eq!(
            status_from(&state, "/metrics", LOCAL, false).await,
            StatusCode::NOT_FOUND
        );
        // No demo fleet with its public password.
        assert!(longhaul::seed::seed_demo(&state).await.is_err());

        // The first super admin: a set-password link by e-mail (queued, then
        // sent by the job), nothing else.
        longhaul::jobs::deliver_pending_emails(&state)
            .await
            .unwrap();
        let mails: Vec<_> = mailer
            .sent()
            .into_iter()
            .filter(|m| m.to == OPS_EMAIL)
            .collect();
        assert_eq!(mails.len(), 1, "{backend:?}");
        let marker = "reset-password?token=";
        let start = mails[0].text.find(marker).expect("a set-password link") + marker.len();
        let token: String = mails[0].text[start..]
            .chars()
            .take_while(|c| c.is_ascii_hexdigit())
            .collect();
        assert!(
            mails[0]
                .text
                .contains("https://longhaul.example.com/reset-password")
        );

        let address = format!("http://127.0.0.1:{}", built.port());
        tokio::spawn(built.run_until(std::future::pending()));
        let app = TestApp {
            backend,
            address,
            client: new_client(),
            mailer,
            state,
            data_dir,
            database_url: pg,
            csrf: None,
        };
        let sign_in = |password: &'static str| {
            app.post(
                "/api/auth/sign-in",
                json!({ "email": OPS_EMAIL, "password": password }),
            )
        };
        assert_eq!(
            sign_in("chosen-password-1").await.status(),
            StatusCode::UNAUTHORIZED
        );
        let res = app
            .post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "chosen-password-1" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(sign_in("chosen-password-1").await.status(), StatusCode::OK);

        // A demo login left over from development opens nothing in production.
        use longhaul::modules::auth::bootstrap::{CreateUser, UserDeps, create_user};
        use longhaul::seed::{DEMO_EMAIL, DEMO_PASSWORD};
        create_user(
            &UserDeps::of(&app.state),
            CreateUser {
                email: DEMO_EMAIL.into(),
                password: DEMO_PASSWORD.into(),
                role: Some(domain::Role::FleetAdmin),
                first_name: None,
                last_name: None,
                fleet_name: None,
                dot_number: None,
            },
        )
        .await
        .unwrap();
        let res = app
            .post(
                "/api/auth/sign-in",
                json!({ "email": DEMO_EMAIL, "password": DEMO_PASSWORD }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{backend:?}");
    }
}

/// The real binary's output on a first start: development prints the
/// generated password once; production prints no password at all.
#[test]
fn the_first_start_prints_no_password_in_production() {
    let run = |vars: HashMap<String, String>| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_longhaul"))
            .arg("migrate")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("LOG_FORMAT", "pretty")
            .envs(vars)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "{text}");
        text
    };
    let dir = |tag: &str| {
        std::env::temp_dir().join(format!("longhaul-{tag}-{}", uuid::Uuid::new_v4().simple()))
    };
    let dev = run(HashMap::from([(
        "DATA_DIR".to_string(),
        dir("dev").display().to_string(),
    )]));
    assert!(
        dev.contains("password: "),
        "development shows it once: {dev}"
    );

    let prod = run(production_settings(&dir("prod")));
    assert!(!prod.contains("password: "), "{prod}");
    assert!(prod.contains("first super admin"), "{prod}");
}
