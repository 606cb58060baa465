use sea_orm::entity::prelude::*;
use sea_orm::{ActiveValue, Set};

/// A fleet document: the row of one stored file (spec part 2 §3).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_documents")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub name: String,
    /// Derived: `name` lower-cased, what the list's search matches.
    pub search_name: String,
    /// One of `domain::documents::DOCUMENT_TYPES`.
    pub document_type: String,
    pub description: Option<String>,
    /// The object's key in the file store: `fleet-documents/{fleet}/{uuid}`.
    pub file_path: String,
    /// The uploaded file's name, cleaned (`domain::documents::clean_file_name`).
    pub file_name: String,
    /// The MIME type found in the file's bytes.
    pub file_type: String,
    pub file_size: i64,
    pub issue_date: Option<Date>,
    pub expiration_date: Option<Date>,
    pub is_shared_with_drivers: bool,
    pub truck_id: Option<Uuid>,
    pub trailer_id: Option<Uuid>,
    pub driver_id: Option<Uuid>,
    /// The load it belongs to (a rate confirmation, BOL, POD…), m0027.
    pub load_id: Option<Uuid>,
    /// The profile that uploaded it.
    pub created_by: Option<Uuid>,
    pub created_at: DateTimeUtc,
    /// The stop a POD or receipt from the driver's phone belongs to (m0032).
    pub stop_id: Option<Uuid>,
    /// The phone's id of the upload: a repeat is the same write (m0032).
    pub client_id: Option<String>,
    /// Who signed for the freight, on a POD (m0032).
    pub receiver_name: Option<String>,
    /// A receipt's amount (lumper, scale), in cents (m0032).
    pub amount_cents: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

#[async_trait::async_trait]
impl ActiveModelBehavior for ActiveModel {
    async fn before_save<C: ConnectionTrait>(
        mut self,
        _db: &C,
        _insert: bool,
    ) -> Result<Self, DbErr> {
        if let ActiveValue::Set(name) = &self.name {
            self.search_name = Set(search_name(name));
        }
        Ok(self)
    }
}

/// What the list's search compares against (its input is lower-cased too).
pub fn search_name(name: &str) -> String {
    name.to_lowercase()
}
