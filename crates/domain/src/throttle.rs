//! Attempt budgets for password checks and other costly anonymous actions
//! (decision 008). A budget is reserved *before* the work runs, so the number
//! of checks per window is bounded whatever the concurrency; the server
//! stores the counter and swaps it with a compare-and-set.
//!
//! Times are Unix seconds: the rule needs no calendar.

/// What happens once the free attempts of a window are used up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterFree {
    /// No more attempts until the window ends.
    Block,
    /// Each further attempt waits twice as long after the previous one as
    /// the one before: `base`, `2·base`, … up to `cap` seconds.
    Delay { base: i64, cap: i64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub window_secs: i64,
    pub free: u32,
    pub after_free: AfterFree,
}

/// The stored state of one budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    pub attempts: u32,
    pub window_start: i64,
    pub last_attempt: i64,
}

impl Policy {
    /// The counter after reserving one attempt at `now`, or the seconds to
    /// wait (at least 1) when the budget is spent.
    pub fn reserve(&self, current: Option<Counter>, now: i64) -> Result<Counter, i64> {
        let fresh = Counter {
            attempts: 1,
            window_start: now,
            last_attempt: now,
        };
        let Some(c) = current else {
            return Ok(fresh);
        };
        if now - c.window_start >= self.window_secs {
            return Ok(fresh);
        }
        let next = Counter {
            attempts: c.attempts + 1,
            last_attempt: now,
            ..c
        };
        if c.attempts < self.free {
            return Ok(next);
        }
        match self.after_free {
            AfterFree::Block => Err((c.window_start + self.window_secs - now).max(1)),
            AfterFree::Delay { base, cap } => {
                let doublings = (c.attempts - self.free).min(30);
                let wait = base.saturating_mul(1i64 << doublings).min(cap);
                let ready = c.last_attempt + wait;
                if now >= ready {
                    Ok(next)
                } else {
                    Err((ready - now).max(1))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: Policy = Policy {
        window_secs: 900,
        free: 5,
        after_free: AfterFree::Block,
    };
    const DELAY: Policy = Policy {
        window_secs: 3600,
        free: 2,
        after_free: AfterFree::Delay { base: 2, cap: 10 },
    };

    fn run(policy: Policy, times: &[i64]) -> Vec<Result<u32, i64>> {
        let mut counter = None;
        times
            .iter()
            .map(|&now| {
                policy.reserve(counter, now).map(|c| {
                    counter = Some(c);
                    c.attempts
                })
            })
            .collect()
    }

    #[test]
    fn block_allows_exactly_free_attempts_per_window() {
        let got = run(BLOCK, &[100, 100, 100, 100, 100, 100, 999]);
        assert_eq!(got[..5], [Ok(1), Ok(2), Ok(3), Ok(4), Ok(5)]);
        assert_eq!(got[5], Err(900));
        assert_eq!(got[6], Err(1));
        // The window ends exactly window_secs after it started.
        let mut c = None;
        for _ in 0..5 {
            c = Some(BLOCK.reserve(c, 100).unwrap());
        }
        assert_eq!(BLOCK.reserve(c, 1000).unwrap().attempts, 1);
    }

    #[test]
    fn delay_doubles_and_is_capped() {
        let c = Counter {
            attempts: 2,
            window_start: 0,
            last_attempt: 50,
        };
        assert_eq!(DELAY.reserve(Some(c), 51), Err(1));
        let c = DELAY.reserve(Some(c), 52).unwrap();
        assert_eq!(c.attempts, 3);
        // Next one waits 4 s, then 8 s, then the cap of 10 s.
        assert_eq!(DELAY.reserve(Some(c), 55), Err(1));
        let c = DELAY.reserve(Some(c), 56).unwrap();
        assert_eq!(DELAY.reserve(Some(c), 56), Err(8));
        let c = DELAY.reserve(Some(c), 64).unwrap();
        assert_eq!(DELAY.reserve(Some(c), 64), Err(10));
        let c = DELAY.reserve(Some(c), 74).unwrap();
        assert_eq!(DELAY.reserve(Some(c), 74), Err(10));
        assert_eq!(c.attempts, 6);
    }

    #[test]
    fn a_clock_behind_another_replica_does_not_open_a_window() {
        let c = Counter {
            attempts: 5,
            window_start: 500,
            last_attempt: 500,
        };
        assert_eq!(BLOCK.reserve(Some(c), 400), Err(1000));
    }
}
