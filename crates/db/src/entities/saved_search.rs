use sea_orm::entity::prelude::*;

/// A broker user's saved truck-board search and its alert state.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "saved_searches")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub broker_account_id: Uuid,
    pub profile_id: Uuid,
    pub name: String,
    pub criteria: Json,
    pub alerts: bool,
    pub unsubscribe_token_hash: Option<String>,
    pub unsubscribe_token_sealed: Option<String>,
    /// Postings posted after this are new to the search's alerts.
    pub checked_until: DateTimeUtc,
    pub last_alert_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
