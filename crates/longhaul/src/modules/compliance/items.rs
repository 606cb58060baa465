//! Gathering a fleet's dated items from where they live: documents'
//! expiration dates, drivers' qualification items (`due_on`) and the
//! fleet's MCS-150 update (from its FMCSA record). Each source is read in
//! (date, id) order on its own index and the sources are merged, so a page
//! of the calendar reads a page of rows, not the fleet's every item.

use super::ComplianceError;
use super::dto::ComplianceItem;
use crate::integrations::fmcsa::carrier;
use chrono::NaiveDate;
use db::entities::{driver_qualification, fleet_account, fleet_document};
use db::tenancy::{FleetOwned, FleetTx, TenantScope};
use domain::compliance::{CalendarGroup, QualificationKind, calendar_group, mcs150_due};
use domain::fleet::driver_display_name;
use domain::texts;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    Company,
    Truck,
    Trailer,
    Driver,
}

impl ItemKind {
    pub fn parse(value: &str) -> Option<ItemKind> {
        match value {
            "company" => Some(ItemKind::Company),
            "truck" => Some(ItemKind::Truck),
            "trailer" => Some(ItemKind::Trailer),
            "driver" => Some(ItemKind::Driver),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::Company => "company",
            ItemKind::Truck => "truck",
            ItemKind::Trailer => "trailer",
            ItemKind::Driver => "driver",
        }
    }
}

/// Which items: by kind, one asset (with its kind), and a date range.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter {
    pub kind: Option<ItemKind>,
    pub asset_id: Option<Uuid>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

impl Filter {
    /// Parses the query's kind and asset id.
    pub fn parse(kind: Option<&str>, asset_id: Option<&str>) -> Result<Filter, ComplianceError> {
        let t = &texts().compliance;
        let kind = match kind.map(str::trim).filter(|k| !k.is_empty() && *k != "all") {
            None => None,
            Some(k) => Some(
                ItemKind::parse(k)
                    .ok_or_else(|| ComplianceError::invalid("kind", &t.kind_invalid))?,
            ),
        };
        let asset_id = match asset_id.map(str::trim).filter(|a| !a.is_empty()) {
            None => None,
            Some(raw) => {
                if !matches!(
                    kind,
                    Some(ItemKind::Truck | ItemKind::Trailer | ItemKind::Driver)
                ) {
                    return Err(ComplianceError::invalid("asset_id", &t.asset_needs_kind));
                }
                // An id that is no uuid names nothing of this fleet.
                Some(Uuid::parse_str(raw).map_err(|_| ComplianceError::NotFound)?)
            }
        };
        Ok(Filter {
            kind,
            asset_id,
            from: None,
            to: None,
        })
    }

    fn within(self, from: NaiveDate, to: NaiveDate) -> Filter {
        Filter {
            from: Some(self.from.map_or(from, |f| f.max(from))),
            to: Some(self.to.map_or(to, |t| t.min(to))),
            ..self
        }
    }

    pub fn in_group(self, group: CalendarGroup, today: NaiveDate) -> Filter {
        let (from, to) = group.range(today);
        self.within(from, to)
    }

    fn wants_qualifications(self) -> bool {
        matches!(self.kind, None | Some(ItemKind::Driver))
    }

    fn wants_fleet(self) -> bool {
        matches!(self.kind, None | Some(ItemKind::Company)) && self.asset_id.is_none()
    }

    fn accepts(self, due: NaiveDate) -> bool {
        self.from.is_none_or(|f| due >= f) && self.to.is_none_or(|t| due <= t)
    }
}

/// Where a page starts: after (date, key) of the last item shown.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Cursor {
    pub due_on: NaiveDate,
    pub key: String,
}

impl Cursor {
    pub fn encode(&self) -> String {
        format!("{}~{}", self.due_on, self.key)
    }

    pub fn decode(raw: &str) -> Option<Cursor> {
        let (date, key) = raw.split_once('~')?;
        Some(Cursor {
            due_on: NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?,
            key: key.to_owned(),
        })
    }
}

/// An item before names are looked up.
#[derive(Debug, Clone)]
pub struct RawItem {
    pub key: String,
    pub source: &'static str,
    pub kind: ItemKind,
    pub title: String,
    pub type_label: String,
    pub asset_id: Option<Uuid>,
    pub document_id: Option<Uuid>,
    pub due_on: NaiveDate,
}

