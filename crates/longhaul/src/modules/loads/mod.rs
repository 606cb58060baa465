//! Loads (issue 31): a fleet's customers and facilities, its loads with
//! their stops and money, and each load's status lifecycle with its history.
//!
//! The rules are `domain::loads` and `service/`; every query is in `repo.rs`.
pub mod deps;
pub mod dto;
mod emails;
pub mod error;
pub mod jobs;
mod repo;
pub mod routes;
pub mod service;

pub use error::LoadsError;

// What the tenders (issue 33) build a load with and print a rate
// confirmation by.
pub use service::customers::{BrokerParty, for_broker as customer_for_broker};
pub use service::facilities::{
    FacilityFields, check as check_facility, find_or_insert_in as facility_in,
};
pub use service::loads::{Actor, create_in as create_load_in, stop_spans};
pub use service::rate::set_rate_in;
pub use service::sheet::{Fact, Section, Sheet, SheetStop, map_link, stop_time};
pub use service::sheet_pdf::render as render_sheet_pdf;
