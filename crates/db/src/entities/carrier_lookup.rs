use sea_orm::entity::prelude::*;

/// A cached FMCSA answer for one DOT number; `response` is null when FMCSA
/// knows no such carrier.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "carrier_lookups")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub dot_number: String,
    pub response: Option<Json>,
    pub fetched_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
