use longhaul::app::Overrides;
use longhaul::mail::{MemoryMailer, OutgoingEmail};
use longhaul::state::AppState;
use longhaul::{Application, Config};
use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

pub mod eld_fakes;
mod pg_cleanup;
pub mod processes;

pub const ADMIN_EMAIL: &str = "root@longhaul.test";
pub const ADMIN_PASSWORD: &str = "correct-horse-battery";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// SQLite always; PostgreSQL when TEST_DATABASE_URL points at a server.
pub fn backends() -> Vec<Backend> {
    let mut out = vec![Backend::Sqlite];
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|v| !v.is_empty()) {
        out.push(Backend::Postgres);
    }
    out
}

pub struct TestApp {
    pub backend: Backend,
    pub address: String,
    pub client: reqwest::Client,
    pub mailer: Arc<MemoryMailer>,
    pub state: AppState,
    pub data_dir: PathBuf,
    pub database_url: Option<PgDatabase>,
    pub csrf: Option<String>,
}

/// A fresh database for each app: a temp SQLite file, or a new PostgreSQL
/// database on the test server.
pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_configured(backend, &[], Overrides::default()).await
}

pub async fn spawn_with(
    backend: Backend,
    data_dir: PathBuf,
    database_url: Option<PgDatabase>,
) -> TestApp {
    spawn_custom(backend, data_dir, database_url, &[], Overrides::default()).await
}

/// A fresh database with extra settings and replaced outside systems.
pub async fn spawn_configured(
    backend: Backend,
    extra: &[(&str, &str)],
    overrides: Overrides,
) -> TestApp {
    let data_dir =
        std::env::temp_dir().join(format!("longhaul-test-{}", uuid::Uuid::new_v4().simple()));
    let database_url = match backend {
        Backend::Sqlite => None,
        Backend::Postgres => Some(PgDatabase::fresh().await),
    };
    spawn_custom(backend, data_dir, database_url, extra, overrides).await
}

pub async fn spawn_custom(
    backend: Backend,
    data_dir: PathBuf,
    database_url: Option<PgDatabase>,
    extra: &[(&str, &str)],
    overrides: Overrides,
) -> TestApp {
    let mut vars = HashMap::from([
        ("DATA_DIR".to_string(), data_dir.display().to_string()),
        ("SUPERADMIN_EMAIL".to_string(), ADMIN_EMAIL.to_string()),
        (
            "SUPERADMIN_PASSWORD".to_string(),
            ADMIN_PASSWORD.to_string(),
        ),
        (
            "PUBLIC_URL".to_string(),
            "http://localhost:3000".to_string(),
        ),
        ("DATABASE_MAX_CONNECTIONS".to_string(), "5".to_string()),
    ]);
    if let Some(pg) = &database_url {
        // The production set-up: migrate as the owner, serve as a role that
        // row-level security binds (decision 009).
        vars.insert("DATABASE_URL".into(), pg.serving.clone());
        vars.insert("DATABASE_MIGRATION_URL".into(), pg.owner.clone());
    }
    for (key, value) in extra {
        vars.insert((*key).to_owned(), (*value).to_owned());
    }
    let mailer = Arc::new(MemoryMailer::default());
    let app = try_build(
        vars,
        Overrides {
            // A test's own transport wins; `mailer` then stays empty.
            mailer: overrides.mailer.clone().or_else(|| Some(mailer.clone())),
            ..overrides
        },
    )
    .await
    .expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state();
    tokio::spawn(app.run_until(std::future::pending()));
    TestApp {
        backend,
        address,
        client: new_client(),
        mailer,
        state,
        data_dir,
        database_url,
        csrf: None,
    }
}

/// A fresh app whose ELD adapters speak to `endpoints` (a local fake).
pub async fn spawn_with_eld(
    backend: Backend,
    endpoints: longhaul::integrations::eld::EldEndpoints,
) -> TestApp {
    spawn_configured(
        backend,
        &[],
        Overrides {
            eld: Some(Arc::new(
                longhaul::integrations::eld::connector::RealConnector { endpoints },
            )),
            ..Overrides::default()
        },
    )
    .await
}

/// Builds (does not start) an app from exactly these settings.
pub async fn try_build(
    vars: HashMap<String, String>,
    overrides: Overrides,
) -> anyhow::Result<Application> {
    let config = Config::from_map(&vars).expect("test config");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    Application::build_with(config, listener, overrides).await
}

