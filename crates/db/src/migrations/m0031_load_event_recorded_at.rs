//! A load's history is listed in the order it was written, not by `at`:
//! a stop event's `at` is the time entered for it on the facility's clock
//! and may be back-dated, before the dispatch or even the creation that
//! came first. `recorded_at` is when the row was written; existing rows
//! take their `at`, the order they were listed in until now.

use sea_orm_migration::sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("load_events")
                .add_column(timestamp_with_time_zone_null("recorded_at"))
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        super::rls::act_as_system(conn).await?;
        conn.execute_unprepared("UPDATE load_events SET recorded_at = at")
            .await
            .map(drop)
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("load_events")
                .drop_column("recorded_at")
                .to_owned(),
        )
        .await
    }
}