impl RawItem {
    fn cursor(&self) -> Cursor {
        Cursor {
            due_on: self.due_on,
            key: self.key.clone(),
        }
    }
}

/// The rows of a source after the cursor: later dates, or the same date
/// and a later key. Keys start with the source's prefix, so on the
/// cursor's date a source before the cursor's has nothing left and one
/// after it has everything.
fn after_cursor<C: ColumnTrait>(
    date: C,
    id: C,
    prefix: &str,
    cursor: Option<&Cursor>,
) -> Condition {
    let Some(cursor) = cursor else {
        return Condition::all();
    };
    let (cursor_prefix, cursor_id) = cursor.key.split_once(':').unwrap_or(("", ""));
    let later = Condition::any().add(date.gt(cursor.due_on));
    match prefix.cmp(cursor_prefix) {
        std::cmp::Ordering::Less => later,
        std::cmp::Ordering::Greater => later.add(date.eq(cursor.due_on)),
        std::cmp::Ordering::Equal => match Uuid::parse_str(cursor_id) {
            Ok(after) => later.add(
                Condition::all()
                    .add(date.eq(cursor.due_on))
                    .add(id.gt(after)),
            ),
            Err(_) => later,
        },
    }
}

fn document_condition(filter: Filter) -> Condition {
    use fleet_document::Column as D;
    let mut cond = Condition::all().add(D::ExpirationDate.is_not_null());
    if let Some(from) = filter.from {
        cond = cond.add(D::ExpirationDate.gte(from));
    }
    if let Some(to) = filter.to {
        cond = cond.add(D::ExpirationDate.lte(to));
    }
    let asset = |col: D| match filter.asset_id {
        Some(id) => col.eq(id),
        None => col.is_not_null(),
    };
    match filter.kind {
        None => cond,
        Some(ItemKind::Company) => cond
            .add(D::TruckId.is_null())
            .add(D::TrailerId.is_null())
            .add(D::DriverId.is_null()),
        Some(ItemKind::Truck) => cond.add(asset(D::TruckId)),
        Some(ItemKind::Trailer) => cond.add(asset(D::TrailerId)),
        Some(ItemKind::Driver) => cond.add(asset(D::DriverId)),
    }
}

fn qualification_condition(filter: Filter) -> Condition {
    use driver_qualification::Column as Q;
    let mut cond = Condition::all().add(Q::DueOn.is_not_null());
    if let Some(from) = filter.from {
        cond = cond.add(Q::DueOn.gte(from));
    }
    if let Some(to) = filter.to {
        cond = cond.add(Q::DueOn.lte(to));
    }
    if let Some(id) = filter.asset_id {
        cond = cond.add(Q::DriverId.eq(id));
    }
    cond
}

type DocumentRow = (
    Uuid,
    String,
    String,
    Option<Uuid>,
    Option<Uuid>,
    Option<Uuid>,
    Option<NaiveDate>,
);

fn document_item(row: DocumentRow) -> Option<RawItem> {
    let (id, name, document_type, truck, trailer, driver, due) = row;
    let (kind, asset_id) = match (truck, trailer, driver) {
        (Some(t), _, _) => (ItemKind::Truck, Some(t)),
        (_, Some(t), _) => (ItemKind::Trailer, Some(t)),
        (_, _, Some(d)) => (ItemKind::Driver, Some(d)),
        _ => (ItemKind::Company, None),
    };
    Some(RawItem {
        key: format!("doc:{id}"),
        source: "document",
        kind,
        title: name,
        type_label: texts()
            .documents
            .types
            .get(&document_type)
            .cloned()
            .unwrap_or(document_type),
        asset_id,
        document_id: Some(id),
        due_on: due?,
    })
}

async fn documents<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    filter: Filter,
    cursor: Option<&Cursor>,
    limit: Option<u64>,
) -> Result<Vec<RawItem>, DbErr> {
    use fleet_document::Column as D;
    let rows: Vec<DocumentRow> = fleet_document::Entity::scoped(scope)
        .select_only()
        .columns([
            D::Id,
            D::Name,
            D::DocumentType,
            D::TruckId,
            D::TrailerId,
            D::DriverId,
            D::ExpirationDate,
        ])
        .filter(document_condition(filter))
        .filter(after_cursor(D::ExpirationDate, D::Id, "doc", cursor))
        .order_by_asc(D::ExpirationDate)
        .order_by_asc(D::Id)
        .limit(limit)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(rows.into_iter().filter_map(document_item).collect())
}

