//! FMCSA checks beyond the daily one (issue 34).
//!
//! 1. `fmcsa_snapshots.kind`: `baseline` (a fleet's first reading, taken
//!    when it is created or by the first check that succeeds after),
//!    `daily` (the schedule's) or `on_demand` (a fleet admin's "Check FMCSA
//!    now", an operator's `run-job fmcsa_check --fleet`).
//! 2. A day may hold several snapshots now: the unique key that keeps the
//!    schedule to one check a day moves from `taken_on` to
//!    `scheduled_on`, set only on the schedule's snapshots (NULLs do not
//!    collide on either database). Existing rows were the schedule's.
//! 3. `fleet_accounts.fmcsa_check_requested_at`: the last on-demand check,
//!    claimed by a conditional update (at most one per 10 minutes).
//! 4. A field may change twice a day now (lost, then back): a change is
//!    unique per the snapshot that found it (`fmcsa_changes.snapshot_id`),
//!    no longer per day.
//! 5. `fleet_accounts.fmcsa_baseline_missed_at`: FMCSA could not be reached
//!    for the fleet's baseline when it was created ("no baseline yet" until
//!    a check succeeds; History then says the baseline came late).

use sea_orm_migration::sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

const SNAPSHOTS: &str = "fmcsa_snapshots";
const CHANGES: &str = "fmcsa_changes";
const FLEET_COLUMNS: [&str; 2] = ["fmcsa_check_requested_at", "fmcsa_baseline_missed_at"];

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
                .table(SNAPSHOTS)
                .add_column(string("kind").default("daily"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(SNAPSHOTS)
                .add_column(date_null("scheduled_on"))
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        super::rls::act_as_system(conn).await?;
        conn.execute_unprepared("UPDATE fmcsa_snapshots SET scheduled_on = taken_on")
            .await?;
        m.drop_index(
            Index::drop()
                .name("uq_fmcsa_snapshots_day")
                .table(SNAPSHOTS)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_fmcsa_snapshots_scheduled")
                .table(SNAPSHOTS)
                .col("fleet_account_id")
                .col("scheduled_on")
                .unique()
                .to_owned(),
        )
        .await?;
        // The latest snapshot is what a check compares with.
        m.create_index(
            Index::create()
                .name("ix_fmcsa_snapshots_taken_at")
                .table(SNAPSHOTS)
                .col("fleet_account_id")
                .col("taken_at")
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(CHANGES)
                .add_column(uuid_null("snapshot_id"))
                .to_owned(),
        )
        .await?;
        m.drop_index(
            Index::drop()
                .name("uq_fmcsa_changes_field")
                .table(CHANGES)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_fmcsa_changes_snapshot_field")
                .table(CHANGES)
                .col("snapshot_id")
                .col("field")
                .unique()
                .to_owned(),
        )
        .await?;
        for column in FLEET_COLUMNS {
            m.alter_table(
                Table::alter()
                    .table("fleet_accounts")
                    .add_column(timestamp_with_time_zone_null(column))
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in FLEET_COLUMNS {
            m.alter_table(
                Table::alter()
                    .table("fleet_accounts")
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        for name in [
            "ix_fmcsa_snapshots_taken_at",
            "uq_fmcsa_snapshots_scheduled",
        ] {
            m.drop_index(Index::drop().name(name).table(SNAPSHOTS).to_owned())
                .await?;
        }
        let conn = m.get_connection();
        super::rls::act_as_system(conn).await?;
        // Back to one snapshot a day (the schedule's, else the day's
        // first) and one change of a field a day (the first).
        conn.execute_unprepared(
            "DELETE FROM fmcsa_changes WHERE EXISTS (\
               SELECT 1 FROM fmcsa_changes AS o WHERE o.fleet_account_id = fmcsa_changes.fleet_account_id \
               AND o.taken_on = fmcsa_changes.taken_on AND o.field = fmcsa_changes.field \
               AND o.detected_at < fmcsa_changes.detected_at)",
        )
        .await?;
        m.drop_index(
            Index::drop()
                .name("uq_fmcsa_changes_snapshot_field")
                .table(CHANGES)
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_fmcsa_changes_field")
                .table(CHANGES)
                .col("fleet_account_id")
                .col("taken_on")
                .col("field")
                .unique()
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(CHANGES)
                .drop_column("snapshot_id")
                .to_owned(),
        )
        .await?;
        conn.execute_unprepared(
            "DELETE FROM fmcsa_snapshots WHERE scheduled_on IS NULL AND EXISTS (\
               SELECT 1 FROM fmcsa_snapshots AS o WHERE o.fleet_account_id = fmcsa_snapshots.fleet_account_id \
               AND o.taken_on = fmcsa_snapshots.taken_on AND o.id <> fmcsa_snapshots.id \
               AND (o.scheduled_on IS NOT NULL OR o.taken_at < fmcsa_snapshots.taken_at))",
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_fmcsa_snapshots_day")
                .table(SNAPSHOTS)
                .col("fleet_account_id")
                .col("taken_on")
                .unique()
                .to_owned(),
        )
        .await?;
        for column in ["scheduled_on", "kind"] {
            m.alter_table(
                Table::alter()
                    .table(SNAPSHOTS)
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
