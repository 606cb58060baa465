//! The dashboard's bell: the fleet's reminders and FMCSA changes, newest
//! first, read or unread (for the whole fleet's office, like its inbox).

use super::ComplianceError;
use super::dto::{BellAttention, NotificationList, NotificationView};
use super::items::{Filter, FleetItems};
use chrono::{NaiveDate, Utc};
use db::entities::fleet_notification;
use db::tenancy::{FleetOwned, TenantScope};
use domain::compliance::CalendarGroup;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, DatabaseConnection, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
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
    use fleet_notification::Column as N;
    let txn = db::tenancy::read(db, scope).await?;
    let unread = fleet_notification::Entity::scoped(scope)
        .filter(N::ReadAt.is_null())
        .count(&txn)
        .await?;
    let items = fleet_notification::Entity::scoped(scope)
        .order_by_desc(N::CreatedAt)
        .order_by_asc(N::DueOn)
        .order_by_asc(N::Title)
        .limit(SHOWN)
        .all(&txn)
        .await?;
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
    let source = FleetItems::open(txn, txn.scope(), today).await?;
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
        pending_renewals: db::fleet_filters::pending_renewal_count(txn, txn.scope()).await?,
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
    use fleet_notification::Column as N;
    let txn = db::tenancy::write(db, scope).await?;
    if let Some(id) = id
        && fleet_notification::Entity::scoped_by_id(scope, id)
            .count(&txn)
            .await?
            == 0
    {
        return Err(ComplianceError::NotFound);
    }
    let mut update = fleet_notification::Entity::scoped_update(scope)
        .col_expr(N::ReadAt, Expr::value(Utc::now()))
        .filter(N::ReadAt.is_null());
    if let Some(id) = id {
        update = update.filter(N::Id.eq(id));
    }
    update.exec(&txn).await?;
    txn.commit().await?;
    list(db, scope, today).await
}
