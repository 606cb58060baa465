//! The Audit tab.

use super::super::dto::AuditEntry;
use super::super::error::AdminError;
use super::super::repo::audit;
use super::AdminDeps;
use crate::http::paging::{Page, PageQuery};

/// The audit log is under row-level security: read in the system scope.
pub async fn list(deps: &AdminDeps<'_>, query: &PageQuery) -> Result<Page<AuditEntry>, AdminError> {
    let txn = db::tenancy::system_read(deps.db, deps.system_key).await?;
    let (rows, total) = audit::page(&txn, query).await?;
    txn.commit().await?;
    Ok(Page {
        items: rows
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
            .collect(),
        total,
        page: query.page(),
        per_page: query.per_page(),
    })
}
