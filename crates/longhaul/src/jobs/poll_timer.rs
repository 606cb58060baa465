//! The workers' poll timer (issue 29 point 11a, decision 028).
//!
//! apalis-core 1.0's `IntervalStrategy` replaces its delay when it fires but
//! does not poll the new one, so no waker is registered with it; `PollWith`
//! ignores the strategy's answer and relies on that waker alone. When the
//! delay fires during a slow fetch, the worker is not woken again until its
//! heartbeat timer fires — a manual sync waited up to `JOB_HEARTBEAT_SECS`.
//! This timer polls each new deadline at once, so a wake-up is always armed.
//! It also fires when its kind is nudged (a job pushed by this process,
//! `crate::queue::Nudges`), so such a job does not wait for the deadline.

use apalis::prelude::{PollSnapshot, PollStrategy};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{Notify, futures::OwnedNotified};
use tokio::time::{Instant, Sleep};

pub struct RearmingInterval {
    every: Duration,
    sleep: Pin<Box<Sleep>>,
    nudge: Option<(Arc<Notify>, Pin<Box<OwnedNotified>>)>,
}

impl RearmingInterval {
    pub fn new(every: Duration) -> Self {
        RearmingInterval {
            every,
            sleep: Box::pin(tokio::time::sleep(every)),
            nudge: None,
        }
    }

    /// Also fires whenever `nudge` is notified.
    pub fn nudged_by(mut self, nudge: Arc<Notify>) -> Self {
        let notified = Box::pin(nudge.clone().notified_owned());
        self.nudge = Some((nudge, notified));
        self
    }
}

impl PollStrategy for RearmingInterval {
    fn poll_drive(&mut self, cx: &mut Context<'_>, _: &PollSnapshot) -> Poll<Option<()>> {
        let mut fired = false;
        // Re-arm and poll until the deadline lies ahead: the last poll
        // registers `cx`'s waker with the timer.
        while self.sleep.as_mut().poll(cx).is_ready() {
            fired = true;
            let next = Instant::now() + self.every;
            self.sleep.as_mut().reset(next);
        }
        // The same for the nudge: a fresh wait after each one taken.
        if let Some((nudge, notified)) = &mut self.nudge {
            while notified.as_mut().poll(cx).is_ready() {
                fired = true;
                notified.set(nudge.clone().notified_owned());
            }
        }
        if fired {
            Poll::Ready(Some(()))
        } else {
            Poll::Pending
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::task::{Wake, Waker};
    use tokio::sync::Notify;

    struct Wakes(Notify);
    impl Wake for Wakes {
        fn wake(self: Arc<Self>) {
            self.0.notify_one();
        }
    }

    /// The case that stalled workers: the timer fires, is driven once (while
    /// the worker is busy with a fetch), and must wake the worker again one
    /// interval later without another poll in between. apalis-core's
    /// `IntervalStrategy` never does: its new delay has no waker.
    #[tokio::test]
    async fn a_fired_timer_is_armed_again_without_another_poll() {
        let wakes = Arc::new(Wakes(Notify::new()));
        let waker = Waker::from(wakes.clone());
        let mut cx = Context::from_waker(&waker);
        let mut timer = RearmingInterval::new(Duration::from_millis(20));
        let snapshot = PollSnapshot::default();
        let woken = || tokio::time::timeout(Duration::from_secs(2), wakes.0.notified());

        assert!(timer.poll_drive(&mut cx, &snapshot).is_pending());
        woken().await.expect("the first deadline wakes the worker");
        assert_eq!(timer.poll_drive(&mut cx, &snapshot), Poll::Ready(Some(())));
        woken()
            .await
            .expect("the re-armed deadline wakes the worker with no poll in between");
        assert_eq!(timer.poll_drive(&mut cx, &snapshot), Poll::Ready(Some(())));
    }

    /// A nudge wakes the worker long before the deadline, and one given
    /// while the worker was busy (not waiting) is not lost.
    #[tokio::test]
    async fn a_nudge_fires_the_timer_at_once() {
        let wakes = Arc::new(Wakes(Notify::new()));
        let waker = Waker::from(wakes.clone());
        let mut cx = Context::from_waker(&waker);
        let nudge = Arc::new(Notify::new());
        let mut timer = RearmingInterval::new(Duration::from_secs(3600)).nudged_by(nudge.clone());
        let snapshot = PollSnapshot::default();
        let woken = || tokio::time::timeout(Duration::from_secs(2), wakes.0.notified());

        assert!(timer.poll_drive(&mut cx, &snapshot).is_pending());
        nudge.notify_one();
        woken().await.expect("the nudge wakes the worker");
        assert_eq!(timer.poll_drive(&mut cx, &snapshot), Poll::Ready(Some(())));
        assert!(timer.poll_drive(&mut cx, &snapshot).is_pending());
        // Nudged while busy: the next poll fires.
        nudge.notify_one();
        assert_eq!(timer.poll_drive(&mut cx, &snapshot), Poll::Ready(Some(())));
        assert!(timer.poll_drive(&mut cx, &snapshot).is_pending());
    }
}
