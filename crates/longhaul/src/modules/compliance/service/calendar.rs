//! The calendar's reads: the page (every group's count and first items),
//! further pages of a group or a month, the overview's summary, and the
//! CSV export.

use super::filter::{Cursor, Filter};
use super::items::{self, FleetItems};
use crate::modules::compliance::ComplianceError;
use crate::modules::compliance::dto::{
    CalendarGroupItems, CalendarPage, ComplianceItem, ComplianceSummary, GroupCounts, ItemsPage,
    ItemsQuery,
};
use crate::modules::compliance::repo;
use crate::modules::fleet_account::time_zone::fleet_today;
use chrono::{DateTime, NaiveDate, Utc};
use db::tenancy::TenantScope;
use domain::compliance::CalendarGroup;
use domain::csv_cell::spreadsheet_safe;
use domain::texts;
use sea_orm::DatabaseConnection;

/// Items per group on the calendar page.
pub const GROUP_PAGE: u64 = 50;
const MAX_PAGE: u64 = 500;

/// The fleet's "today": the calendar day in its home time zone at `now`
/// (issue 31, decision 043), not the UTC day.
pub async fn today(
    db: &DatabaseConnection,
    scope: TenantScope,
    now: DateTime<Utc>,
) -> Result<NaiveDate, ComplianceError> {
    Ok(fleet_today(db, scope, now).await?)
}

pub async fn page(
    db: &DatabaseConnection,
    scope: TenantScope,
    filter: Filter,
    today: NaiveDate,
) -> Result<CalendarPage, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let source = FleetItems::open(&txn, today).await?;
    let mut counts = GroupCounts::default();
    let mut groups = Vec::new();
    for group in CalendarGroup::ALL {
        let within = filter.in_group(group, today);
        let total = source.count(within).await?;
        let (rows, more) = if total == 0 {
            (Vec::new(), false)
        } else {
            source.page(within, None, Some(GROUP_PAGE)).await?
        };
        let next_cursor = more
            .then(|| rows.last().map(|r| cursor_of(r).encode()))
            .flatten();
        let items = source.views(rows).await?;
        match group {
            CalendarGroup::Overdue => counts.overdue = total,
            CalendarGroup::Next30 => counts.next30 = total,
            CalendarGroup::Next90 => counts.next90 = total,
            CalendarGroup::Later => counts.later = total,
        }
        groups.push(CalendarGroupItems {
            group: group.as_str().to_owned(),
            total,
            items,
            next_cursor,
        });
    }
    txn.commit().await?;
    Ok(CalendarPage {
        today,
        counts,
        groups,
    })
}

fn cursor_of(item: &items::RawItem) -> Cursor {
    Cursor {
        due_on: item.due_on,
        key: item.key.clone(),
    }
}

fn date(field: &'static str, raw: Option<&str>) -> Result<Option<NaiveDate>, ComplianceError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(r) => NaiveDate::parse_from_str(r, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ComplianceError::invalid(field, &texts().compliance.date_invalid)),
    }
}

/// The query's filter: kind, asset, group and date range.
pub fn query_filter(query: &ItemsQuery, today: NaiveDate) -> Result<Filter, ComplianceError> {
    let t = &texts().compliance;
    let mut filter = Filter::parse(query.kind.as_deref(), query.asset_id.as_deref())?;
    filter.from = date("from", query.from.as_deref())?;
    filter.to = date("to", query.to.as_deref())?;
    if let (Some(from), Some(to)) = (filter.from, filter.to)
        && to < from
    {
        return Err(ComplianceError::invalid("to", &t.range_invalid));
    }
    if let Some(raw) = query.group.as_deref().filter(|g| !g.is_empty()) {
        let group = CalendarGroup::parse(raw)
            .ok_or_else(|| ComplianceError::invalid("group", &t.kind_invalid))?;
        filter = filter.in_group(group, today);
    }
    Ok(filter)
}

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
    query: &ItemsQuery,
    today: NaiveDate,
) -> Result<ItemsPage, ComplianceError> {
    let filter = query_filter(query, today)?;
    let cursor = match query.after.as_deref().filter(|a| !a.is_empty()) {
        None => None,
        Some(raw) => Some(Cursor::decode(raw).ok_or_else(|| {
            ComplianceError::invalid("after", &domain::texts().server.compliance.unknown_cursor)
        })?),
    };
    let limit = query.limit.unwrap_or(GROUP_PAGE).clamp(1, MAX_PAGE);
    let txn = db::tenancy::read(db, scope).await?;
    let source = FleetItems::open(&txn, today).await?;
    let (rows, more) = source.page(filter, cursor.as_ref(), Some(limit)).await?;
    let next_cursor = more
        .then(|| rows.last().map(|r| cursor_of(r).encode()))
        .flatten();
    let items = source.views(rows).await?;
    txn.commit().await?;
    Ok(ItemsPage {
        today,
        items,
        next_cursor,
    })
}

/// Every matching item (the export and the feed).
pub async fn all(
    db: &DatabaseConnection,
    scope: TenantScope,
    filter: Filter,
    today: NaiveDate,
) -> Result<Vec<ComplianceItem>, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let source = FleetItems::open(&txn, today).await?;
    let (rows, _) = source.page(filter, None, None).await?;
    let items = source.views(rows).await?;
    txn.commit().await?;
    Ok(items)
}

pub async fn summary(
    db: &DatabaseConnection,
    scope: TenantScope,
    today: NaiveDate,
) -> Result<ComplianceSummary, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    let filter = Filter::default();
    let source = FleetItems::open(&txn, today).await?;
    let overdue = source
        .count(filter.in_group(CalendarGroup::Overdue, today))
        .await?;
    let due_in30 = source
        .count(filter.in_group(CalendarGroup::Next30, today))
        .await?;
    let has_assets = repo::items::has_assets(&txn).await?;
    txn.commit().await?;
    Ok(ComplianceSummary {
        overdue,
        due_in30,
        has_assets,
    })
}

/// The export of the query's items as CSV.
pub async fn export(
    db: &DatabaseConnection,
    scope: TenantScope,
    query: &ItemsQuery,
    today: NaiveDate,
    public_url: &str,
) -> Result<Vec<u8>, ComplianceError> {
    let filter = query_filter(query, today)?;
    let items = all(db, scope, filter, today).await?;
    csv(&items, public_url)
}

/// The export: one row per item, in date order.
pub fn csv(items: &[ComplianceItem], public_url: &str) -> Result<Vec<u8>, ComplianceError> {
    let t = &texts().compliance;
    let mut out = csv::Writer::from_writer(Vec::new());
    let header: Vec<&str> = texts()
        .server
        .compliance
        .csv_headers
        .iter()
        .map(String::as_str)
        .collect();
    let write = |out: &mut csv::Writer<Vec<u8>>, row: &[&str]| {
        out.write_record(row)
            .map_err(|e| ComplianceError::Internal(e.into()))
    };
    write(&mut out, &header)?;
    for item in items {
        let due = item.due_on.format("%Y-%m-%d").to_string();
        let link = format!("{public_url}{}", item.link);
        write(
            &mut out,
            &[
                &due,
                t.groups.get(&item.group).map_or(&item.group, |g| g),
                t.kinds.get(&item.kind).map_or(&item.kind, |k| k),
                &spreadsheet_safe(item.asset_name.as_deref().unwrap_or("")),
                &spreadsheet_safe(&item.title),
                &item.type_label,
                &link,
            ],
        )?;
    }
    out.into_inner()
        .map_err(|e| ComplianceError::Internal(anyhow::anyhow!("{e}")))
}
