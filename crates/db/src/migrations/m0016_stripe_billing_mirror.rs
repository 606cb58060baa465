//! The fleet's billing as Stripe reports it (issue 13): subscriptions,
//! charges and customers, kept current by webhooks and by reads of Stripe's
//! API, so the billing page renders from our database. Rows are keyed by
//! Stripe's ids, not by fleet: events arrive before a fleet account exists
//! (a signup pays first and is approved later), and a fleet finds its rows
//! through its `stripe_customer_id`. Each subscription and charge row keeps
//! the version of the state it holds (`state_at`, `state_rank`,
//! `state_source`) so an older delivery never overwrites a newer state
//! (decision 023). `test_stripe_objects` holds the offline stand-in's
//! objects.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn versioned(table: &mut TableCreateStatement) -> &mut TableCreateStatement {
    table
        .col(timestamp_with_time_zone("state_at"))
        .col(integer("state_rank"))
        .col(string("state_source"))
        .col(timestamp_with_time_zone("updated_at"))
}

fn card(table: &mut TableCreateStatement) -> &mut TableCreateStatement {
    table
        .col(string_null("card_brand"))
        .col(string_null("card_last4"))
        .col(integer_null("card_exp_month"))
        .col(integer_null("card_exp_year"))
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let mut subscriptions = Table::create();
        subscriptions
            .table("stripe_subscriptions")
            .col(string("id").primary_key())
            .col(string("customer_id"))
            .col(string("status"))
            .col(big_integer_null("amount_cents"))
            .col(string_null("currency"))
            .col(timestamp_with_time_zone_null("current_period_start"))
            .col(timestamp_with_time_zone_null("current_period_end"))
            .col(boolean("cancel_at_period_end").default(false))
            .col(string_null("default_payment_method"))
            // Since when the fleet has owed money without a break, from the
            // states below (null unless past_due or unpaid).
            .col(timestamp_with_time_zone_null("past_due_since"));
        m.create_table(versioned(&mut subscriptions).to_owned())
            .await?;
        // Every state a subscription has been seen in. Deliveries arrive in
        // any order, so when an unpaid stretch began is known only from all
        // of them; one row per event (or API read).
        m.create_table(
            Table::create()
                .table("stripe_subscription_states")
                .col(string("subscription_id"))
                .col(string("state_source"))
                .col(timestamp_with_time_zone("state_at"))
                .col(integer("state_rank"))
                .col(string("status"))
                .primary_key(Index::create().col("subscription_id").col("state_source"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_stripe_subscriptions_customer")
                .table("stripe_subscriptions")
                .col("customer_id")
                .to_owned(),
        )
        .await?;

        let mut charges = Table::create();
        charges
            .table("stripe_charges")
            .col(string("id").primary_key())
            .col(string("customer_id"))
            .col(big_integer("amount_cents"))
            .col(big_integer("amount_refunded_cents").default(0))
            .col(string("currency"))
            .col(string("status"))
            .col(timestamp_with_time_zone("created"))
            .col(text_null("description"))
            .col(text_null("receipt_url"));
        card(&mut charges);
        m.create_table(versioned(&mut charges).to_owned()).await?;
        m.create_index(
            Index::create()
                .name("ix_stripe_charges_customer_created")
                .table("stripe_charges")
                .col("customer_id")
                .col("created")
                .col("id")
                .to_owned(),
        )
        .await?;

        // What the API said last about the customer: its default card, and
        // when we last read it. `stale` is set by events that tell of a
        // change the events themselves do not carry (a failed invoice, a new
        // card), so the next view of the page reads the API again.
        let mut customers = Table::create();
        customers
            .table("stripe_customers")
            .col(string("id").primary_key())
            .col(string_null("card_payment_method"));
        card(&mut customers);
        customers
            .col(timestamp_with_time_zone_null("refreshed_at"))
            .col(boolean("stale").default(false))
            .col(timestamp_with_time_zone("updated_at"));
        m.create_table(customers.to_owned()).await?;

        m.create_table(
            Table::create()
                .table("test_stripe_objects")
                .col(string("id").primary_key())
                .col(string("object_type"))
                .col(string_null("customer_id"))
                .col(json_binary("body"))
                .col(timestamp_with_time_zone("created_at"))
                .col(timestamp_with_time_zone("updated_at"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("ix_test_stripe_objects_customer")
                .table("test_stripe_objects")
                .col("customer_id")
                .col("object_type")
                .to_owned(),
        )
        .await?;
        // Which fleet a customer pays for is looked up on every request of
        // a fleet that owes money (the read-only check).
        m.create_index(
            Index::create()
                .name("ix_fleet_accounts_stripe_customer")
                .table("fleet_accounts")
                .col("stripe_customer_id")
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("ix_fleet_accounts_stripe_customer")
                .table("fleet_accounts")
                .to_owned(),
        )
        .await?;
        for table in [
            "test_stripe_objects",
            "stripe_customers",
            "stripe_charges",
            "stripe_subscription_states",
            "stripe_subscriptions",
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
