//! The board's reads across fleets (through `db::board`, the reviewed
//! place for them) and a broker's message landing in a fleet's inbox.

use chrono::{DateTime, Utc};
use db::board::{BoardQuery, Hit};
use db::entities::{account, fleet_message, profile, truck_posting};
use db::system::SystemTable;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, QueryFilter};
use uuid::Uuid;

/// The postings within the query's radius, nearest first.
pub async fn nearest<C: ConnectionTrait>(conn: &C, query: &BoardQuery) -> Result<Vec<Hit>, DbErr> {
    db::board::nearest(conn, query).await
}

/// The postings of `ids` a broker may see (active, window not over).
pub async fn visible<C: ConnectionTrait>(
    conn: &C,
    ids: Vec<Uuid>,
    now: DateTime<Utc>,
) -> Result<Vec<truck_posting::Model>, DbErr> {
    db::board::visible_postings(conn, ids, now).await
}

pub async fn insert_message<C: ConnectionTrait>(
    conn: &C,
    row: fleet_message::ActiveModel,
) -> Result<fleet_message::Model, DbErr> {
    row.insert(conn).await
}

/// The fleet's active fleet admins, who are mailed a broker's message.
pub async fn fleet_admins<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<profile::Model>, DbErr> {
    let account_ids: Vec<Uuid> = account::Entity::rows()
        .filter(account::Column::FleetAccountId.eq(fleet_account_id))
        .all(conn)
        .await?
        .into_iter()
        .map(|a| a.id)
        .collect();
    profile::Entity::rows()
        .filter(profile::Column::AccountId.is_in(account_ids))
        .filter(profile::Column::Role.eq(domain::Role::FleetAdmin.as_str()))
        .filter(profile::Column::DeactivatedAt.is_null())
        .all(conn)
        .await
}
