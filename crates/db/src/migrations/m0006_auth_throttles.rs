//! Attempt budgets (decision 008) replace the failed sign-in log: one row per
//! budget key, swapped with a compare-and-set on `version`, so reserving an
//! attempt is atomic on both databases.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("auth_throttles")
                .col(text("key").primary_key())
                .col(text_null("account"))
                .col(integer("attempts"))
                .col(big_integer("window_start"))
                .col(big_integer("last_attempt"))
                .col(big_integer("version"))
                .to_owned(),
        )
        .await?;
        // A successful password reset clears every budget of the account.
        m.create_index(
            Index::create()
                .name("idx_auth_throttles_account")
                .table("auth_throttles")
                .col("account")
                .to_owned(),
        )
        .await?;
        m.drop_table(Table::drop().table("sign_in_attempts").to_owned())
            .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("sign_in_attempts")
                .col(big_pk_auto("id"))
                .col(string("email"))
                .col(string("ip"))
                .col(timestamp_with_time_zone("created_at"))
                .to_owned(),
        )
        .await?;
        m.drop_table(Table::drop().table("auth_throttles").to_owned())
            .await
    }
}
