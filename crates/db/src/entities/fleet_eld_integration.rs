use sea_orm::entity::prelude::*;

/// A fleet's connection to its ELD provider; the API key is stored encrypted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_eld_integrations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    /// keeptruckin | samsara | geotab | omnitracs | other
    pub provider: String,
    pub api_key_encrypted: Option<String>,
    pub is_active: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
