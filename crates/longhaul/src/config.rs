//! Configuration, read once from the environment at start. Every bad value is
//! collected so one failed start lists all of them.

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;

/// FMCSA QCMobile's API, unless `FMCSA_BASE_URL` says otherwise.
pub const FMCSA_DEFAULT_BASE_URL: &str = "https://mobile.fmcsa.dot.gov/qc/services";
/// Stripe's API, unless `STRIPE_API_BASE` says otherwise.
pub const STRIPE_DEFAULT_API_BASE: &str = "https://api.stripe.com";

/// A value that must never be printed (passwords, API keys, SMTP URLs with
/// credentials). `Debug` shows only that it is set.
#[derive(Clone, Default)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Json,
    Pretty,
}

impl LogFormat {
    /// Without `LOG_FORMAT`: readable lines for a developer at a terminal,
    /// JSON for everything else (production, a file, a log collector).
    pub fn default_for(environment: Environment, terminal: bool) -> LogFormat {
        if environment == Environment::Development && terminal {
            LogFormat::Pretty
        } else {
            LogFormat::Json
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub environment: Environment,
    pub host: String,
    pub port: u16,
    pub data_dir: PathBuf,
    /// None = the embedded SQLite file under `data_dir`.
    pub database_url: Option<Secret>,
    pub database_max_connections: u32,
    /// PostgreSQL: the owner role that runs migrations (decision 009). None =
    /// migrate over `database_url`, which then owns the tables and fails the
    /// start-up check unless `database_allow_rls_bypass`.
    pub database_migration_url: Option<Secret>,
    /// Development only: serve even when the serving role could bypass
    /// row-level security (superuser, BYPASSRLS, table owner).
    pub database_allow_rls_bypass: bool,
    /// Origin used in e-mailed links and to decide the cookie's Secure flag.
    pub public_url: String,
    pub smtp_url: Option<Secret>,
    pub mail_from: String,
    pub superadmin_email: Option<String>,
    pub superadmin_password: Option<Secret>,
    pub session_ttl_hours: i64,
    pub log_format: LogFormat,
    /// Reverse proxies in front of the server (0 = none): the client address
    /// is the N-th X-Forwarded-For entry from the right.
    pub trusted_proxies: usize,
    /// A super admin's session ends after this many idle minutes.
    pub admin_idle_timeout_minutes: i64,
    /// Unset: the sample carrier registry stands in for FMCSA.
    pub fmcsa_web_key: Option<Secret>,
    pub fmcsa_base_url: String,
    /// The ELD providers' API roots (tests and EU accounts change them).
    pub samsara_base_url: String,
    pub motive_base_url: String,
    /// Unset: the in-app test checkout stands in for Stripe.
    pub stripe_secret_key: Option<Secret>,
    pub stripe_webhook_secret: Option<Secret>,
    pub stripe_api_base: String,
    /// No payments at all (no Stripe, no test checkout): the signup's
    /// checkout step answers that payment is unavailable. Decision 011.
    pub billing_disabled: bool,
    /// Server secret for encrypting secrets at rest and signing; required in
    /// production (at least 32 characters).
    pub secret_key: Option<Secret>,
    /// The booking widget shown by the pricing page's 'Schedule a Call'.
    pub booking_url: Option<String>,
    /// Create the demo fleet at start when it does not exist yet.
    pub seed_demo: bool,
    /// How often a job worker says it is alive; a worker silent for two
    /// beats is dead and its running jobs run again elsewhere.
    pub job_heartbeat_secs: u64,
    /// One cron expression (with seconds) every schedule fires on instead of
    /// its own (`JOB_SCHEDULE_OVERRIDE`): for the scale-out test and a staging
    /// run that wants the schedules' work now, not at their hours.
    pub job_schedule_override: Option<String>,
    /// How long finished jobs stay in the job tables (`JOB_HISTORY_DAYS`).
    pub job_history_days: u32,
    /// Bearer token for `/metrics`. Unset: loopback only in development,
    /// not served in production (decision 017).
    pub metrics_token: Option<Secret>,
    /// Where files (logos, documents) are kept: a directory under `data_dir`
    /// unless `S3_BUCKET` is set.
    pub s3: Option<S3Config>,
    /// The largest document upload, in bytes (`DOCUMENT_MAX_MB`, default 25).
    pub document_max_bytes: u64,
    /// How old an object no document row points at must be before the
    /// sweep removes it (an upload in flight is never that old).
    pub orphan_grace_minutes: i64,
    /// Days a fleet may stay past due before its dashboard becomes
    /// read-only (`PAST_DUE_GRACE_DAYS`, default 14).
    pub past_due_grace_days: u32,
}

/// An S3-compatible bucket (AWS, MinIO, R2, …).
#[derive(Debug, Clone)]
pub struct S3Config {
    pub bucket: String,
    /// None: AWS's own endpoint for the region.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: Option<Secret>,
    pub secret_access_key: Option<Secret>,
    /// Bucket in the path (`endpoint/bucket/key`), as MinIO-like servers
    /// want; on by default when an endpoint is given.
    pub path_style: bool,
}

#[derive(Debug)]
pub struct ConfigError(pub Vec<String>);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "invalid configuration:")?;
        for problem in &self.0 {
            writeln!(f, "  - {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_map(&std::env::vars().collect())
    }

    pub fn from_map(vars: &HashMap<String, String>) -> Result<Self, ConfigError> {
        let mut problems = Vec::new();
        let get = |key: &str| {
            vars.get(key)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };

        let environment = match get("APP_ENV").as_deref() {
            None | Some("development") => Environment::Development,
            Some("production") => Environment::Production,
            Some(other) => {
                problems.push(format!(
                    "APP_ENV must be 'development' or 'production', got '{other}'"
                ));
                Environment::Development
            }
        };
        let port = parse_num::<u16>(get("PORT"), "PORT", 3000, &mut problems);
        // Development listens on this machine only; production (behind a
        // proxy or in a container) on every interface. Decision 011.
        let host = get("HOST").unwrap_or_else(|| match environment {
            Environment::Development => "127.0.0.1".into(),
            Environment::Production => "0.0.0.0".into(),
        });
        let data_dir = PathBuf::from(get("DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = get("DATABASE_URL");
        if let Some(url) = &database_url
            && db::Backend::of_url(url).is_none()
        {
            problems
                .push("DATABASE_URL must start with postgres://, postgresql:// or sqlite:".into());
        }
        let database_migration_url = get("DATABASE_MIGRATION_URL");
        if database_migration_url.is_some()
            && !(database_url
                .as_deref()
                .and_then(db::Backend::of_url)
                .is_some_and(|b| b == db::Backend::Postgres)
                && database_migration_url
                    .as_deref()
                    .and_then(db::Backend::of_url)
                    .is_some_and(|b| b == db::Backend::Postgres))
        {
            problems.push(
                "DATABASE_MIGRATION_URL must be a postgres:// URL and goes with a postgres:// DATABASE_URL"
                    .into(),
            );
        }
        let database_allow_rls_bypass = parse_bool(
            get("DATABASE_ALLOW_RLS_BYPASS"),
            "DATABASE_ALLOW_RLS_BYPASS",
            &mut problems,
        );
        if database_allow_rls_bypass && environment == Environment::Production {
            problems.push(
                "DATABASE_ALLOW_RLS_BYPASS is for development only; production serves as a role that row-level security binds"
                    .into(),
            );
        }
        let database_max_connections = parse_num::<u32>(
            get("DATABASE_MAX_CONNECTIONS"),
            "DATABASE_MAX_CONNECTIONS",
            10,
            &mut problems,
        );
        if database_max_connections == 0 {
            problems.push("DATABASE_MAX_CONNECTIONS must be at least 1".into());
        }
        let public_url = get("PUBLIC_URL")
            .unwrap_or_else(|| format!("http://localhost:{port}"))
            .trim_end_matches('/')
            .to_owned();
        if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
            problems.push(format!(
                "PUBLIC_URL must start with http:// or https://, got '{public_url}'"
            ));
        }
        let smtp_url = get("SMTP_URL");
        if let Some(url) = &smtp_url
            && !(url.starts_with("smtp://") || url.starts_with("smtps://"))
        {
            problems.push("SMTP_URL must start with smtp:// or smtps://".into());
        }
        let mail_from =
            get("MAIL_FROM").unwrap_or_else(|| "Longhaul <no-reply@longhaul.example>".into());
        if mail_from.parse::<lettre::message::Mailbox>().is_err() {
            problems.push(format!("MAIL_FROM is not a valid mailbox: '{mail_from}'"));
        }
        let superadmin_email = get("SUPERADMIN_EMAIL");
        if let Some(email) = &superadmin_email
            && domain::Email::parse(email).is_err()
        {
            problems.push(format!(
                "SUPERADMIN_EMAIL is not a valid e-mail address: '{email}'"
            ));
        }
        let superadmin_password = get("SUPERADMIN_PASSWORD");
        if superadmin_password
            .as_ref()
            .is_some_and(|p| p.chars().count() < 12)
        {
            problems.push("SUPERADMIN_PASSWORD must be at least 12 characters".into());
        }
        // In production the password may be left out: the super admin gets an
        // e-mailed set-password link instead (decision 011).
        if (superadmin_password.is_some() && superadmin_email.is_none())
            || (superadmin_email.is_some()
                && superadmin_password.is_none()
                && environment == Environment::Development)
        {
            problems.push("SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD must be set together".into());
        }
        let session_ttl_hours = parse_num::<i64>(
            get("SESSION_TTL_HOURS"),
            "SESSION_TTL_HOURS",
            24 * 7,
            &mut problems,
        );
        if !(1..=24 * 90).contains(&session_ttl_hours) {
            problems.push("SESSION_TTL_HOURS must be between 1 and 2160".into());
        }
        let log_format = match get("LOG_FORMAT").as_deref() {
            None => LogFormat::default_for(environment, {
                use std::io::IsTerminal;
                std::io::stderr().is_terminal()
            }),
            Some("json") => LogFormat::Json,
            Some("pretty") => LogFormat::Pretty,
            Some(other) => {
                problems.push(format!(
                    "LOG_FORMAT must be 'json' or 'pretty', got '{other}'"
                ));
                LogFormat::Json
            }
        };
        let trusted_proxies = match get("TRUST_PROXY").as_deref() {
            None | Some("false") => 0,
            // The usual set-up, and what `true` meant for one proxy before.
            Some("true") => 1,
            Some(n) => match n.parse::<usize>() {
                Ok(n) if n <= 10 => n,
                _ => {
                    problems.push(format!(
                        "TRUST_PROXY must be the number of proxies in front (0 to 10) or false, got '{n}'"
                    ));
                    0
                }
            },
        };
        let admin_idle_timeout_minutes = parse_num::<i64>(
            get("ADMIN_IDLE_TIMEOUT_MINUTES"),
            "ADMIN_IDLE_TIMEOUT_MINUTES",
            30,
            &mut problems,
        );
        if !(5..=24 * 60).contains(&admin_idle_timeout_minutes) {
            problems.push("ADMIN_IDLE_TIMEOUT_MINUTES must be between 5 and 1440".into());
        }

        let job_heartbeat_secs = parse_num::<u64>(
            get("JOB_HEARTBEAT_SECS"),
            "JOB_HEARTBEAT_SECS",
            10,
            &mut problems,
        );
        if !(1..=300).contains(&job_heartbeat_secs) {
            problems.push("JOB_HEARTBEAT_SECS must be between 1 and 300".into());
        }

        let job_schedule_override = get("JOB_SCHEDULE_OVERRIDE").filter(|v| !v.trim().is_empty());
        if let Some(expr) = &job_schedule_override
            && <cron::Schedule as std::str::FromStr>::from_str(expr).is_err()
        {
            problems.push(format!(
                "JOB_SCHEDULE_OVERRIDE is not a cron expression with seconds: {expr}"
            ));
        }

        let job_history_days = parse_num::<u32>(
            get("JOB_HISTORY_DAYS"),
            "JOB_HISTORY_DAYS",
            14,
            &mut problems,
        );
        if !(1..=365).contains(&job_history_days) {
            problems.push("JOB_HISTORY_DAYS must be between 1 and 365".into());
        }

        let metrics_token = get("METRICS_TOKEN");
        if metrics_token.as_ref().is_some_and(|t| t.len() < 16) {
            problems.push("METRICS_TOKEN must be at least 16 characters".into());
        }

        let fmcsa_base_url =
            get("FMCSA_BASE_URL").unwrap_or_else(|| FMCSA_DEFAULT_BASE_URL.to_owned());
        let stripe_api_base =
            get("STRIPE_API_BASE").unwrap_or_else(|| STRIPE_DEFAULT_API_BASE.to_owned());
        let booking_url = get("BOOKING_URL");
        let samsara_base_url =
            get("SAMSARA_BASE_URL").unwrap_or_else(|| "https://api.samsara.com".to_owned());
        let motive_base_url =
            get("MOTIVE_BASE_URL").unwrap_or_else(|| "https://api.gomotive.com".to_owned());
        for (key, value) in [
            ("SAMSARA_BASE_URL", Some(&samsara_base_url)),
            ("MOTIVE_BASE_URL", Some(&motive_base_url)),
            ("FMCSA_BASE_URL", Some(&fmcsa_base_url)),
            ("STRIPE_API_BASE", Some(&stripe_api_base)),
            ("BOOKING_URL", booking_url.as_ref()),
        ] {
            if let Some(url) = value
                && !(url.starts_with("http://") || url.starts_with("https://"))
            {
                problems.push(format!(
                    "{key} must start with http:// or https://, got '{url}'"
                ));
            }
        }
        let stripe_secret_key = get("STRIPE_SECRET_KEY");
        if stripe_secret_key
            .as_ref()
            .is_some_and(|k| !(k.starts_with("sk_") || k.starts_with("rk_")))
        {
            problems.push("STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)".into());
        }
        let stripe_webhook_secret = get("STRIPE_WEBHOOK_SECRET");
        if stripe_secret_key.is_some() && stripe_webhook_secret.is_none() {
            problems.push(
                "STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (subscription state arrives by webhook)"
                    .into(),
            );
        }

        let seed_demo = parse_bool(get("SEED_DEMO"), "SEED_DEMO", &mut problems);
        let billing_disabled =
            parse_bool(get("BILLING_DISABLED"), "BILLING_DISABLED", &mut problems);
        if billing_disabled && stripe_secret_key.is_some() {
            problems.push("set STRIPE_SECRET_KEY or BILLING_DISABLED=true, not both".into());
        }
        let secret_key = get("SECRET_KEY");
        if secret_key.as_ref().is_some_and(|k| k.chars().count() < 32) {
            problems.push("SECRET_KEY must be at least 32 characters".into());
        }

        // Production never falls back to a development stand-in: every
        // missing setting is named at once (decision 011).
        if environment == Environment::Production {
            if smtp_url.is_none() {
                problems.push(
                    "production needs SMTP_URL (the dev mailbox is for development only)".into(),
                );
            }
            if stripe_secret_key.is_none() && !billing_disabled {
                problems.push(
                    "production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or BILLING_DISABLED=true (the test checkout is for development only)"
                        .into(),
                );
            }
            if secret_key.is_none() {
                problems.push("production needs SECRET_KEY (at least 32 random characters)".into());
            }
            if !public_url.starts_with("https://") {
                problems.push(format!(
                    "production needs an https:// PUBLIC_URL, got '{public_url}'"
                ));
            }
            if superadmin_email.is_none() {
                problems.push(
                    "production needs SUPERADMIN_EMAIL (the first super admin gets a set-password link there)"
                        .into(),
                );
            }
            if seed_demo {
                problems
                    .push("SEED_DEMO is for development only (the demo login is public)".into());
            }
        }

        let s3 = s3_config(&get, &mut problems);
        let document_max_mb =
            parse_num::<u64>(get("DOCUMENT_MAX_MB"), "DOCUMENT_MAX_MB", 25, &mut problems);
        if !(1..=1024).contains(&document_max_mb) {
            problems.push("DOCUMENT_MAX_MB must be between 1 and 1024".into());
        }
        let orphan_grace_minutes = parse_num::<i64>(
            get("DOCUMENT_ORPHAN_GRACE_MINUTES"),
            "DOCUMENT_ORPHAN_GRACE_MINUTES",
            60,
            &mut problems,
        );
        if !(1..=10_080).contains(&orphan_grace_minutes) {
            problems.push("DOCUMENT_ORPHAN_GRACE_MINUTES must be between 1 and 10080".into());
        }

        let past_due_grace_days = parse_num::<u32>(
            get("PAST_DUE_GRACE_DAYS"),
            "PAST_DUE_GRACE_DAYS",
            domain::billing::DEFAULT_GRACE_DAYS,
            &mut problems,
        );
        if past_due_grace_days > 365 {
            problems.push("PAST_DUE_GRACE_DAYS must be between 0 and 365".into());
        }

        if !problems.is_empty() {
            return Err(ConfigError(problems));
        }
        Ok(Config {
            environment,
            host,
            port,
            data_dir,
            database_url: database_url.map(Secret::new),
            database_max_connections,
            database_migration_url: database_migration_url.map(Secret::new),
            database_allow_rls_bypass,
            public_url,
            smtp_url: smtp_url.map(Secret::new),
            mail_from,
            superadmin_email,
            superadmin_password: superadmin_password.map(Secret::new),
            session_ttl_hours,
            log_format,
            trusted_proxies,
            admin_idle_timeout_minutes,
            fmcsa_web_key: get("FMCSA_WEB_KEY").map(Secret::new),
            fmcsa_base_url,
            samsara_base_url,
            motive_base_url,
            stripe_secret_key: stripe_secret_key.map(Secret::new),
            stripe_webhook_secret: stripe_webhook_secret.map(Secret::new),
            stripe_api_base,
            booking_url,
            seed_demo,
            billing_disabled,
            secret_key: secret_key.map(Secret::new),
            job_heartbeat_secs,
            job_schedule_override,
            job_history_days,
            metrics_token: metrics_token.map(Secret::new),
            s3,
            document_max_bytes: document_max_mb * 1024 * 1024,
            orphan_grace_minutes,
            past_due_grace_days,
        })
    }

    /// The database URL in force: the configured one or the embedded file.
    pub fn effective_database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.expose().to_owned(),
            None => format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("longhaul.db").display()
            ),
        }
    }

    /// The URL migrations run over: the owner's when set, else the serving one.
    pub fn effective_migration_url(&self) -> String {
        match &self.database_migration_url {
            Some(url) => url.expose().to_owned(),
            None => self.effective_database_url(),
        }
    }

    pub fn secure_cookies(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    pub fn dev_mailbox_dir(&self) -> PathBuf {
        self.data_dir.join("mailbox")
    }
}

