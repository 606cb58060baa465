use sea_orm::entity::prelude::*;

/// What a truck-board search filters on: one row per active posting,
/// outside row-level security (decision 026).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "board_index")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub posting_id: Uuid,
    /// The SQLite R*Tree's key: the id's first 8 bytes.
    pub board_key: i64,
    pub lat: f64,
    pub lon: f64,
    pub equipment_type: String,
    pub destinations: String,
    pub available_from: Date,
    pub available_to: Date,
    pub expires_at: DateTimeUtc,
    pub posted_at: DateTimeUtc,
    pub carrier_allowed: bool,
    /// The fleet is read-only (past due beyond its grace period): hidden
    /// from the board.
    pub fleet_read_only: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The R*Tree key of a posting id.
pub fn board_key(id: Uuid) -> i64 {
    let b = id.as_bytes();
    i64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}
