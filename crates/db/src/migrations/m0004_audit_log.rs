//! Who did what to whom, when, with the state before and after.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("audit_log")
                .col(big_pk_auto("id"))
                .col(uuid_null("actor_id"))
                .col(string("actor_email"))
                .col(string("action"))
                .col(string("target_type"))
                .col(string("target_id"))
                .col(json_binary_null("before"))
                .col(json_binary_null("after"))
                .col(timestamp_with_time_zone("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_audit_log_created_at")
                .table("audit_log")
                .col("created_at")
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_accounts_type")
                .table("accounts")
                .col("type")
                .col("created_at")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_accounts_type")
                .table("accounts")
                .to_owned(),
        )
        .await?;
        m.drop_table(Table::drop().table("audit_log").to_owned())
            .await
    }
}
