//! Issue 31: the fleet's home time zone (decision 043), chosen in Company
//! Settings → General. Empty means "from the FMCSA address's state".

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("fleet_accounts")
                .add_column(string_null("home_time_zone"))
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("fleet_accounts")
                .drop_column("home_time_zone")
                .to_owned(),
        )
        .await
    }
}
