//! Start-up and the router: reading this file shows the whole architecture.

use crate::config::{Config, Environment};
use crate::crypto::Cipher;
use crate::crypto::password::PasswordHasher;
use crate::http::loopback::loopback_only;
use crate::http::{ApiError, control_characters, request_metrics, security_headers};
use crate::integrations::fmcsa::{CarrierRegistry, QcMobile, SampleRegistry};
use crate::integrations::stripe::{BillingDisabled, PaymentGateway, StripeApi, TestModeGateway};
use crate::jobs::JobQueue;
use crate::mail::{DevMailbox, Mailer, QueuedMailer, SmtpMailer};
use crate::modules::auth::guards;
use crate::modules::auth::session::resolve_session;
use crate::modules::{
    admin, app_config, auth, billing, brokers, compliance, dev_mailbox, documents, driver_portal,
    drivers, eld, fleet_account, health, load_messages, loads, postings, signup, tenders, vehicles,
};
use crate::state::{App, AppState};
use crate::{openapi, seed, spa};
use anyhow::Context;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Router, middleware};
use sea_orm::DatabaseConnection;
use sea_orm_migration::MigratorTrait;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// JSON bodies are small; uploads get their own limits on their own routes.
const JSON_BODY_LIMIT: usize = 64 * 1024;

pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
}

/// Replacements for outside systems, used by tests.
/// Connections the kernel queues before the server accepts them. Tokio's
/// `bind` asks for 1024; a burst of clients (a load balancer's reconnect, a
/// page of assets on many browsers) can outrun it. The kernel caps it at
/// `net.core.somaxconn`.
pub const LISTEN_BACKLOG: u32 = 4096;

/// Binds `addr` (host:port, names resolved) with [`LISTEN_BACKLOG`].
pub async fn listen(addr: &str) -> std::io::Result<TcpListener> {
    let mut last = None;
    for resolved in tokio::net::lookup_host(addr).await? {
        let socket = if resolved.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        socket.set_reuseaddr(true)?;
        match socket.bind(resolved) {
            Ok(()) => return socket.listen(LISTEN_BACKLOG),
            Err(err) => last = Some(err),
        }
    }
    Err(last.unwrap_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::AddrNotAvailable, "no address to bind")
    }))
}

#[derive(Default)]
pub struct Overrides {
    pub mailer: Option<Arc<dyn Mailer>>,
    pub carriers: Option<Arc<dyn CarrierRegistry>>,
    pub payments: Option<Arc<dyn PaymentGateway>>,
    pub eld: Option<Arc<dyn crate::integrations::eld::connector::EldConnector>>,
    pub files: Option<Arc<dyn object_store::ObjectStore>>,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let addr = format!("{}:{}", config.host, config.port);
        let listener = listen(&addr)
            .await
            .with_context(|| format!("binding {addr}"))?;
        Self::build_with(config, listener, Overrides::default()).await
    }

    pub async fn build_with(
        config: Config,
        listener: TcpListener,
        overrides: Overrides,
    ) -> anyhow::Result<Self> {
        let state = prepare(config, overrides).await?;
        let router = router(state.clone());
        Ok(Self {
            listener,
            router,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.listener
            .local_addr()
            .map(|a| a.port())
            .unwrap_or_default()
    }

    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        tracing::info!(url = %self.state.config.public_url, port = self.port(), "serving");
        axum::serve(
            self.listener,
            self.router
                .into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown)
        .await?;
        tracing::info!("stopped");
        Ok(())
    }
}

/// Opens the database, applies migrations, picks each outside system's
/// adapter and makes the first super admin — logging one line per dependency.
pub async fn prepare(config: Config, overrides: Overrides) -> anyhow::Result<AppState> {
    let state = connect(config, overrides).await?;
    auth::bootstrap::ensure_super_admin(
        &auth::bootstrap::UserDeps::of(&state),
        state.mailer.as_ref(),
        auth::bootstrap::FirstAdmin::of(&state.config),
    )
    .await?;
    // SEED_DEMO is refused in production by the configuration.
    if state.config.seed_demo && seed::seed_demo(&state).await? {
        eprintln!(
            "\n  Demo fleet created: sign in at {}/auth as {} with password {}\n",
            state.config.public_url,
            seed::DEMO_EMAIL,
            seed::DEMO_PASSWORD
        );
    }
    Ok(state)
}

