//! Hours-of-service clocks (issue 31 §3, decision 041): the fleet's drivers'
//! clocks as its ELD provider last reported them, one row per provider
//! driver id, and one row per fleet saying when they were last read and how
//! that went. The eligibility check reads them instead of the provider when
//! they are at most two minutes old; a job keeps them fresh for fleets with
//! loads under way. Both tables are the fleet's, under row-level security.

use super::m0005_fleet_assets::fk_fleet;
use super::rls;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [&str; 2] = ["hos_clocks", "hos_clock_reads"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("hos_clocks")
                .col(uuid("fleet_account_id"))
                // The provider's driver id (`fleet_drivers.driver_id`).
                .col(string("driver_eld_id"))
                .col(string_null("duty_status"))
                .col(integer_null("drive_minutes"))
                .col(integer_null("shift_minutes"))
                .col(integer_null("cycle_minutes"))
                .col(integer_null("break_minutes"))
                .col(integer_null("cycle_tomorrow_minutes"))
                .col(timestamp_with_time_zone("as_of"))
                .col(boolean("stale"))
                .col(timestamp_with_time_zone("read_at"))
                .primary_key(Index::create().col("fleet_account_id").col("driver_eld_id"))
                .foreign_key(&mut fk_fleet("hos_clocks"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("hos_clock_reads")
                .col(pk_uuid("fleet_account_id"))
                .col(string("provider"))
                .col(timestamp_with_time_zone("read_at"))
                // ok | unsupported | failed
                .col(string("outcome"))
                .col(string_null("error"))
                .foreign_key(&mut fk_fleet("hos_clock_reads"))
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        for table in TABLES {
            rls::enable_rls(conn, table, Some("fleet_account_id")).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES.iter().rev() {
            m.drop_table(Table::drop().table(*table).to_owned()).await?;
        }
        Ok(())
    }
}
