//! Schema migrations, applied at start (`longhaul serve`) or by `longhaul migrate`.

use sea_orm_migration::prelude::*;

mod m0001_accounts_and_auth;
mod m0002_tenant_rls;
mod m0003_signup_billing;
mod m0004_audit_log;
pub mod m0005_fleet_assets;
mod m0006_auth_throttles;
mod m0007_signup_checkout_freeze;
pub mod m0008_rls_roles_and_driver_usernames;
pub mod m0009_list_indexes;
mod m0009_list_rules;
mod m0010_covering_list_indexes;
mod m0011_jobs_and_eld_sync;
mod m0012_eld_fingerprints;
mod m0013_list_count_trigger_groups;
mod m0014_fleet_documents;
mod m0015_document_search_index;
mod m0016_stripe_billing_mirror;
mod m0017_driver_portal;
mod m0018_compliance;
pub mod m0019_truck_board;
pub mod m0020_trucks_gone_upstream;
pub mod m0021_signup_approved_fleet;
pub mod m0022_postings_of_read_only_fleets;
pub mod m0023_invitation_links;
pub mod m0024_loads;
pub mod m0025_load_assignment;
pub mod m0026_fleet_home_time_zone;
pub mod m0027_load_documents_and_override_audit;
pub mod m0028_hos_clocks;
pub mod m0029_load_rate_con;
pub mod m0030_load_search_text;
pub mod m0031_load_event_recorded_at;
pub mod m0032_driver_loads;
pub mod m0033_load_messages;
pub mod m0034_tenders;
pub mod m0035_fmcsa_checks;
pub mod m0036_provider_records_as_json;
pub mod rls;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_accounts_and_auth::Migration),
            Box::new(m0002_tenant_rls::Migration),
            Box::new(m0003_signup_billing::Migration),
            Box::new(m0004_audit_log::Migration),
            Box::new(m0005_fleet_assets::Migration),
            Box::new(m0006_auth_throttles::Migration),
            Box::new(m0007_signup_checkout_freeze::Migration),
            Box::new(m0008_rls_roles_and_driver_usernames::Migration),
            Box::new(m0009_list_indexes::Migration),
            Box::new(m0010_covering_list_indexes::Migration),
            Box::new(m0011_jobs_and_eld_sync::Migration),
            Box::new(m0012_eld_fingerprints::Migration),
            Box::new(m0013_list_count_trigger_groups::Migration),
            Box::new(m0014_fleet_documents::Migration),
            Box::new(m0015_document_search_index::Migration),
            Box::new(m0016_stripe_billing_mirror::Migration),
            Box::new(m0017_driver_portal::Migration),
            Box::new(m0018_compliance::Migration),
            Box::new(m0019_truck_board::Migration),
            Box::new(m0020_trucks_gone_upstream::Migration),
            Box::new(m0021_signup_approved_fleet::Migration),
            Box::new(m0022_postings_of_read_only_fleets::Migration),
            Box::new(m0023_invitation_links::Migration),
            Box::new(m0024_loads::Migration),
            Box::new(m0025_load_assignment::Migration),
            Box::new(m0026_fleet_home_time_zone::Migration),
            Box::new(m0027_load_documents_and_override_audit::Migration),
            Box::new(m0028_hos_clocks::Migration),
            Box::new(m0029_load_rate_con::Migration),
            Box::new(m0030_load_search_text::Migration),
            Box::new(m0031_load_event_recorded_at::Migration),
            Box::new(m0032_driver_loads::Migration),
            Box::new(m0033_load_messages::Migration),
            Box::new(m0034_tenders::Migration),
            Box::new(m0035_fmcsa_checks::Migration),
            Box::new(m0036_provider_records_as_json::Migration),
        ]
    }
}
