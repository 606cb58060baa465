//! Issue 29 point 24: a broker user's invitation opened the generic
//! "Choose a new password" page. A link issued as an invitation now keeps
//! who sent it, so the page can name them (and the brokerage, read from the
//! invited user's account) and sign the new user in once they choose a
//! password. A reset link has none.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("one_time_tokens")
                .add_column(string_null("inviter_name"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("one_time_tokens")
                .drop_column("inviter_name")
                .to_owned(),
        )
        .await
    }
}
