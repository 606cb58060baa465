//! The dashboard's bell: the fleet's reminders and FMCSA changes, newest
//! first, read or unread (for the whole fleet's office, like its inbox).

use super::filter::Filter;
use super::items::FleetItems;
use crate::modules::compliance::ComplianceError;
use crate::modules::compliance::dto::{BellAttention, NotificationList, NotificationView};
use crate::modules::compliance::repo::notifications as repo;
use chrono::NaiveDate;
use db::entities::fleet_notification;
use db::tenancy::TenantScope;
use domain::compliance::CalendarGroup;
use sea_orm::DatabaseConnection;
use uuid::Uuid;

/// The bell lists this many.
const SHOWN: u64 = 30;
/// And this many overdue items above them.
const OVERDUE_SHOWN: u64 = 5;

fn view(n: fleet_notification::Model) -> NotificationView {
    NotificationView {
        id: n.id,
        kind: n.kind,
        title: n.title,
        detail: n.detail,
        due_on: n.due_on,
        link: n.link,
        created_at: n.created_at,
        read: n.read_at.is_some(),
    }
}

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
    today: NaiveDate,
) -> Result<NotificationList, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let unread = repo::unread_count(&txn).await?;
    let items = repo::newest(&txn, SHOWN).await?;
    let attention = attention(&txn, today).await?;
    txn.commit().await?;
    Ok(NotificationList {
        unread,
        items: items.into_iter().map(view).collect(),
        attention,
    })
}

/// The overview's counts (the same filter as `calendar::summary`), the first
/// overdue items and the renewals queue.
async fn attention(
    txn: &db::tenancy::FleetTx,
    today: NaiveDate,
) -> Result<BellAttention, ComplianceError> {
    let all = Filter::default();
    let source = FleetItems::open(txn, today).await?;
    let overdue_filter = all.in_group(CalendarGroup::Overdue, today);
    let overdue = source.count(overdue_filter).await?;
    let due_in30 = source
        .count(all.in_group(CalendarGroup::Next30, today))
        .await?;
    let overdue_items = if overdue == 0 {
        Vec::new()
    } else {
        let (rows, _) = source
            .page(overdue_filter, None, Some(OVERDUE_SHOWN))
            .await?;
        source.views(rows).await?
    };
    Ok(BellAttention {
        overdue,
        due_in30,
        pending_renewals: db::fleet_filters::pending_renewal_count(txn).await?,
        overdue_items,
    })
}

/// Marks one (`Some(id)`) or every notification read.
pub async fn mark_read(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Option<Uuid>,
    today: NaiveDate,
) -> Result<NotificationList, ComplianceError> {
    let txn = db::tenancy::write(db, scope).await?;
    if let Some(id) = id
        && !repo::exists(&txn, id).await?
    {
        return Err(ComplianceError::NotFound);
    }
    repo::mark_read(&txn, id).await?;
    txn.commit().await?;
    list(db, scope, today).await
}
