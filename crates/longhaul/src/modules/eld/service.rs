//! The ELD rules: connect (create or update, spec part 2 §4) after one
//! authenticated call, sync settings, starting or joining a sync run, the
//! history. Shared by the routes and the jobs.

use super::EldError;
use super::dto::{
    ConnectRequest, EldStatus, GeotabDetails, IntegrationView, ProviderOption, SyncRun,
    SyncRunPage, SyncSettings,
};
use super::kinds::{EldDeps, next_sync_after, settings_of};
use super::repo;
use crate::integrations::eld::{Credentials, EldProviderError, ProviderKind};
use chrono::Utc;
use db::entities::fleet_eld_integration;
use db::tenancy::{self, TenantScope};
use domain::texts::texts;
use sea_orm::{ActiveModelTrait, DatabaseConnection, IntoActiveModel, Set};
use std::collections::BTreeMap;
use uuid::Uuid;

fn credentials_kind(kind: ProviderKind) -> &'static str {
    match kind {
        ProviderKind::Samsara | ProviderKind::Keeptruckin => "api_key",
        ProviderKind::Geotab => "geotab",
        ProviderKind::Demo => "none",
        ProviderKind::Other => "csv",
        ProviderKind::Omnitracs => "unavailable",
    }
}

pub fn providers() -> Vec<ProviderOption> {
    ProviderKind::ALL
        .into_iter()
        .map(|p| ProviderOption {
            value: p.as_str().to_owned(),
            label: p.label().to_owned(),
            credentials: credentials_kind(p).to_owned(),
            note: (p == ProviderKind::Omnitracs)
                .then(|| texts().eld.omnitracs_partner_only.clone()),
        })
        .collect()
}

fn view_of(i: &fleet_eld_integration::Model) -> IntegrationView {
    let kind = ProviderKind::parse(&i.provider);
    IntegrationView {
        provider: i.provider.clone(),
        provider_label: kind
            .map(|k| k.label().to_owned())
            .unwrap_or_else(|| i.provider.clone()),
        key_hint: i.key_hint.clone(),
        geotab: i
            .connection_details
            .clone()
            .and_then(|v| serde_json::from_value::<GeotabDetails>(v).ok()),
        needs_attention: i.needs_attention,
        attention_reason: i.attention_reason.clone(),
        is_demo: kind == Some(ProviderKind::Demo),
        updated_at: i.updated_at,
    }
}

pub async fn status(db: &DatabaseConnection, scope: TenantScope) -> Result<EldStatus, EldError> {
    let txn = tenancy::read(db, scope).await?;
    let integration = repo::integration(&txn).await?.filter(|i| i.is_active);
    let running = repo::active_runs(&txn).await?;
    txn.commit().await?;
    Ok(EldStatus {
        settings: integration.as_ref().map(settings_of).unwrap_or_default(),
        integration: integration.as_ref().map(view_of),
        providers: providers(),
        running: running.into_iter().map(SyncRun::from).collect(),
    })
}

const MAX_SECRET_LEN: usize = 500;

