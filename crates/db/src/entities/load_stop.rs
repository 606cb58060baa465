use sea_orm::entity::prelude::*;

/// One pickup or delivery of a load, in order (`seq` from 0).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "load_stops")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub load_id: Uuid,
    pub seq: i32,
    /// pickup | delivery
    pub kind: String,
    pub facility_id: Uuid,
    /// The appointment, or the window's start, on the facility's clock.
    pub local_start: DateTime,
    /// The window's end; none for an appointment.
    pub local_end: Option<DateTime>,
    pub time_zone: String,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub arrived_at: Option<DateTimeUtc>,
    pub departed_at: Option<DateTimeUtc>,
    pub instructions: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
