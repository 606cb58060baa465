//! Hours-of-service clocks (issue 31 §3): what each provider reports of a
//! driver's time left, read into one provider-neutral record per driver.
//!
//! - Samsara `GET /fleet/hos/clocks` (see `samsara.rs`), milliseconds.
//! - Motive `GET /v1/available_time` (see `motive.rs`), seconds.
//! - Geotab `Get` of `DutyStatusAvailability` per driver (see `geotab.rs`),
//!   .NET `TimeSpan` text.
//! - The demo provider: seeded clocks for its drivers (see `demo.rs`).
//!
//! A provider without clocks (the CSV import, Omnitracs) answers
//! [`EldProviderError::Unsupported`] from [`EldProvider::hos_clocks_page`].

use super::{EldProvider, EldProviderError};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The most pages one read of a fleet's clocks follows (512 drivers a page
/// on Samsara, 100 on Motive): a cursor that never ends fails the read.
pub const MAX_PAGES: usize = 200;

/// A driver's duty status, in the words every provider maps to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DutyStatus {
    OffDuty,
    SleeperBerth,
    Driving,
    OnDuty,
    YardMove,
    PersonalConveyance,
}

impl DutyStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            DutyStatus::OffDuty => "off_duty",
            DutyStatus::SleeperBerth => "sleeper_berth",
            DutyStatus::Driving => "driving",
            DutyStatus::OnDuty => "on_duty",
            DutyStatus::YardMove => "yard_move",
            DutyStatus::PersonalConveyance => "personal_conveyance",
        }
    }

    /// Any provider's spelling: Samsara `offDuty`, `sleeperBed`; Motive
    /// `off_duty`, `sleeper`; Geotab `OFF`, `SB`, `D`, `ON`; case and
    /// separators ignored. Unknown words are `None`.
    pub fn parse(text: &str) -> Option<Self> {
        let key: String = text
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        Some(match key.as_str() {
            "offduty" | "off" => DutyStatus::OffDuty,
            "sleeperbed" | "sleeperberth" | "sleeper" | "sb" => DutyStatus::SleeperBerth,
            "driving" | "d" => DutyStatus::Driving,
            "onduty" | "on" | "ondutynotdriving" => DutyStatus::OnDuty,
            "yardmove" | "ym" => DutyStatus::YardMove,
            "personalconveyance" | "pc" => DutyStatus::PersonalConveyance,
            _ => return None,
        })
    }
}

/// One driver's clocks as the provider last computed them. Minutes are
/// whole minutes rounded down (a driver with 59 seconds left has none);
/// `None` where the provider gave no figure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HosClock {
    /// The provider's driver id, as in [`super::EldDriver::id`].
    pub driver_id: String,
    pub duty_status: Option<DutyStatus>,
    /// Driving left before the 11-hour limit.
    pub drive_minutes: Option<i32>,
    /// On duty left in the 14-hour window.
    pub shift_minutes: Option<i32>,
    /// On duty left in the 60/70-hour cycle.
    pub cycle_minutes: Option<i32>,
    /// Driving left before the 30-minute break is due.
    pub break_minutes: Option<i32>,
    /// The cycle time the driver will have tomorrow, when the provider says.
    pub cycle_tomorrow_minutes: Option<i32>,
    /// When the figures were true (the provider's time, else when they were read).
    pub as_of: DateTime<Utc>,
    /// The provider flags the figures as not current: the driver's app is
    /// disconnected (Samsara's empty duty status) or no figures came.
    pub stale: bool,
}

/// Milliseconds → whole minutes, negatives as 0 (a driver in violation has none left).
pub(crate) fn minutes_of_ms(ms: Option<f64>) -> Option<i32> {
    ms.filter(|v| v.is_finite())
        .map(|v| (v.max(0.0) / 60_000.0).floor().min(f64::from(i32::MAX)) as i32)
}

