use sea_orm::entity::prelude::*;

/// One state a subscription was seen in (an event, or a read of the API).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stripe_subscription_states")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub subscription_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub state_source: String,
    pub state_at: DateTimeUtc,
    pub state_rank: i32,
    pub status: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
