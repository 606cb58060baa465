use sea_orm::entity::prelude::*;

/// A message between a fleet's office and its drivers: from the driver
/// portal's contact form (no `load_id`; the inbox), or in a load's thread
/// (m0033), written by the office (`from_office`) or by a driver of the load.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fleet_messages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub fleet_account_id: Uuid,
    pub driver_id: Option<Uuid>,
    pub sender_name: String,
    pub sender_email: String,
    pub company: Option<String>,
    pub message: String,
    pub created_at: DateTimeUtc,
    /// Read by the recipient: the office for a driver's message, the
    /// driver(s) of the load for the office's.
    pub read_at: Option<DateTimeUtc>,
    /// The load whose thread the message is in (m0033).
    pub load_id: Option<Uuid>,
    /// Written by the office (a fleet admin), not a driver.
    pub from_office: bool,
    /// The office user who wrote it.
    pub sender_profile_id: Option<Uuid>,
    /// When the e-mail for a message left unread went out.
    pub notified_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
