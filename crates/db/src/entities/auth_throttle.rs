use sea_orm::entity::prelude::*;

/// One attempt budget (decision 008), e.g. `pair:<ip>|<email>`. `version`
/// changes on every write so updates are compare-and-set.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "auth_throttles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    /// The e-mail the budget belongs to, when it is tied to an account.
    pub account: Option<String>,
    pub attempts: i32,
    pub window_start: i64,
    pub last_attempt: i64,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
