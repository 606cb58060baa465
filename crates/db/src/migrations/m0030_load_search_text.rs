//! The loads list's search (issue 31 §4) reads one lower-cased column per
//! load — load, BOL and PO numbers, customer name, stop cities, one per
//! line (`domain::loads::search_text`) — instead of joining customers and
//! stops for every row. Existing loads get theirs here; the rule is written
//! out, frozen, as of this migration.
//!
//! (Decision 044.) The dispatch board's week gets an index on
//! where loads end, so it reads the loads still under way or ahead instead
//! of every load that started before the week's end.

use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The UPDATE filling the column, with the dialect's string aggregate.
fn backfill(aggregate: &str) -> String {
    format!(
        "UPDATE loads SET search_text = lower(load_number \
         || COALESCE('\n' || bol_number, '') \
         || COALESCE('\n' || po_number, '') \
         || COALESCE('\n' || (SELECT c.name FROM customers c WHERE c.id = loads.customer_id), '') \
         || COALESCE('\n' || (SELECT {aggregate}(f.city, '\n') FROM load_stops s \
              JOIN facilities f ON f.id = s.facility_id WHERE s.load_id = loads.id), ''))"
    )
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("loads")
                .add_column(text("search_text").default(""))
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        let aggregate = if conn.get_database_backend() == DatabaseBackend::Postgres {
            // FORCE RLS binds the owner too: the backfill reads every fleet.
            conn.execute_unprepared(
                "SELECT set_config('app.system_key', (SELECT key FROM longhaul_system_key), true)",
            )
            .await?;
            "string_agg"
        } else {
            "group_concat"
        };
        conn.execute_unprepared(&backfill(aggregate)).await?;
        m.create_index(
            Index::create()
                .name("ix_loads_fleet_delivery")
                .table("loads")
                .col("fleet_account_id")
                .col("last_delivery_at")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("ix_loads_fleet_delivery")
                .table("loads")
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("loads")
                .drop_column("search_text")
                .to_owned(),
        )
        .await
    }
}
