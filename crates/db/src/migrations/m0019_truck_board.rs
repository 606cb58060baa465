//! The truck board and broker accounts (issue 15), decision 026.
//!
//! - `accounts.mc_number` (a broker's MC number) and
//!   `profiles.deactivated_at` (a broker admin can switch a user off).
//! - `truck_postings`: a fleet's available truck. The carrier's public facts
//!   and trust flags are copied onto the posting (refreshed with the
//!   fleet's FMCSA data) so that a search reads one table. Fleet-owned under
//!   row-level security, plus a read-only `board_read` policy through which
//!   any broker account sees active postings.
//! - `board_index`: what a search filters on, one row per active posting,
//!   written with the posting in one transaction. It holds no tenant data
//!   beyond what the board publishes to every broker, so it is outside
//!   row-level security — which matters: PostgreSQL will not use a
//!   non-leakproof operator (the `cube` ones) as an index condition on a
//!   table under RLS, and the radius search must be an index search.
//!   On PostgreSQL a GiST index of `cube` points on the unit sphere
//!   (contrib `cube`, a trusted extension) finds and orders by distance; on
//!   SQLite an R*Tree of latitude/longitude boxes, kept by triggers, finds
//!   the candidates and the exact great-circle test follows.
//! - `saved_searches`: a broker user's saved criteria and alert state,
//!   owned by the broker account (its own row-level policy).

