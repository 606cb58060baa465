//! Gathering a fleet's dated items from where they live: documents'
//! expiration dates, drivers' qualification items (`due_on`) and the
//! fleet's MCS-150 update (from its FMCSA record). Each source is read in
//! (date, id) order on its own index and the sources are merged, so a page
//! of the calendar reads a page of rows, not the fleet's every item.

use super::filter::{Cursor, Filter, ItemKind};
use crate::integrations::fmcsa::carrier;
use crate::modules::compliance::dto::ComplianceItem;
use crate::modules::compliance::repo::items::{self as repo, DocumentRow, QualificationRow};
use chrono::NaiveDate;
use db::entities::fleet_account;
use db::tenancy::FleetTx;
use domain::compliance::{QualificationKind, calendar_group, mcs150_due};
use domain::fleet::driver_display_name;
use domain::texts;
use sea_orm::DbErr;
use uuid::Uuid;

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

fn qualification_item(row: QualificationRow) -> Option<RawItem> {
    let (id, driver, kind, document_id, due) = row;
    let label = QualificationKind::parse(&kind).map_or(kind.clone(), |k| k.label().to_owned());
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
pub struct FleetItems<'c> {
    tx: &'c FleetTx,
    today: NaiveDate,
    own: Vec<RawItem>,
}

impl<'c> FleetItems<'c> {
    pub async fn open(tx: &'c FleetTx, today: NaiveDate) -> Result<Self, DbErr> {
        let own = match repo::fleet(tx).await? {
            Some(fleet) => fleet_items(&fleet, today),
            None => Vec::new(),
        };
        Ok(FleetItems { tx, today, own })
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
        let documents = repo::documents(self.tx, filter, cursor, fetch).await?;
        let mut all: Vec<RawItem> = documents.into_iter().filter_map(document_item).collect();
        if filter.wants_qualifications() {
            let rows = repo::qualifications(self.tx, filter, cursor, fetch).await?;
            all.extend(rows.into_iter().filter_map(qualification_item));
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
        let mut total = repo::count_documents(self.tx, filter).await?;
        if filter.wants_qualifications() {
            total += repo::count_qualifications(self.tx, filter).await?;
        }
        Ok(total + self.own(filter, None).count() as u64)
    }

    /// Adds asset names and links.
    pub async fn views(&self, items: Vec<RawItem>) -> Result<Vec<ComplianceItem>, DbErr> {
        views(self.tx, items, self.today).await
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
    let trucks = repo::truck_names(tx, ids(ItemKind::Truck)).await?;
    let trailers = repo::trailer_names(tx, ids(ItemKind::Trailer)).await?;
    let drivers = repo::driver_names(tx, ids(ItemKind::Driver)).await?;
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
    fn fmcsa_dates_in_both_styles() {
        let d = NaiveDate::from_ymd_opt(2024, 3, 15);
        assert_eq!(parse_fmcsa_date("2024-03-15"), d);
        assert_eq!(parse_fmcsa_date("2024-03-15T00:00:00.000+0000"), d);
        assert_eq!(parse_fmcsa_date("03/15/2024"), d);
        assert_eq!(parse_fmcsa_date("soon"), None);
    }
}
