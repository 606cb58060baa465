use sea_orm::entity::prelude::*;

/// One source's report of a stop event (m0032): the office's entry, the
/// driver's tap or the ELD's geofence. The stop keeps the earliest time;
/// each source's report is kept once.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "stop_reports")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub load_id: Uuid,
    pub stop_id: Uuid,
    /// arrived | completed | departed
    pub event: String,
    /// office | driver | eld
    pub source: String,
    pub at: DateTimeUtc,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    pub actor_id: Option<Uuid>,
    pub actor_name: String,
    /// The phone's id of the report: a repeat is the same write.
    pub client_id: Option<String>,
    pub recorded_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
