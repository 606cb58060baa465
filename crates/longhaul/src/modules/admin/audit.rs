//! The audit log: written in the same transaction as the change it records.

use crate::http::paging::{Page, PageQuery, matches_any};
use crate::modules::auth::SessionUser;
use chrono::{DateTime, Utc};
use db::entities::audit_log;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    Set,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

pub async fn record<C: ConnectionTrait>(
    db: &C,
    actor: &SessionUser,
    action: &str,
    target_type: &str,
    target_id: String,
    before: Option<Value>,
    after: Option<Value>,
) -> Result<(), DbErr> {
    audit_log::ActiveModel {
        actor_id: Set(Some(actor.profile.id)),
        actor_email: Set(actor.profile.email.clone()),
        action: Set(action.to_owned()),
        target_type: Set(target_type.to_owned()),
        target_id: Set(target_id),
        before: Set(before),
        after: Set(after),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(|_| ())
}

#[derive(Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: i64,
    pub actor_email: String,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    #[schema(required = true, value_type = Option<Object>)]
    pub before: Option<Value>,
    #[schema(required = true, value_type = Option<Object>)]
    pub after: Option<Value>,
    pub created_at: DateTime<Utc>,
}

pub async fn list<C: ConnectionTrait>(
    db: &C,
    query: &PageQuery,
) -> Result<Page<AuditEntry>, DbErr> {
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
    let items = paginator
        .fetch_page(query.page() - 1)
        .await?
        .into_iter()
        .map(|row| AuditEntry {
            id: row.id,
            actor_email: row.actor_email,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            before: row.before,
            after: row.after,
            created_at: row.created_at,
        })
        .collect();
    Ok(Page {
        items,
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}
