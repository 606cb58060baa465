//! Demo and test data: `longhaul seed-demo` (and `SEED_DEMO`), the benchmark
//! data of `longhaul seed-bench` (bench/), and the factories the integration
//! tests use — one set of factories, so seed data and test data never drift.
//! The demo and bench fleets have a published password: never in production
//! (decision 011).

mod bench;
mod demo;
mod documents;
mod factories;
mod loads;
mod qualifications;

pub use bench::{BenchData, seed_bench};
pub use demo::seed_demo;
pub use documents::seed_documents;
pub use factories::{Sizes, find_fleet_by_dot, seed_assets, seed_fleet_assets};
pub use loads::seed_loads;
pub use qualifications::seed_qualifications;

use crate::state::AppState;
use db::tenancy::TenantScope;
use uuid::Uuid;

/// The sign-in rule refuses it in production (`domain::demo`).
pub use domain::demo::DEMO_EMAIL;
pub const DEMO_PASSWORD: &str = "demo-fleet-1";
pub const DEMO_DOT: &str = "1000099";
pub const BENCH_EMAIL: &str = "bench@longhaul.test";
/// The demo fleet's registered power units; its monthly rate is its band's.
pub const DEMO_POWER_UNITS: i32 = 45;

/// The scope a seed writes one fleet's rows in: the fleet it has just made
/// (or found by its DOT number), never one a client named.
#[expect(
    clippy::disallowed_methods,
    reason = "demo data: the fleet the seed has just made"
)]
fn seed_scope(fleet: Uuid) -> TenantScope {
    TenantScope::for_job(fleet)
}

fn refuse_in_production(state: &AppState) -> anyhow::Result<()> {
    if state.config.environment == crate::config::Environment::Production {
        anyhow::bail!(
            "the demo fleet (whose login {DEMO_EMAIL} is public) is not created in production"
        );
    }
    Ok(())
}
