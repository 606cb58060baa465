//! Monitoring of each fleet's own FMCSA record. The record is read through
//! the carrier registry and its watched fields stored as a snapshot:
//!
//! - a *baseline* when the fleet is created, however it is created (when
//!   FMCSA cannot be reached then, the fleet has no baseline yet and the
//!   first check that succeeds stores one);
//! - once a *daily*, at a minute of the day its id picks (so 2,000 fleets
//!   spread over the day);
//! - *on demand*: a fleet admin's "Check FMCSA now" (once per 10 minutes)
//!   or an operator's `run-job fmcsa_check --fleet <id>`.
//!
//! A field that differs from the latest snapshot (or, before the first,
//! from the record stored at signup) becomes a change: recorded, shown on
//! the overview's banner, in the bell and the profile's History, and
//! e-mailed to the fleet's admins. The fleet's stored record is replaced,
//! so the Authority tab shows the new values. A registry that fails
//! (timeout, 5xx, an HTML maintenance page) changes nothing.

mod check;
mod on_demand;
mod schedule;
mod shown;
mod views;

pub use check::{Check, CheckOutcome, MonitorError, check_fleet};
pub use on_demand::{
    BaselineOutcome, ON_DEMAND_EVERY, baseline_new_fleet, check_now, queue_baseline,
};
pub use schedule::{
    CheckJob, CheckKind, FmcsaCheck, FmcsaSchedule, PACE, queue_due_checks, slot_minute,
};
pub use shown::shown;
pub use views::{alerts, dismiss_alerts, history};
