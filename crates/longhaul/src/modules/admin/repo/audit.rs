//! The audit log: written in the same transaction as the change it records.

use crate::paging::{PageQuery, matches_any};
use chrono::Utc;
use db::entities::audit_log;
use db::system::SystemTable;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder,
    Set,
};
use serde_json::Value;
use std::collections::BTreeMap;
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
    let mut select = audit_log::Entity::rows();
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

/// What the ids in a page of entries name — users, accounts, fleets and
/// signups — so the tab shows "Dana Ruiz (dana@…)" and "Acme Freight LLC"
/// rather than UUIDs. Ids that name nothing (deleted rows) are left out.
pub async fn names_of(
    db: &db::tenancy::SystemTx,
    ids: &[Uuid],
) -> Result<BTreeMap<Uuid, String>, DbErr> {
    use db::entities::{account, fleet_account, fleet_signup, profile};
    use db::system::AcrossFleets;
    let mut names = BTreeMap::new();
    if ids.is_empty() {
        return Ok(names);
    }
    let ids = ids.to_vec();
    for p in profile::Entity::rows()
        .filter(profile::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
    {
        let full = [p.first_name.as_deref(), p.last_name.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let name = if full.is_empty() {
            p.email
        } else {
            format!("{full} ({})", p.email)
        };
        names.insert(p.id, name);
    }
    for a in account::Entity::rows()
        .filter(account::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
    {
        names.insert(a.id, a.name);
    }
    for f in fleet_account::Entity::across_fleets(db)
        .filter(fleet_account::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
    {
        names.insert(
            f.id,
            f.dba_name
                .filter(|d| !d.trim().is_empty())
                .unwrap_or(f.legal_name),
        );
    }
    for s in fleet_signup::Entity::rows()
        .filter(fleet_signup::Column::Id.is_in(ids))
        .all(db)
        .await?
    {
        names.insert(s.id, format!("{} (USDOT {})", s.legal_name, s.dot_number));
    }
    Ok(names)
}