type QualificationRow = (Uuid, Uuid, String, Option<Uuid>, Option<NaiveDate>);

async fn qualifications<C: ConnectionTrait>(
    conn: &C,
    scope: TenantScope,
    filter: Filter,
    cursor: Option<&Cursor>,
    limit: Option<u64>,
) -> Result<Vec<RawItem>, DbErr> {
    use driver_qualification::Column as Q;
    let rows: Vec<QualificationRow> = driver_qualification::Entity::scoped(scope)
        .select_only()
        .columns([Q::Id, Q::DriverId, Q::Kind, Q::DocumentId, Q::DueOn])
        .filter(qualification_condition(filter))
        .filter(after_cursor(Q::DueOn, Q::Id, "qual", cursor))
        .order_by_asc(Q::DueOn)
        .order_by_asc(Q::Id)
        .limit(limit)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, driver, kind, document_id, due)| {
            let label =
                QualificationKind::parse(&kind).map_or(kind.clone(), |k| k.label().to_owned());
            Some(RawItem {
                key: format!("qual:{id}"),
                source: "qualification",
                kind: ItemKind::Driver,
                title: label.clone(),
                type_label: label,
                asset_id: Some(driver),
                document_id,
                due_on: due?,
            })
        })
        .collect())
}

/// The fleet's own dated items: the MCS-150 biennial update.
pub fn fleet_items(fleet: &fleet_account::Model, today: NaiveDate) -> Vec<RawItem> {
    let filed = fleet
        .fmcsa_data
        .as_ref()
        .and_then(carrier)
        .and_then(|c| c.get("mcs150FormDate"))
        .and_then(|v| v.as_str())
        .and_then(parse_fmcsa_date);
    mcs150_due(&fleet.dot_number, filed, today)
        .map(|due| RawItem {
            key: "fleet:mcs150".into(),
            source: "fleet",
            kind: ItemKind::Company,
            title: texts().compliance.mcs150.clone(),
            type_label: texts().compliance.mcs150.clone(),
            asset_id: None,
            document_id: None,
            due_on: due,
        })
        .into_iter()
        .collect()
}

/// FMCSA writes dates as "2024-03-15" or "2024-03-15T00:00:00…" (or US style).
pub fn parse_fmcsa_date(raw: &str) -> Option<NaiveDate> {
    let raw = raw.trim();
    let head = raw.get(..10).unwrap_or(raw);
    NaiveDate::parse_from_str(head, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(raw, "%m/%d/%Y"))
        .ok()
}

/// One fleet's items as a transaction sees them: the fleet's own dates are
/// computed once from its account row, the rest read per query.
pub struct FleetItems<'c, C> {
    conn: &'c C,
    scope: TenantScope,
    today: NaiveDate,
    own: Vec<RawItem>,
}

impl<'c, C: ConnectionTrait> FleetItems<'c, C> {
    pub async fn open(conn: &'c C, scope: TenantScope, today: NaiveDate) -> Result<Self, DbErr> {
        let own = match fleet_account::Entity::scoped(scope).one(conn).await? {
            Some(fleet) => fleet_items(&fleet, today),
            None => Vec::new(),
        };
        Ok(FleetItems {
            conn,
            scope,
            today,
            own,
        })
    }

    fn own(&self, filter: Filter, cursor: Option<&Cursor>) -> impl Iterator<Item = &RawItem> {
        self.own
            .iter()
            .filter(move |_| filter.wants_fleet())
            .filter(move |i| filter.accepts(i.due_on))
            .filter(move |i| cursor.is_none_or(|c| i.cursor() > *c))
    }

    /// Up to `limit` items in (date, key) order after `cursor`, and whether
    /// more follow.
    pub async fn page(
        &self,
        filter: Filter,
        cursor: Option<&Cursor>,
        limit: Option<u64>,
    ) -> Result<(Vec<RawItem>, bool), DbErr> {
        let fetch = limit.map(|l| l + 1);
        let mut all = documents(self.conn, self.scope, filter, cursor, fetch).await?;
        if filter.wants_qualifications() {
            all.extend(qualifications(self.conn, self.scope, filter, cursor, fetch).await?);
        }
        all.extend(self.own(filter, cursor).cloned());
        all.sort_by(|a, b| a.due_on.cmp(&b.due_on).then_with(|| a.key.cmp(&b.key)));
        let more = limit.is_some_and(|l| all.len() as u64 > l);
        if let Some(l) = limit {
            all.truncate(l as usize);
        }
        Ok((all, more))
    }

