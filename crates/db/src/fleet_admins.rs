//! Who hears from a fleet's office mail: its active fleet admins. The
//! contact form, the driver's answers and POD bells, and unread load
//! messages all write to them, so it is asked here once; each capability
//! asks it from its own repo.

use crate::entities::{account, profile};
use crate::system::SystemTable;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, QueryFilter, QueryOrder, QuerySelect};
use uuid::Uuid;

/// The e-mail addresses of the fleet's active admins, in order.
pub async fn admin_emails<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<String>, DbErr> {
    let accounts: Vec<Uuid> = account::Entity::rows()
        .select_only()
        .column(account::Column::Id)
        .filter(account::Column::FleetAccountId.eq(fleet_account_id))
        .into_tuple()
        .all(conn)
        .await?;
    if accounts.is_empty() {
        return Ok(Vec::new());
    }
    profile::Entity::rows()
        .select_only()
        .column(profile::Column::Email)
        .filter(profile::Column::AccountId.is_in(accounts))
        .filter(profile::Column::Role.eq(domain::Role::FleetAdmin.as_str()))
        .filter(profile::Column::DeactivatedAt.is_null())
        .order_by_asc(profile::Column::Email)
        .into_tuple()
        .all(conn)
        .await
}

/// The fleet's active admins' profiles (a tender's one-time links are one
/// per admin), in e-mail order.
pub async fn admin_profiles<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<profile::Model>, DbErr> {
    let accounts: Vec<Uuid> = account::Entity::rows()
        .select_only()
        .column(account::Column::Id)
        .filter(account::Column::FleetAccountId.eq(fleet_account_id))
        .into_tuple()
        .all(conn)
        .await?;
    if accounts.is_empty() {
        return Ok(Vec::new());
    }
    profile::Entity::rows()
        .filter(profile::Column::AccountId.is_in(accounts))
        .filter(profile::Column::Role.eq(domain::Role::FleetAdmin.as_str()))
        .filter(profile::Column::DeactivatedAt.is_null())
        .order_by_asc(profile::Column::Email)
        .all(conn)
        .await
}
