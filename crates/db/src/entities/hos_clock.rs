use sea_orm::entity::prelude::*;

/// A driver's hours-of-service clocks as the fleet's ELD provider last
/// reported them (decision 041). Minutes left; `None` where the provider
/// gave no figure.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "hos_clocks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub fleet_account_id: Uuid,
    /// The provider's driver id (`fleet_drivers.driver_id`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub driver_eld_id: String,
    /// `integrations::eld::DutyStatus::as_str`.
    pub duty_status: Option<String>,
    pub drive_minutes: Option<i32>,
    pub shift_minutes: Option<i32>,
    pub cycle_minutes: Option<i32>,
    pub break_minutes: Option<i32>,
    pub cycle_tomorrow_minutes: Option<i32>,
    /// When the provider's figures were true.
    pub as_of: DateTimeUtc,
    /// The driver's app is disconnected (or the provider sent no figures).
    pub stale: bool,
    /// When Longhaul read them.
    pub read_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
