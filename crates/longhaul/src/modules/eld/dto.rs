//! What the ELD routes answer and accept.

use super::connect_rules::{self, ProviderNamed};
use chrono::{DateTime, Utc};
use db::entities::eld_sync_run;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct EldStatus {
    #[schema(required = true)]
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
    #[schema(required = true)]
    pub key_hint: Option<String>,
    #[schema(required = true)]
    pub geotab: Option<GeotabDetails>,
    pub needs_attention: bool,
    #[schema(required = true)]
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

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq, garde::Validate)]
pub struct SyncSettings {
    #[schema(value_type = SyncFrequency)]
    #[garde(custom(connect_rules::frequency))]
    pub frequency: String,
    #[garde(skip)]
    pub drivers: bool,
    #[garde(skip)]
    pub trucks: bool,
    #[garde(skip)]
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
    #[schema(value_type = ProviderCredentials)]
    pub credentials: String,
    #[schema(required = true)]
    pub note: Option<String>,
}

// Checked against the provider it names (`connect_rules`).
#[derive(Debug, Deserialize, ToSchema, garde::Validate)]
#[garde(context(ProviderNamed))]
pub struct ConnectRequest {
    #[serde(default)]
    #[garde(custom(connect_rules::provider))]
    pub provider: Option<String>,
    #[serde(default)]
    #[garde(custom(connect_rules::api_key))]
    pub api_key: Option<String>,
    #[serde(default)]
    #[garde(dive)]
    pub geotab: Option<GeotabCredentials>,
}

#[derive(Debug, Default, Deserialize, ToSchema, garde::Validate)]
#[garde(context(ProviderNamed))]
pub struct GeotabCredentials {
    #[serde(default)]
    #[garde(custom(connect_rules::geotab_server))]
    pub server: String,
    #[serde(default)]
    #[garde(custom(connect_rules::geotab_trimmed))]
    pub database: String,
    #[serde(default)]
    #[garde(custom(connect_rules::geotab_trimmed))]
    pub user_name: String,
    #[serde(default)]
    #[garde(custom(connect_rules::geotab_required))]
    pub password: String,
}

impl GeotabCredentials {
    /// The server to call: the one typed, else Geotab's own.
    pub fn server_or_default(&self) -> String {
        Some(self.server.trim())
            .filter(|s| !s.is_empty())
            .unwrap_or("my.geotab.com")
            .to_owned()
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StartSyncRequest {
    #[schema(value_type = SyncKind)]
    pub kind: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SyncRun {
    pub id: String,
    #[schema(value_type = SyncRunKind)]
    pub kind: String,
    #[schema(value_type = SyncTrigger)]
    pub trigger: String,
    #[schema(value_type = SyncStatus)]
    pub status: String,
    pub provider: String,
    /// Only the changes since the previous run were fetched.
    pub incremental: bool,
    pub queued_at: DateTime<Utc>,
    #[schema(required = true)]
    pub started_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub finished_at: Option<DateTime<Utc>>,
    pub pages_fetched: i32,
    pub rows_written: i32,
    /// Records received from the provider.
    pub synced: i32,
    pub created: i32,
    pub updated: i32,
    pub deactivated: i32,
    #[schema(required = true)]
    pub assignments_updated: Option<i32>,
    #[schema(required = true)]
    pub warning: Option<String>,
    #[schema(required = true)]
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

// The values the string fields above take, for the contract and the SPA's
// generated types only: the fields stay strings because the stored columns
// are strings and the services already check them.

#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum SyncKind {
    Drivers,
    Trucks,
    Trailers,
}

#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum SyncRunKind {
    Drivers,
    Trucks,
    Trailers,
    Import,
}

#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum SyncTrigger {
    Manual,
    Schedule,
}

#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum SyncStatus {
    Queued,
    Running,
    Succeeded,
    Failed,
}

#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum SyncFrequency {
    Hourly,
    Daily,
    Weekly,
}

#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
pub enum ProviderCredentials {
    ApiKey,
    Geotab,
    None,
    Csv,
    Unavailable,
}
