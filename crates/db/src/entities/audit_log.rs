use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub actor_id: Option<Uuid>,
    pub actor_email: String,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub before: Option<Json>,
    pub after: Option<Json>,
    pub created_at: DateTimeUtc,
    /// The fleet an entry was written for, when a fleet's own action wrote it (m0027).
    pub fleet_account_id: Option<Uuid>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
