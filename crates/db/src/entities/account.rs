use sea_orm::entity::prelude::*;

/// A tenant of the platform: a fleet, a broker, or the operator itself.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accounts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    /// fleet | broker | system
    #[sea_orm(column_name = "type")]
    pub account_type: String,
    pub fleet_account_id: Option<Uuid>,
    pub is_active: bool,
    /// A broker account's MC number.
    pub mc_number: Option<String>,
    pub created_at: DateTimeUtc,
    pub usdot_number: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::fleet_account::Entity",
        from = "Column::FleetAccountId",
        to = "super::fleet_account::Column::Id"
    )]
    FleetAccount,
}

impl Related<super::fleet_account::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::FleetAccount.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
