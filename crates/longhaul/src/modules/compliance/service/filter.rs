//! Which of a fleet's dated items a read wants: by kind, one asset and a
//! date range, and where a page starts. Pure, so the service and the repo
//! share it without importing each other.

use crate::modules::compliance::ComplianceError;
use chrono::NaiveDate;
use domain::compliance::CalendarGroup;
use domain::texts;
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

    pub fn wants_qualifications(self) -> bool {
        matches!(self.kind, None | Some(ItemKind::Driver))
    }

    pub fn wants_fleet(self) -> bool {
        matches!(self.kind, None | Some(ItemKind::Company)) && self.asset_id.is_none()
    }

    pub fn accepts(self, due: NaiveDate) -> bool {
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
}
