//! Search and pagination shared by every list: the admin lists (`PageQuery`
//! → `Page`) and the fleet's tabbed lists (`ListQuery` → `ListRequest` →
//! `ListPage`). Both clamp their page size with `PageLimits`; only the limits
//! differ.

use crate::http::ApiError;
use db::fleet_filters::stored_tab_counts;
use db::tenancy::FleetTx;
use domain::fleet_lists::List;
use sea_orm::sea_query::{
    Expr, ExprTrait, Func, JoinType, LikeExpr, SelectExprTrait, SelectStatement, SimpleExpr,
    WindowStatement,
};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, FromQueryResult, IdenStatic,
    Iterable, PartialModelTrait, PrimaryKeyToColumn, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait, Select,
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

/// What a fleet list serves: every row of the scope (its tab counts kept
/// by the database, decision 014), or the rows a search finds.
pub enum ListSource {
    /// The (active, inactive) counts, read from the stored counts.
    Unsearched((u64, u64)),
    /// The rows the search condition finds (counted as they are found).
    Searched(Condition),
}

impl ListSource {
    /// The source of one request to a fleet list: the rows `search` finds
    /// for the request's search text, else the list's stored counts.
    pub async fn of(
        tx: &FleetTx,
        list: List,
        request: &ListRequest,
        search: impl FnOnce(&str) -> Condition,
    ) -> Result<ListSource, DbErr> {
        Ok(match &request.search {
            Some(text) => ListSource::Searched(search(text)),
            None => ListSource::Unsearched(stored_tab_counts(tx, list).await?),
        })
    }
}

/// One page of the asked tab of a fleet list, as `M`: the columns the list
/// shows (a partial model: a list row never reads the stored ELD record or
/// the derived search columns), with both tab counts. `scoped` is the
/// scope's rows; `tab(true)` selects the active ones, `tab(false)` the
/// inactive ones; `order` is the list's order (its index's order).
pub async fn tabbed_page<E, M, C>(
    conn: &C,
    scoped: Select<E>,
    source: ListSource,
    tab: impl Fn(bool) -> Condition,
    order: impl Fn(Select<E>) -> Select<E>,
    request: &ListRequest,
) -> Result<ListPage<M>, DbErr>
where
    E: EntityTrait,
    M: PartialModelTrait + Send + Sync,
    C: ConnectionTrait,
{
    let offset = (request.page - 1) * request.per_page;
    let (items, (active, inactive)) = match source {
        // Page 1, the one every visit opens: the list's index read in order
        // up to the page size.
        ListSource::Unsearched(counts) if offset == 0 => {
            let page = order(scoped.filter(tab(request.active))).limit(request.per_page);
            (page.into_partial_model::<M>().all(conn).await?, counts)
        }
        // A deeper page: its ids first, from the list's index alone (an
        // index-only scan on PostgreSQL: skipping 2,450 rows for page 50
        // reads no table row), then those rows.
        ListSource::Unsearched(counts) => {
            let in_tab = scoped.filter(tab(request.active));
            let id = primary_key::<E>();
            let page_ids = order(in_tab.clone())
                .select_only()
                .column(id)
                .limit(request.per_page)
                .offset(offset)
                .into_query();
            let page = order(in_tab.filter(id.in_subquery(page_ids)));
            (page.into_partial_model::<M>().all(conn).await?, counts)
        }
        ListSource::Searched(search) => {
            searched_page(conn, scoped, search, &tab, &order, request).await?
        }
    };
    Ok(ListPage {
        items,
        total: if request.active { active } else { inactive },
        page: request.page,
        per_page: request.per_page,
        counts: TabCounts { active, inactive },
    })
}

fn primary_key<E: EntityTrait>() -> E::Column {
    E::PrimaryKey::iter()
        .next()
        .expect("every entity has a primary key")
        .into_column()
}

/// The columns the search pass adds to a page's rows.
const IN_TAB: &str = "in_tab";
const ACTIVE_COUNT: &str = "active_count";
const INACTIVE_COUNT: &str = "inactive_count";
const FOUND: &str = "found";

