//! Search and pagination shared by every list: the admin lists (`PageQuery`
//! → `Page`) and the fleet's tabbed lists (`ListQuery` → `ListRequest` →
//! `ListPage`). Both clamp their page size with `PageLimits`; only the limits
//! differ.

use crate::http::ApiError;
use sea_orm::sea_query::{Expr, Func, LikeExpr, SimpleExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, Iterable, PrimaryKeyToColumn,
    QueryFilter, QuerySelect, QueryTrait, Select,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A list's page size: `default` when none is asked for, at most `max`.
#[derive(Debug, Clone, Copy)]
pub struct PageLimits {
    pub default: u64,
    pub max: u64,
}

impl PageLimits {
    /// The page size to serve for the one asked for.
    pub fn per_page(self, asked: Option<u64>) -> u64 {
        asked.unwrap_or(self.default).clamp(1, self.max)
    }
}

/// The admin lists.
pub const ADMIN_LIMITS: PageLimits = PageLimits {
    default: 25,
    max: 100,
};
/// The fleet's asset and driver lists: larger pages, since a fleet scrolls
/// through its whole roster.
pub const FLEET_LIMITS: PageLimits = PageLimits {
    default: 50,
    max: 200,
};
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
        ADMIN_LIMITS.per_page(self.per_page)
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

/// The query of a fleet list with an active and an inactive tab.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    pub q: Option<String>,
    /// active (default) | inactive
    pub tab: Option<String>,
    pub page: Option<u64>,
    pub per_page: Option<u64>,
}

/// A checked `ListQuery`: what a service needs to serve one tab's page.
#[derive(Debug, Clone)]
pub struct ListRequest {
    /// Lower-cased, trimmed, bounded; None when empty.
    pub search: Option<String>,
    /// The active tab (else the inactive one).
    pub active: bool,
    pub page: u64,
    pub per_page: u64,
}

impl ListQuery {
    /// Checks the tab and clamps the page; an unknown tab names its field.
    pub fn request(&self) -> Result<ListRequest, ApiError> {
        let active = match self.tab.as_deref() {
            None | Some("active") => true,
            Some("inactive") => false,
            Some(other) => {
                return Err(ApiError::field(
                    "tab",
                    format!("tab must be 'active' or 'inactive', got '{other}'"),
                ));
            }
        };
        Ok(ListRequest {
            search: search_text(self.q.as_deref()),
            active,
            page: page_number(self.page),
            per_page: FLEET_LIMITS.per_page(self.per_page),
        })
    }
}

#[derive(Serialize, ToSchema)]
pub struct TabCounts {
    pub active: u64,
    pub inactive: u64,
}

#[derive(Serialize, ToSchema)]
pub struct ListPage<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
    pub counts: TabCounts,
}

impl<T> ListPage<T> {
    /// The same page with its items mapped (rows to response items).
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ListPage<U> {
        ListPage {
            items: self.items.into_iter().map(f).collect(),
            total: self.total,
            page: self.page,
            per_page: self.per_page,
            counts: self.counts,
        }
    }
}

/// Counts both tabs of a (searched) list and fetches one page of the asked
/// tab. `tab(true)` selects the active rows, `tab(false)` the inactive ones.
/// `counts` are the (active, inactive) counts when the caller has them
/// already (an unsearched list reads them from the stored counts); else the
/// (searched) rows are counted.
pub async fn tabbed_page<E, C>(
    conn: &C,
    base: Select<E>,
    tab: impl Fn(bool) -> Condition,
    order: impl Fn(Select<E>) -> Select<E>,
    request: &ListRequest,
    counts: Option<(u64, u64)>,
) -> Result<ListPage<E::Model>, DbErr>
where
    E: EntityTrait,
    E::Model: Sync,
    C: ConnectionTrait,
{
    let (active_count, inactive_count) = match counts {
        Some(counts) => counts,
        None => count_tabs(conn, base.clone(), &tab).await?,
    };
    // The page's ids first, from the list's index alone (an index-only scan
    // on PostgreSQL: skipping 2,450 rows for page 50 reads no table row),
    // then those rows.
    let in_tab = base.filter(tab(request.active));
    let id = E::PrimaryKey::iter()
        .next()
        .expect("every entity has a primary key")
        .into_column();
    let page_ids = order(in_tab.clone())
        .select_only()
        .column(id)
        .limit(request.per_page)
        .offset((request.page - 1) * request.per_page)
        .into_query();
    let rows = order(in_tab.filter(id.in_subquery(page_ids)))
        .all(conn)
        .await?;
    Ok(ListPage {
        items: rows,
        total: if request.active {
            active_count
        } else {
            inactive_count
        },
        page: request.page,
        per_page: request.per_page,
        counts: TabCounts {
            active: active_count,
            inactive: inactive_count,
        },
    })
}

/// Both tab counts in one pass over the (searched) rows: the search's LIKEs
/// are the expensive part, so they are evaluated once, not twice.
async fn count_tabs<E, C>(
    conn: &C,
    base: Select<E>,
    tab: &impl Fn(bool) -> Condition,
) -> Result<(u64, u64), DbErr>
where
    E: EntityTrait,
    C: ConnectionTrait,
{
    let in_tab = |flag: bool| Expr::expr(Func::sum(Expr::case(tab(flag), 1).finally(0)));
    let (active, inactive): (Option<i64>, Option<i64>) = base
        .select_only()
        .column_as(in_tab(true), "active_count")
        .column_as(in_tab(false), "inactive_count")
        .into_tuple()
        .one(conn)
        .await?
        .unwrap_or_default();
    Ok((
        active.unwrap_or(0).max(0) as u64,
        inactive.unwrap_or(0).max(0) as u64,
    ))
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

/// The list query as a handler receives it: a malformed one is a 400 in our
/// error format rather than axum's plain-text rejection.
pub type ListParams =
    Result<axum::extract::Query<ListQuery>, axum::extract::rejection::QueryRejection>;

/// The checked request of a list handler's query.
pub fn list_request(params: ListParams) -> Result<ListRequest, ApiError> {
    let axum::extract::Query(query) = params.map_err(invalid_query)?;
    query.request()
}

/// An admin list's query as a handler receives it (see `ListParams`).
pub type PageParams =
    Result<axum::extract::Query<PageQuery>, axum::extract::rejection::QueryRejection>;

/// The checked query of an admin list handler.
pub fn page_query(params: PageParams) -> Result<PageQuery, ApiError> {
    params
        .map(|axum::extract::Query(q)| q)
        .map_err(invalid_query)
}

/// A query string that does not parse (page=abc): 400 naming the problem.
fn invalid_query(rejection: axum::extract::rejection::QueryRejection) -> ApiError {
    ApiError::BadRequest {
        code: "invalid_query",
        message: rejection.body_text(),
    }
}
