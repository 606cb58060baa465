//! The truck board's rules (issue 15): what a posting may say, when it ends,
//! and what a broker's search may ask.

use crate::geo::US_STATES;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};

/// The equipment types of the board, as the API names them (labels in
/// `contracts/texts.json` → `board.equipment`).
pub const EQUIPMENT: [&str; 17] = [
    "van",
    "reefer",
    "flatbed",
    "step_deck",
    "double_drop",
    "lowboy",
    "rgn",
    "conestoga",
    "power_only",
    "hotshot",
    "box_truck",
    "tanker",
    "hopper",
    "dump",
    "auto_carrier",
    "container",
    "sprinter",
];

/// The longest availability window a posting may have.
pub const MAX_WINDOW_DAYS: i64 = 30;
/// The widest deadhead radius a search may ask for.
pub const MAX_RADIUS_MI: u32 = 450;
pub const DEFAULT_RADIUS_MI: u32 = 100;
pub const MAX_NOTES: usize = 1000;
pub const MAX_LENGTH_FT: i32 = 150;
pub const MAX_WEIGHT_LBS: i32 = 200_000;
pub const MAX_RATE_CENTS: i32 = 100_000;

pub fn is_equipment(value: &str) -> bool {
    EQUIPMENT.contains(&value)
}

/// Two-letter states, upper-cased, deduplicated and sorted; `None` when one
/// is not a US state. An empty list means "open".
pub fn destinations(states: &[String]) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::with_capacity(states.len());
    for s in states {
        let s = s.trim().to_ascii_uppercase();
        if !US_STATES.contains(&s.as_str()) {
            return None;
        }
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out.sort();
    Some(out)
}

/// The stored form of a destination list: ",IL,TX," (or "" for open), so
/// that one `LIKE '%,TX,%'` finds a state on both databases.
pub fn destinations_column(states: &[String]) -> String {
    if states.is_empty() {
        String::new()
    } else {
        format!(",{},", states.join(","))
    }
}

