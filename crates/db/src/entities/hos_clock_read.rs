use sea_orm::entity::prelude::*;

/// When a fleet's hours-of-service clocks were last read from its ELD
/// provider, and how that went (decision 041).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "hos_clock_reads")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub fleet_account_id: Uuid,
    pub provider: String,
    pub read_at: DateTimeUtc,
    /// ok | unsupported | failed
    pub outcome: String,
    /// The provider's error, for the log and the fleet admin.
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
