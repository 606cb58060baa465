//! Which fleet a signup became (issue 29): `fleet_signups.approved_fleet_id`,
//! set when the operator approves the signup. A fleet's billing comes only
//! from its own Stripe customer or from the signup approved for it — before
//! this, a fleet without a customer of its own read the newest paid signup
//! with its DOT number, which anyone can create.
//!
//! Existing fleets are linked to the signup that was approved for their DOT
//! number (only approval completes a signup; a DOT has one fleet). The rule
//! is frozen here.

use sea_orm_migration::sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const LINK: &str = "UPDATE fleet_signups SET approved_fleet_id = \
     (SELECT f.id FROM fleet_accounts f WHERE f.dot_number = fleet_signups.dot_number) \
     WHERE completed = true AND approved_fleet_id IS NULL";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(
            Table::alter()
                .table("fleet_signups")
                .add_column(uuid_null("approved_fleet_id"))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_fleet_signups_approved_fleet")
                .table("fleet_signups")
                .col("approved_fleet_id")
                .to_owned(),
        )
        .await?;
        let conn = m.get_connection();
        super::rls::act_as_system(conn).await?;
        conn.execute_unprepared(LINK).await.map(drop)
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(
            Index::drop()
                .name("idx_fleet_signups_approved_fleet")
                .table("fleet_signups")
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table("fleet_signups")
                .drop_column("approved_fleet_id")
                .to_owned(),
        )
        .await
    }
}
