use sea_orm::entity::prelude::*;

/// An accessorial line of a load (detention, lumper, TONU…), in cents.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "load_accessorials")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub load_id: Uuid,
    /// `domain::loads::Accessorial`
    pub kind: String,
    pub amount_cents: i64,
    pub note: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
