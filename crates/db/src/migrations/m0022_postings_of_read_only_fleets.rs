//! A fleet past due beyond its grace period is read-only (issue 13); since
//! issue 29 its postings leave the truck board too, so brokers neither find
//! nor contact a carrier that cannot answer through Longhaul.
//! `fleet_read_only` is a carrier fact copied onto the posting and the
//! search index, like `carrier_allowed`, by the board's refresh job.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [&str; 2] = ["truck_postings", "board_index"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            m.alter_table(
                Table::alter()
                    .table(table)
                    .add_column(boolean("fleet_read_only").default(false))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            m.alter_table(
                Table::alter()
                    .table(table)
                    .drop_column("fleet_read_only")
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
