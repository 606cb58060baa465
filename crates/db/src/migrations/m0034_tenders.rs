//! Issue 33: a broker tenders a load to a posted truck; the carrier accepts,
//! declines or counters; acceptance makes the carrier's load and the
//! broker's shipment, and the broker follows the shipment by consent.
//!
//! 1. `broker_facilities`: the broker's own shippers' and receivers' places
//!    (the broker's rows only).
//! 2. `tenders`, `shipments`, `shipment_events`, `shipment_documents`,
//!    `tender_revisions`: rows two tenants share. Each carries both
//!    `fleet_account_id` and `broker_account_id`, and its policy lets a
//!    transaction acting for either party see it (decision 049). What a
//!    broker may see of the carrier's load is copied into them in the
//!    carrier's transaction (milestones, the shared position, the POD), so
//!    the carrier's own tables stay closed to brokers.
//! 3. `tender_links`: the one-time links e-mailed to the carrier's admins,
//!    by the hash of their token.
//! 4. `customers.broker_account_id`: the carrier's customer that is a
//!    Longhaul broker account (one per fleet).
//! 5. `fleet_accounts.share_position_default`, `accounts.usdot_number`.
//! 6. The board's trust signals from Longhaul's own data, copied onto each
//!    posting by the board's refresh: loads delivered, on-time pickup and
//!    delivery over 90 days (and whether the ELD reported them), and
//!    whether the posted truck is committed to an overlapping load;
//!    `tenders.broker_loads_tendered`: the broker's record the carrier sees.

use super::m0005_fleet_assets::fk_fleet;
use super::rls;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Tables both parties of a tender see.
pub const SHARED_TABLES: [&str; 5] = [
    "tenders",
    "tender_revisions",
    "shipments",
    "shipment_events",
    "shipment_documents",
];

