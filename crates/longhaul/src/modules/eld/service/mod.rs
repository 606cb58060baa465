//! The ELD rules: connect (create or update, spec part 2 §4) after one
//! authenticated call, sync settings, starting or joining a sync run, the
//! history. Shared by the routes and the jobs.

use super::EldError;
use super::connect_rules::ProviderNamed;
use super::dto::{
    ConnectRequest, EldStatus, GeotabDetails, IntegrationView, ProviderOption, SyncRun,
    SyncRunPage, SyncSettings,
};
use super::kinds::{EldDeps, next_sync_after, settings_of};
use super::repo;
use crate::http::validation;
use crate::integrations::eld::{Credentials, EldProviderError, ProviderKind};
use chrono::Utc;
use db::entities::fleet_eld_integration;
use db::tenancy::{self, TenantScope};
use domain::texts::texts;
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};
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

/// Checks the request against the provider it names, then reads its
/// credentials.
fn parse_connect(mut req: ConnectRequest) -> Result<(ProviderKind, Credentials), EldError> {
    let named = ProviderNamed::of(req.provider.as_deref());
    if named == ProviderNamed::Known(ProviderKind::Geotab) {
        // No Geotab section is checked as an empty one: each field missing.
        req.geotab.get_or_insert_default();
    }
    validation::check_with(&req, &named).map_err(|refusal| refused(&named, refusal))?;
    let ProviderNamed::Known(kind) = named else {
        return Err(anyhow::anyhow!("the connect rules let an unknown provider through").into());
    };
    match kind {
        ProviderKind::Omnitracs => Err(EldError::Unsupported(
            texts().eld.omnitracs_partner_only.clone(),
        )),
        ProviderKind::Samsara | ProviderKind::Keeptruckin => Ok((
            kind,
            Credentials::ApiKey {
                api_key: req.api_key.unwrap_or_default().trim().to_owned(),
            },
        )),
        ProviderKind::Geotab => {
            let g = req.geotab.unwrap_or_default();
            Ok((
                kind,
                Credentials::Geotab {
                    server: g.server_or_default(),
                    database: g.database.trim().to_owned(),
                    user_name: g.user_name.trim().to_owned(),
                    password: g.password,
                },
            ))
        }
        ProviderKind::Demo | ProviderKind::Other => Ok((kind, Credentials::None)),
    }
}

/// The envelope's sentence for a refused connect: the unknown provider by
/// name, a key that cannot be one, else the spec's "missing information".
fn refused(named: &ProviderNamed, refusal: validation::Refusal) -> EldError {
    let t = &domain::texts().server.eld;
    let message = match named {
        ProviderNamed::Unknown(name) => {
            domain::texts::fill(&t.unknown_provider_named, &[("provider", name)])
        }
        _ if refusal.fields.get("api_key") == Some(&t.api_key_too_long) => {
            t.api_key_invalid.clone()
        }
        _ => texts().eld.missing_information.clone(),
    };
    EldError::Invalid {
        message,
        fields: refusal.fields,
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
    let (kind, credentials) = parse_connect(req)?;
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
            repo::update_integration(&txn, row).await?;
        }
        None => {
            let settings = SyncSettings::default();
            let row = fleet_eld_integration::ActiveModel {
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
            };
            repo::insert_integration(&txn, row).await.map_err(|e| {
                if db::is_unique_violation(&e) {
                    // Two first connections at once: the other one won.
                    EldError::from(validation::Refusal::without_fields(
                        domain::texts().server.eld.connection_raced.as_str(),
                    ))
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
    validation::check(&settings)?;
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
    let saved = repo::update_integration(&txn, row).await?;
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

/// The connect refusals as they read before the rules became derives
/// (issue 30 point 5): each envelope's sentence and fields, byte for byte.
#[cfg(test)]
mod connect_refusals {
    use super::*;
    use serde_json::{Value, json};

    fn refused(body: Value) -> (String, Vec<(String, String)>) {
        let req: ConnectRequest = serde_json::from_value(body).unwrap();
        match parse_connect(req) {
            Err(EldError::Invalid { message, fields }) => (message, fields.into_iter().collect()),
            other => panic!("not refused: {:?}", other.map(|(kind, _)| kind)),
        }
    }

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(f, m)| ((*f).to_owned(), (*m).to_owned()))
            .collect()
    }

    #[test]
    fn each_refusal_reads_as_it_did() {
        let missing = texts().eld.missing_information.as_str();
        let s = &domain::texts().server.eld;
        assert_eq!(
            refused(json!({})),
            (
                missing.to_owned(),
                fields(&[("api_key", missing), ("provider", missing)])
            )
        );
        assert_eq!(
            refused(json!({ "provider": " ", "api_key": "k" })),
            (missing.to_owned(), fields(&[("provider", missing)]))
        );
        assert_eq!(
            refused(json!({ "provider": "acme", "api_key": "" })),
            (
                domain::texts::fill(&s.unknown_provider_named, &[("provider", "acme")]),
                fields(&[("provider", &s.unknown_provider)])
            )
        );
        assert_eq!(
            refused(json!({ "provider": "samsara", "api_key": " " })),
            (missing.to_owned(), fields(&[("api_key", missing)]))
        );
        assert_eq!(
            refused(json!({ "provider": "keeptruckin", "api_key": "k".repeat(501) })),
            (
                s.api_key_invalid.clone(),
                fields(&[("api_key", &s.api_key_too_long)])
            )
        );
        assert_eq!(
            refused(json!({ "provider": "geotab" })),
            (
                missing.to_owned(),
                fields(&[
                    ("geotab.database", missing),
                    ("geotab.password", missing),
                    ("geotab.user_name", missing),
                ])
            )
        );
        assert_eq!(
            refused(json!({ "provider": "geotab", "geotab": {
                "server": "a/b", "database": " ", "user_name": "u", "password": "p".repeat(501) } })),
            (
                missing.to_owned(),
                fields(&[
                    ("geotab.database", missing),
                    ("geotab.password", &s.too_long),
                    ("geotab.server", &s.server_name),
                ])
            )
        );
    }

    #[test]
    fn accepted_requests_read_their_credentials() {
        let req: ConnectRequest = serde_json::from_value(json!({ "provider": " geotab ",
            "geotab": { "server": " ", "database": " db ", "user_name": " u ", "password": " p " } }))
        .unwrap();
        let (kind, credentials) = parse_connect(req).unwrap();
        assert_eq!(kind, ProviderKind::Geotab);
        assert!(
            credentials
                == Credentials::Geotab {
                    server: "my.geotab.com".into(),
                    database: "db".into(),
                    user_name: "u".into(),
                    password: " p ".into(),
                }
        );
        let req: ConnectRequest =
            serde_json::from_value(json!({ "provider": "samsara", "api_key": " key " })).unwrap();
        assert!(
            parse_connect(req).unwrap().1
                == Credentials::ApiKey {
                    api_key: "key".into()
                }
        );
        let req: ConnectRequest =
            serde_json::from_value(json!({ "provider": "omnitracs" })).unwrap();
        assert!(matches!(parse_connect(req), Err(EldError::Unsupported(_))));
    }
}
pub(super) mod connect_rules;
pub mod hos;
pub mod import;
pub mod kinds;
pub(super) mod pages;
pub mod positions;
pub mod runs;
pub mod sync;
