//! Search and pagination shared by every list (admin and fleet).

use sea_orm::sea_query::{Expr, Func, LikeExpr, SimpleExpr};
use sea_orm::{ColumnTrait, Condition};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub const DEFAULT_PER_PAGE: u64 = 25;
pub const MAX_PER_PAGE: u64 = 100;
/// Far beyond any real list; keeps `page * per_page` from overflowing the
/// OFFSET arithmetic (a page past the end simply has no items).
pub const MAX_PAGE: u64 = 1_000_000;

/// The 1-based page asked for, within 1..=MAX_PAGE.
pub fn page_number(page: Option<u64>) -> u64 {
    page.unwrap_or(1).clamp(1, MAX_PAGE)
}

/// The search text, trimmed, bounded, lower-cased; None when empty.
pub fn search_text(q: Option<&str>) -> Option<String> {
    let q = q?.trim();
    (!q.is_empty()).then(|| q.chars().take(100).collect::<String>().to_lowercase())
}

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
        page_number(self.page)
    }
    pub fn per_page(&self) -> u64 {
        self.per_page
            .unwrap_or(DEFAULT_PER_PAGE)
            .clamp(1, MAX_PER_PAGE)
    }
    pub fn search(&self) -> Option<String> {
        search_text(self.q.as_deref())
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
    columns.iter().fold(Condition::any(), |cond, col| {
        let lowered: SimpleExpr = Func::lower(Expr::col(col.as_column_ref())).into();
        cond.add(contains(lowered, text))
    })
}

/// `expr LIKE '%text%'` with LIKE's wildcards in the text escaped (the text
/// is compared as given: lower-case it and the expression alike).
pub fn contains(expr: SimpleExpr, text: &str) -> SimpleExpr {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    sea_orm::sea_query::ExprTrait::like(
        Expr::expr(expr),
        LikeExpr::new(format!("%{escaped}%")).escape('\\'),
    )
}