/// Reads and checks the request: the provider, then its credentials.
fn parse_connect(req: &ConnectRequest) -> Result<(ProviderKind, Credentials), EldError> {
    let mut fields = BTreeMap::new();
    let missing = texts().eld.missing_information.clone();
    let provider = req
        .provider
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty());
    let Some(provider) = provider else {
        fields.insert("provider".into(), missing.clone());
        if req.api_key.as_deref().is_none_or(|k| k.trim().is_empty()) {
            fields.insert("api_key".into(), missing);
        }
        return Err(EldError::missing_information(fields));
    };
    let kind = ProviderKind::parse(provider).ok_or_else(|| EldError::Invalid {
        message: domain::texts::fill(
            &domain::texts().server.eld.unknown_provider_named,
            &[("provider", provider)],
        ),
        fields: BTreeMap::from([(
            "provider".into(),
            domain::texts().server.eld.unknown_provider.clone(),
        )]),
    })?;
    let too_long = |v: &str| v.len() > MAX_SECRET_LEN || v.chars().any(char::is_control);
    match kind {
        ProviderKind::Omnitracs => Err(EldError::Unsupported(
            texts().eld.omnitracs_partner_only.clone(),
        )),
        ProviderKind::Samsara | ProviderKind::Keeptruckin => {
            let key = req.api_key.as_deref().map(str::trim).unwrap_or_default();
            if key.is_empty() {
                fields.insert("api_key".into(), missing);
                return Err(EldError::missing_information(fields));
            }
            if too_long(key) {
                return Err(EldError::Invalid {
                    message: domain::texts().server.eld.api_key_invalid.clone(),
                    fields: BTreeMap::from([(
                        "api_key".into(),
                        domain::texts().server.eld.api_key_too_long.clone(),
                    )]),
                });
            }
            Ok((
                kind,
                Credentials::ApiKey {
                    api_key: key.to_owned(),
                },
            ))
        }
        ProviderKind::Geotab => {
            let g = req.geotab.as_ref();
            let get = |f: fn(&super::dto::GeotabCredentials) -> &String| {
                g.map(|g| f(g).trim().to_owned()).unwrap_or_default()
            };
            let server = Some(get(|g| &g.server))
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "my.geotab.com".into());
            let database = get(|g| &g.database);
            let user_name = get(|g| &g.user_name);
            let password = g.map(|g| g.password.clone()).unwrap_or_default();
            for (name, value) in [
                ("database", &database),
                ("user_name", &user_name),
                ("password", &password),
            ] {
                if value.is_empty() {
                    fields.insert(format!("geotab.{name}"), missing.clone());
                } else if too_long(value) {
                    fields.insert(
                        format!("geotab.{name}"),
                        domain::texts().server.eld.too_long.clone(),
                    );
                }
            }
            if too_long(&server) || server.contains('/') {
                fields.insert(
                    "geotab.server".into(),
                    domain::texts().server.eld.server_name.clone(),
                );
            }
            if !fields.is_empty() {
                return Err(EldError::Invalid {
                    message: missing,
                    fields,
                });
            }
            Ok((
                kind,
                Credentials::Geotab {
                    server,
                    database,
                    user_name,
                    password,
                },
            ))
        }
        ProviderKind::Demo | ProviderKind::Other => Ok((kind, Credentials::None)),
    }
}

fn connection_failed(err: EldProviderError) -> EldError {
    match err {
        EldProviderError::Unsupported(msg) => EldError::Unsupported(msg),
        other => EldError::ConnectionFailed(other.to_string()),
    }
}

