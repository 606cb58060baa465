//! The reminder job's rows: the day's digest claim, the reminders written
//! to the bell, and the reminders sent before.

use chrono::{NaiveDate, Utc};
use db::entities::{compliance_digest, fleet_notification};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, Set,
};

use fleet_notification::Column as N;

/// Whether the fleet had its digest of `day`.
pub async fn has_digest(tx: &FleetTx, day: NaiveDate) -> Result<bool, DbErr> {
    Ok(compliance_digest::Entity::within(tx)
        .filter(compliance_digest::Column::Day.eq(day))
        .count(tx)
        .await?
        > 0)
}

/// Claims the fleet's digest of `day`; false when it had one already.
pub async fn claim_digest(tx: &FleetTx, day: NaiveDate, item_count: usize) -> Result<bool, DbErr> {
    let claimed = compliance_digest::Entity::insert(compliance_digest::ActiveModel {
        fleet_account_id: Set(tx.scope().fleet_account_id()),
        day: Set(day),
        item_count: Set(item_count as i32),
        created_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::columns([
            compliance_digest::Column::FleetAccountId,
            compliance_digest::Column::Day,
        ])
        .do_nothing()
        .to_owned(),
    )
    .exec_without_returning(tx)
    .await?;
    Ok(claimed > 0)
}

/// Writes the reminders; one sent again for the same item and threshold
/// replaces the old one (new date, unread).
pub async fn upsert_notifications<C: ConnectionTrait>(
    conn: &C,
    rows: Vec<fleet_notification::ActiveModel>,
) -> Result<(), DbErr> {
    for chunk in rows.chunks(200) {
        fleet_notification::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([N::FleetAccountId, N::ItemKey, N::Threshold])
                    .update_columns([
                        N::DueOn,
                        N::Title,
                        N::Detail,
                        N::Link,
                        N::CreatedAt,
                        N::ReadAt,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(conn)
            .await?;
    }
    Ok(())
}

/// The reminders sent for `keys`: (item key, threshold, due date then).
pub async fn sent(
    tx: &FleetTx,
    keys: &[String],
) -> Result<Vec<(String, i32, Option<NaiveDate>)>, DbErr> {
    let mut out = Vec::new();
    for chunk in keys.chunks(500) {
        let rows: Vec<(String, i32, Option<NaiveDate>)> = fleet_notification::Entity::within(tx)
            .select_only()
            .columns([N::ItemKey, N::Threshold, N::DueOn])
            .filter(N::Kind.eq("reminder"))
            .filter(N::ItemKey.is_in(chunk.iter().map(String::as_str)))
            .into_tuple()
            .all(tx)
            .await?;
        out.extend(rows);
    }
    Ok(out)
}
