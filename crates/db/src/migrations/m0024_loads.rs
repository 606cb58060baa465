//! Loads (issue 31): a fleet's customers (brokers and shippers), facilities
//! (shippers' and receivers' places, each in its own time zone), loads with
//! their ordered stops and accessorial lines, every status change in
//! `load_events`, and the per-fleet PRO number counter. Every table is the
//! fleet's, under row-level security.
//!
//! A stop keeps its appointment or window as the facility's local clock
//! time plus the zone, as the rate confirmation states it, and the same as
//! instants (`starts_at`, `ends_at`) for ordering and overlap checks.

use super::m0005_fleet_assets::fk_fleet;
use super::rls;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [&str; 7] = [
    "load_counters",
    "customers",
    "facilities",
    "loads",
    "load_stops",
    "load_accessorials",
    "load_events",
];

fn load_fk(table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_load"))
        .from(table, "load_id")
        .to("loads", "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("load_counters")
                .col(pk_uuid("fleet_account_id"))
                .col(integer("last_pro"))
                .foreign_key(&mut fk_fleet("load_counters"))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("customers")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(string("name"))
                // broker | shipper
                .col(string("kind"))
                .col(string_null("usdot_number"))
                .col(string_null("mc_number"))
                .col(string_null("billing_email"))
                .col(integer("payment_terms_days"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk_fleet("customers"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_customers_fleet_name")
                .table("customers")
                .col("fleet_account_id")
                .col("name")
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("facilities")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(string("name"))
                .col(string("address"))
                .col(string("city"))
                .col(string("state"))
                .col(string_null("zip"))
                .col(double("lat"))
                .col(double("lon"))
                .col(string("time_zone"))
                .col(string_null("contact_name"))
                .col(string_null("contact_phone"))
                .col(string_null("hours"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk_fleet("facilities"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_facilities_fleet_name")
                .table("facilities")
                .col("fleet_account_id")
                .col("name")
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("loads")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("customer_id"))
                .col(integer("pro_number"))
                .col(string("load_number"))
                .col(string_null("bol_number"))
                .col(string_null("po_number"))
                .col(string_null("pickup_number"))
                .col(string("equipment_type"))
                .col(integer_null("length_ft"))
                .col(integer_null("reefer_temp_f"))
                .col(string_null("commodity"))
                .col(integer_null("weight_lbs"))
                .col(integer_null("pieces"))
                .col(string_null("hazmat_class"))
                .col(string_null("un_number"))
                .col(text_null("notes"))
                .col(string("status"))
                // flat | per_mile
                .col(string("rate_method"))
                .col(big_integer_null("rate_per_mile_cents"))
                .col(big_integer("linehaul_cents"))
                .col(big_integer("fuel_surcharge_cents"))
                .col(integer_null("detention_free_minutes"))
                .col(big_integer_null("detention_rate_cents"))
                .col(big_integer_null("detention_cap_cents"))
                .col(big_integer_null("tonu_cents"))
                .col(integer_null("tonu_window_hours"))
                .col(integer("loaded_miles"))
                .col(timestamp_with_time_zone("first_pickup_at"))
                .col(timestamp_with_time_zone("last_delivery_at"))
                .col(text_null("cancel_reason"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk_fleet("loads"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_loads_customer")
                        .from("loads", "customer_id")
                        .to("customers", "id")
                        .on_delete(ForeignKeyAction::Restrict),
                )
                .to_owned(),
        )
        .await?;
        // A PRO number is the fleet's and never given twice.
        m.create_index(
            Index::create()
                .name("uq_loads_fleet_pro")
                .table("loads")
                .col("fleet_account_id")
                .col("pro_number")
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_loads_fleet_status_pickup")
                .table("loads")
                .col("fleet_account_id")
                .col("status")
                .col("first_pickup_at")
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("load_stops")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("load_id"))
                .col(integer("seq"))
                // pickup | delivery
                .col(string("kind"))
                .col(uuid("facility_id"))
                // The facility's local clock: an appointment has no end.
                .col(date_time("local_start"))
                .col(date_time_null("local_end"))
                .col(string("time_zone"))
                .col(timestamp_with_time_zone("starts_at"))
                .col(timestamp_with_time_zone("ends_at"))
                .col(timestamp_with_time_zone_null("arrived_at"))
                .col(timestamp_with_time_zone_null("departed_at"))
                .col(text_null("instructions"))
                .foreign_key(&mut fk_fleet("load_stops"))
                .foreign_key(&mut load_fk("load_stops"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_load_stops_facility")
                        .from("load_stops", "facility_id")
                        .to("facilities", "id")
                        .on_delete(ForeignKeyAction::Restrict),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("uq_load_stops_load_seq")
                .table("load_stops")
                .col("load_id")
                .col("seq")
                .unique()
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("load_accessorials")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("load_id"))
                .col(string("kind"))
                .col(big_integer("amount_cents"))
                .col(string_null("note"))
                .foreign_key(&mut fk_fleet("load_accessorials"))
                .foreign_key(&mut load_fk("load_accessorials"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_load_accessorials_load")
                .table("load_accessorials")
                .col("load_id")
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table("load_events")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("load_id"))
                .col(timestamp_with_time_zone("at"))
                .col(uuid_null("actor_id"))
                .col(string("actor_name"))
                .col(string_null("from_status"))
                .col(string("to_status"))
                .col(string_null("at7_code"))
                .col(text_null("reason"))
                .foreign_key(&mut fk_fleet("load_events"))
                .foreign_key(&mut load_fk("load_events"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_load_events_load_at")
                .table("load_events")
                .col("load_id")
                .col("at")
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