fn fk_broker(table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_broker"))
        .from(table, "broker_account_id")
        .to("accounts", "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn fk_to(table: &'static str, column: &'static str, to: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to(to, "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

async fn index(
    m: &SchemaManager<'_>,
    name: &str,
    table: &str,
    cols: &[&str],
    unique: bool,
) -> Result<(), DbErr> {
    let mut index = Index::create();
    index.name(name).table(table.to_owned());
    for col in cols {
        index.col(ToString::to_string(col));
    }
    if unique {
        index.unique();
    }
    m.create_index(index.to_owned()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("broker_facilities")
                .col(pk_uuid("id"))
                .col(uuid("broker_account_id"))
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
                .foreign_key(&mut fk_broker("broker_facilities"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "uq_broker_facilities_name",
            "broker_facilities",
            &["broker_account_id", "name"],
            true,
        )
        .await?;

        m.create_table(
            Table::create()
                .table("tenders")
                .col(pk_uuid("id"))
                .col(uuid("broker_account_id"))
                .col(uuid("fleet_account_id"))
                .col(uuid_null("posting_id"))
                .col(uuid_null("vehicle_id"))
                .col(string_null("truck_number"))
                // offered | countered | accepted | declined | withdrawn | expired
                .col(string("status"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(uuid("created_by"))
                .col(string("broker_name"))
                .col(string_null("broker_dot"))
                .col(string_null("broker_mc"))
                .col(string("broker_contact_name"))
                .col(string("broker_contact_email"))
                .col(string("carrier_name"))
                .col(string("carrier_dot"))
                .col(string_null("carrier_mc"))
                .col(string("load_number"))
                .col(string_null("po_number"))
                .col(string_null("pickup_number"))
                .col(string("equipment_type"))
                .col(integer_null("length_ft"))
                .col(integer_null("reefer_temp_f"))
                .col(string_null("commodity"))
                .col(integer_null("weight_lbs"))
                // The offer's stops and money, as JSON (`domain::tenders::Terms`):
                // a tender is a snapshot, copied into the load on acceptance.
                .col(text("stops"))
                .col(text("terms"))
                .col(big_integer("total_cents"))
                .col(integer("payment_terms_days"))
                .col(text_null("notes"))
                .col(boolean_null("share_position"))
                .col(timestamp_with_time_zone("first_pickup_at"))
                .col(timestamp_with_time_zone("last_delivery_at"))
                .col(text_null("counter_terms"))
                .col(string_null("counter_note"))
                .col(string_null("countered_by"))
                .col(timestamp_with_time_zone_null("countered_at"))
                .col(string_null("decline_reason"))
                .col(string_null("accepted_by_name"))
                .col(string_null("accepted_by_title"))
                .col(timestamp_with_time_zone_null("accepted_at"))
                .col(string_null("override_reason"))
                .col(uuid_null("load_id"))
                .col(integer("broker_loads_tendered").default(0))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk_broker("tenders"))
                .foreign_key(&mut fk_fleet("tenders"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "ix_tenders_fleet",
            "tenders",
            &["fleet_account_id", "created_at"],
            false,
        )
        .await?;
        index(
            m,
            "ix_tenders_broker",
            "tenders",
            &["broker_account_id", "created_at"],
            false,
        )
        .await?;
        index(m, "uq_tenders_load", "tenders", &["load_id"], true).await?;

        m.create_table(
            Table::create()
                .table("tender_revisions")
                .col(pk_uuid("id"))
                .col(uuid("tender_id"))
                .col(uuid("broker_account_id"))
                .col(uuid("fleet_account_id"))
                .col(integer("revision"))
                // pending | accepted | declined
                .col(string("status"))
                .col(text("terms"))
                .col(text_null("notes"))
                .col(string("requested_by"))
                .col(string_null("accepted_by_name"))
                .col(string_null("accepted_by_title"))
                .col(timestamp_with_time_zone_null("accepted_at"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk_to("tender_revisions", "tender_id", "tenders"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "uq_tender_revisions_number",
            "tender_revisions",
            &["tender_id", "revision"],
            true,
        )
        .await?;

        m.create_table(
            Table::create()
                .table("shipments")
                .col(pk_uuid("id"))
                .col(uuid("broker_account_id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("tender_id"))
                .col(uuid("load_id"))
                .col(string("load_number"))
                .col(integer("pro_number"))
                .col(string("carrier_name"))
                .col(string("carrier_dot"))
                // the carrier's load status, copied on every change
                .col(string("status"))
                .col(string("origin"))
                .col(string("destination"))
                .col(timestamp_with_time_zone("first_pickup_at"))
                .col(timestamp_with_time_zone("last_delivery_at"))
                .col(big_integer("total_cents"))
                .col(boolean("share_position"))
                .col(timestamp_with_time_zone_null("delivered_at"))
                .col(text("stops"))
                .col(double_null("last_lat"))
                .col(double_null("last_lon"))
                .col(timestamp_with_time_zone_null("last_position_at"))
                // `load_number`, carrier and places in lower case, for search
                .col(string("search_text"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk_to("shipments", "tender_id", "tenders"))
                .to_owned(),
        )
        .await?;
        index(m, "uq_shipments_load", "shipments", &["load_id"], true).await?;
        index(m, "uq_shipments_tender", "shipments", &["tender_id"], true).await?;
        index(
            m,
            "ix_shipments_broker_created",
            "shipments",
            &["broker_account_id", "created_at"],
            false,
        )
        .await?;
        index(
            m,
            "ix_shipments_broker_status",
            "shipments",
            &["broker_account_id", "status", "created_at"],
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table("shipment_events")
                .col(pk_uuid("id"))
                .col(uuid("shipment_id"))
                .col(uuid("broker_account_id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("load_event_id"))
                .col(timestamp_with_time_zone("at"))
                .col(string("at7_code"))
                .col(string("status"))
                .col(integer_null("stop_seq"))
                .col(string_null("source"))
                .foreign_key(&mut fk_to("shipment_events", "shipment_id", "shipments"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "uq_shipment_events_load_event",
            "shipment_events",
            &["load_event_id"],
            true,
        )
        .await?;
        index(
            m,
            "ix_shipment_events_shipment",
            "shipment_events",
            &["shipment_id", "at"],
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table("shipment_documents")
                .col(pk_uuid("id"))
                .col(uuid("shipment_id"))
                .col(uuid("broker_account_id"))
                .col(uuid("fleet_account_id"))
                // rate_confirmation | proof_of_delivery
                .col(string("kind"))
                .col(integer_null("revision"))
                .col(uuid_null("fleet_document_id"))
                .col(string("file_path"))
                .col(string("file_name"))
                .col(string("file_type"))
                .col(big_integer("file_size"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk_to("shipment_documents", "shipment_id", "shipments"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "uq_shipment_documents_fleet_document",
            "shipment_documents",
            &["fleet_document_id"],
            true,
        )
        .await?;
        index(
            m,
            "ix_shipment_documents_shipment",
            "shipment_documents",
            &["shipment_id", "created_at"],
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table("tender_links")
                .col(string("id").primary_key())
                .col(uuid("fleet_account_id"))
                .col(uuid("tender_id"))
                .col(uuid("profile_id"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("used_at"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk_fleet("tender_links"))
                .foreign_key(&mut fk_to("tender_links", "tender_id", "tenders"))
                .to_owned(),
        )
        .await?;

        m.alter_table(
            Table::alter()
                .table("customers")
                .add_column(uuid_null("broker_account_id"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "uq_customers_fleet_broker",
            "customers",
            &["fleet_account_id", "broker_account_id"],
            true,
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("fleet_accounts")
                .add_column(boolean("share_position_default").default(false))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("accounts")
                .add_column(string_null("usdot_number"))
                .to_owned(),
        )
        .await?;
        for column in [
            integer("loads_delivered").default(0).to_owned(),
            integer_null("on_time_pickup_pct"),
            integer_null("on_time_delivery_pct"),
            boolean("on_time_from_eld").default(false).to_owned(),
            boolean("committed_elsewhere").default(false).to_owned(),
        ] {
            let mut column = column;
            m.alter_table(
                Table::alter()
                    .table("truck_postings")
                    .add_column(&mut column)
                    .to_owned(),
            )
            .await?;
        }

        let conn = m.get_connection();
        rls::enable_broker_rls(conn, "broker_facilities").await?;
        for table in SHARED_TABLES {
            rls::enable_shared_rls(conn, table).await?;
        }
        rls::enable_rls(conn, "tender_links", Some("fleet_account_id")).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "tender_links",
            "shipment_documents",
            "shipment_events",
            "shipments",
            "tender_revisions",
            "tenders",
            "broker_facilities",
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        m.drop_index(
            Index::drop()
                .name("uq_customers_fleet_broker")
                .table("customers")
                .to_owned(),
        )
        .await?;
        for (table, column) in [
            ("truck_postings", "committed_elsewhere"),
            ("truck_postings", "on_time_from_eld"),
            ("truck_postings", "on_time_delivery_pct"),
            ("truck_postings", "on_time_pickup_pct"),
            ("truck_postings", "loads_delivered"),
            ("customers", "broker_account_id"),
            ("fleet_accounts", "share_position_default"),
            ("accounts", "usdot_number"),
        ] {
            m.alter_table(Table::alter().table(table).drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}
