//! The compliance calendar's rules, one topic a file: the items and their
//! filters, the calendar views and the feed, reminders and the bell, the
//! qualifications, the settings and the FMCSA monitor. Queries are in
//! `super::repo`.

pub mod calendar;
pub mod feed;
pub(super) mod filter;
pub(super) mod fleets;
pub mod items;
pub mod monitor;
pub mod notifications;
pub mod qualifications;
pub mod reminders;
pub mod settings;
