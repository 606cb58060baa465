//! Background jobs and ELD sync (issue 11, decision 016).
//!
//! - `outbox_emails`: outgoing e-mail, sent by a job and retried; the
//!   rendered message is stored encrypted and dropped once sent.
//! - `eld_sync_runs`: every sync run (history, progress). `active_kind` is
//!   set while a run is queued or running and cleared when it ends; a unique
//!   index on (fleet, active_kind) makes a second request for the same data
//!   kind join the running one instead of starting another.
//! - `fleet_eld_integrations` gains what the connection needs: the key's
//!   last four characters, the non-secret Geotab fields, a needs-attention
//!   state, the sync settings and the schedule's next run, and the
//!   incremental sync marks. One integration per fleet (unique).
//! - Trucks, trailers and drivers are keyed by (fleet, provider, provider
//!   id), unique, so a sync upserts instead of duplicating.
//!
//! apalis's own tables are created by apalis's migrations (`jobs::JobQueue::migrate`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn add(table: &'static str, col: ColumnDef) -> TableAlterStatement {
    Table::alter().table(table).add_column(col).to_owned()
}

fn unique(name: &str, table: &'static str, cols: &[&'static str]) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table).unique();
    for col in cols {
        index.col(*col);
    }
    index.to_owned()
}

const INTEGRATIONS: &str = "fleet_eld_integrations";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("outbox_emails")
                .col(pk_uuid("id"))
                .col(string("what"))
                .col(string("recipient_domain"))
                .col(text_null("payload_encrypted"))
                .col(string("status"))
                .col(integer("attempts").default(0))
                .col(text_null("last_error"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("sent_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_outbox_emails_status")
                .table("outbox_emails")
                .col("status")
                .col("created_at")
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("eld_sync_runs")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(string("kind"))
                .col(string("trigger"))
                .col(string("status"))
                .col(string("provider"))
                .col(string_null("active_kind"))
                .col(boolean("incremental").default(false))
                .col(timestamp_with_time_zone("queued_at"))
                .col(timestamp_with_time_zone_null("started_at"))
                .col(timestamp_with_time_zone_null("finished_at"))
                .col(integer("pages_fetched").default(0))
                .col(integer("rows_written").default(0))
                .col(integer("synced").default(0))
                .col(integer("created").default(0))
                .col(integer("updated").default(0))
                .col(integer("deactivated").default(0))
                .col(integer_null("assignments_updated"))
                .col(text_null("warning"))
                .col(text_null("error"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_eld_sync_runs_fleet")
                        .from("eld_sync_runs", "fleet_account_id")
                        .to("fleet_accounts", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(unique(
            "ux_eld_sync_runs_active",
            "eld_sync_runs",
            &["fleet_account_id", "active_kind"],
        ))
        .await?;
        m.create_index(
            Index::create()
                .name("ix_eld_sync_runs_history")
                .table("eld_sync_runs")
                .col("fleet_account_id")
                .col("queued_at")
                .col("id")
                .to_owned(),
        )
        .await?;

        for col in [
            string_null("key_hint"),
            json_binary_null("connection_details"),
            boolean("needs_attention").default(false).to_owned(),
            text_null("attention_reason"),
            string("sync_frequency").default("daily").to_owned(),
            boolean("sync_drivers").default(true).to_owned(),
            boolean("sync_trucks").default(true).to_owned(),
            boolean("sync_trailers").default(true).to_owned(),
            timestamp_with_time_zone_null("next_sync_at"),
            timestamp_with_time_zone_null("drivers_synced_at"),
            timestamp_with_time_zone_null("vehicles_synced_at"),
        ] {
            m.alter_table(add(INTEGRATIONS, col)).await?;
        }
        m.create_index(unique(
            "ux_fleet_eld_integrations_fleet",
            INTEGRATIONS,
            &["fleet_account_id"],
        ))
        .await?;

        m.alter_table(add("fleet_vehicles", string_null("eld_provider")))
            .await?;
        m.alter_table(add("fleet_trailers", string_null("eld_provider")))
            .await?;
        m.create_index(unique(
            "ux_fleet_vehicles_eld",
            "fleet_vehicles",
            &["fleet_account_id", "eld_provider", "vehicle_id"],
        ))
        .await?;
        m.create_index(unique(
            "ux_fleet_trailers_eld",
            "fleet_trailers",
            &["fleet_account_id", "eld_provider", "trailer_id"],
        ))
        .await?;
        m.create_index(unique(
            "ux_fleet_drivers_eld",
            "fleet_drivers",
            &["fleet_account_id", "eld_provider", "driver_id"],
        ))
        .await?;
        // Replaced by the per-provider key above: a driver id is unique only
        // within its provider, and a fleet that switches providers may get
        // another provider's id that an old, inactive row still carries.
        m.drop_index(
            Index::drop()
                .name("uq_fleet_drivers_eld")
                .table("fleet_drivers")
                .to_owned(),
        )
        .await?;

        super::rls::enable_rls(
            m.get_connection(),
            "eld_sync_runs",
            Some("fleet_account_id"),
        )
        .await?;
        Ok(())
    }
}
