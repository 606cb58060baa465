use sea_orm::entity::prelude::*;

/// A truck's last position as read from the fleet's ELD (m0032), shared by
/// the truck board's refresh and the stop geofence job.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "eld_positions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub fleet_account_id: Uuid,
    /// The provider's id of the vehicle.
    #[sea_orm(primary_key, auto_increment = false)]
    pub eld_vehicle_id: String,
    pub lat: f64,
    pub lon: f64,
    /// When the ELD saw the truck there.
    pub reported_at: DateTimeUtc,
    /// When Longhaul read it from the provider.
    pub fetched_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
