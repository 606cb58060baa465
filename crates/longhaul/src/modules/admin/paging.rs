//! Search and pagination shared by every admin list.

use sea_orm::sea_query::{Expr, Func, LikeExpr, SimpleExpr};
use sea_orm::{ColumnTrait, Condition};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub const DEFAULT_PER_PAGE: u64 = 25;
pub const MAX_PER_PAGE: u64 = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Case-insensitive text to look for.
    pub q: Option<String>,
    /// 1-based.
    pub page: Option<u64>,
    pub per_page: Option<u64>,
}

impl PageQuery {
    pub fn page(&self) -> u64 {
        self.page.unwrap_or(1).max(1)
    }
    pub fn per_page(&self) -> u64 {
        self.per_page
            .unwrap_or(DEFAULT_PER_PAGE)
            .clamp(1, MAX_PER_PAGE)
    }
    /// The search text, trimmed, bounded, lower-cased; None when empty.
    pub fn search(&self) -> Option<String> {
        let q = self.q.as_deref()?.trim();
        (!q.is_empty()).then(|| q.chars().take(100).collect::<String>().to_lowercase())
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

/// `lower(col) LIKE '%text%'` on any of the columns, with LIKE's wildcards
/// in the text escaped; portable between SQLite and PostgreSQL.
pub fn matches_any<C: ColumnTrait>(columns: &[C], text: &str) -> Condition {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    let pattern = format!("%{escaped}%");
    columns.iter().fold(Condition::any(), |cond, col| {
        let lowered: SimpleExpr = Func::lower(Expr::col(col.as_column_ref())).into();
        cond.add(sea_orm::sea_query::ExprTrait::like(
            Expr::expr(lowered),
            LikeExpr::new(pattern.clone()).escape('\\'),
        ))
    })
}
