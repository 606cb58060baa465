//! The compliance queries, by topic (private to the module). Tenant tables
//! are reached through their scoped finders; the daily jobs' reads across
//! fleets and the feed token's lookup take a `SystemTx`.

pub mod fleets;
pub mod items;
pub mod monitor;
pub mod notifications;
pub mod qualifications;
pub mod reminders;
pub mod settings;
