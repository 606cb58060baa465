//! Tenders (issue 33, decision 049): a broker books a posted truck. The
//! broker's offer, the carrier's answer (accept, decline, counter), the
//! rate confirmation both sign, and the broker's shipment that follows the
//! carrier's load by consent.
//!
//! The rules are `domain::tenders` and `service/`; every query is in `repo/`.
pub mod deps;
pub mod dto;
mod emails;
pub mod error;
mod repo;
pub mod routes;
mod service;

pub use error::TendersError;
