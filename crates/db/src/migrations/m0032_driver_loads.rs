//! Issue 32: the driver's load on the phone.
//!
//! 1. `stop_reports`: every report of a stop event, from whichever source
//!    made it — the office, the driver's phone, the ELD. The stop keeps the
//!    earliest time; the reports keep who said what and where. One report
//!    per stop, event and source (a job run twice records once), and a
//!    client-made id unique per fleet (a phone's retry is the same write).
//! 2. `load_events.source`, `.stop_id`, `.stop_event`: who reported a stop
//!    event in the history, and which stop it was (no longer inferred from
//!    the code and the time).
//! 3. `loads.driver_response…`: the driver's accept or decline of a
//!    dispatched load, with the decline's reason.
//! 4. `facilities.arrival_radius_miles`: the geofence (null: 0.5 mile).
//! 5. `fleet_documents.stop_id`, `.client_id`, `.receiver_name`,
//!    `.amount_cents`: a POD or receipt from the phone, at its stop, once.
//! 6. `eld_positions`: each truck's last position read from the fleet's
//!    ELD, shared by the truck board's refresh and the geofence job so a
//!    provider is asked once for both.

use super::m0005_fleet_assets::fk_fleet;
use super::rls;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const REPORTS: &str = "stop_reports";
const POSITIONS: &str = "eld_positions";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(REPORTS)
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("load_id"))
                .col(uuid("stop_id"))
                // arrived | completed | departed
                .col(string("event"))
                // office | driver | eld
                .col(string("source"))
                .col(timestamp_with_time_zone("at"))
                .col(double_null("lat"))
                .col(double_null("lon"))
                .col(uuid_null("actor_id"))
                .col(string("actor_name"))
                .col(string_null("client_id"))
                .col(timestamp_with_time_zone("recorded_at"))
                .foreign_key(&mut fk_fleet(REPORTS))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_stop_reports_stop")
                        .from(REPORTS, "stop_id")
                        .to("load_stops", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_stop_reports_source")
                .table(REPORTS)
                .col("stop_id")
                .col("event")
                .col("source")
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_stop_reports_client")
                .table(REPORTS)
                .col("fleet_account_id")
                .col("client_id")
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_stop_reports_load")
                .table(REPORTS)
                .col("fleet_account_id")
                .col("load_id")
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("load_events")
                .add_column(string_null("source"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("load_events")
                .add_column(uuid_null("stop_id"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("load_events")
                .add_column(string_null("stop_event"))
                .to_owned(),
        )
        .await?;
        for col in [
            string_null("driver_response"),
            timestamp_with_time_zone_null("driver_response_at"),
            uuid_null("driver_response_by"),
            string_null("decline_reason"),
        ] {
            let mut col = col;
            m.alter_table(
                Table::alter()
                    .table("loads")
                    .add_column(&mut col)
                    .to_owned(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table("facilities")
                .add_column(double_null("arrival_radius_miles"))
                .to_owned(),
        )
        .await?;
        for col in [
            uuid_null("stop_id"),
            string_null("client_id"),
            string_null("receiver_name"),
            big_integer_null("amount_cents"),
        ] {
            let mut col = col;
            m.alter_table(
                Table::alter()
                    .table("fleet_documents")
                    .add_column(&mut col)
                    .to_owned(),
            )
            .await?;
        }
        m.create_index(
            Index::create()
                .name("uq_fleet_documents_client")
                .table("fleet_documents")
                .col("fleet_account_id")
                .col("client_id")
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(POSITIONS)
                .col(uuid("fleet_account_id"))
                // The provider's id of the vehicle.
                .col(string("eld_vehicle_id"))
                .col(double("lat"))
                .col(double("lon"))
                .col(timestamp_with_time_zone("reported_at"))
                .col(timestamp_with_time_zone("fetched_at"))
                .primary_key(
                    Index::create()
                        .col("fleet_account_id")
                        .col("eld_vehicle_id"),
                )
                .foreign_key(&mut fk_fleet(POSITIONS))
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        for table in [REPORTS, POSITIONS] {
            rls::enable_rls(conn, table, Some("fleet_account_id")).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(POSITIONS).to_owned())
            .await?;
        m.drop_index(
            Index::drop()
                .name("uq_fleet_documents_client")
                .table("fleet_documents")
                .to_owned(),
        )
        .await?;
        for col in ["stop_id", "client_id", "receiver_name", "amount_cents"] {
            m.alter_table(
                Table::alter()
                    .table("fleet_documents")
                    .drop_column(col)
                    .to_owned(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table("facilities")
                .drop_column("arrival_radius_miles")
                .to_owned(),
        )
        .await?;
        for col in [
            "driver_response",
            "driver_response_at",
            "driver_response_by",
            "decline_reason",
        ] {
            m.alter_table(Table::alter().table("loads").drop_column(col).to_owned())
                .await?;
        }
        for col in ["source", "stop_id", "stop_event"] {
            m.alter_table(
                Table::alter()
                    .table("load_events")
                    .drop_column(col)
                    .to_owned(),
            )
            .await?;
        }
        m.drop_table(Table::drop().table(REPORTS).to_owned()).await
    }
}
