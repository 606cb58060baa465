use sea_orm::entity::prelude::*;

/// A document both parties of a shipment see: a rate confirmation's revision, the POD.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "shipment_documents")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub shipment_id: Uuid,
    pub broker_account_id: Uuid,
    pub fleet_account_id: Uuid,
    pub kind: String,
    pub revision: Option<i32>,
    pub fleet_document_id: Option<Uuid>,
    pub file_path: String,
    pub file_name: String,
    pub file_type: String,
    pub file_size: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
