//! The Audit tab.

use super::super::dto::AuditEntry;
use super::super::error::AdminError;
use super::super::repo::audit;
use super::AdminDeps;
use crate::paging::{Page, PageQuery};
use serde_json::Value;
use std::collections::BTreeMap;
use uuid::Uuid;

/// The audit log is under row-level security: read in the system scope.
pub async fn list(deps: &AdminDeps<'_>, query: &PageQuery) -> Result<Page<AuditEntry>, AdminError> {
    let txn = db::tenancy::system_read(deps.db, deps.system_key).await?;
    let (rows, total) = audit::page(&txn, query).await?;
    let mut ids: Vec<Uuid> = rows.iter().flat_map(ids_of).collect();
    ids.sort_unstable();
    ids.dedup();
    let names = audit::names_of(&txn, &ids).await?;
    txn.commit().await?;
    Ok(Page {
        items: rows
            .into_iter()
            .map(|row| {
                let named: BTreeMap<String, String> = ids_of(&row)
                    .into_iter()
                    .filter_map(|id| Some((id.to_string(), names.get(&id)?.clone())))
                    .collect();
                AuditEntry {
                    id: row.id,
                    actor_email: row.actor_email,
                    action: row.action,
                    target_type: row.target_type,
                    target_id: row.target_id,
                    before: row.before,
                    after: row.after,
                    created_at: row.created_at,
                    names: named,
                }
            })
            .collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}

/// The target's id and the UUIDs among the entry's values (one level deep:
/// the log stores flat objects of changed fields).
fn ids_of(row: &db::entities::audit_log::Model) -> Vec<Uuid> {
    let values = row
        .before
        .iter()
        .chain(row.after.iter())
        .filter_map(Value::as_object)
        .flat_map(|fields| fields.values())
        .filter_map(Value::as_str);
    std::iter::once(row.target_id.as_str())
        .chain(values)
        .filter_map(|s| Uuid::parse_str(s).ok())
        .collect()
}
