//! Messages on a load (issue 32 §4): the driver ↔ office messages of
//! `fleet_messages` gain a thread per load. `from_office` says which side
//! wrote (so `read_at` stays "read by the recipient": the office for a
//! driver's message, the driver for the office's), `sender_profile_id` the
//! office user who wrote, and `notified_at` when the e-mail for a message
//! left unread five minutes went out (set once, by a compare-and-set).
//! Contact-form messages keep `load_id` null and stay in the inbox.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLE: &str = "fleet_messages";
const THREAD_INDEX: &str = "ix_fleet_messages_load_thread";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite alters a table one change at a time.
        // No foreign key on `load_id`: SQLite cannot add one to an existing
        // table, and loads are cancelled, never deleted.
        let columns = [
            uuid_null("load_id"),
            boolean("from_office").default(false).to_owned(),
            uuid_null("sender_profile_id"),
            timestamp_with_time_zone_null("notified_at"),
        ];
        for column in columns {
            m.alter_table(Table::alter().table(TABLE).add_column(column).to_owned())
                .await?;
        }
        m.create_index(
            Index::create()
                .name(THREAD_INDEX)
                .table(TABLE)
                .col("fleet_account_id")
                .col("load_id")
                .col("created_at")
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name(THREAD_INDEX).table(TABLE).to_owned())
            .await?;
        for column in ["notified_at", "sender_profile_id", "from_office", "load_id"] {
            m.alter_table(Table::alter().table(TABLE).drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}
