//! A broker's tender of a load to a carrier (issue 33): its life, its
//! money terms, and what of the carrier's load the broker may see.
//!
//! offered → accepted | declined | countered | withdrawn | expired;
//! countered → accepted (the broker takes the counter) | withdrawn | expired.
//! An offer past its expiry is expired whatever its stored status says, so
//! no sweep has to run before a late accept is refused.

use crate::loads::{Accessorial, LoadStatus, check_cents};
use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use serde::{Deserialize, Serialize};

/// How long an offer stands when the broker does not say.
pub const DEFAULT_EXPIRY_MINUTES: i64 = 120;
/// The longest an offer may stand (a week).
pub const MAX_EXPIRY_MINUTES: i64 = 7 * 24 * 60;
/// How long after delivery the broker still sees milestones and position.
pub const TRACKING_AFTER_DELIVERY: Duration = Duration::hours(2);
/// Average speed of the ETA's estimate (the same as the HOS trip estimate).
pub const ETA_SPEED_MPH: f64 = 50.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TenderStatus {
    Offered,
    Countered,
    Accepted,
    Declined,
    Withdrawn,
    Expired,
}

impl TenderStatus {
    pub const ALL: [TenderStatus; 6] = [
        TenderStatus::Offered,
        TenderStatus::Countered,
        TenderStatus::Accepted,
        TenderStatus::Declined,
        TenderStatus::Withdrawn,
        TenderStatus::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TenderStatus::Offered => "offered",
            TenderStatus::Countered => "countered",
            TenderStatus::Accepted => "accepted",
            TenderStatus::Declined => "declined",
            TenderStatus::Withdrawn => "withdrawn",
            TenderStatus::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Option<TenderStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Still waiting for an answer (from the carrier, or for a counter
    /// from the broker).
    pub fn open(self) -> bool {
        matches!(self, TenderStatus::Offered | TenderStatus::Countered)
    }

    /// The status as the parties should see it at `now`: an open offer
    /// past its expiry is expired.
    pub fn at(self, expires_at: DateTime<Utc>, now: DateTime<Utc>) -> TenderStatus {
        if self.open() && expires_at <= now {
            TenderStatus::Expired
        } else {
            self
        }
    }
}

/// One accessorial line of an offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub kind: Accessorial,
    pub amount_cents: i64,
    #[serde(default)]
    pub note: Option<String>,
}

/// The money of an offer and the terms the rate confirmation must state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    pub linehaul_cents: i64,
    pub fuel_surcharge_cents: i64,
    #[serde(default)]
    pub accessorials: Vec<Line>,
    pub detention_free_minutes: Option<i32>,
    pub detention_rate_cents: Option<i64>,
    pub detention_cap_cents: Option<i64>,
    pub tonu_cents: Option<i64>,
    pub tonu_window_hours: Option<i32>,
    pub lumper_terms: Option<String>,
}

/// What is wrong with an offer's money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermsError {
    /// The field, as the request names it.
    pub field: String,
    pub problem: crate::loads::MoneyError,
}

impl Terms {
    /// Linehaul + fuel + every accessorial line.
    pub fn total_cents(&self) -> i64 {
        self.linehaul_cents
            + self.fuel_surcharge_cents
            + self
                .accessorials
                .iter()
                .map(|a| a.amount_cents)
                .sum::<i64>()
    }

    /// Every amount within 0 … $10 million.
    pub fn check(&self) -> Result<(), TermsError> {
        let mut amounts: Vec<(String, Option<i64>)> = vec![
            ("linehaul_cents".into(), Some(self.linehaul_cents)),
            (
                "fuel_surcharge_cents".into(),
                Some(self.fuel_surcharge_cents),
            ),
            ("detention_rate_cents".into(), self.detention_rate_cents),
            ("detention_cap_cents".into(), self.detention_cap_cents),
            ("tonu_cents".into(), self.tonu_cents),
        ];
        for (i, line) in self.accessorials.iter().enumerate() {
            amounts.push((
                format!("accessorials.{i}.amount_cents"),
                Some(line.amount_cents),
            ));
        }
        for (field, amount) in amounts {
            if let Some(cents) = amount {
                check_cents(cents).map_err(|problem| TermsError { field, problem })?;
            }
        }
        Ok(())
    }
}

/// One stop of an offer: the broker's facility as it was when tendered, and
/// its appointment or window on the facility's clock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TenderStop {
    pub kind: String,
    pub facility_name: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: Option<String>,
    pub lat: f64,
    pub lon: f64,
    pub time_zone: String,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub hours: Option<String>,
    pub local_start: NaiveDateTime,
    pub local_end: Option<NaiveDateTime>,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
    pub instructions: Option<String>,
}

