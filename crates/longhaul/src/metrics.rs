//! What an operator scrapes from `/metrics` (decision 017): HTTP requests by
//! route and status, job counts by kind and state, job durations, ELD runs
//! and e-mail sends, in Prometheus text format.
//!
//! Each application owns its recorder instead of installing a global one, so
//! that two applications in one process (the integration tests) count apart.

use metrics::with_local_recorder;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle, PrometheusRecorder};
use std::sync::Arc;
use std::time::Duration;

/// Latency buckets in seconds, from a fast page (5 ms) to a long sync (10 min).
const BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 600.0,
];

/// The states apalis gives a job (`apalis_core::task::status::Status`).
pub const JOB_STATES: [&str; 6] = ["Pending", "Queued", "Running", "Done", "Failed", "Killed"];

#[derive(Clone)]
pub struct Metrics {
    recorder: Arc<PrometheusRecorder>,
    handle: PrometheusHandle,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        let recorder = PrometheusBuilder::new()
            .set_buckets(BUCKETS)
            .expect("the bucket list is not empty")
            .build_recorder();
        let handle = recorder.handle();
        Self {
            recorder: Arc::new(recorder),
            handle,
        }
    }

    fn with<T>(&self, f: impl FnOnce() -> T) -> T {
        with_local_recorder(self.recorder.as_ref(), f)
    }

    pub fn http_request(&self, method: &str, route: &str, status: u16, elapsed: Duration) {
        let labels = [
            ("method", method.to_owned()),
            ("route", route.to_owned()),
            ("status", status.to_string()),
        ];
        self.with(|| {
            metrics::counter!("longhaul_http_requests_total", &labels).increment(1);
            metrics::histogram!("longhaul_http_request_duration_seconds", &labels)
                .record(elapsed.as_secs_f64());
        });
    }

    pub fn job_finished(&self, kind: &'static str, outcome: &'static str, elapsed: Duration) {
        self.with(|| {
            metrics::histogram!("longhaul_job_duration_seconds", "kind" => kind, "outcome" => outcome)
                .record(elapsed.as_secs_f64());
        });
    }

    pub fn eld_sync_run(&self, kind: &'static str, status: &'static str) {
        self.with(|| {
            metrics::counter!("longhaul_eld_sync_runs_total", "kind" => kind, "status" => status)
                .increment(1);
        });
    }

    pub fn email(&self, sent: bool) {
        self.with(|| {
            if sent {
                metrics::counter!("longhaul_emails_sent_total").increment(1);
            } else {
                metrics::counter!("longhaul_email_failures_total").increment(1);
            }
        });
    }

    /// Sets the job-count gauge: every kind and state, zero where the store
    /// has none, so a state that empties drops to 0 instead of keeping its
    /// last value.
    pub fn set_job_counts<'a>(
        &self,
        kinds: impl IntoIterator<Item = &'a str>,
        counts: &[(String, String, i64)],
    ) {
        self.with(|| {
            for kind in kinds {
                for state in JOB_STATES {
                    let n = counts
                        .iter()
                        .find(|(k, s, _)| k == kind && s == state)
                        .map_or(0, |(_, _, n)| *n);
                    metrics::gauge!("longhaul_jobs", "kind" => kind.to_owned(), "state" => state)
                        .set(n as f64);
                }
            }
        });
    }

    pub fn render(&self) -> String {
        self.handle.render()
    }

    /// Drains histogram samples into their buckets; without it a server
    /// nobody scrapes would keep every sample.
    pub fn run_upkeep(&self) {
        self.handle.run_upkeep();
    }
}