/// Seconds → whole minutes, negatives as 0.
pub(crate) fn minutes_of_seconds(s: Option<f64>) -> Option<i32> {
    minutes_of_ms(s.map(|v| v * 1000.0))
}

/// A .NET `TimeSpan` as Geotab writes it — `hh:mm:ss`, `d.hh:mm:ss`, with
/// optional fractional seconds (`10:59:00.1234567`) and a leading `-` — as
/// whole minutes (negative spans are 0). `None` when it is not one.
pub fn timespan_minutes(text: &str) -> Option<i32> {
    let text = text.trim();
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut parts = text.split(':');
    let (head, minutes, seconds) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (days, hours) = match head.split_once('.') {
        Some((d, h)) => (d.parse::<i64>().ok()?, h.parse::<i64>().ok()?),
        None => (0, head.parse::<i64>().ok()?),
    };
    let minutes = minutes.parse::<i64>().ok()?;
    let seconds: f64 = seconds.parse().ok()?;
    if !(0..24).contains(&hours)
        || !(0..60).contains(&minutes)
        || !(0.0..60.0).contains(&seconds)
        || days < 0
    {
        return None;
    }
    if negative {
        return Some(0);
    }
    let total = days * 24 * 60 + hours * 60 + minutes;
    i32::try_from(total).ok()
}

/// Every driver's clocks, following the provider's pages (at most
/// [`MAX_PAGES`]). `Unsupported` when the provider reports none.
pub async fn all_clocks(provider: &dyn EldProvider) -> Result<Vec<HosClock>, EldProviderError> {
    let mut out = Vec::new();
    let mut cursor = None;
    for _ in 0..MAX_PAGES {
        let page = provider.hos_clocks_page(cursor.take()).await?;
        out.extend(page.items);
        match page.next {
            Some(next) => cursor = Some(next),
            None => return Ok(out),
        }
    }
    Err(EldProviderError::Malformed(format!(
        "the provider's hours-of-service pages did not end after {MAX_PAGES} pages"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timespans_read_as_minutes() {
        assert_eq!(timespan_minutes("10:59:00"), Some(659));
        assert_eq!(timespan_minutes("1.02:00:00"), Some(26 * 60));
        assert_eq!(timespan_minutes("00:29:59.9990000"), Some(29));
        assert_eq!(timespan_minutes("70:00:00"), None);
        assert_eq!(timespan_minutes("2.22:00:00"), Some(70 * 60));
        assert_eq!(timespan_minutes("-00:15:00"), Some(0));
        assert_eq!(timespan_minutes("00:00:00"), Some(0));
        assert_eq!(timespan_minutes("ten"), None);
        assert_eq!(timespan_minutes("10:61:00"), None);
        assert_eq!(timespan_minutes("1:2"), None);
    }

    #[test]
    fn durations_round_down_and_never_go_negative() {
        assert_eq!(minutes_of_ms(Some(39_600_000.0)), Some(660));
        assert_eq!(minutes_of_ms(Some(59_999.0)), Some(0));
        assert_eq!(minutes_of_ms(Some(-5_000.0)), Some(0));
        assert_eq!(minutes_of_ms(None), None);
        assert_eq!(minutes_of_seconds(Some(28_800.0)), Some(480));
    }

    #[test]
    fn duty_statuses_in_every_spelling() {
        assert_eq!(DutyStatus::parse("offDuty"), Some(DutyStatus::OffDuty));
        assert_eq!(
            DutyStatus::parse("sleeperBed"),
            Some(DutyStatus::SleeperBerth)
        );
        assert_eq!(DutyStatus::parse("on_duty"), Some(DutyStatus::OnDuty));
        assert_eq!(
            DutyStatus::parse("personalConveyance"),
            Some(DutyStatus::PersonalConveyance)
        );
        assert_eq!(DutyStatus::parse("D"), Some(DutyStatus::Driving));
        assert_eq!(DutyStatus::parse(""), None);
        assert_eq!(DutyStatus::parse("waiting"), None);
    }
}
