//! Detention: time at a stop past the free time, billed at an hourly rate
//! in started quarter hours (the usual rate-confirmation term), up to a cap.

/// The detention owed for `dwell_minutes` at a stop, in cents; 0 within
/// the free time.
pub fn detention_cents(
    dwell_minutes: i64,
    free_minutes: i64,
    hourly_cents: i64,
    cap_cents: Option<i64>,
) -> i64 {
    let over = (dwell_minutes - free_minutes).max(0);
    let quarters = (over + 14) / 15;
    let owed = hourly_cents * quarters / 4;
    cap_cents.map_or(owed, |cap| owed.min(cap))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detention_starts_after_the_free_time_in_started_quarter_hours() {
        // Two hours free, $50 an hour.
        assert_eq!(detention_cents(120, 120, 5000, None), 0);
        assert_eq!(detention_cents(60, 120, 5000, None), 0);
        assert_eq!(detention_cents(121, 120, 5000, None), 1250);
        assert_eq!(detention_cents(270, 120, 5000, None), 12500);
        assert_eq!(detention_cents(270, 120, 5000, Some(10000)), 10000);
    }
}
