use sea_orm::entity::prelude::*;

/// A renewed card or document a driver uploaded through the portal, waiting
/// for the fleet admin to file it as a document (accept) or reject it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "driver_renewals")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub driver_id: Uuid,
    /// driver | truck | trailer
    pub target_kind: String,
    pub truck_id: Option<Uuid>,
    pub trailer_id: Option<Uuid>,
    pub document_type: String,
    pub name: String,
    pub expiration_date: Option<Date>,
    pub note: Option<String>,
    pub file_path: String,
    pub file_name: String,
    pub file_type: String,
    pub file_size: i64,
    /// pending | accepted | rejected
    pub status: String,
    pub reason: Option<String>,
    pub document_id: Option<Uuid>,
    pub created_at: DateTimeUtc,
    pub reviewed_at: Option<DateTimeUtc>,
    pub reviewed_by: Option<Uuid>,
    /// The driver qualification it renews (cdl, medical…), if any.
    pub qualification: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