/// The bucket settings when `S3_BUCKET` is set; every other S3_ variable
/// without it is a mistake worth stopping for.
fn s3_config(
    get: &impl Fn(&str) -> Option<String>,
    problems: &mut Vec<String>,
) -> Option<S3Config> {
    let Some(bucket) = get("S3_BUCKET") else {
        for key in [
            "S3_ENDPOINT",
            "S3_REGION",
            "S3_ACCESS_KEY_ID",
            "S3_SECRET_ACCESS_KEY",
            "S3_PATH_STYLE",
        ] {
            if get(key).is_some() {
                problems.push(format!("{key} is set but S3_BUCKET is not"));
            }
        }
        return None;
    };
    let endpoint = get("S3_ENDPOINT");
    if let Some(url) = &endpoint
        && !(url.starts_with("http://") || url.starts_with("https://"))
    {
        problems.push(format!(
            "S3_ENDPOINT must be an http:// or https:// URL, got '{url}'"
        ));
    }
    let access_key_id = get("S3_ACCESS_KEY_ID").or_else(|| get("AWS_ACCESS_KEY_ID"));
    let secret_access_key = get("S3_SECRET_ACCESS_KEY").or_else(|| get("AWS_SECRET_ACCESS_KEY"));
    if access_key_id.is_some() != secret_access_key.is_some() {
        problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together".into());
    }
    let path_style = match get("S3_PATH_STYLE") {
        None => endpoint.is_some(),
        raw => parse_bool(raw, "S3_PATH_STYLE", problems),
    };
    Some(S3Config {
        bucket,
        endpoint,
        region: get("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
        access_key_id: access_key_id.map(Secret::new),
        secret_access_key: secret_access_key.map(Secret::new),
        path_style,
    })
}

fn parse_bool(value: Option<String>, key: &str, problems: &mut Vec<String>) -> bool {
    match value.as_deref() {
        None | Some("false") | Some("0") => false,
        Some("true") | Some("1") => true,
        Some(other) => {
            problems.push(format!("{key} must be true or false, got '{other}'"));
            false
        }
    }
}

fn parse_num<T: std::str::FromStr>(
    value: Option<String>,
    key: &str,
    default: T,
    problems: &mut Vec<String>,
) -> T {
    match value {
        None => default,
        Some(raw) => raw.parse().unwrap_or_else(|_| {
            problems.push(format!("{key} must be a number, got '{raw}'"));
            default
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_need_no_environment() {
        let config = Config::from_map(&HashMap::new()).unwrap();
        assert_eq!(config.port, 3000);
        assert_eq!(config.public_url, "http://localhost:3000");
        assert!(
            config
                .effective_database_url()
                .starts_with("sqlite://./data/longhaul.db")
        );
        assert!(!config.secure_cookies());
    }

    #[test]
    fn logs_are_readable_only_for_a_developer_at_a_terminal() {
        use Environment::{Development, Production};
        assert_eq!(LogFormat::default_for(Development, true), LogFormat::Pretty);
        assert_eq!(LogFormat::default_for(Development, false), LogFormat::Json);
        assert_eq!(LogFormat::default_for(Production, true), LogFormat::Json);
        assert_eq!(LogFormat::default_for(Production, false), LogFormat::Json);
    }

    #[test]
    fn a_schedule_override_must_be_a_cron_expression_with_seconds() {
        let err = Config::from_map(&vars(&[("JOB_SCHEDULE_OVERRIDE", "every minute")]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("JOB_SCHEDULE_OVERRIDE"), "{err}");
        let config =
            Config::from_map(&vars(&[("JOB_SCHEDULE_OVERRIDE", "*/2 * * * * *")])).unwrap();
        assert_eq!(
            config.job_schedule_override.as_deref(),
            Some("*/2 * * * * *")
        );
        let config = Config::from_map(&vars(&[])).unwrap();
        assert_eq!(config.job_schedule_override, None);
    }

    #[test]
    fn lists_every_bad_value_at_once() {
        let err = Config::from_map(&vars(&[
            ("PORT", "eighty"),
            ("DATABASE_URL", "mysql://x"),
            ("SUPERADMIN_EMAIL", "nope"),
            ("LOG_FORMAT", "xml"),
        ]))
        .unwrap_err();
        let text = err.to_string();
        for key in [
            "PORT",
            "DATABASE_URL",
            "SUPERADMIN_EMAIL",
            "SUPERADMIN_PASSWORD",
            "LOG_FORMAT",
        ] {
            assert!(text.contains(key), "{key} missing from: {text}");
        }
    }

    #[test]
    fn development_listens_on_loopback_unless_host_is_set() {
        assert_eq!(Config::from_map(&HashMap::new()).unwrap().host, "127.0.0.1");
        let config = Config::from_map(&vars(&[("HOST", "0.0.0.0")])).unwrap();
        assert_eq!(config.host, "0.0.0.0");
    }

    #[test]
    fn production_lists_every_missing_setting_at_once() {
        let err = Config::from_map(&vars(&[("APP_ENV", "production"), ("SEED_DEMO", "true")]))
            .unwrap_err();
        let text = err.to_string();
        for needed in [
            "SMTP_URL",
            "STRIPE_SECRET_KEY",
            "BILLING_DISABLED",
            "SECRET_KEY (at least",
            "https:// PUBLIC_URL",
            "SUPERADMIN_EMAIL",
            "SEED_DEMO",
        ] {
            assert!(text.contains(needed), "{needed} missing from: {text}");
        }
        assert_eq!(err.0.len(), 6, "{text}");
    }

    fn production() -> Vec<(&'static str, &'static str)> {
        vec![
            ("APP_ENV", "production"),
            ("SMTP_URL", "smtps://user:pw@smtp.example.com:465"),
            ("STRIPE_SECRET_KEY", "sk_live_abc"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_abc"),
            ("SECRET_KEY", "0123456789abcdef0123456789abcdef"),
            ("PUBLIC_URL", "https://longhaul.example.com"),
            ("SUPERADMIN_EMAIL", "ops@longhaul.example.com"),
        ]
    }

    #[test]
    fn production_starts_with_every_setting() {
        let config = Config::from_map(&vars(&production())).unwrap();
        assert_eq!(config.environment, Environment::Production);
        assert_eq!(config.host, "0.0.0.0");
        assert!(config.superadmin_password.is_none());

        // Billing may be switched off explicitly instead of Stripe keys.
        let mut settings: Vec<_> = production()
            .into_iter()
            .filter(|(k, _)| !k.starts_with("STRIPE"))
            .collect();
        assert!(Config::from_map(&vars(&settings)).is_err());
        settings.push(("BILLING_DISABLED", "true"));
        assert!(Config::from_map(&vars(&settings)).unwrap().billing_disabled);

        // A plain-http public URL or a short secret is refused.
        let mut settings = production();
        settings.push(("PUBLIC_URL", "http://longhaul.example.com"));
        settings.push(("SECRET_KEY", "short"));
        let text = Config::from_map(&vars(&settings)).unwrap_err().to_string();
        assert!(
            text.contains("https:// PUBLIC_URL") && text.contains("SECRET_KEY"),
            "{text}"
        );
    }

    #[test]
    fn trust_proxy_counts_proxies() {
        let hops =
            |v: &str| Config::from_map(&vars(&[("TRUST_PROXY", v)])).map(|c| c.trusted_proxies);
        assert_eq!(hops("false").unwrap(), 0);
        assert_eq!(hops("0").unwrap(), 0);
        assert_eq!(hops("true").unwrap(), 1);
        assert_eq!(hops("2").unwrap(), 2);
        assert!(hops("yes").unwrap_err().to_string().contains("TRUST_PROXY"));
        assert_eq!(
            Config::from_map(&HashMap::new()).unwrap().trusted_proxies,
            0
        );
    }

    #[test]
    fn secrets_do_not_print() {
        let config =
            Config::from_map(&vars(&[("SMTP_URL", "smtp://user:hunter2@mail.example")])).unwrap();
        assert!(!format!("{config:?}").contains("hunter2"));
    }
}