use super::rls;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The indexed point of a posting on PostgreSQL. A query must spell it the
/// same way for the planner to use the index.
///
/// Built with `cube(cube, float8)` (which adds a dimension) rather than an
/// `ARRAY[...]` literal: the query builder reads square brackets as a quoted
/// name and would skip the placeholders between them.
pub const BOARD_POINT_SQL: &str = "cube(cube(cube(cos(radians(lat)) * cos(radians(lon))), \
     cos(radians(lat)) * sin(radians(lon))), sin(radians(lat)))";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("accounts")
                .add_column(string_null("mc_number"))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("profiles")
                .add_column(timestamp_with_time_zone_null("deactivated_at"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("truck_postings")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("vehicle_id"))
                .col(string("truck_number"))
                .col(string("origin_city"))
                .col(string("origin_state"))
                .col(string_null("origin_zip"))
                .col(double("lat"))
                .col(double("lon"))
                // typed | eld
                .col(string("location_source"))
                .col(timestamp_with_time_zone_null("location_updated_at"))
                .col(date("available_from"))
                .col(date("available_to"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(string("equipment_type"))
                .col(integer_null("length_ft"))
                .col(integer_null("weight_lbs"))
                // ",IL,TX," or "" for open (domain::board::destinations_column)
                .col(string("destinations"))
                .col(integer_null("rate_per_mile_cents"))
                .col(text_null("notes"))
                // active | withdrawn | expired
                .col(string("status"))
                .col(string("carrier_name"))
                .col(string("carrier_dot"))
                .col(string_null("carrier_mc"))
                .col(string_null("contact_name"))
                .col(string_null("contact_phone"))
                .col(string_null("contact_email"))
                .col(boolean("carrier_approved"))
                .col(boolean("carrier_allowed"))
                .col(boolean("authority_active"))
                .col(boolean("insurance_on_file"))
                .col(timestamp_with_time_zone("posted_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .col(timestamp_with_time_zone_null("ended_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_truck_postings_fleet")
                        .from("truck_postings", "fleet_account_id")
                        .to("fleet_accounts", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_truck_postings_vehicle")
                        .from("truck_postings", "vehicle_id")
                        .to("fleet_vehicles", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_truck_postings_fleet")
                .table("truck_postings")
                .col("fleet_account_id")
                .col("status")
                .col("posted_at")
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_truck_postings_posted")
                .table("truck_postings")
                .col("status")
                .col("posted_at")
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        // One active posting per truck, whatever two requests do at once.
        conn.execute_unprepared(
            "CREATE UNIQUE INDEX uq_truck_postings_active_vehicle
               ON truck_postings (vehicle_id) WHERE status = 'active'",
        )
        .await?;
        m.create_table(
            Table::create()
                .table("board_index")
                .col(pk_uuid("posting_id"))
                // The SQLite R*Tree's integer key (the id's first 8 bytes).
                .col(big_integer_uniq("board_key"))
                .col(double("lat"))
                .col(double("lon"))
                .col(string("equipment_type"))
                .col(string("destinations"))
                .col(date("available_from"))
                .col(date("available_to"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone("posted_at"))
                .col(boolean("carrier_allowed"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_board_index_posting")
                        .from("board_index", "posting_id")
                        .to("truck_postings", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_board_index_posted")
                .table("board_index")
                .col("posted_at")
                .to_owned(),
        )
        .await?;
        match conn.get_database_backend() {
            DatabaseBackend::Postgres => {
                conn.execute_unprepared(&format!(
                    "CREATE EXTENSION IF NOT EXISTS cube;
                     CREATE INDEX ix_board_index_point ON board_index
                       USING gist (({BOARD_POINT_SQL}));"
                ))
                .await?;
            }
            _ => {
                conn.execute_unprepared(
                    "CREATE VIRTUAL TABLE board_index_rtree
                       USING rtree(id, min_lat, max_lat, min_lon, max_lon);
                     CREATE TRIGGER board_index_rtree_insert AFTER INSERT ON board_index BEGIN
                       INSERT INTO board_index_rtree VALUES
                         (new.board_key, new.lat, new.lat, new.lon, new.lon);
                     END;
                     CREATE TRIGGER board_index_rtree_update
                       AFTER UPDATE OF lat, lon ON board_index BEGIN
                       UPDATE board_index_rtree
                          SET min_lat = new.lat, max_lat = new.lat, min_lon = new.lon, max_lon = new.lon
                        WHERE id = new.board_key;
                     END;
                     CREATE TRIGGER board_index_rtree_delete AFTER DELETE ON board_index BEGIN
                       DELETE FROM board_index_rtree WHERE id = old.board_key;
                     END;",
                )
                .await?;
            }
        }
        m.create_table(
            Table::create()
                .table("saved_searches")
                .col(pk_uuid("id"))
                .col(uuid("broker_account_id"))
                .col(uuid("profile_id"))
                .col(string("name"))
                .col(json("criteria"))
                .col(boolean("alerts"))
                // The one-click unsubscribe token: its hash finds the search,
                // its sealed copy (AES-GCM) goes into every digest.
                .col(string_null("unsubscribe_token_hash"))
                .col(string_null("unsubscribe_token_sealed"))
                // Postings posted after this are new to the search's alerts.
                .col(timestamp_with_time_zone("checked_until"))
                .col(timestamp_with_time_zone_null("last_alert_at"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_saved_searches_broker")
                        .from("saved_searches", "broker_account_id")
                        .to("accounts", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_saved_searches_profile")
                        .from("saved_searches", "profile_id")
                        .to("profiles", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_saved_searches_owner")
                .table("saved_searches")
                .col("broker_account_id")
                .col("profile_id")
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_saved_searches_unsubscribe")
                .table("saved_searches")
                .col("unsubscribe_token_hash")
                .unique()
                .to_owned(),
        )
        .await?;
        rls::enable_rls(conn, "truck_postings", Some("fleet_account_id")).await?;
        rls::enable_board_read(conn, "truck_postings").await?;
        rls::enable_broker_rls(conn, "saved_searches").await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table("saved_searches").to_owned())
            .await?;
        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Sqlite {
            conn.execute_unprepared("DROP TABLE IF EXISTS board_index_rtree")
                .await?;
        }
        m.drop_table(Table::drop().table("board_index").to_owned())
            .await?;
        m.drop_table(Table::drop().table("truck_postings").to_owned())
            .await?;
        m.alter_table(
            Table::alter()
                .table("profiles")
                .drop_column("deactivated_at")
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("accounts")
                .drop_column("mc_number")
                .to_owned(),
        )
        .await
    }
}
