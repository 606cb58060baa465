//! What a signup's checkout charged, frozen when checkout starts: the price
//! and band stored with the session, the payer's e-mail from Stripe, and a
//! note for the operator when the carrier no longer fits the band paid.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite takes one column per ALTER TABLE.
        for col in [
            timestamp_with_time_zone_null("checkout_started_at"),
            big_integer_null("checkout_amount_cents"),
            string_null("checkout_fleet_size"),
            integer_null("checkout_power_units"),
            string_null("payer_email"),
            string_null("band_review"),
        ] {
            m.alter_table(
                Table::alter()
                    .table("fleet_signups")
                    .add_column(col)
                    .to_owned(),
            )
            .await?;
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for col in [
            "band_review",
            "payer_email",
            "checkout_power_units",
            "checkout_fleet_size",
            "checkout_amount_cents",
            "checkout_started_at",
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
