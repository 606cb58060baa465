//! A fleet's home time zone (issue 31, decision 043): the zone whose
//! calendar day is "today" wherever dates are judged for the fleet. Set in
//! Company Settings, else taken from the state of the fleet's FMCSA
//! physical address, else the Central zone.

use chrono::{DateTime, NaiveDate, Utc};
/// The zone type, re-exported so callers need not name the crate.
pub use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// The zone of a fleet with neither a chosen zone nor a known state: the
/// Central zone, the middle of the continental US and its freight lanes.
pub const FALLBACK_ZONE: Tz = chrono_tz::America::Chicago;

/// Where a fleet's effective zone came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneSource {
    /// Chosen in Company Settings.
    Set,
    /// From the state of the FMCSA physical address.
    FmcsaState,
    /// Neither: `FALLBACK_ZONE`.
    Default,
}

impl ZoneSource {
    pub fn as_str(self) -> &'static str {
        match self {
            ZoneSource::Set => "set",
            ZoneSource::FmcsaState => "fmcsa_state",
            ZoneSource::Default => "default",
        }
    }
}

/// The IANA zone of a name ("America/Denver"), or None. Surrounding blanks
/// are ignored; the case must be IANA's.
pub fn parse_zone(name: &str) -> Option<Tz> {
    name.trim().parse::<Tz>().ok()
}

/// An instant on a zone's clock with the zone's abbreviation, as a driver
/// reads a stop's appointment: "Mon, Mar 2, 08:10 CST". A zone that does not
/// parse shows UTC. The SPA formats the same way (web/src/lib/zoned-time.ts);
/// both run contracts/zoned-time-vectors.json.
pub fn day_on_clock(instant: DateTime<Utc>, zone: &str) -> String {
    match parse_zone(zone) {
        Some(tz) => instant
            .with_timezone(&tz)
            .format("%a, %b %-d, %H:%M %Z")
            .to_string(),
        None => instant.format("%a, %b %-d, %H:%M UTC").to_string(),
    }
}

/// The zone most of a US state's (or territory's) people keep, by its
/// two-letter postal code in any case. One zone per state: a fleet in the
/// Florida panhandle or western Kansas chooses its own in Company Settings.
pub fn zone_of_state(state: &str) -> Option<Tz> {
    use chrono_tz::{America, Pacific};
    let code = state.trim().to_ascii_uppercase();
    Some(match code.as_str() {
        "CT" | "DC" | "DE" | "FL" | "GA" | "KY" | "MA" | "MD" | "ME" | "NC" | "NH" | "NJ"
        | "NY" | "OH" | "PA" | "RI" | "SC" | "VA" | "VT" | "WV" => America::New_York,
        "MI" => America::Detroit,
        "IN" => America::Indiana::Indianapolis,
        "AL" | "AR" | "IA" | "IL" | "KS" | "LA" | "MN" | "MO" | "MS" | "ND" | "NE" | "OK"
        | "SD" | "TN" | "TX" | "WI" => America::Chicago,
        "CO" | "MT" | "NM" | "UT" | "WY" => America::Denver,
        "ID" => America::Boise,
        "AZ" => America::Phoenix,
        "CA" | "NV" | "OR" | "WA" => America::Los_Angeles,
        "AK" => America::Anchorage,
        "HI" => Pacific::Honolulu,
        "PR" => America::Puerto_Rico,
        "VI" => America::St_Thomas,
        "GU" => Pacific::Guam,
        "MP" => Pacific::Saipan,
        "AS" => Pacific::Pago_Pago,
        _ => return None,
    })
}

/// The fleet's effective zone: the chosen one when it is a zone, else the
/// state's, else `FALLBACK_ZONE`; with where it came from.
pub fn home_zone(chosen: Option<&str>, state: Option<&str>) -> (Tz, ZoneSource) {
    if let Some(zone) = chosen.and_then(parse_zone) {
        return (zone, ZoneSource::Set);
    }
    match state.and_then(zone_of_state) {
        Some(zone) => (zone, ZoneSource::FmcsaState),
        None => (FALLBACK_ZONE, ZoneSource::Default),
    }
}

