//! PostgreSQL's list-count triggers (m0009) decided whether an UPDATE moved
//! any row between tabs by joining the statement's old and new rows on id.
//! Transition tables have no statistics, so PostgreSQL planned that join as
//! a nested loop: an UPDATE of 1,500 rows spent 0.3 s in the trigger, and
//! a sync's bulk updates most of their time. The counts depend only on how
//! many rows each (fleet, tab) holds, so the check now compares those
//! groups, old against new (an UPDATE has as many new rows as old, so the
//! groups are equal when every old group is among the new ones). SQLite's
//! row triggers are unchanged.

use super::m0009_list_indexes::{COUNTED, COUNTS};
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        if conn.get_database_backend() != DatabaseBackend::Postgres {
            return Ok(());
        }
        for (table, list, tab) in COUNTED {
            let (old_tab, new_tab) = (tab("o"), tab("n"));
            conn.execute_unprepared(&format!(
                "CREATE OR REPLACE FUNCTION longhaul_count_{table}() RETURNS trigger LANGUAGE plpgsql AS $f$
                 BEGIN
                   -- Nested: a condition naming old_rows cannot be planned for
                   -- an INSERT, which has no such table.
                   IF TG_OP = 'UPDATE' THEN
                     IF NOT EXISTS (
                          SELECT o.fleet_account_id, {old_tab}, count(*) FROM old_rows o GROUP BY 1, 2
                          EXCEPT ALL
                          SELECT n.fleet_account_id, {new_tab}, count(*) FROM new_rows n GROUP BY 1, 2) THEN
                       RETURN NULL;
                     END IF;
                   END IF;
                   IF TG_OP <> 'INSERT' THEN
                     UPDATE {COUNTS} c SET n = c.n - d.n
                       FROM (SELECT o.fleet_account_id, {old_tab} AS tab, count(*) AS n
                               FROM old_rows o GROUP BY 1, 2) d
                      WHERE c.fleet_account_id = d.fleet_account_id AND c.list = '{list}' AND c.tab = d.tab;
                   END IF;
                   IF TG_OP <> 'DELETE' THEN
                     INSERT INTO {COUNTS} AS c (fleet_account_id, list, tab, n)
                       SELECT n.fleet_account_id, '{list}', {new_tab}, count(*)
                         FROM new_rows n GROUP BY 1, 3
                       ON CONFLICT (fleet_account_id, list, tab) DO UPDATE SET n = c.n + excluded.n;
                   END IF;
                   RETURN NULL;
                 END $f$;"
            ))
            .await?;
        }
        Ok(())
    }
}