/// Checks the credentials with one call, then creates the fleet's
/// integration or updates it. Returns the new status and whether it was
/// created.
pub async fn connect(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    req: ConnectRequest,
) -> Result<(EldStatus, bool), EldError> {
    let (kind, credentials) = parse_connect(&req)?;
    if !matches!(kind, ProviderKind::Other) {
        let provider = deps
            .connector
            .connect(scope.fleet_account_id(), kind, &credentials)
            .map_err(connection_failed)?;
        provider.verify().await.map_err(connection_failed)?;
    }
    let (key_hint, details) = match &credentials {
        Credentials::ApiKey { api_key } => {
            let tail: String = api_key
                .chars()
                .rev()
                .take(4)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            (Some(tail), None)
        }
        Credentials::Geotab {
            server,
            database,
            user_name,
            ..
        } => (
            None,
            Some(
                serde_json::to_value(GeotabDetails {
                    server: server.clone(),
                    database: database.clone(),
                    user_name: user_name.clone(),
                })
                .map_err(anyhow::Error::from)?,
            ),
        ),
        Credentials::None => (None, None),
    };
    let sealed = match credentials {
        Credentials::None => None,
        ref c => Some(
            deps.cipher
                .encrypt(&serde_json::to_string(c).map_err(anyhow::Error::from)?),
        ),
    };
    let now = Utc::now();
    let txn = tenancy::write(deps.db, scope).await?;
    let existing = repo::integration(&txn).await?;
    let created = existing.is_none();
    match existing {
        Some(row) => {
            let switched = row.provider != kind.as_str();
            let mut row = row.into_active_model();
            row.provider = Set(kind.as_str().to_owned());
            row.api_key_encrypted = Set(sealed);
            row.key_hint = Set(key_hint);
            row.connection_details = Set(details);
            row.is_active = Set(true);
            row.needs_attention = Set(false);
            row.attention_reason = Set(None);
            if switched {
                // Incremental marks belong to the old provider's clock.
                row.drivers_synced_at = Set(None);
                row.vehicles_synced_at = Set(None);
            }
            row.updated_at = Set(now);
            row.update(&txn).await?;
        }
        None => {
            let settings = SyncSettings::default();
            fleet_eld_integration::ActiveModel {
                id: Set(Uuid::new_v4()),
                fleet_account_id: Set(scope.fleet_account_id()),
                provider: Set(kind.as_str().to_owned()),
                api_key_encrypted: Set(sealed),
                is_active: Set(true),
                created_at: Set(now),
                updated_at: Set(now),
                key_hint: Set(key_hint),
                connection_details: Set(details),
                needs_attention: Set(false),
                attention_reason: Set(None),
                sync_frequency: Set(settings.frequency.clone()),
                sync_drivers: Set(true),
                sync_trucks: Set(true),
                sync_trailers: Set(true),
                next_sync_at: Set(Some(next_sync_after(&settings.frequency, now))),
                drivers_synced_at: Set(None),
                vehicles_synced_at: Set(None),
            }
            .insert(&txn)
            .await
            .map_err(|e| {
                if db::is_unique_violation(&e) {
                    // Two first connections at once: the other one won.
                    EldError::Invalid {
                        message: domain::texts().server.eld.connection_raced.clone(),
                        fields: BTreeMap::new(),
                    }
                } else {
                    e.into()
                }
            })?;
        }
    }
    txn.commit().await?;
    Ok((status(deps.db, scope).await?, created))
}

pub async fn update_settings(
    db: &DatabaseConnection,
    scope: TenantScope,
    settings: SyncSettings,
) -> Result<SyncSettings, EldError> {
    if !matches!(settings.frequency.as_str(), "hourly" | "daily" | "weekly") {
        return Err(EldError::Invalid {
            message: domain::texts().server.eld.frequency_invalid.clone(),
            fields: BTreeMap::from([(
                "frequency".into(),
                domain::texts().server.eld.frequency_invalid.clone(),
            )]),
        });
    }
    let txn = tenancy::write(db, scope).await?;
    let row = repo::integration(&txn)
        .await?
        .filter(|i| i.is_active)
        .ok_or_else(|| EldError::NotConnected(texts().eld.integration_not_found.clone()))?;
    let frequency_changed = row.sync_frequency != settings.frequency;
    let mut row = row.into_active_model();
    row.sync_frequency = Set(settings.frequency.clone());
    row.sync_drivers = Set(settings.drivers);
    row.sync_trucks = Set(settings.trucks);
    row.sync_trailers = Set(settings.trailers);
    if frequency_changed {
        row.next_sync_at = Set(Some(next_sync_after(&settings.frequency, Utc::now())));
    }
    row.updated_at = Set(Utc::now());
    let saved = row.update(&txn).await?;
    txn.commit().await?;
    Ok(settings_of(&saved))
}

pub async fn get_run(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<SyncRun, EldError> {
    let txn = tenancy::read(db, scope).await?;
    let run = repo::run(&txn, id).await?.ok_or(EldError::NotFound)?;
    txn.commit().await?;
    Ok(run.into())
}

pub async fn history(
    db: &DatabaseConnection,
    scope: TenantScope,
    page: u64,
    per_page: u64,
) -> Result<SyncRunPage, EldError> {
    let txn = tenancy::read(db, scope).await?;
    let (items, total) = repo::history(&txn, page, per_page).await?;
    txn.commit().await?;
    Ok(SyncRunPage {
        items: items.into_iter().map(SyncRun::from).collect(),
        total,
        page,
        per_page,
    })
}
