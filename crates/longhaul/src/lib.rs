//! The Longhaul server: configuration, the router, capabilities (`modules`),
//! outside systems and the embedded SPA.

pub mod app;
pub mod config;
pub mod crypto;
#[cfg(test)]
mod field_map_rules;
pub mod files;
pub mod http;
pub mod integrations;
pub mod job_registry;
pub mod jobs;
#[cfg(test)]
mod layer_rules;
pub mod mail;
pub mod metrics;
pub mod modules;
pub mod openapi;
pub mod paging;
pub mod queue;
#[cfg(test)]
mod repo_rules;
pub mod seed;
pub mod spa;
pub mod state;
pub mod telemetry;
#[cfg(test)]
mod text_rules;

pub use app::Application;
pub use config::Config;
