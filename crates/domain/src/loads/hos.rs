//! Hours of service against a trip (issue 31 §3; 49 CFR 395.3, property
//! carriers): whether a driver's clocks, as the ELD last reported them,
//! let them drive to the first pickup in time and through the load, and
//! which rests that takes. A small forward simulation, not a log auditor:
//!
//! - Driving stops when the 8-hour break clock, the 11-hour drive clock,
//!   the 14-hour window or the cycle runs out; the rest that restores the
//!   clock that ran out is taken: a 30-minute break, a 10-hour reset (drive,
//!   window and break restored; the cycle becomes "cycle tomorrow" minus what
//!   was driven since, when the ELD gave that figure), or a 34-hour restart
//!   (everything restored, the cycle to 70 hours).
//! - A clock the ELD did not report does not limit (its full legal value).
//! - Time between arriving at the pickup and its appointment is rest when it
//!   is long enough, and the pickup itself (at least half an hour not
//!   driving) counts as the 30-minute break.
//! - Sleeper-berth splits, the short-haul and adverse-conditions exceptions
//!   and on-duty time spent loading are not modelled.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

/// Miles per hour a loaded truck averages, stops for fuel included, until a
/// routing provider gives real times.
pub const AVERAGE_SPEED_MPH: i64 = 50;
/// The 11-hour driving limit, in minutes.
pub const DRIVE_LIMIT: i64 = 11 * 60;
/// The 14-hour window.
pub const SHIFT_LIMIT: i64 = 14 * 60;
/// Driving allowed before the 30-minute break.
pub const BREAK_AFTER: i64 = 8 * 60;
/// The cycle after a 34-hour restart (70 hours in 8 days, the usual rule).
pub const CYCLE_AFTER_RESTART: i64 = 70 * 60;
/// Clocks older than this are reported with their age.
pub const OLD_AFTER_MINUTES: i64 = 5;

/// Minutes of driving for `miles` at [`AVERAGE_SPEED_MPH`], rounded up.
pub fn driving_minutes(miles: i64) -> i64 {
    let miles = miles.max(0);
    (miles * 60 + AVERAGE_SPEED_MPH - 1) / AVERAGE_SPEED_MPH
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RestKind {
    /// 30 minutes off driving after 8 hours of driving.
    Break,
    /// 10 consecutive hours off duty.
    Reset,
    /// 34 consecutive hours off duty.
    Restart,
}

impl RestKind {
    pub fn minutes(self) -> i64 {
        match self {
            RestKind::Break => 30,
            RestKind::Reset => 10 * 60,
            RestKind::Restart => 34 * 60,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RestKind::Break => "break",
            RestKind::Reset => "reset",
            RestKind::Restart => "restart",
        }
    }
}

/// A rest the trip needs, after this many minutes of driving on its leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rest {
    pub kind: RestKind,
    pub after_driving_minutes: i64,
}

/// A driver's clocks as the ELD last reported them: minutes left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clocks {
    pub drive: Option<i64>,
    pub shift: Option<i64>,
    pub cycle: Option<i64>,
    pub until_break: Option<i64>,
    pub cycle_tomorrow: Option<i64>,
    pub as_of: DateTime<Utc>,
    /// The driver's app is disconnected.
    pub disconnected: bool,
}

/// The trip the clocks are judged against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trip {
    pub now: DateTime<Utc>,
    /// Driving from the truck's last known position to the first pickup;
    /// `None` when the position is not known (that part is not judged).
    pub empty_minutes: Option<i64>,
    /// The first pickup's appointment, or its window's start and end.
    pub pickup_from: DateTime<Utc>,
    pub pickup_by: DateTime<Utc>,
    /// Driving through the load (each driver's share, for a team).
    pub loaded_minutes: i64,
}

/// What the clocks say about the trip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Even with the rests, the driver cannot reach the first pickup by its
    /// appointment (though without them they could).
    PickupUnreachable(Vec<Rest>),
    /// Rests the driver needs on the way to the first pickup; the
    /// appointment can still be met.
    RestBeforePickup(Vec<Rest>),
}

