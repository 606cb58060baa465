use sea_orm::entity::prelude::*;

/// A monitored field of the fleet's FMCSA record that changed.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fmcsa_changes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub taken_on: Date,
    pub detected_at: DateTimeUtc,
    pub field: String,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
    pub adverse: bool,
    pub dismissed_at: Option<DateTimeUtc>,
    /// The snapshot whose reading found it (m0035; none before).
    pub snapshot_id: Option<Uuid>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
