use sea_orm::entity::prelude::*;

/// How many of a fleet's rows each list tab holds (decision 014): kept by
/// database triggers on `fleet_vehicles`, `fleet_trailers` and
/// `fleet_drivers` (migration 0009), so an unsearched list reads its tab
/// counts from one row per tab instead of counting the fleet's rows.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_list_counts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub fleet_account_id: Uuid,
    /// 'trucks' | 'trailers' | 'drivers'
    #[sea_orm(primary_key, auto_increment = false)]
    pub list: String,
    /// The stored tab: 'active' | 'inactive' | 'decommissioned'
    #[sea_orm(primary_key, auto_increment = false)]
    pub tab: String,
    pub n: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
