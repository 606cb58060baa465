use sea_orm::entity::prelude::*;

/// One ELD sync run: its progress while it runs, then its history entry.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "eld_sync_runs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    /// drivers | trucks | trailers | import
    pub kind: String,
    /// manual | schedule
    pub trigger: String,
    /// queued | running | succeeded | failed
    pub status: String,
    pub provider: String,
    /// The kind while queued or running, else NULL: unique per fleet.
    pub active_kind: Option<String>,
    /// Only the records changed since the previous run were asked for
    /// (`updatedAfterTime`); nothing was made inactive.
    pub incremental: bool,
    pub queued_at: DateTimeUtc,
    pub started_at: Option<DateTimeUtc>,
    pub finished_at: Option<DateTimeUtc>,
    pub pages_fetched: i32,
    pub rows_written: i32,
    pub synced: i32,
    pub created: i32,
    pub updated: i32,
    pub deactivated: i32,
    pub assignments_updated: Option<i32>,
    pub warning: Option<String>,
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
