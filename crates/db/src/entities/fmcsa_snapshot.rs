use sea_orm::entity::prelude::*;

/// The monitored fields of a fleet's FMCSA record as one check read them.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "fmcsa_snapshots")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub taken_on: Date,
    pub taken_at: DateTimeUtc,
    pub fields: Json,
    /// `baseline` | `daily` | `on_demand` (m0035).
    pub kind: String,
    /// The schedule's day, on the schedule's snapshots only: one a day.
    pub scheduled_on: Option<Date>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
