use sea_orm::entity::prelude::*;

/// A fleet's connection to its ELD provider; the API key is stored encrypted.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_eld_integrations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    /// keeptruckin | samsara | geotab | omnitracs | other
    pub provider: String,
    pub api_key_encrypted: Option<String>,
    pub is_active: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The last four characters of the key, the only part ever shown.
    pub key_hint: Option<String>,
    /// Non-secret connection fields (Geotab server, database, user name).
    pub connection_details: Option<Json>,
    /// The provider refused the key (401/403): scheduled runs stop.
    pub needs_attention: bool,
    pub attention_reason: Option<String>,
    /// hourly | daily | weekly
    pub sync_frequency: String,
    pub sync_drivers: bool,
    pub sync_trucks: bool,
    pub sync_trailers: bool,
    pub next_sync_at: Option<DateTimeUtc>,
    /// Start of the last successful full driver / vehicle sync, for the
    /// provider's `updatedAfterTime`.
    pub drivers_synced_at: Option<DateTimeUtc>,
    pub vehicles_synced_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
