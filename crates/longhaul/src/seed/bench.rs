//! Benchmark data (`longhaul seed-bench`, bench/fleet_bench.py): one large
//! fleet among many small ones, so a list's cost shows against many tenants.

use super::factories::{Sizes, find_fleet_by_dot, seed_fleet_assets};
use super::{BENCH_EMAIL, DEMO_PASSWORD, refuse_in_production};
use crate::modules::auth::bootstrap::{CreateUser, UserDeps, create_user};
use crate::state::AppState;
use domain::Role;
use sea_orm::ConnectionTrait;

/// One large fleet (the benchmark's) among `fleets - 1` small ones.
/// What `longhaul seed-bench` makes: fleet 0 is the large one.
#[derive(Debug, Clone, Copy)]
pub struct BenchData {
    pub fleets: usize,
    pub trucks: usize,
    pub trailers: usize,
    pub drivers: usize,
    /// Documents of the large fleet (rows only, no stored objects).
    pub documents: usize,
    pub small_fleet_documents: usize,
    /// A CDL, medical card and MVR review for every driver.
    pub qualifications: bool,
    /// Loads of the large fleet, and of each small one (with their
    /// customers and facilities).
    pub loads: usize,
    pub small_fleet_loads: usize,
}

pub async fn seed_bench(state: &AppState, data: BenchData) -> anyhow::Result<()> {
    let BenchData {
        fleets,
        trucks,
        trailers,
        drivers,
        documents,
        small_fleet_documents,
        qualifications,
        loads,
        small_fleet_loads,
    } = data;
    refuse_in_production(state)?;
    for i in 0..fleets {
        let big = i == 0;
        let email = if big {
            BENCH_EMAIL.to_owned()
        } else {
            format!("fleet{i}@bench.test")
        };
        let dot = format!("{}", 7_000_000 + i);
        create_user(
            &UserDeps::of(state),
            CreateUser {
                email,
                password: DEMO_PASSWORD.into(),
                role: Some(Role::FleetAdmin),
                first_name: None,
                last_name: None,
                fleet_name: Some(format!("Bench Fleet {i}")),
                dot_number: Some(dot.clone()),
            },
        )
        .await?;
        let fleet = find_fleet_by_dot(state, &dot).await?;
        let sizes = if big {
            Sizes {
                drivers,
                trucks,
                trailers,
            }
        } else {
            Sizes {
                drivers: 30,
                trucks: 25,
                trailers: 25,
            }
        };
        seed_fleet_assets(state, fleet.id, sizes, "bench").await?;
        let docs = if big {
            documents
        } else {
            small_fleet_documents
        };
        let fleet_loads = if big { loads } else { small_fleet_loads };
        if docs > 0 || qualifications || fleet_loads > 0 {
            let txn = db::tenancy::write(&state.db, super::seed_scope(fleet.id)).await?;
            super::seed_documents(&txn, None, docs).await?;
            if qualifications {
                super::seed_qualifications(&txn).await?;
            }
            if fleet_loads > 0 {
                super::seed_loads(&txn, fleet_loads).await?;
            }
            txn.commit().await?;
        }
    }
    if state.backend == db::Backend::Postgres {
        state.db.execute_unprepared("ANALYZE").await?;
    }
    // What the server's start and its hourly sweep keep up on SQLite.
    db::refresh_statistics(&state.db).await?;
    Ok(())
}