pub fn destinations_from_column(column: &str) -> Vec<String> {
    column
        .split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A posting ends when its window does: at the end of `available_to` (UTC).
pub fn expires_at(available_to: NaiveDate) -> DateTime<Utc> {
    (available_to + Duration::days(1))
        .and_time(NaiveTime::MIN)
        .and_utc()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowError {
    /// `to` before `from`.
    Reversed,
    /// `to` already over.
    Past,
    TooLong,
}

/// An availability window a fleet may post today.
pub fn check_window(from: NaiveDate, to: NaiveDate, today: NaiveDate) -> Result<(), WindowError> {
    if to < from {
        return Err(WindowError::Reversed);
    }
    if to < today {
        return Err(WindowError::Past);
    }
    if (to - from).num_days() >= MAX_WINDOW_DAYS {
        return Err(WindowError::TooLong);
    }
    Ok(())
}

/// Whether a posting's desired destinations serve a search's: an open
/// posting serves any, an open search takes any.
pub fn serves_destinations(posting: &[String], wanted: &[String]) -> bool {
    posting.is_empty() || wanted.is_empty() || wanted.iter().any(|w| posting.contains(w))
}

/// Whether two date windows share a day (an open end takes any).
pub fn windows_overlap(
    posting: (NaiveDate, NaiveDate),
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
) -> bool {
    from.is_none_or(|f| posting.1 >= f) && to.is_none_or(|t| posting.0 <= t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn destinations_are_checked_and_normalised() {
        let got = destinations(&["tx".into(), " OK ".into(), "TX".into()]).unwrap();
        assert_eq!(got, ["OK", "TX"]);
        assert_eq!(destinations(&[]).unwrap(), Vec::<String>::new());
        assert_eq!(destinations(&["XX".into()]), None);
        assert_eq!(destinations(&["Texas".into()]), None);
        assert_eq!(destinations_column(&got), ",OK,TX,");
        assert_eq!(destinations_column(&[]), "");
        assert_eq!(destinations_from_column(",OK,TX,"), ["OK", "TX"]);
        assert!(destinations_from_column("").is_empty());
    }

    #[test]
    fn a_posting_expires_at_the_end_of_its_last_day() {
        assert_eq!(
            expires_at(d("2026-11-30")).to_rfc3339(),
            "2026-12-01T00:00:00+00:00"
        );
    }

    #[test]
    fn windows_are_checked_on_their_boundaries() {
        let today = d("2026-11-24");
        assert_eq!(check_window(today, today, today), Ok(()));
        assert_eq!(check_window(d("2026-11-20"), today, today), Ok(()));
        assert_eq!(
            check_window(d("2026-11-20"), d("2026-11-23"), today),
            Err(WindowError::Past)
        );
        assert_eq!(
            check_window(d("2026-11-26"), d("2026-11-25"), today),
            Err(WindowError::Reversed)
        );
        assert_eq!(check_window(today, d("2026-12-23"), today), Ok(()));
        assert_eq!(
            check_window(today, d("2026-12-24"), today),
            Err(WindowError::TooLong)
        );
    }

    #[test]
    fn open_destinations_and_open_ends_match_anything() {
        let tx = vec!["TX".to_owned()];
        let ok = vec!["OK".to_owned()];
        assert!(serves_destinations(&[], &tx));
        assert!(serves_destinations(&tx, &[]));
        assert!(serves_destinations(&tx, &[ok[0].clone(), tx[0].clone()]));
        assert!(!serves_destinations(&tx, &ok));
        let w = (d("2026-11-24"), d("2026-11-26"));
        assert!(windows_overlap(w, None, None));
        assert!(windows_overlap(w, Some(d("2026-11-26")), None));
        assert!(!windows_overlap(w, Some(d("2026-11-27")), None));
        assert!(windows_overlap(w, None, Some(d("2026-11-24"))));
        assert!(!windows_overlap(w, None, Some(d("2026-11-23"))));
    }

    #[test]
    fn every_equipment_type_has_a_label() {
        let texts: serde_json::Value =
            serde_json::from_str(include_str!("../../../contracts/texts.json")).unwrap();
        let labels = texts["board"]["equipment"].as_object().unwrap();
        assert_eq!(labels.len(), EQUIPMENT.len());
        for e in EQUIPMENT {
            assert!(labels.contains_key(e), "{e}");
            assert!(is_equipment(e));
        }
        assert!(!is_equipment("spaceship"));
    }
}

/// The trust facts a posting shows, from the carrier's stored QCMobile
/// object: allowed to operate (unknown counts as allowed: no warning
/// without evidence), common or contract authority active, and BIPD
/// insurance on file (an amount in thousands above zero).
pub fn carrier_trust(carrier: Option<&serde_json::Value>) -> (bool, bool, bool) {
    let Some(c) = carrier else {
        return (true, false, false);
    };
    let text = |key: &str| match c.get(key) {
        Some(serde_json::Value::String(s)) => s.trim().to_owned(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let allowed = text("allowedToOperate") != "N";
    let authority = text("commonAuthorityStatus") == "A" || text("contractAuthorityStatus") == "A";
    let insurance = text("bipdInsuranceOnFile")
        .replace(',', "")
        .parse::<f64>()
        .is_ok_and(|v| v > 0.0);
    (allowed, authority, insurance)
}

#[cfg(test)]
mod trust_tests {
    use super::carrier_trust;
    use serde_json::json;

    #[test]
    fn trust_follows_the_carrier_record() {
        assert_eq!(carrier_trust(None), (true, false, false));
        let good = json!({"allowedToOperate": "Y", "commonAuthorityStatus": "A", "bipdInsuranceOnFile": "1000"});
        assert_eq!(carrier_trust(Some(&good)), (true, true, true));
        let bad = json!({"allowedToOperate": "N", "commonAuthorityStatus": "I", "contractAuthorityStatus": "N", "bipdInsuranceOnFile": "0"});
        assert_eq!(carrier_trust(Some(&bad)), (false, false, false));
        let contract = json!({"contractAuthorityStatus": "A", "bipdInsuranceOnFile": 750});
        assert_eq!(carrier_trust(Some(&contract)), (true, true, true));
    }
}

/// How late past an appointment an arrival still counts as on time.
pub const ON_TIME_GRACE_MINUTES: i64 = 15;
/// The days the board's on-time figures look back.
pub const ON_TIME_DAYS: i64 = 90;

/// An arrival is on time by the window's end, or within the grace of an
/// appointment (a stop whose window is one instant).
pub fn on_time(
    arrived: chrono::DateTime<chrono::Utc>,
    starts: chrono::DateTime<chrono::Utc>,
    ends: chrono::DateTime<chrono::Utc>,
) -> bool {
    arrived <= ends.max(starts + chrono::Duration::minutes(ON_TIME_GRACE_MINUTES))
}

/// The share of on-time arrivals, in whole percent; None without any.
pub fn on_time_pct(on_time: impl IntoIterator<Item = bool>) -> Option<i32> {
    let (mut yes, mut all) = (0_i64, 0_i64);
    for ok in on_time {
        all += 1;
        yes += i64::from(ok);
    }
    (all > 0).then(|| i32::try_from((yes * 100 + all / 2) / all).unwrap_or(100))
}

#[cfg(test)]
mod on_time_tests {
    use super::*;
    use chrono::{Duration, TimeZone, Utc};

    #[test]
    fn an_appointment_has_its_grace_and_a_window_its_end() {
        let at = Utc.with_ymd_and_hms(2026, 3, 2, 8, 0, 0).unwrap();
        assert!(on_time(at + Duration::minutes(15), at, at));
        assert!(!on_time(at + Duration::minutes(16), at, at));
        assert!(on_time(
            at + Duration::hours(5),
            at,
            at + Duration::hours(6)
        ));
        assert!(!on_time(
            at + Duration::hours(7),
            at,
            at + Duration::hours(6)
        ));
    }

    #[test]
    fn percentages_round_and_need_arrivals() {
        assert_eq!(on_time_pct([]), None);
        assert_eq!(on_time_pct([true, true, false]), Some(67));
        assert_eq!(on_time_pct([true]), Some(100));
    }
}
