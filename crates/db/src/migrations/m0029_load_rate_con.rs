//! A load's rate confirmation (issue 31 §2): the lumper rule it states (the
//! other protective terms have their columns since m0024) and where the
//! uploaded PDF the load was made from is kept in the file store.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const COLUMNS: [&str; 2] = ["lumper_terms", "rate_con_file_key"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite alters a table one change at a time.
        for column in COLUMNS {
            m.alter_table(
                Table::alter()
                    .table("loads")
                    .add_column(text_null(column))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in COLUMNS {
            m.alter_table(Table::alter().table("loads").drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}
