//! In-process wake-ups for the job workers: a job pushed by this process
//! wakes its kind's worker in this process at once, instead of at the
//! worker's next poll (up to its poll interval later). Workers in other
//! processes still find it by polling.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

#[derive(Clone, Default)]
pub struct Nudges(Arc<Mutex<HashMap<&'static str, Arc<Notify>>>>);

impl Nudges {
    /// The wake-up of the queue named `kind`: what its worker waits on.
    pub fn of(&self, kind: &'static str) -> Arc<Notify> {
        let mut kinds = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kinds.entry(kind).or_default().clone()
    }

    /// Wakes the worker of `kind`; when it is busy, it polls again as soon
    /// as it waits (the wake-up is kept).
    pub fn nudge(&self, kind: &'static str) {
        self.of(kind).notify_one();
    }
}
