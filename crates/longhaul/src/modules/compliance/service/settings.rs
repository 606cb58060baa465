//! A fleet's reminder settings: the thresholds and who gets the digest.
//! A fleet without a row has the defaults (every threshold, every admin).

use crate::modules::compliance::ComplianceError;
use crate::modules::compliance::dto::{
    ComplianceSettingsInput, ComplianceSettingsView, ReminderRecipient,
};
use crate::modules::compliance::repo::settings as repo;
use chrono::Utc;
use db::entities::compliance_setting;
use db::tenancy::{FleetTx, TenantScope};
use domain::compliance::{DEFAULT_THRESHOLDS, format_thresholds, parse_thresholds};
use domain::texts;
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, Set};
use uuid::Uuid;

/// A fleet's admin who may receive reminders.
#[derive(Debug, Clone)]
pub struct Admin {
    pub id: Uuid,
    pub name: String,
    pub email: String,
}

/// The fleet's admins, by e-mail.
pub async fn fleet_admins<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<Admin>, DbErr> {
    let rows = repo::admin_profiles(conn, fleet_account_id).await?;
    Ok(rows
        .into_iter()
        .map(|p| {
            let name = [p.first_name.as_deref(), p.last_name.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ");
            Admin {
                id: p.id,
                name: if name.trim().is_empty() {
                    p.email.clone()
                } else {
                    name
                },
                email: p.email,
            }
        })
        .collect())
}

/// The stored settings, or the defaults.
pub struct Settings {
    pub thresholds: Vec<u32>,
    /// None: every admin.
    pub recipients: Option<Vec<Uuid>>,
    pub row: Option<compliance_setting::Model>,
}

impl Settings {
    pub fn of(row: Option<compliance_setting::Model>) -> Settings {
        let thresholds = row
            .as_ref()
            .and_then(|r| parse_thresholds(&r.thresholds).ok())
            .unwrap_or_else(|| DEFAULT_THRESHOLDS.to_vec());
        let recipients = row
            .as_ref()
            .and_then(|r| r.recipients.clone())
            .and_then(|v| serde_json::from_value::<Vec<Uuid>>(v).ok())
            .filter(|r| !r.is_empty());
        Settings {
            thresholds,
            recipients,
            row,
        }
    }

    /// The admins who get the digest (every admin when none are chosen, or
    /// when every chosen one has left).
    pub fn recipients_among<'a>(&self, admins: &'a [Admin]) -> Vec<&'a Admin> {
        let chosen: Vec<&Admin> = match &self.recipients {
            Some(ids) => admins.iter().filter(|a| ids.contains(&a.id)).collect(),
            None => Vec::new(),
        };
        if chosen.is_empty() {
            admins.iter().collect()
        } else {
            chosen
        }
    }
}

pub async fn load(tx: &FleetTx) -> Result<Settings, DbErr> {
    Ok(Settings::of(repo::row(tx).await?))
}

pub async fn view(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<ComplianceSettingsView, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let settings = load(&txn).await?;
    txn.commit().await?;
    let admins = fleet_admins(db, scope.fleet_account_id()).await?;
    let selected: Vec<Uuid> = settings
        .recipients_among(&admins)
        .iter()
        .map(|a| a.id)
        .collect();
    Ok(ComplianceSettingsView {
        thresholds: settings.thresholds.clone(),
        available_thresholds: DEFAULT_THRESHOLDS.to_vec(),
        recipients: admins
            .into_iter()
            .map(|a| ReminderRecipient {
                selected: selected.contains(&a.id),
                id: a.id,
                name: a.name,
                email: a.email,
            })
            .collect(),
        feed_active: settings
            .row
            .as_ref()
            .is_some_and(|r| r.calendar_token_hash.is_some()),
        feed_created_at: settings.row.and_then(|r| r.calendar_token_created_at),
    })
}

pub async fn update(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: ComplianceSettingsInput,
) -> Result<ComplianceSettingsView, ComplianceError> {
    let t = &texts().compliance;
    let raw = input
        .thresholds
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let thresholds = parse_thresholds(&raw)
        .map_err(|_| ComplianceError::invalid("thresholds", &t.thresholds_invalid))?;
    let admins = fleet_admins(db, scope.fleet_account_id()).await?;
    let mut recipients = input.recipients.clone();
    recipients.sort_unstable();
    recipients.dedup();
    if recipients
        .iter()
        .any(|id| !admins.iter().any(|a| a.id == *id))
    {
        return Err(ComplianceError::invalid(
            "recipients",
            &t.recipients_invalid,
        ));
    }
    let txn = db::tenancy::write(db, scope).await?;
    repo::upsert(
        &txn,
        compliance_setting::ActiveModel {
            fleet_account_id: Set(scope.fleet_account_id()),
            thresholds: Set(format_thresholds(&thresholds)),
            recipients: Set(Some(serde_json::json!(recipients))),
            calendar_token_hash: Set(None),
            calendar_token_created_at: Set(None),
            updated_at: Set(Utc::now()),
        },
        &[
            compliance_setting::Column::Thresholds,
            compliance_setting::Column::Recipients,
            compliance_setting::Column::UpdatedAt,
        ],
    )
    .await?;
    txn.commit().await?;
    view(db, scope).await
}

pub fn default_row(fleet_account_id: Uuid) -> compliance_setting::ActiveModel {
    compliance_setting::ActiveModel {
        fleet_account_id: Set(fleet_account_id),
        thresholds: Set(format_thresholds(&DEFAULT_THRESHOLDS)),
        recipients: Set(None),
        calendar_token_hash: Set(None),
        calendar_token_created_at: Set(None),
        updated_at: Set(Utc::now()),
    }
}