/// The verdict on the way to the pickup (if any), and the rests needed
/// through the load (driving counted from the pickup).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    pub pickup: Option<Verdict>,
    pub on_the_load: Vec<Rest>,
}

/// The clocks during a simulated drive.
struct Sim {
    drive: i64,
    shift: i64,
    cycle: i64,
    until_break: i64,
    tomorrow: Option<i64>,
    /// Driven since the clocks' reading, for "cycle tomorrow".
    driven: i64,
}

impl Sim {
    fn new(c: &Clocks) -> Self {
        let full = |v: Option<i64>, limit: i64| v.unwrap_or(limit).max(0);
        Sim {
            drive: full(c.drive, DRIVE_LIMIT),
            shift: full(c.shift, SHIFT_LIMIT),
            cycle: full(c.cycle, CYCLE_AFTER_RESTART),
            until_break: full(c.until_break, BREAK_AFTER),
            tomorrow: c.cycle_tomorrow.map(|t| t.max(0)),
            driven: 0,
        }
    }

    fn rest(&mut self, kind: RestKind) {
        match kind {
            RestKind::Break => {
                self.until_break = BREAK_AFTER;
                // The break is inside the 14-hour window.
                self.shift = (self.shift - kind.minutes()).max(0);
            }
            RestKind::Reset => {
                self.drive = DRIVE_LIMIT;
                self.shift = SHIFT_LIMIT;
                self.until_break = BREAK_AFTER;
                // A 10-hour rest reaches into the next day.
                if let Some(t) = self.tomorrow.take() {
                    self.cycle = self.cycle.max(t - self.driven);
                }
            }
            RestKind::Restart => {
                self.drive = DRIVE_LIMIT;
                self.shift = SHIFT_LIMIT;
                self.until_break = BREAK_AFTER;
                self.cycle = CYCLE_AFTER_RESTART;
                self.tomorrow = None;
            }
        }
    }

    /// Drives `minutes`, resting when a clock runs out: the time it takes
    /// (driving and rests) and the rests, each after how much driving.
    fn drive(&mut self, minutes: i64) -> (i64, Vec<Rest>) {
        let mut left = minutes.max(0);
        let mut elapsed = 0;
        let mut driven_here = 0;
        let mut rests = Vec::new();
        // Every rest restores the clock that ran out, so each round drives;
        // the bound only guards against a mistake.
        for _ in 0..1000 {
            let can = self
                .drive
                .min(self.shift)
                .min(self.cycle)
                .min(self.until_break)
                .max(0);
            let step = can.min(left);
            left -= step;
            elapsed += step;
            driven_here += step;
            self.driven += step;
            self.drive -= step;
            self.shift -= step;
            self.cycle -= step;
            self.until_break -= step;
            if left == 0 {
                break;
            }
            let kind = if self.cycle <= 0 {
                let tomorrow_helps = self.tomorrow.is_some_and(|t| t - self.driven > 0);
                if tomorrow_helps {
                    RestKind::Reset
                } else {
                    RestKind::Restart
                }
            } else if self.drive <= 0 || self.shift <= 0 {
                RestKind::Reset
            } else {
                RestKind::Break
            };
            self.rest(kind);
            elapsed += kind.minutes();
            rests.push(Rest {
                kind,
                after_driving_minutes: driven_here,
            });
        }
        (elapsed, rests)
    }
}

