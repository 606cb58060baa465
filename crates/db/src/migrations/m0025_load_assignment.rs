//! Who and what takes a load (issue 31 §3): its driver (and a second one
//! for a team), truck and trailer. Indexed per fleet by each, so that the
//! overlap check of an assignment reads only that driver's, truck's or
//! trailer's loads; and the list's order of every status.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const COLUMNS: [&str; 4] = ["driver_id", "second_driver_id", "truck_id", "trailer_id"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite alters a table one change at a time.
        for column in COLUMNS {
            m.alter_table(
                Table::alter()
                    .table("loads")
                    .add_column(uuid_null(column))
                    .to_owned(),
            )
            .await?;
            m.create_index(
                Index::create()
                    .name(format!("ix_loads_fleet_{column}"))
                    .table("loads")
                    .col("fleet_account_id")
                    .col(column)
                    .col("first_pickup_at")
                    .to_owned(),
            )
            .await?;
        }
        // The loads list of every status, newest pickup first, a page at a
        // time (the status index serves one status).
        m.create_index(
            Index::create()
                .name("ix_loads_fleet_pickup")
                .table("loads")
                .col("fleet_account_id")
                .col("first_pickup_at")
                .col("pro_number")
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("ix_loads_fleet_pickup")
                .table("loads")
                .to_owned(),
        )
        .await?;
        for column in COLUMNS {
            m.drop_index(
                Index::drop()
                    .name(format!("ix_loads_fleet_{column}"))
                    .table("loads")
                    .to_owned(),
            )
            .await?;
            m.alter_table(Table::alter().table("loads").drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}
