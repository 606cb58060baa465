//! Arrival and departure from ELD positions (issue 32 §2,
//! `shared/dispatch-domain.md`): a truck within its stop's radius has
//! arrived; once the ELD itself saw it there, a truck outside it has
//! departed.
//!
//! The rules, each for a reason:
//! - A position older than [`MAX_POSITION_AGE`] says where the truck was,
//!   not where it is: ignored (a fix exactly that old still counts).
//! - Arrival only at the load's current stop (the first not yet departed):
//!   a truck passing a later stop on its way is not there yet.
//! - Departure only after the ELD's own arrival at the stop, and only from
//!   a position taken after it: a driver who tapped Arrived a mile early is
//!   not "departed" by the next position, and a late-read old fix does not
//!   undo an arrival.
//! - On the radius itself the truck is inside.

use super::{LoadStatus, StopEvent};
use crate::geo::{LatLon, distance_mi};
use chrono::{DateTime, Duration, Utc};

/// The loads whose stops the geofence watches: dispatched to at delivery.
pub const WATCHED: [LoadStatus; 5] = [
    LoadStatus::Dispatched,
    LoadStatus::AtPickup,
    LoadStatus::Loaded,
    LoadStatus::InTransit,
    LoadStatus::AtDelivery,
];

/// The geofence when the facility sets none (m0032: null = half a mile).
pub const DEFAULT_RADIUS_MI: f64 = 0.5;
/// The radii a facility may set: a yard's gate to a big campus.
pub const RADIUS_RANGE_MI: std::ops::RangeInclusive<f64> = 0.1..=5.0;
/// Positions older than this are ignored.
pub const MAX_POSITION_AGE: Duration = Duration::minutes(30);
/// A position this far ahead of the server's clock is not trusted either
/// (the stop events refuse times more than 5 minutes ahead).
pub const MAX_POSITION_LEAD: Duration = Duration::minutes(5);

/// A stop's geofence: the facility's coordinates and its radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fence {
    pub at: LatLon,
    /// The facility's radius in miles; None (or not a positive number)
    /// is [`DEFAULT_RADIUS_MI`].
    pub radius_mi: Option<f64>,
}

impl Fence {
    pub fn radius(&self) -> f64 {
        self.radius_mi
            .filter(|r| r.is_finite() && *r > 0.0)
            .unwrap_or(DEFAULT_RADIUS_MI)
    }

    /// Whether a point is within the radius (on it counts as within).
    pub fn contains(&self, at: LatLon) -> bool {
        within(distance_mi(self.at, at), self.radius())
    }
}

/// On the radius counts as inside.
pub fn within(distance_mi: f64, radius_mi: f64) -> bool {
    distance_mi <= radius_mi
}

/// The truck's position as the ELD reported it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fix {
    pub at: LatLon,
    pub reported_at: DateTime<Utc>,
}

/// Whether a position is recent enough to act on at `now`.
pub fn usable(reported_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    let age = now - reported_at;
    age <= MAX_POSITION_AGE && age >= -MAX_POSITION_LEAD
}

/// What the ELD itself already reported for the stop.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EldSeen {
    /// The time of the ELD's arrival report, if any.
    pub arrived_at: Option<DateTime<Utc>>,
    pub departed: bool,
}

/// The stop as the geofence sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StopFence {
    pub fence: Fence,
    /// The load's current stop: the first not yet departed (by any source).
    pub current: bool,
    pub seen: EldSeen,
}

