//! The driver portal (issue 13): drivers sign in through their fleet's
//! portal link, with the fleet's shared password or their own (set through
//! a one-time invite), upload renewals that the fleet admin reviews, and
//! write to the fleet's office, whose messages land in an inbox.
//!
//! - `fleet_drivers` gains an e-mail (the login when the fleet's portal logs
//!   in by e-mail; unique within a fleet, stored lower-cased) and the hash of
//!   the driver's own portal password.
//! - `driver_sessions` are a signed-in driver's browsers. Like `accounts`,
//!   the table is read while a request's session is resolved, before any
//!   tenant is known, so it is not under row-level security
//!   (`rls::NOT_TENANT_TABLES`); every read of the driver behind it is.
//! - `driver_invites`, `driver_renewals` and `fleet_messages` are a fleet's
//!   rows under row-level security.

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

fn driver_fk(
    table: &'static str,
    column: &'static str,
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to("fleet_drivers", "id")
        .on_delete(on_delete)
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

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for column in [string_null("email"), string_null("portal_password_hash")] {
            m.alter_table(
                Table::alter()
                    .table("fleet_drivers")
                    .add_column(column)
                    .to_owned(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table("fleet_drivers")
                .add_column(timestamp_with_time_zone_null("portal_password_set_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            index(
                "uq_fleet_drivers_email",
                "fleet_drivers",
                &["fleet_account_id", "email"],
            )
            .unique()
            .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("driver_sessions")
                .col(string("id").primary_key())
                .col(uuid("fleet_account_id"))
                .col(uuid("driver_id"))
                .col(string("csrf_token"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("last_seen_at"))
                .foreign_key(&mut fleet_fk("driver_sessions"))
                .foreign_key(&mut driver_fk(
                    "driver_sessions",
                    "driver_id",
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "ix_driver_sessions_driver",
            "driver_sessions",
            &["driver_id"],
        ))
        .await?;
        m.create_index(index(
            "ix_driver_sessions_fleet",
            "driver_sessions",
            &["fleet_account_id"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("driver_invites")
                .col(string("id").primary_key())
                .col(uuid("fleet_account_id"))
                .col(uuid("driver_id"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("used_at"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fleet_fk("driver_invites"))
                .foreign_key(&mut driver_fk(
                    "driver_invites",
                    "driver_id",
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "ix_driver_invites_driver",
            "driver_invites",
            &["fleet_account_id", "driver_id"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("driver_renewals")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid("driver_id"))
                // driver | truck | trailer: what the renewed document is for.
                .col(string("target_kind"))
                .col(uuid_null("truck_id"))
                .col(uuid_null("trailer_id"))
                .col(string("document_type"))
                .col(string("name"))
                .col(date_null("expiration_date"))
                .col(text_null("note"))
                .col(string("file_path"))
                .col(string("file_name"))
                .col(string("file_type"))
                .col(big_integer("file_size"))
                // pending | accepted | rejected
                .col(string("status"))
                .col(text_null("reason"))
                .col(uuid_null("document_id"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("reviewed_at"))
                .col(uuid_null("reviewed_by"))
                .foreign_key(&mut fleet_fk("driver_renewals"))
                .foreign_key(&mut driver_fk(
                    "driver_renewals",
                    "driver_id",
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(
            index(
                "ux_driver_renewals_file_path",
                "driver_renewals",
                &["file_path"],
            )
            .unique()
            .to_owned(),
        )
        .await?;
        m.create_index(index(
            "ix_driver_renewals_queue",
            "driver_renewals",
            &["fleet_account_id", "status", "created_at"],
        ))
        .await?;
        m.create_index(index(
            "ix_driver_renewals_driver",
            "driver_renewals",
            &["fleet_account_id", "driver_id", "created_at"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("fleet_messages")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(uuid_null("driver_id"))
                .col(string("sender_name"))
                .col(string("sender_email"))
                .col(string_null("company"))
                .col(text("message"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone_null("read_at"))
                .foreign_key(&mut fleet_fk("fleet_messages"))
                .foreign_key(&mut driver_fk(
                    "fleet_messages",
                    "driver_id",
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "ix_fleet_messages_inbox",
            "fleet_messages",
            &["fleet_account_id", "created_at"],
        ))
        .await?;
        m.create_index(index(
            "ix_fleet_messages_unread",
            "fleet_messages",
            &["fleet_account_id", "read_at"],
        ))
        .await?;

        let conn = m.get_connection();
        for table in ["driver_invites", "driver_renewals", "fleet_messages"] {
            super::rls::enable_rls(conn, table, Some("fleet_account_id")).await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "fleet_messages",
            "driver_renewals",
            "driver_invites",
            "driver_sessions",
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        m.drop_index(
            Index::drop()
                .name("uq_fleet_drivers_email")
                .table("fleet_drivers")
                .to_owned(),
        )
        .await?;
        for column in ["portal_password_set_at", "portal_password_hash", "email"] {
            m.alter_table(
                Table::alter()
                    .table("fleet_drivers")
                    .drop_column(column)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
