//! The compliance calendar (issue 14, decision 025): every dated item of a
//! fleet on one calendar — documents' expirations, drivers' qualification
//! items and the fleet's MCS-150 update — with a CSV export and an
//! iCalendar feed; the daily reminder digest and the dashboard's bell; and
//! the monitoring of the fleet's own FMCSA record.
//!
//! Its rules are in `service/`, one topic a file; every query is in `repo/`.
pub mod deps;
pub mod dto;
mod emails;
pub mod error;
pub mod jobs;
mod repo;
pub mod routes;
mod service;

pub use error::ComplianceError;
use service::filter;
pub use service::{
    calendar, feed, items, monitor, notifications, qualifications, reminders, settings,
};