pub fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap()
}

/// Login roles every PostgreSQL test database uses: the owner that migrates
/// (no superuser, no BYPASSRLS) and the serving role that owns nothing.
pub const PG_OWNER_ROLE: &str = "lh_test_owner";
pub const PG_SERVING_ROLE: &str = "lh_test_app";

/// A fresh PostgreSQL database owned by the owner role, with URLs for each
/// role. It lives until the test process exits (helpers/pg_cleanup.rs).
#[derive(Debug, Clone)]
pub struct PgDatabase {
    /// As the serving role (DATABASE_URL).
    pub serving: String,
    /// As the owner role (DATABASE_MIGRATION_URL).
    pub owner: String,
    /// As TEST_DATABASE_URL's role (a superuser): for tests that inspect
    /// every fleet's rows.
    pub superuser: String,
}

impl PgDatabase {
    pub async fn fresh() -> PgDatabase {
        let base = std::env::var("TEST_DATABASE_URL").unwrap();
        let admin = db::connect(&base, 1)
            .await
            .expect("TEST_DATABASE_URL reachable");
        for role in [PG_OWNER_ROLE, PG_SERVING_ROLE] {
            // Tests run in parallel: a concurrent CREATE ROLE may win.
            admin
                .execute_unprepared(&format!(
                    "DO $$ BEGIN
                       CREATE ROLE {role} LOGIN PASSWORD '{role}' NOSUPERUSER NOBYPASSRLS NOCREATEROLE;
                     EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
                     END $$;"
                ))
                .await
                .expect("create test role");
        }
        let name = format!("lh_test_{}", uuid::Uuid::new_v4().simple());
        // Handed over first, so that no way of ending the run leaves it behind.
        pg_cleanup::drop_after_the_run(&base, &name);
        admin
            .execute_unprepared(&format!("CREATE DATABASE {name} OWNER {PG_OWNER_ROLE}"))
            .await
            .expect("create test database");
        admin.close().await.ok();
        let url = |user: Option<&str>| {
            let (scheme, rest) = base.split_once("://").expect("database URL has a scheme");
            let rest = match user {
                Some(user) => {
                    let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
                    format!("{user}:{user}@{host}")
                }
                None => rest.to_owned(),
            };
            let (prefix, _) = rest.split_once('/').expect("database URL has a path");
            let query = rest
                .split_once('?')
                .map(|(_, q)| format!("?{q}"))
                .unwrap_or_default();
            format!("{scheme}://{prefix}/{name}{query}")
        };
        PgDatabase {
            serving: url(Some(PG_SERVING_ROLE)),
            owner: url(Some(PG_OWNER_ROLE)),
            superuser: url(None),
        }
    }
}

