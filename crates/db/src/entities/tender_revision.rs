use sea_orm::entity::prelude::*;

/// A rate confirmation's revision: the first is the accepted tender, a later one a change the carrier accepts again.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tender_revisions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub tender_id: Uuid,
    pub broker_account_id: Uuid,
    pub fleet_account_id: Uuid,
    pub revision: i32,
    pub status: String,
    pub terms: String,
    pub notes: Option<String>,
    pub requested_by: String,
    pub accepted_by_name: Option<String>,
    pub accepted_by_title: Option<String>,
    pub accepted_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
