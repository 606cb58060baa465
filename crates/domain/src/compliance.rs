//! The compliance calendar's rules: which group a date falls in, when a
//! reminder is due and whether it was sent already, when a driver's
//! qualification item lapses, when the fleet's MCS-150 update is due, and
//! which changes of the FMCSA record are watched.
//!
//! An item is valid through its date (as documents are, `documents`): due
//! today is not overdue; it lapses the day after.

use chrono::{Datelike, Days, Months, NaiveDate};
use serde_json::Value;
use std::collections::BTreeMap;

/// The calendar's list groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CalendarGroup {
    Overdue,
    Next30,
    Next90,
    Later,
}

impl CalendarGroup {
    pub const ALL: [CalendarGroup; 4] = [
        CalendarGroup::Overdue,
        CalendarGroup::Next30,
        CalendarGroup::Next90,
        CalendarGroup::Later,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CalendarGroup::Overdue => "overdue",
            CalendarGroup::Next30 => "next30",
            CalendarGroup::Next90 => "next90",
            CalendarGroup::Later => "later",
        }
    }

    pub fn parse(value: &str) -> Option<CalendarGroup> {
        CalendarGroup::ALL.into_iter().find(|g| g.as_str() == value)
    }

    /// The dates of the group seen from `today`, both ends inclusive. The
    /// open ends are years 1 and 9999: dates a database stores as text
    /// compare in the same order (chrono's MIN and MAX carry a sign).
    pub fn range(self, today: NaiveDate) -> (NaiveDate, NaiveDate) {
        let first = NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or(NaiveDate::MIN);
        let last = NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or(NaiveDate::MAX);
        let day = |n: u64| today.checked_add_days(Days::new(n)).unwrap_or(last);
        match self {
            CalendarGroup::Overdue => (first, today.pred_opt().unwrap_or(today)),
            CalendarGroup::Next30 => (today, day(30)),
            CalendarGroup::Next90 => (day(31), day(90)),
            CalendarGroup::Later => (day(91), last),
        }
    }
}

/// Overdue before today; then the next 30 days (today included), the next
/// 90, and later.
pub fn calendar_group(today: NaiveDate, due: NaiveDate) -> CalendarGroup {
    let days = (due - today).num_days();
    match days {
        d if d < 0 => CalendarGroup::Overdue,
        0..=30 => CalendarGroup::Next30,
        31..=90 => CalendarGroup::Next90,
        _ => CalendarGroup::Later,
    }
}

/// Days before the date at which reminders go out; 0 is the day it lapses.
pub const DEFAULT_THRESHOLDS: [u32; 6] = [90, 60, 30, 7, 1, 0];

/// How long after its date a lapsed item still gets its day-0 reminder,
/// when the job did not run (or the item was entered late).
pub const LAPSE_CATCH_UP_DAYS: i64 = 7;

/// The furthest ahead any reminder looks.
pub fn reminder_horizon() -> u32 {
    DEFAULT_THRESHOLDS[0]
}

/// Reads "90,60,30" into sorted, distinct thresholds from the allowed set.
pub fn parse_thresholds(raw: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let value: u32 = part
            .parse()
            .map_err(|_| format!("'{part}' is not a number of days"))?;
        if !DEFAULT_THRESHOLDS.contains(&value) {
            return Err(format!(
                "{value} is not one of the reminder days (90, 60, 30, 7, 1, 0)"
            ));
        }
        if !out.contains(&value) {
            out.push(value);
        }
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    Ok(out)
}