/// The event the ELD reports for the stop from this position, if any.
pub fn judge(stop: &StopFence, fix: &Fix, now: DateTime<Utc>) -> Option<StopEvent> {
    if !usable(fix.reported_at, now) {
        return None;
    }
    let inside = stop.fence.contains(fix.at);
    match stop.seen.arrived_at {
        None if inside && stop.current => Some(StopEvent::Arrived),
        None => None,
        Some(arrived) if !inside && !stop.seen.departed && fix.reported_at > arrived => {
            Some(StopEvent::Departed)
        }
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geo::EARTH_RADIUS_MI;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 28, 12, 0, 0).unwrap()
    }

    const DOCK: LatLon = LatLon {
        lat: 41.8781,
        lon: -87.6298,
    };

    /// A point `miles` due north of the dock.
    fn north(miles: f64) -> LatLon {
        LatLon {
            lat: DOCK.lat + (miles / EARTH_RADIUS_MI).to_degrees(),
            lon: DOCK.lon,
        }
    }

    fn stop(current: bool, seen: EldSeen) -> StopFence {
        StopFence {
            fence: Fence {
                at: DOCK,
                radius_mi: None,
            },
            current,
            seen,
        }
    }

    fn fix(miles: f64, minutes_ago: i64) -> Fix {
        Fix {
            at: north(miles),
            reported_at: now() - Duration::minutes(minutes_ago),
        }
    }

    fn arrived(minutes_ago: i64) -> EldSeen {
        EldSeen {
            arrived_at: Some(now() - Duration::minutes(minutes_ago)),
            departed: false,
        }
    }

    #[test]
    fn the_radius_itself_is_inside() {
        assert!(within(0.5, DEFAULT_RADIUS_MI));
        assert!(!within(0.500_001, DEFAULT_RADIUS_MI));
        assert!(within(0.499_999, DEFAULT_RADIUS_MI));
        let fence = Fence {
            at: DOCK,
            radius_mi: None,
        };
        assert!((distance_mi(DOCK, north(0.5)) - 0.5).abs() < 1e-9);
        assert!(fence.contains(north(0.499)));
        assert!(!fence.contains(north(0.501)));
    }

    #[test]
    fn a_facility_sets_its_own_radius_and_a_nonsense_one_is_the_default() {
        let wide = Fence {
            at: DOCK,
            radius_mi: Some(2.0),
        };
        assert_eq!(wide.radius(), 2.0);
        assert!(wide.contains(north(1.9)));
        assert!(!wide.contains(north(2.1)));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let fence = Fence {
                at: DOCK,
                radius_mi: Some(bad),
            };
            assert_eq!(fence.radius(), DEFAULT_RADIUS_MI, "{bad}");
        }
    }

    #[test]
    fn a_position_thirty_minutes_old_counts_and_an_older_one_does_not() {
        let at = now();
        assert!(usable(at - Duration::minutes(30), at));
        assert!(!usable(
            at - Duration::minutes(30) - Duration::seconds(1),
            at
        ));
        assert!(usable(at, at));
        assert!(usable(at + Duration::minutes(5), at));
        assert!(!usable(
            at + Duration::minutes(5) + Duration::seconds(1),
            at
        ));
        let s = stop(true, EldSeen::default());
        assert_eq!(judge(&s, &fix(0.1, 30), at), Some(StopEvent::Arrived));
        let old = Fix {
            reported_at: at - Duration::minutes(30) - Duration::seconds(1),
            ..fix(0.1, 0)
        };
        assert_eq!(judge(&s, &old, at), None);
        // An old position does not depart a truck either.
        let s = stop(true, arrived(40));
        assert_eq!(judge(&s, &fix(3.0, 31), at), None);
        assert_eq!(judge(&s, &fix(3.0, 30), at), Some(StopEvent::Departed));
    }

    #[test]
    fn inside_the_current_stop_is_an_arrival_once() {
        let fresh = EldSeen::default();
        assert_eq!(
            judge(&stop(true, fresh), &fix(0.0, 1), now()),
            Some(StopEvent::Arrived)
        );
        assert_eq!(
            judge(&stop(true, fresh), &fix(0.4999, 1), now()),
            Some(StopEvent::Arrived),
            "just inside the radius"
        );
        assert_eq!(judge(&stop(true, fresh), &fix(0.51, 1), now()), None);
        // The ELD reported it already: nothing more while inside.
        assert_eq!(judge(&stop(true, arrived(5)), &fix(0.1, 1), now()), None);
    }

    #[test]
    fn a_later_stop_passed_on_the_way_is_no_arrival() {
        assert_eq!(
            judge(&stop(false, EldSeen::default()), &fix(0.1, 1), now()),
            None
        );
    }

    #[test]
    fn departure_only_after_the_elds_own_arrival_and_from_a_later_position() {
        // No ELD arrival (the driver tapped Arrived a mile early): outside is nothing.
        assert_eq!(
            judge(&stop(true, EldSeen::default()), &fix(1.0, 1), now()),
            None
        );
        assert_eq!(
            judge(&stop(true, arrived(10)), &fix(0.51, 1), now()),
            Some(StopEvent::Departed)
        );
        assert_eq!(
            judge(&stop(true, arrived(10)), &fix(0.4999, 1), now()),
            None,
            "still just inside the radius"
        );
        // A position from before the arrival (or at it) departs nothing.
        assert_eq!(judge(&stop(true, arrived(10)), &fix(2.0, 10), now()), None);
        assert_eq!(judge(&stop(true, arrived(10)), &fix(2.0, 12), now()), None);
        // Departed once: not again.
        let done = EldSeen {
            departed: true,
            ..arrived(10)
        };
        assert_eq!(judge(&stop(true, done), &fix(2.0, 1), now()), None);
        // The stop another source departed already: the ELD's own
        // departure is still kept beside it.
        assert_eq!(
            judge(&stop(false, arrived(10)), &fix(2.0, 1), now()),
            Some(StopEvent::Departed)
        );
    }
}
