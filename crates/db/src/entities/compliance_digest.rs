use sea_orm::entity::prelude::*;

/// The day's reminder digest of one fleet: at most one per fleet and day.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "compliance_digests")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub fleet_account_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub day: Date,
    pub item_count: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