pub fn format_thresholds(thresholds: &[u32]) -> String {
    thresholds
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The threshold whose reminder is due today for an item dated `due`: the
/// smallest threshold at or above the days left (a missed larger one is
/// not sent late), or 0 from the day it lapses until the catch-up ends.
pub fn current_threshold(today: NaiveDate, due: NaiveDate, thresholds: &[u32]) -> Option<u32> {
    let days_left = (due - today).num_days();
    if days_left < -LAPSE_CATCH_UP_DAYS {
        return None;
    }
    if days_left <= 0 {
        return thresholds.contains(&0).then_some(0);
    }
    thresholds
        .iter()
        .copied()
        .filter(|t| i64::from(*t) >= days_left)
        .min()
}

/// The reminder to send today, given the date the same threshold's last
/// reminder was sent for (`sent_for`): none when it was sent for this date
/// or a later one; again when the item's date moved later since (renewed).
pub fn reminder_to_send(
    today: NaiveDate,
    due: NaiveDate,
    thresholds: &[u32],
    sent_for: impl Fn(u32) -> Option<NaiveDate>,
) -> Option<u32> {
    let threshold = current_threshold(today, due, thresholds)?;
    match sent_for(threshold) {
        Some(previous) if previous >= due => None,
        _ => Some(threshold),
    }
}

/// How a reminder reads: "expires today", "expired 3 days ago", "expires in 7 days".
pub fn due_phrase(today: NaiveDate, due: NaiveDate) -> String {
    match (due - today).num_days() {
        0 => "due today".into(),
        1 => "due tomorrow".into(),
        -1 => "lapsed yesterday".into(),
        d if d < 0 => format!("lapsed {} days ago", -d),
        d => format!("due in {d} days"),
    }
}

/// A driver qualification item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QualificationKind {
    Cdl,
    Medical,
    Mvr,
    Clearinghouse,
    DrugTest,
}

impl QualificationKind {
    pub const ALL: [QualificationKind; 5] = [
        QualificationKind::Cdl,
        QualificationKind::Medical,
        QualificationKind::Mvr,
        QualificationKind::Clearinghouse,
        QualificationKind::DrugTest,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            QualificationKind::Cdl => "cdl",
            QualificationKind::Medical => "medical",
            QualificationKind::Mvr => "mvr",
            QualificationKind::Clearinghouse => "clearinghouse",
            QualificationKind::DrugTest => "drug_test",
        }
    }

    pub fn parse(value: &str) -> Option<QualificationKind> {
        QualificationKind::ALL
            .into_iter()
            .find(|k| k.as_str() == value)
    }

    /// The item's name (`compliance.qualificationKinds` in the texts).
    pub fn label(self) -> &'static str {
        crate::texts()
            .compliance
            .qualification_kinds
            .get(self.as_str())
            .map(String::as_str)
            .unwrap_or(self.as_str())
    }

    /// The document type its document is filed as.
    pub fn document_type(self) -> &'static str {
        match self {
            QualificationKind::Cdl => "driver_cdl",
            QualificationKind::Medical => "driver_medical_card",
            _ => "driver_qualification",
        }
    }

    /// Items kept by their expiry date (the others by the date done).
    pub fn has_expiry(self) -> bool {
        matches!(self, QualificationKind::Cdl | QualificationKind::Medical)
    }

    /// Items repeated every 12 months from the date done.
    pub fn is_annual(self) -> bool {
        matches!(
            self,
            QualificationKind::Mvr | QualificationKind::Clearinghouse
        )
    }
}

/// When the item lapses: its expiry, or 12 months after it was done for
/// the annual ones; a drug test has no due date.
pub fn qualification_due(
    kind: QualificationKind,
    done_on: Option<NaiveDate>,
    expires_on: Option<NaiveDate>,
) -> Option<NaiveDate> {
    if kind.has_expiry() {
        expires_on
    } else if kind.is_annual() {
        done_on.and_then(|d| d.checked_add_months(Months::new(12)))
    } else {
        None
    }
}

/// The MCS-150 biennial update deadlines of a USDOT number: every other
/// year (odd years for an odd last digit, even for even), at the end of the
/// month the next-to-last digit names (1 = January … 9 = September,
/// 0 = October). A filing counts for the first deadline within 12 months
/// after it; without a known filing, the next deadline from today.
pub fn mcs150_due(
    dot_number: &str,
    last_filed: Option<NaiveDate>,
    today: NaiveDate,
) -> Option<NaiveDate> {
    let digits: Vec<u32> = dot_number.chars().filter_map(|c| c.to_digit(10)).collect();
    let last = *digits.last()?;
    let month = match digits.len() {
        0 | 1 => 10,
        n => match digits[n - 2] {
            0 => 10,
            d => d,
        },
    };
    let deadline = |year: i32| -> Option<NaiveDate> {
        let first_next = if month == 12 {
            NaiveDate::from_ymd_opt(year + 1, 1, 1)?
        } else {
            NaiveDate::from_ymd_opt(year, month + 1, 1)?
        };
        first_next.pred_opt()
    };
    let parity_ok = |year: i32| year.rem_euclid(2) as u32 == last % 2;
    let not_before = match last_filed {
        Some(filed) => filed.checked_add_months(Months::new(12))?,
        None => today,
    };
    let mut year = not_before.year();
    loop {
        if parity_ok(year) {
            let d = deadline(year)?;
            if d > not_before || (last_filed.is_none() && d >= not_before) {
                return Some(d);
            }
        }
        year += 1;
        if year > not_before.year() + 4 {
            return None;
        }
    }
}

