//! A stop's date and times as a rate confirmation writes them:
//! "03/02/2026 08:00 CST", "Mar 2, 2026 0800-1400 EST", "03/09/2026 FCFS
//! 07:00-15:00", "03/25/2026 07:00 - 03/25/2026 11:00", "Appt: 2:30 PM".
//! One time is an appointment; two make a window.

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};
use regex::Regex;
use std::sync::LazyLock;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).expect("a rate-con time pattern compiles")
}

static NUMERIC_DATE: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(\d{1,2})[/\-.](\d{1,2})[/\-.](\d{4}|\d{2})\b"));
static ISO_DATE: LazyLock<Regex> = LazyLock::new(|| re(r"\b(\d{4})-(\d{2})-(\d{2})\b"));
static WORD_DATE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b",
    )
});
static COLON_TIME: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\b(\d{1,2}):(\d{2})(?::\d{2})?(?:\s*([ap])\.?\s?m\.?\b)?"));
static MILITARY_TIME: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b([01]\d|2[0-3])([0-5]\d)\b(?:\s*(?:hrs?|h)\b)?"));
static ZONE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"\b(EST|EDT|ET|CST|CDT|CT|MST|MDT|MT|PST|PDT|PT|AKST|AKDT|HST|Eastern|Central|Mountain|Pacific)\b",
    )
});

/// Whether a line states a date or a clock time.
pub fn has_time(text: &str) -> bool {
    NUMERIC_DATE.is_match(text)
        || ISO_DATE.is_match(text)
        || WORD_DATE.is_match(text)
        || COLON_TIME.is_match(text)
}

#[derive(Debug, Default, PartialEq)]
pub struct Stated {
    pub appointment: Option<NaiveDateTime>,
    pub window: Option<(NaiveDateTime, NaiveDateTime)>,
    /// The zone's abbreviation as written.
    pub zone: Option<String>,
}

fn month(name: &str) -> Option<u32> {
    let m = match &name.to_ascii_lowercase()[..3] {
        "jan" => 1,
        "feb" => 2,
        "mar" => 3,
        "apr" => 4,
        "may" => 5,
        "jun" => 6,
        "jul" => 7,
        "aug" => 8,
        "sep" => 9,
        "oct" => 10,
        "nov" => 11,
        "dec" => 12,
        _ => return None,
    };
    Some(m)
}

fn year(raw: &str) -> Option<i32> {
    let y: i32 = raw.parse().ok()?;
    Some(if raw.len() == 2 { 2000 + y } else { y })
}

/// Blanks `range` of `text` (keeping positions), so a date's digits are not
/// read again as a time.
fn blank(text: &mut String, range: std::ops::Range<usize>) {
    text.replace_range(range.clone(), &" ".repeat(range.len()));
}

