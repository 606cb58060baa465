use sea_orm::entity::prelude::*;

/// A driver signed in to the driver portal. The id is the SHA-256 of the
/// cookie's token.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "driver_sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub fleet_account_id: Uuid,
    pub driver_id: Uuid,
    pub csrf_token: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub last_seen_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
