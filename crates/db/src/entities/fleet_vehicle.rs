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
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
