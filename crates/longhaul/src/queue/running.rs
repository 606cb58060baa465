//! Which workers this process runs, kept in the shared state (which must
//! not import the worker code that fills it in).

use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The workers a process runs: their names' instance suffix and heartbeat,
/// set when they start. `/readyz` reads their heartbeats in the job store.
#[derive(Clone, Default)]
pub struct RunningWorkers(Arc<OnceLock<(String, Duration)>>);

impl RunningWorkers {
    /// (instance, heartbeat), when this process runs workers.
    pub fn get(&self) -> Option<&(String, Duration)> {
        self.0.get()
    }

    /// Records the workers that started; a second start keeps the first.
    pub fn set(&self, instance: String, heartbeat: Duration) {
        let _ = self.0.set((instance, heartbeat));
    }
}
