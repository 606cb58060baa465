use sea_orm::entity::prelude::*;

/// A fleet's reminder settings and its calendar feed token (hashed).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "compliance_settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub fleet_account_id: Uuid,
    pub thresholds: String,
    pub recipients: Option<Json>,
    pub calendar_token_hash: Option<String>,
    pub calendar_token_created_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