/// A searched page in one statement and one pass over the rows the search
/// finds (an index-only scan on PostgreSQL: the searched columns are in the
/// list's index). The pass yields both tab counts, as sums over every found
/// row, and the page's ids — the asked tab's rows sorted first, in the
/// list's order, so OFFSET counts rows of that tab alone; the page's rows
/// are then joined by id (a primary-key lookup each, whatever plan the
/// database caches for the statement).
async fn searched_page<E, M, C>(
    conn: &C,
    scoped: Select<E>,
    search: Condition,
    tab: &impl Fn(bool) -> Condition,
    order: &impl Fn(Select<E>) -> Select<E>,
    request: &ListRequest,
) -> Result<(Vec<M>, (u64, u64)), DbErr>
where
    E: EntityTrait,
    M: PartialModelTrait + Send + Sync,
    C: ConnectionTrait,
{
    let found = scoped.clone().filter(search);
    let id = primary_key::<E>();
    let flag = |active: bool| Expr::expr(Expr::case(tab(active), 1).finally(0));
    let count = |active: bool, alias: &'static str| {
        Func::sum(flag(active))
            .over(WindowStatement::new())
            .alias(alias)
    };
    let page_ids = order(
        found
            .clone()
            .select_only()
            .column(id)
            .expr_as(flag(request.active), IN_TAB)
            .expr(count(true, ACTIVE_COUNT))
            .expr(count(false, INACTIVE_COUNT))
            .order_by_desc(flag(request.active)),
    )
    .limit(request.per_page)
    .offset((request.page - 1) * request.per_page)
    .into_query();
    let page = M::select_cols(with_page_ids(order(scoped), page_ids).select_only())
        .expr_as(Expr::col((FOUND, IN_TAB)), IN_TAB)
        .expr_as(Expr::col((FOUND, ACTIVE_COUNT)), ACTIVE_COUNT)
        .expr_as(Expr::col((FOUND, INACTIVE_COUNT)), INACTIVE_COUNT);
    let rows = conn
        .query_all_raw(page.build(conn.get_database_backend()))
        .await?;
    let Some(first) = rows.first() else {
        // A page past every found row: nothing to show, counted apart.
        return Ok((Vec::new(), count_tabs(conn, found, tab).await?));
    };
    let stored = |alias: &str| -> Result<u64, DbErr> { Ok(as_count(first.try_get("", alias)?)) };
    let counts = (stored(ACTIVE_COUNT)?, stored(INACTIVE_COUNT)?);
    let mut items = Vec::with_capacity(rows.len());
    for row in &rows {
        if row.try_get::<i32>("", IN_TAB)? == 1 {
            items.push(M::from_query_result(row, "")?);
        }
    }
    Ok((items, counts))
}

/// `rows` narrowed to the ids `page_ids` selects, joined as `FOUND` (so its
/// other columns can be selected too): a primary-key lookup per id,
/// whatever plan the database caches for the statement.
fn with_page_ids<E: EntityTrait>(mut rows: Select<E>, page_ids: SelectStatement) -> Select<E> {
    let id = primary_key::<E>();
    QuerySelect::query(&mut rows).join_subquery(
        JoinType::InnerJoin,
        page_ids,
        FOUND,
        Expr::col((FOUND, id.as_str())).equals((E::default(), id)),
    );
    rows
}

/// The column a one-pass page's count comes back in.
const FOUND_TOTAL: &str = "found_total";

/// A page of `found` in `order` and the count of all of it, in one pass
/// over the rows found (a window count beside the page's ids, for a filter
/// that is costly to evaluate twice, like a search); the page's rows are
/// then joined by id from `scoped`. None for a page past every found row,
/// where the pass cannot say how many there are.
pub async fn counted_page<E, C>(
    conn: &C,
    scoped: Select<E>,
    found: Select<E>,
    order: impl Fn(Select<E>) -> Select<E>,
    offset: u64,
    limit: u64,
) -> Result<Option<(Vec<E::Model>, u64)>, DbErr>
where
    E: EntityTrait,
    C: ConnectionTrait,
{
    let id = primary_key::<E>();
    let page_ids = order(found)
        .select_only()
        .column(id)
        .expr(
            Func::count(Expr::col(id))
                .over(WindowStatement::new())
                .alias(FOUND_TOTAL),
        )
        .offset(offset)
        .limit(limit)
        .into_query();
    let page = with_page_ids(order(scoped), page_ids)
        .expr_as(Expr::col((FOUND, FOUND_TOTAL)), FOUND_TOTAL);
    let rows = conn
        .query_all_raw(page.build(conn.get_database_backend()))
        .await?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let total = as_count(first.try_get("", FOUND_TOTAL)?);
    let items = rows
        .iter()
        .map(|row| E::Model::from_query_result(row, ""))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some((items, total)))
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
    Ok((as_count(active), as_count(inactive)))
}

/// A count as SQL sums it (NULL over no rows).
fn as_count(sum: Option<i64>) -> u64 {
    sum.and_then(|n| u64::try_from(n).ok()).unwrap_or(0)
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