/// The clocks against the trip (see the module's rules).
pub fn judge(clocks: &Clocks, trip: &Trip) -> Judgement {
    let mut sim = Sim::new(clocks);
    let mut pickup = None;
    let mut arrive = trip.now;
    if let Some(empty) = trip.empty_minutes {
        let (elapsed, rests) = sim.drive(empty);
        arrive = trip.now + Duration::minutes(elapsed);
        let without_rest = trip.now + Duration::minutes(empty.max(0));
        if !rests.is_empty() {
            pickup = Some(
                if arrive > trip.pickup_by && without_rest <= trip.pickup_by {
                    Verdict::PickupUnreachable(rests)
                } else {
                    Verdict::RestBeforePickup(rests)
                },
            );
        }
    }
    // Waiting for the appointment is rest when it is long enough; loading
    // is the 30-minute break.
    let idle = (trip.pickup_from - arrive).num_minutes();
    if idle >= RestKind::Restart.minutes() {
        sim.rest(RestKind::Restart);
    } else if idle >= RestKind::Reset.minutes() {
        sim.rest(RestKind::Reset);
    } else {
        sim.until_break = BREAK_AFTER;
    }
    let (_, on_the_load) = sim.drive(trip.loaded_minutes);
    Judgement {
        pickup,
        on_the_load,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 3, 2, 6, 0, 0).unwrap()
    }

    fn fresh() -> Clocks {
        Clocks {
            drive: Some(DRIVE_LIMIT),
            shift: Some(SHIFT_LIMIT),
            cycle: Some(CYCLE_AFTER_RESTART),
            until_break: Some(BREAK_AFTER),
            cycle_tomorrow: None,
            as_of: now(),
            disconnected: false,
        }
    }

    /// A pickup `in_minutes` from now (appointment), `empty` minutes away,
    /// then `loaded` minutes of driving.
    fn trip(empty: Option<i64>, in_minutes: i64, loaded: i64) -> Trip {
        let at = now() + Duration::minutes(in_minutes);
        Trip {
            now: now(),
            empty_minutes: empty,
            pickup_from: at,
            pickup_by: at,
            loaded_minutes: loaded,
        }
    }

    fn kinds(rests: &[Rest]) -> Vec<RestKind> {
        rests.iter().map(|r| r.kind).collect()
    }

    #[test]
    fn driving_time_is_miles_at_fifty_rounded_up() {
        assert_eq!(driving_minutes(0), 0);
        assert_eq!(driving_minutes(50), 60);
        assert_eq!(driving_minutes(51), 62);
        assert_eq!(driving_minutes(1), 2);
        assert_eq!(driving_minutes(-5), 0);
    }

    #[test]
    fn a_fresh_driver_needs_nothing_for_a_day_trip() {
        let j = judge(&fresh(), &trip(Some(60), 120, 7 * 60));
        assert_eq!(j.pickup, None);
        assert!(j.on_the_load.is_empty());
    }

    #[test]
    fn the_break_is_due_exactly_when_its_clock_runs_out() {
        let mut c = fresh();
        c.until_break = Some(60);
        // 60 minutes of driving: exactly what is left, no break.
        assert_eq!(judge(&c, &trip(Some(60), 600, 0)).pickup, None);
        // One more minute needs the break, after 60 minutes.
        let j = judge(&c, &trip(Some(61), 600, 0));
        assert_eq!(
            j.pickup,
            Some(Verdict::RestBeforePickup(vec![Rest {
                kind: RestKind::Break,
                after_driving_minutes: 60
            }]))
        );
    }

    #[test]
    fn drive_and_shift_running_out_need_a_reset() {
        let mut c = fresh();
        c.drive = Some(30);
        let j = judge(&c, &trip(Some(31), 24 * 60, 0));
        assert_eq!(
            j.pickup,
            Some(Verdict::RestBeforePickup(vec![Rest {
                kind: RestKind::Reset,
                after_driving_minutes: 30
            }]))
        );
        let mut c = fresh();
        c.shift = Some(45);
        let j = judge(&c, &trip(Some(45), 24 * 60, 0));
        assert_eq!(j.pickup, None);
        let j = judge(&c, &trip(Some(46), 24 * 60, 0));
        assert!(
            matches!(j.pickup, Some(Verdict::RestBeforePickup(r)) if kinds(&r) == [RestKind::Reset])
        );
    }

    #[test]
    fn the_cycle_running_out_needs_a_restart_unless_tomorrow_gives_hours() {
        let mut c = fresh();
        c.cycle = Some(20);
        let j = judge(&c, &trip(Some(21), 3 * 24 * 60, 0));
        assert!(
            matches!(&j.pickup, Some(Verdict::RestBeforePickup(r)) if kinds(r) == [RestKind::Restart])
        );
        // Tomorrow's cycle has room beyond what was driven: a reset will do.
        c.cycle_tomorrow = Some(300);
        let j = judge(&c, &trip(Some(21), 3 * 24 * 60, 0));
        assert!(
            matches!(&j.pickup, Some(Verdict::RestBeforePickup(r)) if kinds(r) == [RestKind::Reset])
        );
        // ...but not when today's driving has used it up.
        c.cycle_tomorrow = Some(20);
        let j = judge(&c, &trip(Some(21), 3 * 24 * 60, 0));
        assert!(
            matches!(&j.pickup, Some(Verdict::RestBeforePickup(r)) if kinds(r) == [RestKind::Restart])
        );
    }

    #[test]
    fn the_appointment_decides_between_warn_and_block() {
        let mut c = fresh();
        c.drive = Some(60);
        // 90 minutes away: 60 driven, a 600-minute reset, 30 more = 690.
        let j = judge(&c, &trip(Some(90), 690, 0));
        assert!(matches!(j.pickup, Some(Verdict::RestBeforePickup(_))));
        let j = judge(&c, &trip(Some(90), 689, 0));
        assert!(
            matches!(&j.pickup, Some(Verdict::PickupUnreachable(r)) if kinds(r) == [RestKind::Reset])
        );
        // Late whatever the hours: not an hours-of-service block.
        let j = judge(&c, &trip(Some(90), 80, 0));
        assert!(matches!(j.pickup, Some(Verdict::RestBeforePickup(_))));
    }

    #[test]
    fn without_a_position_only_the_load_is_judged() {
        let mut c = fresh();
        c.drive = Some(0);
        let j = judge(&c, &trip(None, 60, 120));
        assert_eq!(j.pickup, None);
        assert_eq!(
            j.on_the_load,
            vec![Rest {
                kind: RestKind::Reset,
                after_driving_minutes: 0
            }]
        );
    }

    #[test]
    fn waiting_for_the_appointment_rests_the_driver() {
        let mut c = fresh();
        c.drive = Some(10);
        c.cycle = Some(100);
        // 9 h 59 min of waiting is no reset.
        let j = judge(&c, &trip(Some(0), 599, 60));
        assert_eq!(kinds(&j.on_the_load), [RestKind::Reset]);
        // Ten hours is.
        let j = judge(&c, &trip(Some(0), 600, 60));
        assert!(j.on_the_load.is_empty());
        // The cycle needs 34 hours.
        let j = judge(&c, &trip(Some(0), 600, 200));
        assert_eq!(kinds(&j.on_the_load), [RestKind::Restart]);
        let j = judge(&c, &trip(Some(0), 34 * 60, 200));
        assert!(j.on_the_load.is_empty());
    }

    #[test]
    fn a_long_load_plans_breaks_and_resets_in_order() {
        // 1,000 miles: 1,200 minutes of driving for a fresh driver.
        let j = judge(&fresh(), &trip(None, 0, driving_minutes(1000)));
        assert_eq!(
            j.on_the_load,
            vec![
                Rest {
                    kind: RestKind::Break,
                    after_driving_minutes: 480
                },
                Rest {
                    kind: RestKind::Reset,
                    after_driving_minutes: 660
                },
                Rest {
                    kind: RestKind::Break,
                    after_driving_minutes: 1140
                },
            ]
        );
    }

    #[test]
    fn clocks_not_reported_do_not_limit() {
        let c = Clocks {
            drive: None,
            shift: None,
            cycle: None,
            until_break: None,
            cycle_tomorrow: None,
            as_of: now(),
            disconnected: true,
        };
        assert_eq!(judge(&c, &trip(Some(60), 120, 300)).pickup, None);
    }
}
