use sea_orm::entity::prelude::*;

/// An outgoing e-mail, sent by the `send_email` job. The rendered message is
/// encrypted (it may carry a sign-in or reset link) and dropped once sent.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox_emails")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    /// What the mail is, for logs ("password reset").
    pub what: String,
    /// Only the domain of the recipient, for logs and metrics.
    pub recipient_domain: String,
    pub payload_encrypted: Option<String>,
    /// pending | sent | failed
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