impl TestApp {
    /// A connection that sees every row: the app's own on SQLite, the
    /// superuser's on PostgreSQL (the app's serving role sees no row outside
    /// a fleet or the system scope).
    pub async fn inspect_db(&self) -> sea_orm::DatabaseConnection {
        match &self.database_url {
            Some(pg) => db::connect(&pg.superuser, 2).await.unwrap(),
            None => self.state.db.clone(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn post(&self, path: &str, body: Value) -> reqwest::Response {
        let mut req = self.client.post(self.url(path)).json(&body);
        if let Some(csrf) = &self.csrf {
            req = req.header("x-csrf-token", csrf);
        }
        req.send().await.unwrap()
    }

    pub async fn put(&self, path: &str, body: Value) -> reqwest::Response {
        let mut req = self.client.put(self.url(path)).json(&body);
        if let Some(csrf) = &self.csrf {
            req = req.header("x-csrf-token", csrf);
        }
        req.send().await.unwrap()
    }

    pub async fn delete(&self, path: &str) -> reqwest::Response {
        let mut req = self.client.delete(self.url(path));
        if let Some(csrf) = &self.csrf {
            req = req.header("x-csrf-token", csrf);
        }
        req.send().await.unwrap()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn session(&self) -> Value {
        self.get("/api/auth/session").await.json().await.unwrap()
    }

    /// The e-mails sent to `to`, after running the queued `send_email` jobs
    /// (tests run jobs explicitly; no worker runs in the test app).
    pub async fn emails_to(&self, to: &str) -> Vec<OutgoingEmail> {
        longhaul::jobs::deliver_pending_emails(&self.state)
            .await
            .expect("queued e-mails are delivered");
        self.mailer
            .sent()
            .into_iter()
            .filter(|m| m.to == to)
            .collect()
    }

    /// The token in the newest e-mailed link containing `marker` (e.g. "confirm=").
    pub async fn last_link_token(&self, to: &str, marker: &str) -> String {
        let mail = self
            .emails_to(to)
            .await
            .pop()
            .unwrap_or_else(|| panic!("no e-mail to {to}"));
        let start = mail
            .text
            .find(marker)
            .unwrap_or_else(|| panic!("no {marker} in {}", mail.text))
            + marker.len();
        mail.text[start..]
            .chars()
            .take_while(|c| c.is_ascii_hexdigit())
            .collect()
    }

    /// Signs up and confirms through the e-mailed link.
    pub async fn confirmed_user(&self, email: &str, password: &str) {
        let res = self
            .post(
                "/api/auth/sign-up",
                json!({ "email": email, "password": password }),
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::CREATED,
            "{}",
            res.text().await.unwrap()
        );
        let token = self.last_link_token(email, "confirm=").await;
        let res = self
            .post("/api/auth/confirm-email", json!({ "token": token }))
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    }

    /// Another browser on the same server: its own cookie jar, signed in as
    /// nobody yet.
    pub fn another_browser(&self) -> TestApp {
        TestApp {
            backend: self.backend,
            address: self.address.clone(),
            client: new_client(),
            mailer: self.mailer.clone(),
            state: self.state.clone(),
            data_dir: self.data_dir.clone(),
            database_url: None,
            csrf: None,
        }
    }

    pub async fn sign_in(&mut self, email: &str, password: &str) -> Value {
        let res = self
            .post(
                "/api/auth/sign-in",
                json!({ "email": email, "password": password }),
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::OK,
            "sign-in of {email} on {:?}",
            self.backend
        );
        let body: Value = res.json().await.unwrap();
        self.csrf = body["csrf_token"].as_str().map(str::to_owned);
        body
    }
}

pub async fn error_of(res: reqwest::Response) -> (StatusCode, Value) {
    let status = res.status();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    (status, body["error"].clone())
}

/// Runs the test body once per database backend.
#[macro_export]
macro_rules! on_each_backend {
    ($name:ident, $body:expr) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            for backend in $crate::helpers::backends() {
                let app = $crate::helpers::spawn_app(backend).await;
                ($body)(app).await;
            }
        }
    };
}

/// Row counts of the tables administration writes, to assert "nothing changed".
pub async fn admin_table_counts(app: &TestApp) -> Vec<u64> {
    use sea_orm::{EntityTrait, PaginatorTrait};
    let db = &app.inspect_db().await;
    vec![
        db::entities::profile::Entity::find()
            .count(db)
            .await
            .unwrap(),
        db::entities::fleet_account::Entity::find()
            .count(db)
            .await
            .unwrap(),
        db::entities::account::Entity::find()
            .count(db)
            .await
            .unwrap(),
        db::entities::fleet_signup::Entity::find()
            .count(db)
            .await
            .unwrap(),
        db::entities::audit_log::Entity::find()
            .count(db)
            .await
            .unwrap(),
    ]
}

/// The token of the newest e-mailed link containing `marker`, waiting a
/// bounded while for e-mails sent in the background.
pub async fn wait_for_link(app: &TestApp, to: &str, marker: &str) -> String {
    for _ in 0..100 {
        if app
            .emails_to(to)
            .await
            .last()
            .is_some_and(|m| m.text.contains(marker))
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    app.last_link_token(to, marker).await
}

/// A confirmed user with the password `secret1` (made as an operator would),
/// with a fleet account of its own when `fleet` is `(legal name, DOT number)`.
pub async fn make_user(
    app: &TestApp,
    email: &str,
    role: Option<domain::Role>,
    fleet: Option<(&str, &str)>,
) {
    longhaul::modules::auth::bootstrap::create_user(
        &longhaul::modules::auth::bootstrap::UserDeps::of(&app.state),
        longhaul::modules::auth::bootstrap::CreateUser {
            email: email.into(),
            password: "secret1".into(),
            role,
            first_name: None,
            last_name: None,
            fleet_name: fleet.map(|(name, _)| name.to_owned()),
            dot_number: fleet.map(|(_, dot)| dot.to_owned()),
        },
    )
    .await
    .unwrap();
}
