//! Carrier lookup cache, Stripe linkage on signups, processed webhook events
//! and the offline test checkout's sessions.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("carrier_lookups")
                .col(string("dot_number").primary_key())
                .col(json_binary_null("response"))
                .col(timestamp_with_time_zone("fetched_at"))
                .to_owned(),
        )
        .await?;

        // SQLite takes one column per ALTER TABLE.
        for col in [
            string_null("stripe_customer_id"),
            string_null("stripe_subscription_id"),
            timestamp_with_time_zone_null("subscription_event_at"),
        ] {
            m.alter_table(
                Table::alter()
                    .table("fleet_signups")
                    .add_column(col)
                    .to_owned(),
            )
            .await?;
        }
        m.create_index(
            Index::create()
                .name("idx_fleet_signups_stripe_subscription")
                .table("fleet_signups")
                .col("stripe_subscription_id")
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("stripe_events")
                .col(string("id").primary_key())
                .col(string("event_type"))
                .col(timestamp_with_time_zone("received_at"))
                .to_owned(),
        )
        .await?;

        m.create_table(
            Table::create()
                .table("test_checkout_sessions")
                .col(string("id").primary_key())
                .col(uuid("signup_id"))
                .col(big_integer("amount_cents"))
                .col(string("currency"))
                .col(string("description"))
                .col(string_null("customer_email"))
                .col(string("status"))
                .col(string("payment_status"))
                .col(string_null("subscription_id"))
                .col(string_null("customer_id"))
                .col(string("success_url"))
                .col(string("cancel_url"))
                .col(timestamp_with_time_zone("created_at"))
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in ["test_checkout_sessions", "stripe_events", "carrier_lookups"] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        for col in [
            "subscription_event_at",
            "stripe_subscription_id",
            "stripe_customer_id",
        ] {
            m.alter_table(
                Table::alter()
                    .table("fleet_signups")
                    .drop_column(col)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }
}