/// The calendar day it is in `zone` at `now`.
pub fn local_date(zone: Tz, now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&zone).date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    pub(super) const STATES: [&str; 51] = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN",
        "IA", "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH",
        "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT",
        "VT", "VA", "WA", "WV", "WI", "WY",
    ];

    #[test]
    fn every_state_and_dc_has_a_zone() {
        for state in STATES {
            assert!(zone_of_state(state).is_some(), "{state}");
        }
    }

    #[test]
    fn the_states_named_in_the_issue() {
        assert_eq!(zone_of_state("TX"), Some(chrono_tz::America::Chicago));
        assert_eq!(
            zone_of_state("IN"),
            Some(chrono_tz::America::Indiana::Indianapolis)
        );
        assert_eq!(zone_of_state("AZ"), Some(chrono_tz::America::Phoenix));
        assert_eq!(zone_of_state("HI"), Some(chrono_tz::Pacific::Honolulu));
        assert_eq!(zone_of_state("AK"), Some(chrono_tz::America::Anchorage));
        assert_eq!(zone_of_state("PR"), Some(chrono_tz::America::Puerto_Rico));
        assert_eq!(zone_of_state("GU"), Some(chrono_tz::Pacific::Guam));
    }

    #[test]
    fn split_states_take_the_zone_of_most_people() {
        // Nashville and Memphis are Central; Louisville and Lexington Eastern;
        // Boise Mountain; Detroit Eastern; El Paso is the Texas exception.
        assert_eq!(zone_of_state("TN"), Some(chrono_tz::America::Chicago));
        assert_eq!(zone_of_state("KY"), Some(chrono_tz::America::New_York));
        assert_eq!(zone_of_state("ID"), Some(chrono_tz::America::Boise));
        assert_eq!(zone_of_state("MI"), Some(chrono_tz::America::Detroit));
        assert_eq!(zone_of_state("FL"), Some(chrono_tz::America::New_York));
        assert_eq!(zone_of_state("OR"), Some(chrono_tz::America::Los_Angeles));
        assert_eq!(zone_of_state("ND"), Some(chrono_tz::America::Chicago));
    }

    #[test]
    fn codes_are_read_in_any_case_and_unknown_ones_give_none() {
        assert_eq!(zone_of_state(" ca "), Some(chrono_tz::America::Los_Angeles));
        assert_eq!(zone_of_state("Wa"), Some(chrono_tz::America::Los_Angeles));
        for code in ["", "XX", "ON", "Texas", "T", "TXX"] {
            assert_eq!(zone_of_state(code), None, "{code:?}");
        }
    }

    #[test]
    fn zones_are_iana_names() {
        assert_eq!(
            parse_zone("America/Denver"),
            Some(chrono_tz::America::Denver)
        );
        assert_eq!(
            parse_zone(" Pacific/Honolulu "),
            Some(chrono_tz::Pacific::Honolulu)
        );
        for bad in ["", "Mars/Olympus", "america/denver", "GMT+25", "Central"] {
            assert_eq!(parse_zone(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_chosen_zone_wins_then_the_state_then_the_fallback() {
        assert_eq!(
            home_zone(Some("America/Denver"), Some("TX")),
            (chrono_tz::America::Denver, ZoneSource::Set)
        );
        assert_eq!(
            home_zone(None, Some("tx")),
            (chrono_tz::America::Chicago, ZoneSource::FmcsaState)
        );
        assert_eq!(
            home_zone(Some("Nowhere/Else"), Some("CA")),
            (chrono_tz::America::Los_Angeles, ZoneSource::FmcsaState)
        );
        assert_eq!(
            home_zone(None, Some("ZZ")),
            (FALLBACK_ZONE, ZoneSource::Default)
        );
        assert_eq!(home_zone(None, None), (FALLBACK_ZONE, ZoneSource::Default));
    }

    #[test]
    fn the_local_day_turns_at_local_midnight() {
        let la = chrono_tz::America::Los_Angeles;
        // 19:00 on March 1 in Los Angeles (PST, UTC−8).
        assert_eq!(local_date(la, at("2026-03-02T03:00:00Z")), day(2026, 3, 1));
        assert_eq!(local_date(la, at("2026-03-02T07:59:59Z")), day(2026, 3, 1));
        assert_eq!(local_date(la, at("2026-03-02T08:00:00Z")), day(2026, 3, 2));
        // Daylight time: midnight is 07:00 UTC.
        assert_eq!(local_date(la, at("2026-07-02T06:59:59Z")), day(2026, 7, 1));
        assert_eq!(local_date(la, at("2026-07-02T07:00:00Z")), day(2026, 7, 2));
        // Guam is ahead of UTC: its day starts the evening before.
        let guam = chrono_tz::Pacific::Guam;
        assert_eq!(
            local_date(guam, at("2026-03-01T14:00:00Z")),
            day(2026, 3, 2)
        );
        assert_eq!(
            local_date(guam, at("2026-03-01T13:59:59Z")),
            day(2026, 3, 1)
        );
        // Phoenix keeps no daylight time.
        let phx = chrono_tz::America::Phoenix;
        assert_eq!(
            local_date(phx, Utc.with_ymd_and_hms(2026, 7, 2, 6, 59, 0).unwrap()),
            day(2026, 7, 1)
        );
        assert_eq!(
            local_date(phx, Utc.with_ymd_and_hms(2026, 7, 2, 7, 0, 0).unwrap()),
            day(2026, 7, 2)
        );
    }
}

#[cfg(test)]
mod listed_zones {
    /// The zones the settings page lists by name are zones the server takes.
    #[test]
    fn every_named_zone_of_the_texts_parses() {
        let texts: serde_json::Value =
            serde_json::from_str(include_str!("../../../contracts/texts.json")).unwrap();
        let zones = texts["fleet"]["settingsForm"]["timeZone"]["zones"]
            .as_object()
            .expect("the named zones");
        assert!(zones.len() > 10);
        for name in zones.keys() {
            assert!(super::parse_zone(name).is_some(), "{name}");
        }
    }

    /// Every zone the state table gives is one the settings page names.
    #[test]
    fn every_state_zone_is_named_on_the_page() {
        let texts: serde_json::Value =
            serde_json::from_str(include_str!("../../../contracts/texts.json")).unwrap();
        let zones = &texts["fleet"]["settingsForm"]["timeZone"]["zones"];
        for state in super::tests::STATES
            .iter()
            .chain(&["PR", "VI", "GU", "MP", "AS"])
        {
            let zone = super::zone_of_state(state).unwrap();
            assert!(zones.get(zone.name()).is_some(), "{state}: {}", zone.name());
        }
    }

    #[test]
    fn an_instant_on_a_stop_s_clock_reads_as_the_spa_shows_it() {
        #[derive(serde::Deserialize)]
        struct Vectors {
            day_on_clock: Vec<Vector>,
        }
        #[derive(serde::Deserialize)]
        struct Vector {
            instant: chrono::DateTime<chrono::Utc>,
            zone: String,
            text: String,
        }
        let vectors: Vectors =
            serde_json::from_str(include_str!("../../../contracts/zoned-time-vectors.json"))
                .expect("contracts/zoned-time-vectors.json parses");
        assert!(!vectors.day_on_clock.is_empty());
        for v in vectors.day_on_clock {
            assert_eq!(
                super::day_on_clock(v.instant, &v.zone),
                v.text,
                "{} in {}",
                v.instant,
                v.zone
            );
        }
        let instant: chrono::DateTime<chrono::Utc> = "2026-03-02T14:10:00Z".parse().unwrap();
        assert_eq!(
            super::day_on_clock(instant, "Mars/Olympus"),
            "Mon, Mar 2, 14:10 UTC"
        );
    }
}
