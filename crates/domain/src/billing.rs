//! Billing rules: which of two states of a Stripe object is the newer when
//! deliveries arrive out of order, and when a past-due fleet becomes
//! read-only.

use chrono::{DateTime, Duration, Utc};

/// Where a subscription status sits in Stripe's lifecycle. Stripe stamps
/// events in whole seconds, and a subscription is often created
/// `incomplete` and updated to `active` within the same second: when two
/// states carry the same time, the one further along the lifecycle is the
/// newer. Every known status has its own rank, so the order is total.
pub fn subscription_status_rank(status: &str) -> i32 {
    match status {
        "incomplete" => 0,
        "trialing" => 1,
        "active" => 2,
        "past_due" => 3,
        "unpaid" => 4,
        "paused" => 5,
        "incomplete_expired" => 6,
        "canceled" => 7,
        _ => -1,
    }
}

/// The same for a charge: pending, then failed or succeeded, then refunded.
pub fn charge_state_rank(status: &str, amount_refunded: i64) -> i32 {
    match status {
        "succeeded" if amount_refunded > 0 => 3,
        "succeeded" => 2,
        "failed" => 1,
        "pending" => 0,
        _ => -1,
    }
}

/// A state of a Stripe object and when it was true: Stripe's event time (or
/// our fetch time for a state read from the API), the lifecycle rank for
/// same-second ties, and the event id, so that even two states alike in both
/// are ordered the same way whatever order they arrive in.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct StateVersion {
    pub at: DateTime<Utc>,
    pub rank: i32,
    pub source: String,
}

/// The subscription statuses in which the fleet owes money.
pub fn is_past_due(status: &str) -> bool {
    matches!(status, "past_due" | "unpaid")
}

/// When the present unpaid stretch began: the oldest past-due state after
/// the newest state that was not past due. `states` may come in any order
/// (deliveries do); None when the newest state is not past due.
pub fn past_due_since(states: &[(StateVersion, &str)]) -> Option<DateTime<Utc>> {
    let mut ordered: Vec<&(StateVersion, &str)> = states.iter().collect();
    ordered.sort_by(|a, b| a.0.cmp(&b.0));
    let mut since = None;
    for (version, status) in ordered {
        since = if is_past_due(status) {
            since.or(Some(version.at))
        } else {
            None
        };
    }
    since
}

/// The operator's default grace period before a past-due fleet becomes
/// read-only.
pub const DEFAULT_GRACE_DAYS: u32 = 14;

/// A fleet whose subscription has been past due for longer than the grace
/// period can only read its dashboard (and pay). `past_due_since` is when
/// the unpaid period began.
pub fn is_read_only(
    status: &str,
    past_due_since: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    grace_days: u32,
) -> bool {
    is_past_due(status)
        && past_due_since.is_some_and(|since| now >= since + Duration::days(grace_days.into()))
}

/// When a past-due fleet turns read-only.
pub fn read_only_from(past_due_since: DateTime<Utc>, grace_days: u32) -> DateTime<Utc> {
    past_due_since + Duration::days(grace_days.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(secs: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(secs, 0).unwrap()
    }

    #[test]
    fn a_later_time_wins_whatever_the_status() {
        let earlier = StateVersion {
            at: at(10),
            rank: subscription_status_rank("canceled"),
            source: "evt_b".into(),
        };
        let later = StateVersion {
            at: at(11),
            rank: subscription_status_rank("incomplete"),
            source: "evt_a".into(),
        };
        assert!(later > earlier);
    }

    #[test]
    fn within_one_second_the_lifecycle_decides() {
        let created = StateVersion {
            at: at(10),
            rank: subscription_status_rank("incomplete"),
            source: "evt_z".into(),
        };
        let activated = StateVersion {
            at: at(10),
            rank: subscription_status_rank("active"),
            source: "evt_a".into(),
        };
        assert!(activated > created);
        let deleted = StateVersion {
            at: at(10),
            rank: subscription_status_rank("canceled"),
            source: "evt_a".into(),
        };
        assert!(deleted > activated);
    }

    #[test]
    fn every_known_status_has_its_own_rank() {
        let statuses = [
            "incomplete",
            "trialing",
            "active",
            "past_due",
            "unpaid",
            "paused",
            "incomplete_expired",
            "canceled",
        ];
        let mut ranks: Vec<i32> = statuses
            .iter()
            .map(|s| subscription_status_rank(s))
            .collect();
        ranks.sort();
        ranks.dedup();
        assert_eq!(ranks.len(), statuses.len());
        assert_eq!(subscription_status_rank("something_new"), -1);
    }

    #[test]
    fn a_refund_is_newer_than_the_payment_it_refunds() {
        assert!(charge_state_rank("succeeded", 100) > charge_state_rank("succeeded", 0));
        assert!(charge_state_rank("succeeded", 0) > charge_state_rank("pending", 0));
        assert!(charge_state_rank("failed", 0) > charge_state_rank("pending", 0));
    }

    fn state(secs: i64, status: &str) -> (StateVersion, &str) {
        (
            StateVersion {
                at: at(secs),
                rank: subscription_status_rank(status),
                source: format!("evt_{secs}_{status}"),
            },
            status,
        )
    }

    #[test]
    fn an_unpaid_stretch_starts_at_its_first_past_due_state_in_any_order() {
        let mut states = vec![
            state(10, "active"),
            state(20, "past_due"),
            state(30, "active"),
            state(40, "past_due"),
            state(50, "past_due"),
            state(60, "unpaid"),
        ];
        assert_eq!(past_due_since(&states), Some(at(40)));
        states.reverse();
        assert_eq!(past_due_since(&states), Some(at(40)));
        states.push(state(70, "active"));
        assert_eq!(past_due_since(&states), None, "paid again");
        assert_eq!(past_due_since(&[state(5, "past_due")]), Some(at(5)));
        assert_eq!(past_due_since(&[]), None);
    }

    #[test]
    fn read_only_starts_exactly_when_the_grace_period_ends() {
        let since = at(1_000_000);
        let day = 86_400;
        assert!(!is_read_only(
            "past_due",
            Some(since),
            at(1_000_000 + 14 * day - 1),
            14
        ));
        assert!(is_read_only(
            "past_due",
            Some(since),
            at(1_000_000 + 14 * day),
            14
        ));
        assert!(is_read_only(
            "unpaid",
            Some(since),
            at(1_000_000 + 30 * day),
            14
        ));
        assert!(!is_read_only(
            "active",
            Some(since),
            at(1_000_000 + 30 * day),
            14
        ));
        assert!(!is_read_only(
            "canceled",
            Some(since),
            at(1_000_000 + 30 * day),
            14
        ));
        assert!(!is_read_only(
            "past_due",
            None,
            at(1_000_000 + 30 * day),
            14
        ));
        // A grace period of zero days: read-only from the first moment.
        assert!(is_read_only("past_due", Some(since), since, 0));
        assert_eq!(read_only_from(since, 14), at(1_000_000 + 14 * day));
    }
}