/// Applies migrations as the owner role (DATABASE_MIGRATION_URL, else the
/// serving URL), grants the serving role what it needs, reads the system-scope
/// key, then refuses to go on when the serving role could bypass row-level
/// security — unless DATABASE_ALLOW_RLS_BYPASS (development) says so.
/// Decision 009.
async fn migrate(config: &Config, serving: &DatabaseConnection) -> anyhow::Result<db::SystemKey> {
    // One process at a time (replicas starting together, `longhaul migrate`
    // beside a starting server).
    let lock_url = config
        .database_migration_url
        .as_ref()
        .or(config.database_url.as_ref())
        .map(|url| url.expose().to_owned())
        .unwrap_or_default();
    let lock = db::StartupLock::acquire(&lock_url)
        .await
        .context("taking the start-up lock")?;
    let key = migrate_locked(config, serving).await;
    lock.release()
        .await
        .context("releasing the start-up lock")?;
    key
}

async fn migrate_locked(
    config: &Config,
    serving: &DatabaseConnection,
) -> anyhow::Result<db::SystemKey> {
    let key = match &config.database_migration_url {
        Some(url) => {
            let owner = db::connect(url.expose(), 1)
                .await
                .context("connecting as the owner role (DATABASE_MIGRATION_URL)")?;
            db::migrations::Migrator::up(&owner, None)
                .await
                .context("applying migrations")?;
            JobQueue::migrate(&owner)
                .await
                .context("applying the job store's migrations")?;
            let serving_role = db::tenancy::current_role(serving).await?;
            if serving_role != db::tenancy::current_role(&owner).await? {
                db::tenancy::grant_serving_role(&owner, &serving_role)
                    .await
                    .context("granting the serving role its privileges")?;
            }
            let key = db::SystemKey::read(&owner)
                .await
                .context("reading the system-scope key")?;
            owner.close().await?;
            key
        }
        None => {
            db::migrations::Migrator::up(serving, None)
                .await
                .context("applying migrations")?;
            JobQueue::migrate(serving)
                .await
                .context("applying the job store's migrations")?;
            db::SystemKey::read(serving).await.context(
                "reading the system-scope key (only the owner role can: set DATABASE_MIGRATION_URL)",
            )?
        }
    };
    let problems = db::tenancy::rls_problems(serving).await?;
    if !problems.is_empty() {
        if config.database_allow_rls_bypass {
            tracing::warn!(
                problems = ?problems,
                "row-level security does not bind the serving role; serving anyway (DATABASE_ALLOW_RLS_BYPASS)"
            );
        } else {
            anyhow::bail!(
                "row-level security would not hold:\n  - {}\nServe as a role that owns no table and has neither SUPERUSER nor BYPASSRLS, and migrate as the owner role with DATABASE_MIGRATION_URL (README, PostgreSQL). DATABASE_ALLOW_RLS_BYPASS=true overrides this in development.",
                problems.join("\n  - ")
            );
        }
    }
    Ok(key)
}

