//! Part 1 §3 data model (profiles, accounts, fleet_accounts, fleet_signups)
//! plus sessions, one-time tokens, sign-in attempts and installation facts.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn fk(
    name: &str,
    from: (&'static str, &'static str),
    to: (&'static str, &'static str),
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(on_delete)
        .to_owned()
}

fn index(name: &str, table: &'static str, cols: &[&'static str]) -> IndexCreateStatement {
    let mut stmt = Index::create();
    stmt.name(name).table(table);
    for col in cols {
        stmt.col(*col);
    }
    stmt.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // fleet_accounts.owner_id points at profiles, which point at accounts,
        // which point at fleet_accounts: the cycle is broken at owner_id,
        // which is indexed but carries no constraint (see docs/decisions).
        m.create_table(
            Table::create()
                .table("fleet_accounts")
                .col(pk_uuid("id"))
                .col(string_uniq("dot_number"))
                .col(string("legal_name"))
                .col(string_null("dba_name"))
                .col(integer("power_units").default(1))
                .col(big_integer_null("monthly_rate_cents"))
                .col(uuid_null("owner_id"))
                .col(string_null("contact_first_name"))
                .col(string_null("contact_last_name"))
                .col(string_null("contact_email"))
                .col(string_null("contact_phone"))
                .col(string("status").default("pending"))
                .col(string_null("subscription_status"))
                .col(json_binary_null("fmcsa_data"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "idx_fleet_accounts_owner",
            "fleet_accounts",
            &["owner_id"],
        ))
        .await?;
        m.create_index(index(
            "idx_fleet_accounts_legal_name",
            "fleet_accounts",
            &["legal_name"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("accounts")
                .col(pk_uuid("id"))
                .col(string("name"))
                .col(string("type"))
                .col(uuid_null("fleet_account_id"))
                .col(boolean("is_active").default(true))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk(
                    "fk_accounts_fleet_account",
                    ("accounts", "fleet_account_id"),
                    ("fleet_accounts", "id"),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "idx_accounts_fleet_account",
            "accounts",
            &["fleet_account_id"],
        ))
        .await?;
        m.create_index(index(
            "idx_accounts_created_at",
            "accounts",
            &["created_at"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("profiles")
                .col(pk_uuid("id"))
                .col(string_uniq("email"))
                .col(string("password_hash"))
                .col(string_null("role"))
                .col(string_null("first_name"))
                .col(string_null("last_name"))
                .col(uuid_null("account_id"))
                .col(timestamp_with_time_zone_null("email_confirmed_at"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk(
                    "fk_profiles_account",
                    ("profiles", "account_id"),
                    ("accounts", "id"),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index("idx_profiles_account", "profiles", &["account_id"]))
            .await?;
        m.create_index(index("idx_profiles_role", "profiles", &["role"]))
            .await?;

        m.create_table(
            Table::create()
                .table("fleet_signups")
                .col(pk_uuid("id"))
                .col(string("dot_number"))
                .col(string("legal_name"))
                .col(string_null("dba_name"))
                .col(string_null("street_address"))
                .col(string_null("city"))
                .col(string_null("state"))
                .col(string_null("zip_code"))
                .col(string_null("phone_number"))
                .col(integer_null("power_units"))
                .col(string_null("fleet_size"))
                .col(big_integer_null("monthly_rate_cents"))
                .col(json_binary_null("fmcsa_data"))
                .col(integer("current_step").default(1))
                .col(string_null("first_name"))
                .col(string_null("last_name"))
                .col(string_null("email"))
                .col(string_null("contact_phone"))
                .col(string_null("stripe_session_id"))
                .col(boolean("completed").default(false))
                .col(uuid_null("user_id"))
                .col(string_null("subscription_status"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .foreign_key(&mut fk(
                    "fk_fleet_signups_user",
                    ("fleet_signups", "user_id"),
                    ("profiles", "id"),
                    ForeignKeyAction::SetNull,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "idx_fleet_signups_created_at",
            "fleet_signups",
            &["created_at"],
        ))
        .await?;
        m.create_index(index(
            "idx_fleet_signups_dot",
            "fleet_signups",
            &["dot_number", "created_at"],
        ))
        .await?;
        m.create_index(index(
            "idx_fleet_signups_stripe_session",
            "fleet_signups",
            &["stripe_session_id"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("sessions")
                .col(string("id").primary_key())
                .col(uuid("user_id"))
                .col(string("csrf_token"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("expires_at"))
                .foreign_key(&mut fk(
                    "fk_sessions_user",
                    ("sessions", "user_id"),
                    ("profiles", "id"),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index("idx_sessions_user", "sessions", &["user_id"]))
            .await?;
        m.create_index(index("idx_sessions_expires", "sessions", &["expires_at"]))
            .await?;

        m.create_table(
            Table::create()
                .table("one_time_tokens")
                .col(string("id").primary_key())
                .col(uuid("user_id"))
                .col(string("purpose"))
                .col(timestamp_with_time_zone("expires_at"))
                .col(timestamp_with_time_zone_null("used_at"))
                .col(timestamp_with_time_zone("created_at"))
                .foreign_key(&mut fk(
                    "fk_one_time_tokens_user",
                    ("one_time_tokens", "user_id"),
                    ("profiles", "id"),
                    ForeignKeyAction::Cascade,
                ))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "idx_one_time_tokens_user",
            "one_time_tokens",
            &["user_id", "purpose"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("sign_in_attempts")
                .col(big_pk_auto("id"))
                .col(string("email"))
                .col(string("ip"))
                .col(timestamp_with_time_zone("created_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(index(
            "idx_sign_in_attempts_email",
            "sign_in_attempts",
            &["email", "created_at"],
        ))
        .await?;
        m.create_index(index(
            "idx_sign_in_attempts_ip",
            "sign_in_attempts",
            &["ip", "created_at"],
        ))
        .await?;

        m.create_table(
            Table::create()
                .table("app_meta")
                .col(string("key").primary_key())
                .col(string("value"))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "app_meta",
            "sign_in_attempts",
            "one_time_tokens",
            "sessions",
            "fleet_signups",
            "profiles",
            "accounts",
            "fleet_accounts",
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
