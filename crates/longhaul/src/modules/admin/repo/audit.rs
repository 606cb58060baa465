//! The audit log: written in the same transaction as the change it records.

use crate::http::paging::{PageQuery, matches_any};
use chrono::Utc;
use db::entities::audit_log;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    Set,
};
use serde_json::Value;
use uuid::Uuid;

/// One audit entry; `before`/`after` are the changed fields.
pub struct Entry<'a> {
    pub actor_id: Uuid,
    pub actor_email: &'a str,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

pub async fn insert<C: ConnectionTrait>(db: &C, entry: Entry<'_>) -> Result<(), DbErr> {
    audit_log::ActiveModel {
        actor_id: Set(Some(entry.actor_id)),
        actor_email: Set(entry.actor_email.to_owned()),
        action: Set(entry.action.to_owned()),
        target_type: Set(entry.target_type.to_owned()),
        target_id: Set(entry.target_id),
        before: Set(entry.before),
        after: Set(entry.after),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(|_| ())
}

/// One page of entries, newest first, and the total.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    query: &PageQuery,
) -> Result<(Vec<audit_log::Model>, u64), DbErr> {
    let mut select = audit_log::Entity::find();
    if let Some(text) = query.search() {
        select = select.filter(matches_any(
            &[
                audit_log::Column::ActorEmail,
                audit_log::Column::Action,
                audit_log::Column::TargetId,
            ],
            &text,
        ));
    }
    let paginator = select
        .order_by_desc(audit_log::Column::CreatedAt)
        .order_by_desc(audit_log::Column::Id)
        .paginate(db, query.per_page());
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(query.page() - 1).await?, total))
}
