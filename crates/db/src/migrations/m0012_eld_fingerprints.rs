//! ELD sync fingerprints (decision 018).
//!
//! Trucks, trailers and drivers gain `eld_fingerprint`: a hash of what the
//! last sync wrote to the row, followed by the `updated_at` that write set
//! (`<hash>@<microseconds>`). A sync compares the hash of what it received
//! with it and writes nothing when they match, so it reads a few key columns
//! of the fleet's rows instead of whole rows with their provider JSON. Any
//! other write moves `updated_at`, which voids the fingerprint: the next sync
//! writes that row again, as it did before fingerprints.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [&str; 3] = ["fleet_drivers", "fleet_vehicles", "fleet_trailers"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            m.alter_table(
                Table::alter()
                    .table(table)
                    .add_column(text_null("eld_fingerprint"))
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
                    .drop_column("eld_fingerprint")
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
