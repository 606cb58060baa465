use sea_orm::entity::prelude::*;

/// Who pays for a fleet's loads: a broker or a shipper (issue 31).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "customers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub name: String,
    /// broker | shipper
    pub kind: String,
    pub usdot_number: Option<String>,
    pub mc_number: Option<String>,
    pub billing_email: Option<String>,
    pub payment_terms_days: i32,
    pub created_at: DateTimeUtc,
    pub broker_account_id: Option<Uuid>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