/// The fields of the fleet's FMCSA record that are watched, as (key, label).
pub const MONITORED_FIELDS: [(&str, &str); 8] = [
    ("allowedToOperate", "Allowed to operate"),
    ("statusCode", "Operating status"),
    ("commonAuthorityStatus", "Common authority"),
    ("contractAuthorityStatus", "Contract authority"),
    ("bipdInsuranceOnFile", "BIPD insurance on file"),
    (
        "bipdInsuranceBelowRequired",
        "BIPD insurance below required",
    ),
    ("oosDate", "Out-of-service date"),
    ("safetyRating", "Safety rating"),
];

pub fn monitored_label(field: &str) -> &str {
    MONITORED_FIELDS
        .iter()
        .find(|(k, _)| *k == field)
        .map(|(_, l)| *l)
        .unwrap_or(field)
}

fn text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(if *b { "Y" } else { "N" }.into()),
        _ => None,
    }
}

/// Thousands of dollars as FMCSA writes them ("1000" = $1,000,000).
fn thousands(v: Option<&Value>) -> Option<i64> {
    text(v)?
        .replace(',', "")
        .parse::<f64>()
        .ok()
        .map(|f| f as i64)
}

/// The watched values of a QCMobile carrier object. 'Below required' is
/// derived: insurance required and the amount on file under the required
/// one (or none on file).
pub fn monitored_values(carrier: &Value) -> BTreeMap<String, Option<String>> {
    let mut out = BTreeMap::new();
    for (key, _) in MONITORED_FIELDS {
        if key == "bipdInsuranceBelowRequired" {
            continue;
        }
        out.insert(key.to_owned(), text(carrier.get(key)));
    }
    let required = text(carrier.get("bipdInsuranceRequired")).is_some_and(|r| r == "Y");
    let below = if required {
        let on_file = thousands(carrier.get("bipdInsuranceOnFile")).unwrap_or(0);
        let needed = thousands(carrier.get("bipdRequiredAmount")).unwrap_or(1);
        Some(if on_file < needed.max(1) { "Y" } else { "N" }.to_owned())
    } else {
        None
    };
    out.insert("bipdInsuranceBelowRequired".into(), below);
    out
}

/// One watched field that differs between two snapshots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldChange {
    pub field: String,
    pub old: Option<String>,
    pub new: Option<String>,
    /// A change for the worse the fleet must act on.
    pub adverse: bool,
}

fn is_adverse(field: &str, new: Option<&str>) -> bool {
    match field {
        "allowedToOperate" => new != Some("Y"),
        "statusCode" => new != Some("A"),
        "commonAuthorityStatus" | "contractAuthorityStatus" => new != Some("A"),
        "bipdInsuranceOnFile" => new.is_none_or(|v| v.trim_start_matches('0').is_empty()),
        "bipdInsuranceBelowRequired" => new == Some("Y"),
        "oosDate" => new.is_some(),
        "safetyRating" => matches!(new, Some("U") | Some("C")),
        _ => false,
    }
}

