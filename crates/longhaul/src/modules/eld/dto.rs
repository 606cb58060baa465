//! What the ELD routes answer and accept.

use chrono::{DateTime, Utc};
use db::entities::eld_sync_run;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct EldStatus {
    pub integration: Option<IntegrationView>,
    pub settings: SyncSettings,
    pub providers: Vec<ProviderOption>,
    /// Runs of this fleet that are queued or running.
    pub running: Vec<SyncRun>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IntegrationView {
    pub provider: String,
    pub provider_label: String,
    /// The key's last four characters; the key itself is never sent back.
    pub key_hint: Option<String>,
    pub geotab: Option<GeotabDetails>,
    pub needs_attention: bool,
    pub attention_reason: Option<String>,
    pub is_demo: bool,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GeotabDetails {
    pub server: String,
    pub database: String,
    pub user_name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct SyncSettings {
    /// hourly | daily | weekly
    pub frequency: String,
    pub drivers: bool,
    pub trucks: bool,
    pub trailers: bool,
}

impl Default for SyncSettings {
    fn default() -> Self {
        Self {
            frequency: "daily".into(),
            drivers: true,
            trucks: true,
            trailers: true,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderOption {
    pub value: String,
    pub label: String,
    /// api_key | geotab | none | csv | unavailable
    pub credentials: String,
    pub note: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ConnectRequest {
    #[serde(default)]
    pub provider: Option<String>,
    #[serde(default)]
    pub api_key: Option<String>,
    #[serde(default)]
    pub geotab: Option<GeotabCredentials>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct GeotabCredentials {
    #[serde(default)]
    pub server: String,
    #[serde(default)]
    pub database: String,
    #[serde(default)]
    pub user_name: String,
    #[serde(default)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StartSyncRequest {
    /// drivers | trucks | trailers
    pub kind: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SyncRun {
    pub id: String,
    /// drivers | trucks | trailers | import
    pub kind: String,
    /// manual | schedule
    pub trigger: String,
    /// queued | running | succeeded | failed
    pub status: String,
    pub provider: String,
    /// Only the changes since the previous run were fetched.
    pub incremental: bool,
    pub queued_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub pages_fetched: i32,
    pub rows_written: i32,
    /// Records received from the provider.
    pub synced: i32,
    pub created: i32,
    pub updated: i32,
    pub deactivated: i32,
    pub assignments_updated: Option<i32>,
    pub warning: Option<String>,
    pub error: Option<String>,
}

impl From<eld_sync_run::Model> for SyncRun {
    fn from(r: eld_sync_run::Model) -> Self {
        Self {
            id: r.id.to_string(),
            kind: r.kind,
            trigger: r.trigger,
            status: r.status,
            provider: r.provider,
            incremental: r.incremental,
            queued_at: r.queued_at,
            started_at: r.started_at,
            finished_at: r.finished_at,
            pages_fetched: r.pages_fetched,
            rows_written: r.rows_written,
            synced: r.synced,
            created: r.created,
            updated: r.updated,
            deactivated: r.deactivated,
            assignments_updated: r.assignments_updated,
            warning: r.warning,
            error: r.error,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SyncRunPage {
    pub items: Vec<SyncRun>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportResult {
    pub run: SyncRun,
    pub errors: Vec<ImportRowError>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportRowError {
    pub row: usize,
    pub field: String,
    pub message: String,
}
