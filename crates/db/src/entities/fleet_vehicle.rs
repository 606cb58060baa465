use super::derived::{set, text};
use domain::fleet_lists::{is_unnamed, search_document, truck_list_tab};
use sea_orm::entity::prelude::*;

/// A truck (power unit). Driver assignments live in real columns; the provider's record in `raw`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_vehicles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub name: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    /// The truck's id at the ELD provider.
    pub vehicle_id: Option<String>,
    pub vin: Option<String>,
    pub license_plate: Option<String>,
    pub status: String,
    pub notes: Option<String>,
    pub is_active: bool,
    /// The assigned driver's id at the ELD provider.
    pub assigned_driver_eld_id: Option<String>,
    pub assigned_driver_name: Option<String>,
    /// The fleet driver, when the assigned ELD driver is synced.
    pub assigned_driver_id: Option<Uuid>,
    pub assigned_at: Option<DateTimeUtc>,
    pub raw: Option<Json>,
    /// The provider the ELD ids belong to (NULL: added by hand or seeded).
    pub eld_provider: Option<String>,
    /// What the last sync wrote, hashed, and the `updated_at` it set
    /// (decision 018); void once `updated_at` moves.
    pub eld_fingerprint: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Derived: the searched fields as one lower-cased text
    /// (`domain::fleet_lists::search_document`).
    pub search_text: String,
    /// Derived (decision 014): 'active', 'inactive' or 'decommissioned' (in
    /// no tab), by `domain::fleet_lists::truck_list_tab`.
    pub list_tab: String,
    /// Derived: no name or only spaces; listed after the named trucks.
    pub unnamed: bool,
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
    /// Derives `list_tab`, `unnamed` and `search_text` from the fields this save writes
    /// (decision 014). `before_save` calls it; a bulk insert calls it on each
    /// row with `insert = true`.
    pub fn derive_list_columns(&mut self, insert: bool) -> Result<(), DbErr> {
        if insert
            || self.assigned_driver_eld_id.is_set()
            || self.assigned_driver_name.is_set()
            || self.notes.is_set()
        {
            let tab = truck_list_tab(
                text(
                    &self.assigned_driver_eld_id,
                    insert,
                    "assigned_driver_eld_id",
                )?,
                text(&self.assigned_driver_name, insert, "assigned_driver_name")?,
                text(&self.notes, insert, "notes")?,
            );
            set(&mut self.list_tab, tab.as_str().to_owned());
        }
        if insert || self.name.is_set() {
            let unnamed = is_unnamed(text(&self.name, insert, "name")?);
            set(&mut self.unnamed, unnamed);
        }
        if insert
            || self.name.is_set()
            || self.make.is_set()
            || self.model.is_set()
            || self.vin.is_set()
            || self.license_plate.is_set()
        {
            let doc = search_document(&[
                text(&self.name, insert, "name")?,
                text(&self.make, insert, "make")?,
                text(&self.model, insert, "model")?,
                text(&self.vin, insert, "vin")?,
                text(&self.license_plate, insert, "license_plate")?,
            ]);
            set(&mut self.search_text, doc);
        }
        Ok(())
    }
}
