//! The compliance calendar (issue 14), decision 025.
//!
//! - `driver_qualifications`: a driver's CDL, medical card, annual MVR
//!   review, annual Clearinghouse query and drug test, one row per driver
//!   and kind, each optionally backed by a stored document. `due_on` is the
//!   date the item lapses (the CDL's expiry, or the MVR review done + 12
//!   months), kept so the calendar reads one indexed column.
//! - `compliance_settings`: per fleet, the reminder thresholds, who gets the
//!   digest, and the hash of the calendar feed's secret token (unique: the
//!   feed URL finds its fleet by it).
//! - `fleet_notifications`: what the bell shows and the reminder log in one.
//!   A reminder is one row per (item, threshold), so a reminder is sent once
//!   per item and threshold; `due_on` is the date it was sent for, so a
//!   renewed item (a later date) is reminded again. FMCSA changes add rows
//!   of their own.
//! - `compliance_digests`: one row per fleet and day; its unique key is what
//!   makes two runs of the daily job (or a restart) send one digest.
//! - `fmcsa_snapshots` / `fmcsa_changes`: the monitored fields of the
//!   fleet's own carrier record, one snapshot per fleet and day, and each
//!   change between two snapshots.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn fleet_fk(table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_fleet"))
        .from(table, "fleet_account_id")
        .to("fleet_accounts", "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn index(name: &str, table: &'static str, cols: &[&'static str]) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table);
    for col in cols {
        index.col(*col);
    }
    index.to_owned()
}

const TENANT_TABLES: [&str; 6] = [
    "driver_qualifications",
    "compliance_settings",
    "fleet_notifications",
    "compliance_digests",
    "fmcsa_snapshots",
    "fmcsa_changes",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("driver_qualifications")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("driver_id"))
                // cdl | medical | mvr | clearinghouse | drug_test
                .col(string("kind"))
                .col(string_null("number"))
                .col(string_null("state"))
                .col(string_null("class"))
                .col(date_null("done_on"))
                .col(date_null("expires_on"))
                .col(date_null("due_on"))
                .col(uuid_null("document_id"))
                .col(timestamp_with_time_zone("updated_at"))
                .col(uuid_null("updated_by"))
                .foreign_key(&mut fleet_fk("driver_qualifications"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_driver_qualifications_driver")
                        .from("driver_qualifications", "driver_id")
                        .to("fleet_drivers", "id")
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_driver_qualifications_document")
                        .from("driver_qualifications", "document_id")
                        .to("fleet_documents", "id")
                        .on_delete(ForeignKeyAction::SetNull),
                )
                .to_owned(),
        )
        .await?;
        m.create_index(
            index(
                "uq_driver_qualifications_kind",
                "driver_qualifications",
                &["fleet_account_id", "driver_id", "kind"],
            )
            .unique()
            .to_owned(),
        )
        .await?;
        m.create_index(index(
            "ix_driver_qualifications_due",
            "driver_qualifications",
            &["fleet_account_id", "due_on"],
        ))
        .await?;
        m.create_index(index(
            "ix_driver_qualifications_driver",
            "driver_qualifications",
            &["driver_id"],
        ))
        .await?;
        m.create_index(index(
            "ix_driver_qualifications_document",
            "driver_qualifications",
            &["document_id"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("compliance_settings")
                .col(uuid("fleet_account_id").primary_key())
                // Days before the date, comma-separated, e.g. "90,60,30,7,1,0".
                .col(string("thresholds"))
                // Profile ids of the fleet admins who get the digest; NULL: all.
                .col(json_null("recipients"))
                .col(string_null("calendar_token_hash"))
                .col(timestamp_with_time_zone_null("calendar_token_created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fleet_fk("compliance_settings"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            index(
                "uq_compliance_settings_calendar_token",
                "compliance_settings",
                &["calendar_token_hash"],
            )
            .unique()
            .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("fleet_notifications")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                // reminder | fmcsa
                .col(string("kind"))
                // doc:{id} | qual:{id} | fleet:mcs150 | fmcsa:{change id}
                .col(string("item_key"))
                .col(integer("threshold"))
                .col(date_null("due_on"))
                .col(string("title"))
                .col(string_null("detail"))
                .col(string("link"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("read_at"))
                .foreign_key(&mut fleet_fk("fleet_notifications"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            index(
                "uq_fleet_notifications_item",
                "fleet_notifications",
                &["fleet_account_id", "item_key", "threshold"],
            )
            .unique()
            .to_owned(),
        )
        .await?;
        m.create_index(index(
            "ix_fleet_notifications_recent",
            "fleet_notifications",
            &["fleet_account_id", "created_at"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("compliance_digests")
                .col(uuid("fleet_account_id"))
                .col(date("day"))
                .col(integer("item_count"))
                .col(timestamp_with_time_zone("created_at"))
                .primary_key(Index::create().col("fleet_account_id").col("day"))
                .foreign_key(&mut fleet_fk("compliance_digests"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("fmcsa_snapshots")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(date("taken_on"))
                .col(timestamp_with_time_zone("taken_at"))
                .col(json("fields"))
                .foreign_key(&mut fleet_fk("fmcsa_snapshots"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            index(
                "uq_fmcsa_snapshots_day",
                "fmcsa_snapshots",
                &["fleet_account_id", "taken_on"],
            )
            .unique()
            .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("fmcsa_changes")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(date("taken_on"))
                .col(timestamp_with_time_zone("detected_at"))
                .col(string("field"))
                .col(string_null("old_value"))
                .col(string_null("new_value"))
                // Whether the change is one the fleet must act on (banner red).
                .col(boolean("adverse"))
                .col(timestamp_with_time_zone_null("dismissed_at"))
                .foreign_key(&mut fleet_fk("fmcsa_changes"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            index(
                "uq_fmcsa_changes_field",
                "fmcsa_changes",
                &["fleet_account_id", "taken_on", "field"],
            )
            .unique()
            .to_owned(),
        )
        .await?;
        m.create_index(index(
            "ix_fmcsa_changes_recent",
            "fmcsa_changes",
            &["fleet_account_id", "detected_at"],
        ))
        .await?;

        // A driver renewal can say which qualification it renews.
        m.alter_table(
            Table::alter()
                .table("driver_renewals")
                .add_column(string_null("qualification"))
                .to_owned(),
        )
        .await?;

        let conn = m.get_connection();
        for table in TENANT_TABLES {
            super::rls::enable_rls(conn, table, Some("fleet_account_id")).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("driver_renewals")
                .drop_column("qualification")
                .to_owned(),
        )
        .await?;
        for table in TENANT_TABLES.iter().rev() {
            m.drop_table(Table::drop().table(*table).to_owned()).await?;
        }
        Ok(())
    }
}
