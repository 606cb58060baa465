//! The first super admin of an empty installation, and the operator's
//! `create-user` command (also the seed's and the tests' way to make a
//! user). Start-up and CLI glue, so it answers `anyhow` errors; the HTTP
//! routes use `service`.

use crate::config::{Config, Environment};
use crate::crypto::password::PasswordHasher;
use crate::mail::Mailer;
use crate::modules::auth::repo::bootstrap::{self as marker, NewFleet};
use crate::modules::auth::repo::profiles;
use crate::modules::auth::service::profiles::{self as login, NewProfile};
use crate::state::AppState;
use anyhow::Context;
use db::SystemKey;
use domain::{Email, Role};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

/// What making a user takes.
pub struct UserDeps<'a> {
    pub db: &'a DatabaseConnection,
    /// A new user's fleet account is made across fleets.
    pub system_key: &'a SystemKey,
    pub passwords: &'a PasswordHasher,
}

impl<'a> UserDeps<'a> {
    pub fn of(state: &'a AppState) -> UserDeps<'a> {
        UserDeps {
            db: &state.db,
            system_key: &state.system_key,
            passwords: &state.passwords,
        }
    }
}

/// The configuration that decides who the first super admin is.
pub struct FirstAdmin<'a> {
    /// SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD.
    pub email: Option<&'a str>,
    pub password: Option<&'a str>,
    pub production: bool,
    /// Where the sign-in and set-password links point.
    pub public_url: &'a str,
}