/// Opens the database and applies migrations; picks each outside system's
/// adapter (everything but bootstrap).
pub async fn connect(config: Config, overrides: Overrides) -> anyhow::Result<AppState> {
    tokio::fs::create_dir_all(&config.data_dir)
        .await
        .with_context(|| format!("creating DATA_DIR {}", config.data_dir.display()))?;
    let url = config.effective_database_url();
    let backend = db::Backend::of_url(&url).context("database URL")?;
    let db = db::connect(&url, config.database_max_connections)
        .await
        .context("connecting to the database")?;
    let system_key = migrate(&config, &db).await?;
    db::refresh_statistics(&db)
        .await
        .context("refreshing SQLite's planner statistics")?;
    tracing::info!(dependency = "database", backend = ?backend, embedded = config.database_url.is_none(), "database ready");
    let transport: Arc<dyn Mailer> = match (overrides.mailer, &config.smtp_url) {
        (Some(mailer), _) => mailer,
        (None, Some(url)) => Arc::new(SmtpMailer::new(url.expose(), &config.mail_from)?),
        // Never in production (the configuration requires SMTP_URL there).
        (None, None) if config.environment == Environment::Development => {
            Arc::new(DevMailbox::new(config.dev_mailbox_dir()))
        }
        (None, None) => anyhow::bail!("production needs SMTP_URL"),
    };
    let cipher = Arc::new(
        Cipher::load(
            config.secret_key.as_ref().map(|s| s.expose()),
            &config.data_dir,
        )
        .context("loading the key for secrets at rest")?,
    );
    let jobs = JobQueue::of(&db);
    let mailer: Arc<dyn Mailer> = Arc::new(QueuedMailer {
        db: db.clone(),
        queue: jobs.clone(),
        cipher: cipher.clone(),
        transport: transport.clone(),
    });
    tracing::info!(dependency = "mail", transport = %mailer.describe(), "mail transport ready");
    let eld = overrides
        .eld
        .unwrap_or_else(|| crate::integrations::eld::connector::for_config(&config));
    tracing::info!(dependency = "eld", adapters = %eld.describe(), "ELD providers ready");
    let carriers: Arc<dyn CarrierRegistry> = match (overrides.carriers, &config.fmcsa_web_key) {
        (Some(registry), _) => registry,
        (None, Some(key)) => Arc::new(QcMobile::new(&config.fmcsa_base_url, key.clone())),
        (None, None) => Arc::new(SampleRegistry::default()),
    };
    tracing::info!(dependency = "fmcsa", stand_in = carriers.is_stand_in(), adapter = %carriers.describe(), "carrier registry ready");
    let payments: Arc<dyn PaymentGateway> = match (overrides.payments, &config.stripe_secret_key) {
        (Some(gateway), _) => gateway,
        (None, _) if config.billing_disabled => Arc::new(BillingDisabled),
        (None, Some(key)) => Arc::new(StripeApi::new(&config.stripe_api_base, key.clone())),
        (None, None) => Arc::new(TestModeGateway::new(db.clone(), &config.public_url)),
    };
    tracing::info!(dependency = "stripe", stand_in = payments.is_stand_in(), adapter = %payments.describe(), "payment gateway ready");
    let files = match overrides.files {
        Some(files) => files,
        None => {
            let opened = crate::files::open(&config).await?;
            tracing::info!(dependency = "files", store = %opened.description, "file store ready");
            opened.store
        }
    };
    let passwords = PasswordHasher::new()?;
    let metrics = crate::metrics::Metrics::new();
    tokio::spawn(upkeep(metrics.clone()));
    Ok(AppState(Arc::new(App {
        config,
        db,
        backend,
        mailer,
        transport,
        jobs,
        job_kinds: crate::job_registry::JOBS
            .iter()
            .map(|entry| entry.kind)
            .collect(),
        cipher,
        eld,
        carriers,
        payments,
        passwords,
        files,
        session_timeouts: Default::default(),
        system_key,
        metrics,
        workers: Default::default(),
        clock: Default::default(),
    })))
}

/// The API contract: `openapi::ApiDoc` with every router's paths.
pub fn spec_json() -> String {
    api_routes(true)
        .into_openapi()
        .to_pretty_json()
        .expect("the OpenAPI document serialises")
}

/// Folds recorded histogram samples every few seconds, as the exporter's own
/// installer would.
async fn upkeep(metrics: crate::metrics::Metrics) {
    let mut tick = tokio::time::interval(Duration::from_secs(5));
    loop {
        tick.tick().await;
        metrics.run_upkeep();
    }
}

