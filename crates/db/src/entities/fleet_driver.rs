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
    /// The provider's record as received.
    pub raw: Option<Json>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
