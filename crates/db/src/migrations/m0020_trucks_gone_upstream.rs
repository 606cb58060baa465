//! Trucks that a sync made inactive before issue 29 kept their driver and
//! stayed in the Active tab (the deactivation wrote neither the assignment
//! nor the derived `list_tab`), so the tab counts and the overview counted
//! them. This repairs them as the sync now leaves such a truck: no driver,
//! status inactive, in the inactive tab (a decommissioned one in none).
//! The rule is written out here, frozen: a later change of the sync's rule
//! does not change what this migration did.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

const REPAIR: &str = "UPDATE fleet_vehicles SET \
     assigned_driver_eld_id = NULL, assigned_driver_name = NULL, assigned_driver_id = NULL, \
     assigned_at = NULL, status = 'inactive', \
     list_tab = CASE WHEN list_tab = 'decommissioned' THEN 'decommissioned' ELSE 'inactive' END \
     WHERE is_active = false AND eld_provider IS NOT NULL \
     AND (list_tab = 'active' OR assigned_driver_eld_id IS NOT NULL OR assigned_driver_name IS NOT NULL)";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let conn = m.get_connection();
        super::rls::act_as_system(conn).await?;
        conn.execute_unprepared(REPAIR).await.map(drop)
    }

    /// The repaired rows are right; there is nothing to undo.
    async fn down(&self, _m: &SchemaManager) -> Result<(), DbErr> {
        Ok(())
    }
}
