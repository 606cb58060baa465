use sea_orm::entity::prelude::*;

/// A change of a load's status: who, when, from, to, the AT7 code of a stop
/// event, and the reason of a cancellation or override.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "load_events")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub load_id: Uuid,
    pub at: DateTimeUtc,
    pub actor_id: Option<Uuid>,
    pub actor_name: String,
    pub from_status: Option<String>,
    pub to_status: String,
    pub at7_code: Option<String>,
    pub reason: Option<String>,
    /// When the row was written: the history's order (a stop event's `at`
    /// may be back-dated). Null only for a row written before m0031 filled it.
    pub recorded_at: Option<DateTimeUtc>,
    /// Who reported a stop event: office | driver | eld (m0032). Null for
    /// other changes and for rows written before m0032 (the office's).
    pub source: Option<String>,
    /// The stop of a stop event (m0032).
    pub stop_id: Option<Uuid>,
    /// arrived | completed | departed, for a stop event (m0032).
    pub stop_event: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
