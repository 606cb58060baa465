use super::derived::{set, text};
use domain::fleet_lists::{driver_search_name, phone_search_digits, search_document};
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_drivers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    /// The driver's id at the ELD provider; null for drivers added by hand.
    pub driver_id: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub phone: Option<String>,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    pub eld_provider: Option<String>,
    pub notes: Option<String>,
    pub is_active: bool,
    /// The driver's e-mail, lower-cased: the portal login when the fleet's
    /// portal logs in by e-mail; unique within the fleet.
    pub email: Option<String>,
    /// The driver's own portal password (individual passwords), hashed.
    pub portal_password_hash: Option<String>,
    pub portal_password_set_at: Option<DateTimeUtc>,
    /// The provider's record as received.
    pub raw: Option<Json>,
    /// What the last sync wrote, hashed, and the `updated_at` it set
    /// (decision 018); void once `updated_at` moves.
    pub eld_fingerprint: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Derived: the searched fields as one lower-cased text
    /// (`domain::fleet_lists::search_document`).
    pub search_text: String,
    /// Derived (decision 014): the lower-cased full name a search finds, by
    /// `domain::fleet_lists::driver_search_name`.
    pub search_name: String,
    /// Derived: the phone without its punctuation.
    pub phone_digits: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

#[async_trait::async_trait]
impl ActiveModelBehavior for ActiveModel {
    async fn before_save<C: ConnectionTrait>(
        mut self,
        _db: &C,
        insert: bool,
    ) -> Result<Self, DbErr> {
        self.derive_list_columns(insert)?;
        Ok(self)
    }
}

impl ActiveModel {
    /// Derives `search_name`, `phone_digits` and `search_text` from the fields this save
    /// writes (decision 014). `before_save` calls it; a bulk insert calls it
    /// on each row with `insert = true`.
    pub fn derive_list_columns(&mut self, insert: bool) -> Result<(), DbErr> {
        if insert || self.first_name.is_set() || self.last_name.is_set() {
            let name = driver_search_name(
                text(&self.first_name, insert, "first_name")?,
                text(&self.last_name, insert, "last_name")?,
            );
            set(&mut self.search_name, name);
        }
        if insert || self.phone.is_set() {
            let digits = phone_search_digits(text(&self.phone, insert, "phone")?);
            set(&mut self.phone_digits, digits);
        }
        if insert
            || self.first_name.is_set()
            || self.last_name.is_set()
            || self.driver_id.is_set()
            || self.username.is_set()
            || self.license_number.is_set()
            || self.phone.is_set()
        {
            let doc = search_document(&[
                text(&self.first_name, insert, "first_name")?,
                text(&self.last_name, insert, "last_name")?,
                text(&self.driver_id, insert, "driver_id")?,
                text(&self.username, insert, "username")?,
                text(&self.license_number, insert, "license_number")?,
                text(&self.phone, insert, "phone")?,
            ]);
            set(&mut self.search_text, doc);
        }
        Ok(())
    }
}
