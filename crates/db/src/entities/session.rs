use sea_orm::entity::prelude::*;

/// A signed-in browser. The id is the SHA-256 of the cookie's token, so a
/// leaked database does not hand out live sessions.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: Uuid,
    pub csrf_token: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    /// Last request seen, for a fleet's idle timeout; written at most once a minute.
    pub last_seen_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::profile::Entity",
        from = "Column::UserId",
        to = "super::profile::Column::Id"
    )]
    Profile,
}

impl Related<super::profile::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Profile.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