impl<'a> FirstAdmin<'a> {
    pub fn of(config: &'a Config) -> FirstAdmin<'a> {
        FirstAdmin {
            email: config.superadmin_email.as_deref(),
            password: config.superadmin_password.as_ref().map(|p| p.expose()),
            production: config.environment == Environment::Production,
            public_url: &config.public_url,
        }
    }
}

/// How the first super admin gets in.
enum FirstPassword {
    /// SUPERADMIN_PASSWORD: the operator chose it; nothing is shown.
    Configured(String),
    /// Development without settings: generated and printed once.
    Generated(String),
    /// Production without SUPERADMIN_PASSWORD: no usable password; a
    /// set-password link goes to SUPERADMIN_EMAIL. Nothing is printed.
    Emailed,
}

/// Creates the super admin once. The marker row makes this a one-time act:
/// deleting or demoting that user later does not bring one back on restart,
/// and an existing password is never reset.
pub async fn ensure_super_admin(
    users: &UserDeps<'_>,
    mailer: &dyn Mailer,
    config: FirstAdmin<'_>,
) -> anyhow::Result<()> {
    if marker::bootstrapped(users.db).await? {
        return Ok(());
    }
    let production = config.production;
    let (email, first) = match (config.email, config.password) {
        (Some(email), Some(password)) => (
            email.to_owned(),
            FirstPassword::Configured(password.to_owned()),
        ),
        (Some(email), None) if production => (email.to_owned(), FirstPassword::Emailed),
        // The configuration requires SUPERADMIN_EMAIL in production.
        _ if production => anyhow::bail!("production needs SUPERADMIN_EMAIL"),
        _ => (
            "admin@longhaul.local".to_owned(),
            FirstPassword::Generated(crate::crypto::tokens::random_token()[..20].to_owned()),
        ),
    };
    let email = Email::parse(&email).map_err(|m| anyhow::anyhow!("SUPERADMIN_EMAIL: {m}"))?;
    let password_hash = match &first {
        FirstPassword::Configured(p) | FirstPassword::Generated(p) => {
            users.passwords.hash(p.clone()).await?
        }
        // Nobody knows this one: the password is set through the link.
        FirstPassword::Emailed => users.passwords.hash_unusable().await?,
    };
    let mut set_password_token = None;
    let txn = db::begin_write(users.db).await?;
    match profiles::find_by_email(&txn, email.as_str()).await? {
        // An account with that e-mail already exists: promote, keep its password.
        Some(existing) => {
            profiles::set_role(&txn, existing.id, Some(Role::SuperAdmin.as_str())).await?;
        }
        None => {
            let profile = profiles::insert(
                &txn,
                NewProfile {
                    email: email.as_str(),
                    password_hash,
                    role: Some(Role::SuperAdmin.as_str()),
                    first_name: Some("System".into()),
                    last_name: Some("Administrator".into()),
                    confirmed: true,
                    account_id: None,
                },
            )
            .await?;
            if matches!(first, FirstPassword::Emailed) {
                set_password_token = Some(login::issue_set_password(&txn, profile.id).await?);
            }
        }
    }
    marker::mark_bootstrapped(&txn).await?;
    txn.commit().await?;
    match (&first, set_password_token) {
        // Development only. Printed, not logged: the log pipeline must
        // never carry a password.
        (FirstPassword::Generated(password), _) if !production => eprintln!(
            "\n  A super admin was created for this new installation.\n  Sign in at {}/auth\n    e-mail:   {}\n    password: {}\n  (shown once; set SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD to choose them)\n",
            config.public_url, email, password
        ),
        (FirstPassword::Emailed, Some(token)) => {
            let link = login::set_password_link(config.public_url, &token);
            let sent = async {
                let mail = crate::modules::auth::emails::password_reset(email.as_str(), &link)?;
                mailer.send(mail).await
            };
            match sent.await {
                Ok(()) => {
                    tracing::info!(email = %email, "set-password link for the first super admin e-mailed")
                }
                // Not fatal: 'Forgot password' on the sign-in page sends another.
                Err(err) => {
                    tracing::error!(error = ?err, email = %email, "the first super admin's set-password e-mail could not be sent; use 'Forgot password' at /auth")
                }
            }
        }
        _ => {}
    }
    let generated = matches!(first, FirstPassword::Generated(_));
    tracing::info!(email = %email, generated, "first super admin created");
    Ok(())
}

pub struct CreateUser {
    pub email: String,
    pub password: String,
    pub role: Option<Role>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// Make a fleet account with this legal name and attach the user to it.
    pub fleet_name: Option<String>,
    pub dot_number: Option<String>,
}

/// Who `create_user` made.
#[derive(Debug, Clone, Copy)]
pub struct CreatedUser {
    pub user_id: Uuid,
    pub fleet_account_id: Option<Uuid>,
}

/// Creates a confirmed user, optionally with a fleet account of its own, for
/// operators (and demo or test set-up) before the admin screens exist. The
/// caller takes a new fleet's FMCSA baseline (`compliance::monitor`).
pub async fn create_user(users: &UserDeps<'_>, input: CreateUser) -> anyhow::Result<CreatedUser> {
    let email = Email::parse(&input.email).map_err(|m| anyhow::anyhow!("email: {m}"))?;
    domain::password::check_sign_up_password(&input.password)
        .map_err(|m| anyhow::anyhow!("password: {m}"))?;
    let password_hash = users.passwords.hash(input.password).await?;
    let txn = db::tenancy::system_write(users.db, users.system_key).await?;
    let account_id = match input.fleet_name {
        Some(legal_name) => {
            let dot = input.dot_number.unwrap_or_else(|| {
                let seed = Uuid::new_v4().simple().to_string();
                (u32::from_str_radix(&seed[..6], 16).unwrap_or(1) % 9_000_000 + 1_000_000)
                    .to_string()
            });
            let made = marker::insert_fleet(
                &txn,
                NewFleet {
                    legal_name: &legal_name,
                    dot_number: dot,
                    first_name: input.first_name.clone(),
                    last_name: input.last_name.clone(),
                    email: email.as_str(),
                },
            )
            .await
            .context("creating the fleet account (is the DOT number taken?)")?;
            Some(made)
        }
        None => None,
    };
    let profile = profiles::insert(
        &txn,
        NewProfile {
            email: email.as_str(),
            password_hash,
            role: input.role.map(Role::as_str),
            first_name: input.first_name,
            last_name: input.last_name,
            confirmed: true,
            account_id: account_id.map(|(a, _)| a),
        },
    )
    .await
    .context("creating the user (is the e-mail taken?)")?;
    if let Some((_, fleet_id)) = account_id {
        marker::set_fleet_owner(&txn, fleet_id, profile.id).await?;
    }
    txn.commit().await?;
    Ok(CreatedUser {
        user_id: profile.id,
        fleet_account_id: account_id.map(|(_, fleet)| fleet),
    })
}