    /// How many items match.
    pub async fn count(&self, filter: Filter) -> Result<u64, DbErr> {
        let mut total = fleet_document::Entity::scoped(self.scope)
            .filter(document_condition(filter))
            .count(self.conn)
            .await?;
        if filter.wants_qualifications() {
            total += driver_qualification::Entity::scoped(self.scope)
                .filter(qualification_condition(filter))
                .count(self.conn)
                .await?;
        }
        Ok(total + self.own(filter, None).count() as u64)
    }
}

impl FleetItems<'_, FleetTx> {
    /// Adds asset names and links.
    pub async fn views(&self, items: Vec<RawItem>) -> Result<Vec<ComplianceItem>, DbErr> {
        views(self.conn, items, self.today).await
    }
}

/// The SPA path where an item is managed.
fn link(item: &RawItem) -> String {
    match (item.kind, item.asset_id, item.source) {
        (ItemKind::Truck, Some(id), _) => format!("/fleet-dashboard/trucks/{id}"),
        (ItemKind::Trailer, Some(id), _) => format!("/fleet-dashboard/trailers/{id}"),
        (ItemKind::Driver, Some(id), "qualification") => {
            format!("/fleet-dashboard/drivers/{id}?tab=qualification")
        }
        (ItemKind::Driver, Some(id), _) => format!("/fleet-dashboard/drivers/{id}?tab=documents"),
        (_, _, "fleet") => "/fleet-dashboard/profile".into(),
        _ => "/fleet-dashboard/documents".into(),
    }
}

/// Adds asset names and links.
pub async fn views(
    tx: &FleetTx,
    items: Vec<RawItem>,
    today: NaiveDate,
) -> Result<Vec<ComplianceItem>, DbErr> {
    use crate::modules::documents::{driver_names, trailer_names, truck_names};
    let ids = |kind: ItemKind| -> Vec<Uuid> {
        let mut ids: Vec<Uuid> = items
            .iter()
            .filter(|i| i.kind == kind)
            .filter_map(|i| i.asset_id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    let trucks = truck_names(tx, ids(ItemKind::Truck)).await?;
    let trailers = trailer_names(tx, ids(ItemKind::Trailer)).await?;
    let drivers = driver_names(tx, ids(ItemKind::Driver)).await?;
    Ok(items
        .into_iter()
        .map(|item| {
            // A truck or trailer without a name goes by its ELD id, as the lists show it.
            let asset_name = item.asset_id.and_then(|id| match item.kind {
                ItemKind::Truck => trucks
                    .get(&id)
                    .and_then(|(name, eld)| name.clone().or(eld.clone())),
                ItemKind::Trailer => trailers.get(&id).map(|(name, eld)| {
                    name.clone()
                        .or(eld.clone())
                        .unwrap_or_else(|| texts().fleet.unnamed_trailer.clone())
                }),
                ItemKind::Driver => drivers
                    .get(&id)
                    .map(|(f, l, u)| driver_display_name(f.as_deref(), l.as_deref(), u.as_deref())),
                ItemKind::Company => None,
            });
            ComplianceItem {
                link: link(&item),
                group: calendar_group(today, item.due_on).as_str().to_owned(),
                key: item.key,
                source: item.source.to_owned(),
                kind: item.kind.as_str().to_owned(),
                title: item.title,
                type_label: item.type_label,
                asset_id: item.asset_id,
                asset_name,
                document_id: item.document_id,
                due_on: item.due_on,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_order_by_date_then_key() {
        let a = Cursor {
            due_on: NaiveDate::from_ymd_opt(2026, 1, 2).unwrap(),
            key: "doc:00000000-0000-0000-0000-000000000002".into(),
        };
        assert_eq!(Cursor::decode(&a.encode()), Some(a.clone()));
        let b = Cursor {
            key: "qual:00000000-0000-0000-0000-000000000001".into(),
            ..a.clone()
        };
        assert!(a < b);
        assert!(Cursor::decode("garbage").is_none());
    }

    #[test]
    fn fmcsa_dates_in_both_styles() {
        let d = NaiveDate::from_ymd_opt(2024, 3, 15);
        assert_eq!(parse_fmcsa_date("2024-03-15"), d);
        assert_eq!(parse_fmcsa_date("2024-03-15T00:00:00.000+0000"), d);
        assert_eq!(parse_fmcsa_date("03/15/2024"), d);
        assert_eq!(parse_fmcsa_date("soon"), None);
    }
}
