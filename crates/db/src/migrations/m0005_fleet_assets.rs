//! The fleet dashboard: company profile, branding, security and portal
//! settings on fleet_accounts; drivers, trucks, trailers and ELD
//! integrations as tenant tables under row-level security.

use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The foreign key from `table.fleet_account_id` to its fleet (later
/// migrations' tenant tables use it too).
pub(super) fn fk_fleet(table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_fleet"))
        .from(table, "fleet_account_id")
        .to("fleet_accounts", "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn fk_driver(table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_driver"))
        .from(table, "assigned_driver_id")
        .to("fleet_drivers", "id")
        .on_delete(ForeignKeyAction::SetNull)
        .to_owned()
}

fn index(
    name: &str,
    table: &'static str,
    cols: &[&'static str],
    unique: bool,
) -> IndexCreateStatement {
    let mut stmt = Index::create();
    stmt.name(name).table(table);
    if unique {
        stmt.unique();
    }
    for col in cols {
        stmt.col(*col);
    }
    stmt.to_owned()
}

/// The tables under row-level security (PostgreSQL), keyed on fleet_account_id.
pub const TENANT_TABLES: &[&str] = &[
    "fleet_drivers",
    "fleet_vehicles",
    "fleet_trailers",
    "fleet_eld_integrations",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for col in [
            string_null("mc_number"),
            string_null("physical_street"),
            string_null("physical_city"),
            string_null("physical_state"),
            string_null("physical_zip"),
            string_null("contact_street"),
            string_null("contact_city"),
            string_null("contact_state"),
            string_null("contact_zip"),
            string_null("authority_status"),
            string_null("authority_date"),
            string_null("registration_status"),
            string_null("registration_date"),
            string_null("insurance_required"),
            string_null("insurance_on_file"),
            string_null("stripe_customer_id"),
            string_null("stripe_subscription_id"),
            string_null("logo_path"),
            string_null("logo_content_type"),
            string("primary_color").default("#3E63DD").to_owned(),
            string("secondary_color").default("#6E56CF").to_owned(),
            integer("session_timeout_minutes").default(60).to_owned(),
            json_binary_null("portal_settings"),
            string_null("portal_system_password_hash"),
        ] {
            m.alter_table(
                Table::alter()
                    .table("fleet_accounts")
                    .add_column(col)
                    .to_owned(),
            )
            .await?;
        }
        m.alter_table(
            Table::alter()
                .table("sessions")
                .add_column(timestamp_with_time_zone_null("last_seen_at"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("fleet_drivers")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(string_null("driver_id"))
                .col(string_null("first_name"))
                .col(string_null("last_name"))
                .col(string_null("username"))
                .col(string_null("phone"))
                .col(string_null("license_number"))
                .col(string_null("license_state"))
                .col(string_null("eld_provider"))
                .col(text_null("notes"))
                .col(boolean("is_active").default(true))
                .col(json_binary_null("raw"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk_fleet("fleet_drivers"))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "idx_fleet_drivers_list",
            "fleet_drivers",
            &["fleet_account_id", "is_active", "last_name"],
            false,
        ))
        .await?;
        m.create_index(index(
            "uq_fleet_drivers_eld",
            "fleet_drivers",
            &["fleet_account_id", "driver_id"],
            true,
        ))
        .await?;

        for table in ["fleet_vehicles", "fleet_trailers"] {
            let mut t = Table::create();
            t.table(table)
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(string_null("name"));
            if table == "fleet_vehicles" {
                t.col(string_null("make"))
                    .col(string_null("model"))
                    .col(integer_null("year"))
                    .col(string_null("vehicle_id"));
            } else {
                t.col(string_null("trailer_id"))
                    .col(string_null("trailer_type"));
            }
            t.col(string_null("vin"))
                .col(string_null("license_plate"))
                .col(string("status").default("active"))
                .col(text_null("notes"))
                .col(boolean("is_active").default(true))
                .col(string_null("assigned_driver_eld_id"))
                .col(string_null("assigned_driver_name"))
                .col(uuid_null("assigned_driver_id"))
                .col(timestamp_with_time_zone_null("assigned_at"))
                .col(json_binary_null("raw"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk_fleet(table))
                .foreign_key(&mut fk_driver(table));
            m.create_table(t.to_owned()).await?;
        }
        m.create_index(index(
            "idx_fleet_vehicles_list",
            "fleet_vehicles",
            &["fleet_account_id", "status", "name"],
            false,
        ))
        .await?;
        m.create_index(index(
            "idx_fleet_vehicles_driver",
            "fleet_vehicles",
            &["fleet_account_id", "assigned_driver_eld_id"],
            false,
        ))
        .await?;
        m.create_index(index(
            "idx_fleet_trailers_list",
            "fleet_trailers",
            &["fleet_account_id", "status", "name"],
            false,
        ))
        .await?;
        m.create_index(index(
            "idx_fleet_trailers_driver",
            "fleet_trailers",
            &["fleet_account_id", "assigned_driver_eld_id"],
            false,
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("fleet_eld_integrations")
                .col(pk_uuid("id"))
                .col(uuid("fleet_account_id"))
                .col(string("provider"))
                .col(string_null("api_key_encrypted"))
                .col(boolean("is_active").default(true))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk_fleet("fleet_eld_integrations"))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "idx_fleet_eld_fleet",
            "fleet_eld_integrations",
            &["fleet_account_id"],
            false,
        ))
        .await?;

        let conn = m.get_connection();
        if conn.get_database_backend() == DatabaseBackend::Postgres {
            for table in TENANT_TABLES {
                conn.execute_unprepared(&format!(
                    "ALTER TABLE {table} ENABLE ROW LEVEL SECURITY;
                     ALTER TABLE {table} FORCE ROW LEVEL SECURITY;
                     CREATE POLICY tenant_isolation ON {table}
                       USING (current_setting('app.scope', true) = 'system'
                              OR fleet_account_id::text = current_setting('app.fleet_account_id', true))
                       WITH CHECK (current_setting('app.scope', true) = 'system'
                              OR fleet_account_id::text = current_setting('app.fleet_account_id', true));"
                ))
                .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "fleet_eld_integrations",
            "fleet_trailers",
            "fleet_vehicles",
            "fleet_drivers",
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
