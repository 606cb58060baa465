//! The load's lifecycle: tendered → accepted (or declined) → planned →
//! dispatched → at pickup → loaded → in transit → at delivery → delivered →
//! invoiced → paid; cancelled from any state before delivery.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoadStatus {
    Tendered,
    Accepted,
    Declined,
    Planned,
    Dispatched,
    AtPickup,
    Loaded,
    InTransit,
    AtDelivery,
    Delivered,
    Invoiced,
    Paid,
    Cancelled,
}

use LoadStatus::*;

impl LoadStatus {
    pub const ALL: [LoadStatus; 13] = [
        Tendered, Accepted, Declined, Planned, Dispatched, AtPickup, Loaded, InTransit, AtDelivery,
        Delivered, Invoiced, Paid, Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Tendered => "tendered",
            Accepted => "accepted",
            Declined => "declined",
            Planned => "planned",
            Dispatched => "dispatched",
            AtPickup => "at_pickup",
            Loaded => "loaded",
            InTransit => "in_transit",
            AtDelivery => "at_delivery",
            Delivered => "delivered",
            Invoiced => "invoiced",
            Paid => "paid",
            Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<LoadStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// Before delivery and not already ended: the load can still be
    /// cancelled (a TONU may apply).
    pub fn cancellable(self) -> bool {
        !matches!(self, Declined | Delivered | Invoiced | Paid | Cancelled)
    }

    /// The states a load may move to from this one. Cancelling is its own
    /// action (it needs a reason), so it is not listed here.
    pub fn next(self) -> &'static [LoadStatus] {
        match self {
            Tendered => &[Accepted, Declined],
            // Planned once a driver and truck are assigned.
            Accepted => &[Planned],
            // Back to accepted when the assignment is taken off.
            Planned => &[Accepted, Dispatched],
            Dispatched => &[Planned, AtPickup],
            AtPickup => &[Loaded],
            Loaded => &[InTransit],
            // A multi-stop load goes to its next pickup or delivery.
            InTransit => &[AtPickup, AtDelivery],
            AtDelivery => &[InTransit, Delivered],
            Delivered => &[Invoiced],
            Invoiced => &[Paid],
            Declined | Paid | Cancelled => &[],
        }
    }

    pub fn can_move_to(self, to: LoadStatus) -> bool {
        self.next().contains(&to)
    }
}

/// What happens at a stop, in the order a stop sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopEvent {
    Arrived,
    /// Loaded at a pickup, unloaded at a delivery.
    Completed,
    Departed,
}

impl StopEvent {
    pub const ALL: [StopEvent; 3] = [
        StopEvent::Arrived,
        StopEvent::Completed,
        StopEvent::Departed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            StopEvent::Arrived => "arrived",
            StopEvent::Completed => "completed",
            StopEvent::Departed => "departed",
        }
    }

    pub fn parse(text: &str) -> Option<StopEvent> {
        Self::ALL.into_iter().find(|e| e.as_str() == text)
    }
}

/// Who reported a stop event: the office (a dispatcher's entry), the
/// driver (the portal) or the ELD (the truck's position at the stop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Office,
    Driver,
    Eld,
}

impl Source {
    pub const ALL: [Source; 3] = [Source::Office, Source::Driver, Source::Eld];

    pub fn as_str(self) -> &'static str {
        match self {
            Source::Office => "office",
            Source::Driver => "driver",
            Source::Eld => "eld",
        }
    }

    pub fn parse(text: &str) -> Option<Source> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// The EDI 214 status code of a stop event: X3 arrived at pickup, CP
/// completed loading, AF departed pickup; X1 arrived at delivery, D1
/// completed unloading, CD departed delivery.
pub fn at7_code(pickup: bool, event: StopEvent) -> &'static str {
    match (pickup, event) {
        (true, StopEvent::Arrived) => "X3",
        (true, StopEvent::Completed) => "CP",
        (true, StopEvent::Departed) => "AF",
        (false, StopEvent::Arrived) => "X1",
        (false, StopEvent::Completed) => "D1",
        (false, StopEvent::Departed) => "CD",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_events_and_sources_round_trip_through_their_names() {
        for event in StopEvent::ALL {
            assert_eq!(StopEvent::parse(event.as_str()), Some(event));
        }
        for source in Source::ALL {
            assert_eq!(Source::parse(source.as_str()), Some(source));
        }
        assert_eq!(StopEvent::parse("landed"), None);
        assert_eq!(Source::parse("radio"), None);
    }

    #[test]
    fn every_status_round_trips_through_its_name() {
        for status in LoadStatus::ALL {
            assert_eq!(LoadStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(LoadStatus::parse("lost"), None);
    }

    #[test]
    fn the_lifecycle_moves_forward_one_step_at_a_time() {
        let path = [
            Accepted, Planned, Dispatched, AtPickup, Loaded, InTransit, AtDelivery, Delivered,
            Invoiced, Paid,
        ];
        for pair in path.windows(2) {
            assert!(
                pair[0].can_move_to(pair[1]),
                "{:?} → {:?}",
                pair[0],
                pair[1]
            );
        }
        assert!(!Accepted.can_move_to(Dispatched), "dispatch needs a plan");
        assert!(!Planned.can_move_to(Delivered));
        assert!(!Delivered.can_move_to(InTransit));
        assert!(!Paid.can_move_to(Invoiced));
        assert!(Cancelled.next().is_empty() && Paid.next().is_empty());
    }

    #[test]
    fn only_a_load_not_yet_delivered_can_be_cancelled() {
        let cancellable: Vec<_> = LoadStatus::ALL
            .into_iter()
            .filter(|s| s.cancellable())
            .collect();
        assert_eq!(
            cancellable,
            [
                Tendered, Accepted, Planned, Dispatched, AtPickup, Loaded, InTransit, AtDelivery
            ]
        );
    }

    #[test]
    fn stop_events_carry_their_edi_214_codes() {
        assert_eq!(at7_code(true, StopEvent::Arrived), "X3");
        assert_eq!(at7_code(true, StopEvent::Departed), "AF");
        assert_eq!(at7_code(false, StopEvent::Arrived), "X1");
        assert_eq!(at7_code(false, StopEvent::Completed), "D1");
        assert_eq!(at7_code(false, StopEvent::Departed), "CD");
    }
}