/// Whether the broker sees a shipment's milestones and position at `now`:
/// from acceptance until two hours after delivery; never for a cancelled
/// load.
pub fn tracking_open(
    status: LoadStatus,
    delivered_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> bool {
    match status {
        LoadStatus::Cancelled | LoadStatus::Declined | LoadStatus::Tendered => false,
        LoadStatus::Delivered | LoadStatus::Invoiced | LoadStatus::Paid => {
            delivered_at.is_some_and(|at| now < at + TRACKING_AFTER_DELIVERY)
        }
        _ => true,
    }
}

/// The ETA to a stop `miles` (great-circle, before the road factor) away
/// from a position read at `position_at`.
pub fn eta(position_at: DateTime<Utc>, miles: f64) -> DateTime<Utc> {
    let road = miles * crate::loads::ROAD_FACTOR;
    let minutes = (road / ETA_SPEED_MPH * 60.0).round() as i64;
    position_at + Duration::minutes(minutes.max(0))
}

/// Whether two spans of time meet (the overbooking rule).
pub fn overlaps(a: (DateTime<Utc>, DateTime<Utc>), b: (DateTime<Utc>, DateTime<Utc>)) -> bool {
    a.0 < b.1 && b.0 < a.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 2, h, 0, 0).unwrap()
    }

    #[test]
    fn an_open_offer_past_its_expiry_is_expired() {
        assert_eq!(TenderStatus::Offered.at(t(10), t(9)), TenderStatus::Offered);
        assert_eq!(
            TenderStatus::Offered.at(t(10), t(10)),
            TenderStatus::Expired
        );
        assert_eq!(
            TenderStatus::Countered.at(t(10), t(11)),
            TenderStatus::Expired
        );
        assert_eq!(
            TenderStatus::Accepted.at(t(10), t(11)),
            TenderStatus::Accepted
        );
        assert_eq!(
            TenderStatus::Declined.at(t(10), t(11)),
            TenderStatus::Declined
        );
    }

    #[test]
    fn statuses_read_back() {
        for s in TenderStatus::ALL {
            assert_eq!(TenderStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(TenderStatus::parse("booked"), None);
    }

    fn terms() -> Terms {
        Terms {
            linehaul_cents: 180_000,
            fuel_surcharge_cents: 25_000,
            accessorials: vec![Line {
                kind: Accessorial::Lumper,
                amount_cents: 7_500,
                note: None,
            }],
            detention_free_minutes: Some(120),
            detention_rate_cents: Some(5_000),
            detention_cap_cents: None,
            tonu_cents: Some(15_000),
            tonu_window_hours: Some(24),
            lumper_terms: None,
        }
    }

    #[test]
    fn the_total_is_every_line() {
        assert_eq!(terms().total_cents(), 212_500);
    }

    #[test]
    fn a_negative_or_huge_amount_names_its_field() {
        let mut bad = terms();
        bad.accessorials[0].amount_cents = -1;
        assert_eq!(
            bad.check().unwrap_err().field,
            "accessorials.0.amount_cents"
        );
        let mut bad = terms();
        bad.tonu_cents = Some(crate::loads::MAX_CENTS + 1);
        assert_eq!(bad.check().unwrap_err().field, "tonu_cents");
        assert!(terms().check().is_ok());
    }

    #[test]
    fn tracking_is_open_from_acceptance_to_two_hours_after_delivery() {
        assert!(tracking_open(LoadStatus::Accepted, None, t(9)));
        assert!(tracking_open(LoadStatus::InTransit, None, t(9)));
        assert!(tracking_open(LoadStatus::Delivered, Some(t(8)), t(9)));
        assert!(!tracking_open(LoadStatus::Delivered, Some(t(8)), t(10)));
        assert!(!tracking_open(LoadStatus::Invoiced, Some(t(1)), t(10)));
        assert!(!tracking_open(LoadStatus::Cancelled, None, t(9)));
    }

    #[test]
    fn eta_drives_the_road_miles_at_fifty() {
        // 100 mi great-circle × 1.2 = 120 road miles = 2 h 24 min.
        assert_eq!(eta(t(8), 100.0), t(10) + Duration::minutes(24));
    }

    #[test]
    fn spans_that_touch_do_not_overlap() {
        assert!(overlaps((t(8), t(12)), (t(11), t(14))));
        assert!(!overlaps((t(8), t(12)), (t(12), t(14))));
        assert!(overlaps((t(8), t(20)), (t(10), t(11))));
    }
}
