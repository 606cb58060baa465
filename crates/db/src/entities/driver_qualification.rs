use sea_orm::entity::prelude::*;

/// One of a driver's qualification items (CDL, medical card, annual MVR
/// review, annual Clearinghouse query, drug test).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "driver_qualifications")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub driver_id: Uuid,
    pub kind: String,
    pub number: Option<String>,
    pub state: Option<String>,
    pub class: Option<String>,
    pub done_on: Option<Date>,
    pub expires_on: Option<Date>,
    /// When the item lapses: `expires_on`, or `done_on` + 12 months.
    pub due_on: Option<Date>,
    pub document_id: Option<Uuid>,
    pub updated_at: DateTimeUtc,
    pub updated_by: Option<Uuid>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