/// Every API route, each registered once with its contract entry, grouped
/// by guard. `test_checkout` mounts the Stripe stand-in's checkout page
/// (development only); the contract always documents it.
pub fn api_routes(test_checkout: bool) -> OpenApiRouter<AppState> {
    let fleet_admin = OpenApiRouter::new()
        .merge(fleet_account::routes::router())
        .merge(vehicles::routes::router())
        .merge(drivers::routes::router())
        .merge(eld::routes::router())
        .merge(documents::routes::router())
        .merge(driver_portal::routes::admin::router())
        .merge(compliance::routes::router())
        .merge(postings::routes::router())
        .merge(loads::routes::router())
        .merge(tenders::routes::fleet_router())
        .merge(load_messages::routes::office_router())
        .route_layer(middleware::from_fn(billing::guards::fleet_writable))
        .merge(billing::routes::fleet::router())
        .merge(load_messages::routes::office_reads_router())
        .route_layer(middleware::from_fn(guards::fleet_admin));
    let super_admin = admin::routes::router()
        .merge(brokers::routes::super_admin_router())
        .route_layer(middleware::from_fn(guards::super_admin));
    let broker = brokers::routes::router()
        .merge(tenders::routes::broker_router())
        .route_layer(middleware::from_fn(guards::broker));
    let broker_admin =
        brokers::routes::admin_router().route_layer(middleware::from_fn(guards::broker_admin));
    let driver = driver_portal::routes::driver_router()
        .merge(load_messages::routes::driver_router())
        .merge(loads::routes::portal::driver_router())
        .merge(
            driver_portal::routes::driver_fleet_writes_router()
                .merge(load_messages::routes::driver_writes_router())
                .merge(loads::routes::portal::driver_writes_router())
                .route_layer(middleware::from_fn(billing::guards::fleet_writable)),
        )
        .route_layer(middleware::from_fn(guards::driver));
    let mut open = OpenApiRouter::new()
        .merge(auth::routes::router())
        .merge(signup::routes::router())
        .merge(billing::routes::router())
        .merge(app_config::routes::router())
        .merge(compliance::routes::feed_router())
        .merge(postings::routes::places_router())
        .merge(tenders::routes::link_router());
    if test_checkout {
        open = open.merge(
            billing::routes::test_checkout_router().route_layer(middleware::from_fn(loopback_only)),
        );
    }
    let csrf_checked = OpenApiRouter::new()
        .merge(open)
        .merge(fleet_admin)
        .merge(super_admin)
        .merge(driver)
        .merge(broker)
        .merge(broker_admin)
        .route_layer(middleware::from_fn(guards::csrf));
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(auth::routes::csrf_exempt_router())
        .merge(driver_portal::routes::open_router())
        .merge(brokers::routes::open_router())
        .merge(csrf_checked)
}

pub fn router(state: AppState) -> Router {
    let test_checkout =
        state.config.environment == Environment::Development && state.payments.is_stand_in();
    let (api, _) = api_routes(test_checkout).split_for_parts();
    let api = api
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            resolve_session,
        ))
        .route("/api/openapi.json", get(openapi_json))
        // For guards that need the database (`billing::guards::fleet_writable`).
        .layer(axum::Extension(state.clone()))
        .layer(middleware::from_fn(control_characters::reject_in_url))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT));

    let mut app = Router::new().merge(health::routes::router()).merge(api);
    if state.config.environment == Environment::Development && state.mailer.dev_mailbox().is_some()
    {
        app = app
            .merge(dev_mailbox::routes::router().route_layer(middleware::from_fn(loopback_only)))
            .merge(compliance::routes::dev_router().route_layer(middleware::from_fn(loopback_only)))
            .merge(brokers::routes::dev_router().route_layer(middleware::from_fn(loopback_only)));
    }
    let csp = security_headers::content_security_policy(
        state
            .config
            .booking_url
            .as_deref()
            .and_then(security_headers::origin_of)
            .as_deref(),
    );
    let metrics = state.metrics.clone();
    let mut app = app
        .route_layer(middleware::from_fn(request_metrics::remember_route))
        .fallback(fallback)
        .with_state(state);
    // A policy built from validated config is always a valid header value.
    for layer in security_headers::layers(&csp).expect("security headers") {
        app = app.layer(layer);
    }
    app.layer(CompressionLayer::new())
        .layer(middleware::from_fn(crate::http::deadline::deadline))
        .layer(middleware::from_fn_with_state(metrics, request_metrics::record))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    let request_id = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                    tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %request_id)
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
}

async fn openapi_json() -> impl IntoResponse {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        spec_json(),
    )
}

/// Unknown API paths answer JSON 404; everything else is the SPA.
async fn fallback(uri: Uri) -> Response {
    if uri.path().starts_with("/api/") || uri.path() == "/api" {
        return ApiError::NotFound.into_response();
    }
    spa::serve(uri).await
}

/// Resolves on Ctrl-C or SIGTERM, for graceful shutdown.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut sig) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            sig.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutdown signal received; finishing in-flight requests");
}
