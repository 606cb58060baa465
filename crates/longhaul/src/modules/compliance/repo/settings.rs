//! A fleet's reminder settings row (thresholds, recipients, the calendar
//! feed's token) and the fleet admins who may receive reminders.

use db::entities::{account, compliance_setting, profile};
use db::system::{AcrossFleets, SystemTable};
use db::tenancy::{FleetOwned, FleetTx, SystemTx};
use domain::Role;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use uuid::Uuid;

/// The fleet's active fleet-admin profiles, by e-mail.
pub async fn admin_profiles<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<profile::Model>, DbErr> {
    let accounts: Vec<Uuid> = account::Entity::rows()
        .select_only()
        .column(account::Column::Id)
        .filter(account::Column::FleetAccountId.eq(fleet_account_id))
        .filter(account::Column::IsActive.eq(true))
        .into_tuple()
        .all(conn)
        .await?;
    if accounts.is_empty() {
        return Ok(Vec::new());
    }
    profile::Entity::rows()
        .filter(profile::Column::AccountId.is_in(accounts))
        .filter(profile::Column::Role.eq(Role::FleetAdmin.as_str()))
        .order_by_asc(profile::Column::Email)
        .all(conn)
        .await
}

pub async fn row(tx: &FleetTx) -> Result<Option<compliance_setting::Model>, DbErr> {
    compliance_setting::Entity::within(tx).one(tx).await
}

/// Inserts the fleet's row, or updates `columns` of the one there.
pub async fn upsert<C: ConnectionTrait>(
    conn: &C,
    row: compliance_setting::ActiveModel,
    columns: &[compliance_setting::Column],
) -> Result<(), DbErr> {
    compliance_setting::Entity::insert(row)
        .on_conflict(
            OnConflict::column(compliance_setting::Column::FleetAccountId)
                .update_columns(columns.iter().copied())
                .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
    Ok(())
}

/// The row whose calendar feed token hashes to `token_hash`, whichever
/// fleet's it is.
pub async fn by_feed_token_hash(
    txn: &SystemTx,
    token_hash: String,
) -> Result<Option<compliance_setting::Model>, DbErr> {
    compliance_setting::Entity::across_fleets(txn)
        .filter(compliance_setting::Column::CalendarTokenHash.eq(token_hash))
        .one(txn)
        .await
}