/// The watched fields that changed from `old` to `new`, in the order of
/// [`MONITORED_FIELDS`]. A field neither snapshot knows is not a change.
pub fn changes(
    old: &BTreeMap<String, Option<String>>,
    new: &BTreeMap<String, Option<String>>,
) -> Vec<FieldChange> {
    MONITORED_FIELDS
        .iter()
        .filter_map(|(key, _)| {
            let before = old.get(*key).cloned().flatten();
            let after = new.get(*key).cloned().flatten();
            (before != after).then(|| FieldChange {
                field: (*key).to_owned(),
                adverse: is_adverse(key, after.as_deref()),
                old: before,
                new: after,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    const ALL: &[u32] = &DEFAULT_THRESHOLDS;

    #[test]
    fn groups_at_every_boundary() {
        let today = day("2026-11-24");
        assert_eq!(
            calendar_group(today, day("2026-11-23")),
            CalendarGroup::Overdue
        );
        assert_eq!(calendar_group(today, today), CalendarGroup::Next30);
        assert_eq!(
            calendar_group(today, day("2026-11-25")),
            CalendarGroup::Next30
        );
        assert_eq!(
            calendar_group(today, day("2026-12-24")),
            CalendarGroup::Next30
        );
        assert_eq!(
            calendar_group(today, day("2026-12-25")),
            CalendarGroup::Next90
        );
        assert_eq!(
            calendar_group(today, day("2027-02-22")),
            CalendarGroup::Next90
        );
        assert_eq!(
            calendar_group(today, day("2027-02-23")),
            CalendarGroup::Later
        );
        for g in CalendarGroup::ALL {
            let (from, to) = g.range(today);
            assert_eq!(calendar_group(today, from.max(day("2000-01-01"))), g);
            assert_eq!(calendar_group(today, to.min(day("2100-01-01"))), g);
        }
    }

    #[test]
    fn the_threshold_of_the_day() {
        let today = day("2026-11-24");
        let in_days = |n: i64| today + chrono::Duration::days(n);
        assert_eq!(current_threshold(today, today, ALL), Some(0), "due today");
        assert_eq!(
            current_threshold(today, in_days(1), ALL),
            Some(1),
            "tomorrow"
        );
        assert_eq!(current_threshold(today, in_days(2), ALL), Some(7));
        assert_eq!(current_threshold(today, in_days(7), ALL), Some(7));
        assert_eq!(current_threshold(today, in_days(8), ALL), Some(30));
        assert_eq!(
            current_threshold(today, in_days(30), ALL),
            Some(30),
            "in 30 days"
        );
        assert_eq!(current_threshold(today, in_days(31), ALL), Some(60));
        assert_eq!(current_threshold(today, in_days(90), ALL), Some(90));
        assert_eq!(current_threshold(today, in_days(91), ALL), None);
        assert_eq!(
            current_threshold(today, in_days(-1), ALL),
            Some(0),
            "lapsed yesterday"
        );
        assert_eq!(current_threshold(today, in_days(-7), ALL), Some(0));
        assert_eq!(current_threshold(today, in_days(-8), ALL), None);
    }

    #[test]
    fn chosen_thresholds_only() {
        let today = day("2026-11-24");
        let in_days = |n: i64| today + chrono::Duration::days(n);
        assert_eq!(current_threshold(today, in_days(5), &[30]), Some(30));
        assert_eq!(current_threshold(today, in_days(45), &[30]), None);
        assert_eq!(current_threshold(today, in_days(-1), &[30, 7]), None);
        assert_eq!(current_threshold(today, today, &[]), None);
    }

    #[test]
    fn a_reminder_is_sent_once_per_date_and_again_after_a_renewal() {
        let today = day("2026-11-24");
        let due = day("2026-12-10"); // 16 days: the 30-day reminder
        assert_eq!(reminder_to_send(today, due, ALL, |_| None), Some(30));
        assert_eq!(reminder_to_send(today, due, ALL, |_| Some(due)), None);
        // Moved earlier after the reminder (a correction): not again.
        let earlier = day("2026-12-08");
        assert_eq!(reminder_to_send(today, earlier, ALL, |_| Some(due)), None);
        // Renewed: a later date starts the reminders again.
        let renewed = day("2026-12-20");
        assert_eq!(
            reminder_to_send(today, renewed, ALL, |_| Some(due)),
            Some(30)
        );
        // The 7-day reminder is its own threshold.
        let soon = day("2026-11-30");
        assert_eq!(
            reminder_to_send(today, soon, ALL, |t| (t == 30).then_some(soon)),
            Some(7)
        );
    }

    #[test]
    fn phrases() {
        let today = day("2026-11-24");
        assert_eq!(due_phrase(today, today), "due today");
        assert_eq!(due_phrase(today, day("2026-11-25")), "due tomorrow");
        assert_eq!(due_phrase(today, day("2026-11-23")), "lapsed yesterday");
        assert_eq!(due_phrase(today, day("2026-11-20")), "lapsed 4 days ago");
        assert_eq!(due_phrase(today, day("2026-12-24")), "due in 30 days");
    }

    #[test]
    fn thresholds_parse_from_the_allowed_set() {
        assert_eq!(parse_thresholds("0, 30,7,30").unwrap(), vec![30, 7, 0]);
        assert_eq!(parse_thresholds("").unwrap(), Vec::<u32>::new());
        assert!(parse_thresholds("14").is_err());
        assert!(parse_thresholds("x").is_err());
        assert_eq!(format_thresholds(&[90, 1]), "90,1");
    }

    #[test]
    fn qualification_due_dates() {
        let done = day("2026-02-28");
        assert_eq!(
            qualification_due(QualificationKind::Mvr, Some(done), None),
            Some(day("2027-02-28"))
        );
        assert_eq!(
            qualification_due(
                QualificationKind::Clearinghouse,
                Some(day("2024-02-29")),
                None
            ),
            Some(day("2025-02-28"))
        );
        assert_eq!(
            qualification_due(QualificationKind::Cdl, Some(done), Some(day("2028-01-01"))),
            Some(day("2028-01-01"))
        );
        assert_eq!(
            qualification_due(QualificationKind::DrugTest, Some(done), None),
            None
        );
        assert_eq!(
            qualification_due(QualificationKind::Medical, None, None),
            None
        );
        for k in QualificationKind::ALL {
            assert_eq!(QualificationKind::parse(k.as_str()), Some(k));
        }
    }

    #[test]
    fn mcs150_schedule() {
        let today = day("2026-11-24");
        // ...7 7: July of odd years.
        assert_eq!(mcs150_due("1234577", None, today), Some(day("2027-07-31")));
        // ...0 4: October of even years; this year's is past.
        assert_eq!(mcs150_due("1234504", None, today), Some(day("2028-10-31")));
        // ...1 2: January of even years.
        assert_eq!(mcs150_due("99912", None, today), Some(day("2028-01-31")));
        // Filed 2025-06-01 for the July 2025 deadline: next is July 2027.
        assert_eq!(
            mcs150_due("1234577", Some(day("2025-06-01")), today),
            Some(day("2027-07-31"))
        );
        // Filed long ago: the deadline passed and is overdue.
        assert_eq!(
            mcs150_due("1234577", Some(day("2022-01-10")), today),
            Some(day("2023-07-31"))
        );
        assert_eq!(mcs150_due("", None, today), None);
    }

    #[test]
    fn watched_changes() {
        let before = monitored_values(&json!({
            "allowedToOperate": "Y", "statusCode": "A", "commonAuthorityStatus": "A",
            "bipdInsuranceRequired": "Y", "bipdRequiredAmount": "750", "bipdInsuranceOnFile": "1000",
            "oosDate": null, "safetyRating": "S"
        }));
        let after = monitored_values(&json!({
            "allowedToOperate": "N", "statusCode": "A", "commonAuthorityStatus": "A",
            "bipdInsuranceRequired": "Y", "bipdRequiredAmount": "750", "bipdInsuranceOnFile": "0",
            "oosDate": null, "safetyRating": "S"
        }));
        let found = changes(&before, &after);
        let fields: Vec<&str> = found.iter().map(|c| c.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "allowedToOperate",
                "bipdInsuranceOnFile",
                "bipdInsuranceBelowRequired"
            ]
        );
        assert!(found.iter().all(|c| c.adverse));
        assert_eq!(found[0].old.as_deref(), Some("Y"));
        assert_eq!(found[1].new.as_deref(), Some("0"));
        assert!(changes(&after, &after).is_empty());
        let back = changes(&after, &before);
        assert!(back.iter().all(|c| !c.adverse));
    }
}
