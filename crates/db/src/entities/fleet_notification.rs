use sea_orm::entity::prelude::*;

/// What the dashboard's bell shows: a compliance reminder (one per item and
/// threshold, which is also the log that keeps reminders from repeating) or
/// a change of the fleet's FMCSA record.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_notifications")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub kind: String,
    pub item_key: String,
    pub threshold: i32,
    pub due_on: Option<Date>,
    pub title: String,
    pub detail: Option<String>,
    pub link: String,
    pub created_at: DateTimeUtc,
    pub read_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
