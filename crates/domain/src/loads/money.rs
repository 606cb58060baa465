//! A load's money, in integer cents: linehaul, fuel surcharge and
//! accessorial lines.

use serde::{Deserialize, Serialize};

/// The largest amount one line may carry ($10 million): more is a typo.
pub const MAX_CENTS: i64 = 1_000_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Accessorial {
    Detention,
    Layover,
    Tonu,
    Lumper,
    StopOff,
    Tarp,
    DriverAssist,
    Other,
}

impl Accessorial {
    pub const ALL: [Accessorial; 8] = [
        Accessorial::Detention,
        Accessorial::Layover,
        Accessorial::Tonu,
        Accessorial::Lumper,
        Accessorial::StopOff,
        Accessorial::Tarp,
        Accessorial::DriverAssist,
        Accessorial::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Accessorial::Detention => "detention",
            Accessorial::Layover => "layover",
            Accessorial::Tonu => "tonu",
            Accessorial::Lumper => "lumper",
            Accessorial::StopOff => "stop_off",
            Accessorial::Tarp => "tarp",
            Accessorial::DriverAssist => "driver_assist",
            Accessorial::Other => "other",
        }
    }

    pub fn parse(text: &str) -> Option<Accessorial> {
        Self::ALL.into_iter().find(|a| a.as_str() == text)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    #[error("an amount cannot be negative")]
    Negative,
    #[error("an amount is larger than any one load carries")]
    TooLarge,
}

/// An amount of money a line may carry: 0 to `MAX_CENTS`.
pub fn check_cents(cents: i64) -> Result<i64, MoneyError> {
    match cents {
        c if c < 0 => Err(MoneyError::Negative),
        c if c > MAX_CENTS => Err(MoneyError::TooLarge),
        c => Ok(c),
    }
}

/// An amount as people read it: "$1,234.50".
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}${grouped}.{:02}", cents % 100)
}

#[cfg(test)]
mod tests {
    #[test]
    fn dollars_group_thousands() {
        assert_eq!(super::dollars(0), "$0.00");
        assert_eq!(super::dollars(5), "$0.05");
        assert_eq!(super::dollars(123_450), "$1,234.50");
        assert_eq!(super::dollars(100_000_000), "$1,000,000.00");
        assert_eq!(super::dollars(-250), "-$2.50");
    }

    use super::*;

    #[test]
    fn amounts_are_whole_cents_from_zero_to_the_cap() {
        assert_eq!(check_cents(0), Ok(0));
        assert_eq!(check_cents(MAX_CENTS), Ok(MAX_CENTS));
        assert_eq!(check_cents(-1), Err(MoneyError::Negative));
        assert_eq!(check_cents(MAX_CENTS + 1), Err(MoneyError::TooLarge));
    }

    #[test]
    fn accessorial_names_round_trip() {
        for a in Accessorial::ALL {
            assert_eq!(Accessorial::parse(a.as_str()), Some(a));
        }
        assert_eq!(Accessorial::parse("bribe"), None);
    }
}
