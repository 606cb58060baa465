//! Integration tests through HTTP against a real server on a random port.
//! Every database test runs on SQLite, and on PostgreSQL too when
//! `TEST_DATABASE_URL` is set (CI sets it).

#![allow(
    clippy::disallowed_methods,
    reason = "tests read and plant rows directly, across fleets, to check what the server did"
)]

mod helpers;

mod admin;
mod admin_authorization;
mod auth_flow;
mod bad_input;
mod billing;
mod bootstrap;
mod browser_safety;
mod compliance;
mod contract;
mod control_characters;
mod documents;
mod driver_portal;
mod driver_usernames;
mod eld_adapters;
mod eld_geofence;
mod eld_import;
mod eld_sync;
mod eld_sync_faults;
mod eld_sync_writes;
mod fleet_dashboard;
mod fleet_time_zone;
mod fmcsa_adapter;
mod fmcsa_monitor;
mod hashing_bounds;
mod hos_clocks;
mod job_worker;
mod list_columns;
mod load_documents;
mod load_edit;
mod load_messages;
mod load_sheet;
mod loads;
mod loads_lists;
mod metrics;
mod password_reset;
mod portal_loads;
mod production_mode;
mod rate_con;
mod rate_limit;
mod rls_roles;
mod route_guards;
mod scale_out;
mod signup_flow;
mod stripe_adapter;
mod tenancy;
mod tenders;
mod truck_board;