/// The dates and times of `text`, in the order written.
pub fn read(text: &str) -> Stated {
    let mut rest = text.to_owned();
    let mut dates: Vec<(usize, NaiveDate)> = Vec::new();
    for c in WORD_DATE.captures_iter(text) {
        let whole = c.get(0).expect("a match");
        if let (Some(m), Ok(d), Some(y)) = (month(&c[1]), c[2].parse(), year(&c[3]))
            && let Some(date) = NaiveDate::from_ymd_opt(y, m, d)
        {
            dates.push((whole.start(), date));
        }
        blank(&mut rest, whole.range());
    }
    for c in ISO_DATE.captures_iter(&rest.clone()) {
        let whole = c.get(0).expect("a match");
        if let (Some(y), Ok(m), Ok(d)) = (year(&c[1]), c[2].parse(), c[3].parse())
            && let Some(date) = NaiveDate::from_ymd_opt(y, m, d)
        {
            dates.push((whole.start(), date));
        }
        blank(&mut rest, whole.range());
    }
    for c in NUMERIC_DATE.captures_iter(&rest.clone()) {
        let whole = c.get(0).expect("a match");
        if let (Ok(m), Ok(d), Some(y)) = (c[1].parse(), c[2].parse(), year(&c[3]))
            && let Some(date) = NaiveDate::from_ymd_opt(y, m, d)
        {
            dates.push((whole.start(), date));
        }
        blank(&mut rest, whole.range());
    }
    dates.sort_by_key(|(at, _)| *at);

    let mut times: Vec<(usize, NaiveTime)> = Vec::new();
    for c in COLON_TIME.captures_iter(&rest.clone()) {
        let whole = c.get(0).expect("a match");
        let (Ok(mut h), Ok(m)) = (c[1].parse::<u32>(), c[2].parse::<u32>()) else {
            continue;
        };
        match c.get(3).map(|p| p.as_str().to_ascii_lowercase()) {
            Some(p) if p == "p" && h < 12 => h += 12,
            Some(p) if p == "a" && h == 12 => h = 0,
            _ => {}
        }
        if let Some(t) = NaiveTime::from_hms_opt(h, m, 0) {
            times.push((whole.start(), t));
        }
        blank(&mut rest, whole.range());
    }
    for c in MILITARY_TIME.captures_iter(&rest.clone()) {
        let whole = c.get(0).expect("a match");
        if let (Ok(h), Ok(m)) = (c[1].parse(), c[2].parse())
            && let Some(t) = NaiveTime::from_hms_opt(h, m, 0)
        {
            times.push((whole.start(), t));
        }
    }
    times.sort_by_key(|(at, _)| *at);

    let zone = ZONE.captures(text).map(|c| c[1].to_owned());
    let Some(&(_, first_day)) = dates.first() else {
        return Stated {
            zone,
            ..Stated::default()
        };
    };
    // Each time is on the latest date written before it.
    let on = |at: usize| {
        dates
            .iter()
            .rev()
            .find(|(d_at, _)| *d_at < at)
            .map_or(first_day, |(_, d)| *d)
    };
    match times.as_slice() {
        [] => Stated {
            zone,
            ..Stated::default()
        },
        [(at, t)] => Stated {
            appointment: Some(on(*at).and_time(*t)),
            window: None,
            zone,
        },
        [(a, t1), (b, t2), ..] => {
            let start = on(*a).and_time(*t1);
            let mut end = on(*b).and_time(*t2);
            // "22:00-02:00" on one date runs past midnight.
            if end < start && on(*a) == on(*b) {
                end += Duration::days(1);
            }
            Stated {
                appointment: None,
                window: Some((start, end)),
                zone,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(d: u32, h: u32, m: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 3, d)
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    #[test]
    fn an_appointment_with_its_zone() {
        let s = read("Pickup Date: 03/02/2026 08:00 CST");
        assert_eq!(s.appointment, Some(at(2, 8, 0)));
        assert_eq!(s.zone.as_deref(), Some("CST"));
        assert_eq!(
            read("Appt: 03/24/2026 2:30 PM PST").appointment,
            Some(at(24, 14, 30))
        );
        assert_eq!(
            read("March 30, 2026 @ 09:00 CDT").appointment,
            Some(at(30, 9, 0))
        );
    }

    #[test]
    fn windows_in_every_spelling() {
        let s = read("Mar 2, 2026 0800-1400 EST");
        assert_eq!(s.window, Some((at(2, 8, 0), at(2, 14, 0))));
        let s = read("03/09/2026 FCFS 07:00-15:00");
        assert_eq!(s.window, Some((at(9, 7, 0), at(9, 15, 0))));
        assert_eq!(s.zone, None);
        let s = read("Window: 03/25/2026 07:00 - 03/26/2026 11:00");
        assert_eq!(s.window, Some((at(25, 7, 0), at(26, 11, 0))));
        let s = read("03/10/2026 22:00-02:00");
        assert_eq!(s.window, Some((at(10, 22, 0), at(11, 2, 0))));
    }

    #[test]
    fn a_date_alone_or_nothing_gives_no_time() {
        assert_eq!(read("03/02/2026").appointment, None);
        assert_eq!(read("Call for appointment"), Stated::default());
        assert!(!has_time("1450 Industrial Blvd"));
        assert!(!has_time("Dallas, TX 75212"));
        assert!(has_time("FCFS 07:00-15:00"));
    }
}
