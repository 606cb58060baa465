//! A load's stops: ordered pickups and deliveries, each with an appointment
//! or a window in its facility's own time zone.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopKind {
    Pickup,
    Delivery,
}

/// When the stop is to be served, in the facility's local time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopTime {
    Appointment(NaiveDateTime),
    /// From–to ("FCFS" between them).
    Window {
        from: NaiveDateTime,
        to: NaiveDateTime,
    },
}

/// One stop as the checks see it.
#[derive(Debug, Clone)]
pub struct StopCheck<'a> {
    pub kind: StopKind,
    /// The facility's IANA zone ("America/Chicago").
    pub time_zone: &'a str,
    pub time: StopTime,
}

/// What is wrong with the stops, and which stop and field it is about.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StopError {
    #[error("a load needs a pickup first and a delivery last")]
    Shape,
    #[error("stop {index}: unknown time zone")]
    UnknownZone { index: usize },
    #[error("stop {index}: the window ends before it starts")]
    WindowEndsBeforeStart { index: usize },
    #[error("stop {index}: the time does not exist in its zone (a clock change)")]
    NoSuchLocalTime { index: usize },
    #[error("stop {index}: earlier than the stop before it")]
    BeforePrevious { index: usize },
    #[error("stop {index}: more than {MAX_SPAN_DAYS} days after the first pickup")]
    SpanTooLong { index: usize },
}

/// The longest a load runs, first pickup to last delivery. Longer is a
/// typing slip (a wrong month or year); the bound also lets the dispatch
/// board read a week's loads as a short range of pickups.
pub const MAX_SPAN_DAYS: i64 = 31;

impl StopError {
    /// The request field the error names (`stops`, `stops.2.window_end`…).
    pub fn field(&self) -> String {
        match self {
            StopError::Shape => "stops".to_owned(),
            StopError::UnknownZone { index } => format!("stops.{index}.time_zone"),
            StopError::WindowEndsBeforeStart { index } => format!("stops.{index}.window_end"),
            StopError::NoSuchLocalTime { index }
            | StopError::BeforePrevious { index }
            | StopError::SpanTooLong { index } => {
                format!("stops.{index}.appointment")
            }
        }
    }
}

/// The zone of an IANA name, or None.
pub fn time_zone(name: &str) -> Option<Tz> {
    name.parse::<Tz>().ok()
}

