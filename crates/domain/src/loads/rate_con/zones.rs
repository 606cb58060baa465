//! A stop's IANA zone from what a rate confirmation says: the zone
//! abbreviation next to its time ("08:00 CST"), read with the stop's state
//! (Arizona keeps standard time), else the state's main zone.

/// The zone a US state (or DC, PR) mostly keeps. States split between two
/// zones get the one most of their freight sees; the user corrects the rest.
pub fn zone_of_state(state: &str) -> Option<&'static str> {
    let zone = match state.to_ascii_uppercase().as_str() {
        "CT" | "DE" | "DC" | "FL" | "GA" | "IN" | "KY" | "ME" | "MD" | "MA" | "MI" | "NH"
        | "NJ" | "NY" | "NC" | "OH" | "PA" | "RI" | "SC" | "VT" | "VA" | "WV" => "America/New_York",
        "AL" | "AR" | "IL" | "IA" | "KS" | "LA" | "MN" | "MS" | "MO" | "NE" | "ND" | "OK"
        | "SD" | "TN" | "TX" | "WI" => "America/Chicago",
        "CO" | "ID" | "MT" | "NM" | "UT" | "WY" => "America/Denver",
        "AZ" => "America/Phoenix",
        "CA" | "NV" | "OR" | "WA" => "America/Los_Angeles",
        "AK" => "America/Anchorage",
        "HI" => "Pacific/Honolulu",
        "PR" => "America/Puerto_Rico",
        _ => return None,
    };
    Some(zone)
}

/// The zone an abbreviation names, judged with the stop's state when known.
pub fn zone_of_abbreviation(abbreviation: &str, state: Option<&str>) -> Option<&'static str> {
    let state = state.map(str::to_ascii_uppercase);
    let state = state.as_deref();
    let zone = match abbreviation.to_ascii_uppercase().as_str() {
        "EST" | "EDT" | "ET" | "EASTERN" => "America/New_York",
        "CST" | "CDT" | "CT" | "CENTRAL" => "America/Chicago",
        "MST" | "MDT" | "MT" | "MOUNTAIN" => {
            if state == Some("AZ") {
                "America/Phoenix"
            } else {
                "America/Denver"
            }
        }
        "PST" | "PDT" | "PT" | "PACIFIC" => "America/Los_Angeles",
        "AKST" | "AKDT" => "America/Anchorage",
        "HST" => "Pacific/Honolulu",
        _ => return None,
    };
    Some(zone)
}

/// The stop's zone: the abbreviation when it names one, else the state's.
pub fn stop_zone(abbreviation: Option<&str>, state: Option<&str>) -> Option<&'static str> {
    abbreviation
        .and_then(|a| zone_of_abbreviation(a, state))
        .or_else(|| state.and_then(zone_of_state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_abbreviation_wins_and_arizona_keeps_phoenix_time() {
        assert_eq!(stop_zone(Some("CST"), Some("TX")), Some("America/Chicago"));
        assert_eq!(stop_zone(Some("EST"), Some("TN")), Some("America/New_York"));
        assert_eq!(stop_zone(Some("MST"), Some("AZ")), Some("America/Phoenix"));
        assert_eq!(stop_zone(Some("MDT"), Some("CO")), Some("America/Denver"));
        assert_eq!(stop_zone(None, Some("az")), Some("America/Phoenix"));
        assert_eq!(stop_zone(None, Some("OR")), Some("America/Los_Angeles"));
        assert_eq!(stop_zone(Some("XYZ"), None), None);
        assert_eq!(stop_zone(None, Some("ZZ")), None);
    }

    #[test]
    fn every_zone_named_is_known_to_the_tz_database() {
        for state in ["NY", "TX", "CO", "AZ", "CA", "AK", "HI", "PR"] {
            let zone = zone_of_state(state).unwrap();
            assert!(crate::loads::time_zone(zone).is_some(), "{zone}");
        }
    }
}