/// A local time in `zone` as an instant; the earlier one when a clock goes
/// back and the hour happens twice, None when it goes forward over it.
fn instant(zone: Tz, local: NaiveDateTime) -> Option<DateTime<Utc>> {
    zone.from_local_datetime(&local)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// The instant `day` begins in `zone` (the first instant of it when a clock
/// change skips midnight).
pub fn start_of_day(day: chrono::NaiveDate, zone: Tz) -> Option<DateTime<Utc>> {
    (0..3).find_map(|hour| instant(zone, day.and_hms_opt(hour, 0, 0)?))
}

/// A stop's span as instants: from, to (the same instant for an appointment).
pub type Span = (DateTime<Utc>, DateTime<Utc>);

/// Checks the stops and returns each one's span as instants (from, to; the
/// same instant twice for an appointment). Stops follow each other in time:
/// a stop's start may not be before the previous stop's start.
pub fn check_stops(stops: &[StopCheck<'_>]) -> Result<Vec<Span>, StopError> {
    let shaped = stops.len() >= 2
        && stops.first().is_some_and(|s| s.kind == StopKind::Pickup)
        && stops.last().is_some_and(|s| s.kind == StopKind::Delivery);
    if !shaped {
        return Err(StopError::Shape);
    }
    let mut spans: Vec<Span> = Vec::with_capacity(stops.len());
    for (index, stop) in stops.iter().enumerate() {
        let zone = time_zone(stop.time_zone).ok_or(StopError::UnknownZone { index })?;
        let local = |t| instant(zone, t).ok_or(StopError::NoSuchLocalTime { index });
        let span = match stop.time {
            StopTime::Appointment(at) => {
                let at = local(at)?;
                (at, at)
            }
            StopTime::Window { from, to } => {
                if to <= from {
                    return Err(StopError::WindowEndsBeforeStart { index });
                }
                (local(from)?, local(to)?)
            }
        };
        if spans.last().is_some_and(|previous| span.0 < previous.0) {
            return Err(StopError::BeforePrevious { index });
        }
        if spans
            .first()
            .is_some_and(|first| span.1 - first.0 > chrono::Duration::days(MAX_SPAN_DAYS))
        {
            return Err(StopError::SpanTooLong { index });
        }
        spans.push(span);
    }
    Ok(spans)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_day_starts_at_its_own_midnight() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 8).unwrap();
        let chicago: Tz = "America/Chicago".parse().unwrap();
        assert_eq!(
            super::start_of_day(day, chicago).unwrap().to_rfc3339(),
            "2026-03-08T06:00:00+00:00"
        );
        // Havana skips midnight when its clocks go forward.
        let havana: Tz = "America/Havana".parse().unwrap();
        let spring = chrono::NaiveDate::from_ymd_opt(2026, 3, 8).unwrap();
        assert_eq!(
            super::start_of_day(spring, havana).unwrap().to_rfc3339(),
            "2026-03-08T05:00:00+00:00"
        );
    }

    use super::*;
    use chrono::NaiveDate;

    fn at(day: u32, hour: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 3, day)
            .unwrap()
            .and_hms_opt(hour, 0, 0)
            .unwrap()
    }

    fn stop(kind: StopKind, zone: &str, time: StopTime) -> StopCheck<'_> {
        StopCheck {
            kind,
            time_zone: zone,
            time,
        }
    }

    #[test]
    fn a_pickup_then_a_delivery_gives_their_instants_in_each_zone() {
        let spans = check_stops(&[
            stop(
                StopKind::Pickup,
                "America/Chicago",
                StopTime::Appointment(at(2, 8)),
            ),
            stop(
                StopKind::Delivery,
                "America/New_York",
                StopTime::Window {
                    from: at(3, 9),
                    to: at(3, 15),
                },
            ),
        ])
        .unwrap();
        assert_eq!(spans[0].0.to_rfc3339(), "2026-03-02T14:00:00+00:00");
        assert_eq!(spans[1].0.to_rfc3339(), "2026-03-03T14:00:00+00:00");
        assert_eq!(spans[1].1.to_rfc3339(), "2026-03-03T20:00:00+00:00");
    }

    #[test]
    fn order_is_judged_in_instants_not_in_local_clock_times() {
        // 09:00 in New York is 08:00 in Chicago: an hour *before* a 08:30 Chicago pickup.
        let err = check_stops(&[
            stop(
                StopKind::Pickup,
                "America/Chicago",
                StopTime::Appointment(at(2, 8).with_minute_30()),
            ),
            stop(
                StopKind::Delivery,
                "America/New_York",
                StopTime::Appointment(at(2, 9)),
            ),
        ])
        .unwrap_err();
        assert_eq!(err, StopError::BeforePrevious { index: 1 });
        assert_eq!(err.field(), "stops.1.appointment");
    }

    #[test]
    fn bad_stops_are_named() {
        let pickup = stop(
            StopKind::Pickup,
            "America/Chicago",
            StopTime::Appointment(at(2, 8)),
        );
        let delivery = stop(
            StopKind::Delivery,
            "America/Chicago",
            StopTime::Appointment(at(3, 8)),
        );
        assert_eq!(
            check_stops(std::slice::from_ref(&pickup)),
            Err(StopError::Shape)
        );
        assert_eq!(
            check_stops(&[delivery.clone(), pickup.clone()]),
            Err(StopError::Shape)
        );
        let mars = stop(
            StopKind::Delivery,
            "Mars/Olympus",
            StopTime::Appointment(at(3, 8)),
        );
        assert_eq!(
            check_stops(&[pickup.clone(), mars]).unwrap_err().field(),
            "stops.1.time_zone"
        );
        let backwards = stop(
            StopKind::Delivery,
            "America/Chicago",
            StopTime::Window {
                from: at(3, 10),
                to: at(3, 9),
            },
        );
        assert_eq!(
            check_stops(&[pickup.clone(), backwards]).unwrap_err(),
            StopError::WindowEndsBeforeStart { index: 1 }
        );
        // 02:30 on 8 March 2026 does not happen in Chicago (clocks go 02:00 → 03:00).
        let gap = stop(
            StopKind::Delivery,
            "America/Chicago",
            StopTime::Appointment(at(8, 2).with_minute_30()),
        );
        assert_eq!(
            check_stops(&[pickup, gap]).unwrap_err(),
            StopError::NoSuchLocalTime { index: 1 }
        );
    }

    trait HalfPast {
        fn with_minute_30(self) -> NaiveDateTime;
    }
    impl HalfPast for NaiveDateTime {
        fn with_minute_30(self) -> NaiveDateTime {
            self + chrono::Duration::minutes(30)
        }
    }
}

#[cfg(test)]
mod span_tests {
    use super::*;
    use chrono::NaiveDate;

    fn on(month: u32, day: u32, hour: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, month, day)
            .unwrap()
            .and_hms_opt(hour, 0, 0)
            .unwrap()
    }

    fn pickup_and_delivery(delivery: StopTime) -> Result<Vec<Span>, StopError> {
        check_stops(&[
            StopCheck {
                kind: StopKind::Pickup,
                time_zone: "America/Chicago",
                time: StopTime::Appointment(on(3, 1, 8)),
            },
            StopCheck {
                kind: StopKind::Delivery,
                time_zone: "America/Chicago",
                time: delivery,
            },
        ])
    }

    #[test]
    fn a_load_runs_at_most_the_longest_span_window_end_included() {
        // 1 March 08:00 to 1 April 08:00 Chicago is 31 days less the spring-forward hour.
        assert!(pickup_and_delivery(StopTime::Appointment(on(4, 1, 8))).is_ok());
        assert!(pickup_and_delivery(StopTime::Appointment(on(4, 1, 10))).is_err());
        let window = StopTime::Window {
            from: on(3, 30, 8),
            to: on(4, 2, 8),
        };
        assert_eq!(
            pickup_and_delivery(window),
            Err(StopError::SpanTooLong { index: 1 })
        );
        assert_eq!(
            StopError::SpanTooLong { index: 1 }.field(),
            "stops.1.appointment"
        );
    }
}
