//! Issue 9 point 5: on PostgreSQL the server refuses to serve as a role that
//! row-level security does not bind (decision 009).

use crate::helpers::{Backend, PgDatabase, backends, try_build};
use longhaul::app::Overrides;
use std::collections::HashMap;

fn settings(serving: &str, migration: Option<&str>) -> HashMap<String, String> {
    let data_dir =
        std::env::temp_dir().join(format!("longhaul-test-{}", uuid::Uuid::new_v4().simple()));
    let mut vars = HashMap::from([
        ("DATA_DIR".to_string(), data_dir.display().to_string()),
        ("DATABASE_URL".to_string(), serving.to_string()),
        ("DATABASE_MAX_CONNECTIONS".to_string(), "2".to_string()),
    ]);
    if let Some(url) = migration {
        vars.insert("DATABASE_MIGRATION_URL".into(), url.into());
    }
    vars
}

async fn refusal(vars: HashMap<String, String>) -> String {
    match try_build(vars, Overrides::default()).await {
        Ok(_) => panic!("the server started"),
        Err(err) => format!("{err:#}"),
    }
}

async fn starts_with_override(mut vars: HashMap<String, String>) {
    vars.insert("DATABASE_ALLOW_RLS_BYPASS".into(), "true".into());
    try_build(vars, Overrides::default())
        .await
        .expect("starts with DATABASE_ALLOW_RLS_BYPASS=true");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refuses_to_serve_as_a_superuser() {
    for backend in backends() {
        if backend != Backend::Postgres {
            continue;
        }
        let pg = PgDatabase::fresh().await;
        let vars = settings(&pg.superuser, Some(&pg.owner));
        let text = refusal(vars.clone()).await;
        assert!(text.contains("is a superuser"), "{text}");
        assert!(text.contains("DATABASE_ALLOW_RLS_BYPASS"), "{text}");
        starts_with_override(vars).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refuses_to_serve_as_the_table_owner() {
    for backend in backends() {
        if backend != Backend::Postgres {
            continue;
        }
        let pg = PgDatabase::fresh().await;
        // One URL: the serving role migrates and so owns every table.
        let vars = settings(&pg.owner, None);
        let text = refusal(vars.clone()).await;
        assert!(text.contains("owns the tables"), "{text}");
        assert!(text.contains("fleet_accounts"), "{text}");
        starts_with_override(vars).await;
        // The production set-up on the same database starts.
        try_build(settings(&pg.serving, Some(&pg.owner)), Overrides::default())
            .await
            .expect("owner migrates, serving role serves");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_override_is_refused_in_production() {
    let err = longhaul::Config::from_map(&HashMap::from([
        ("APP_ENV".to_string(), "production".to_string()),
        ("DATABASE_ALLOW_RLS_BYPASS".to_string(), "true".to_string()),
    ]))
    .unwrap_err();
    assert!(
        err.to_string().contains("DATABASE_ALLOW_RLS_BYPASS"),
        "{err}"
    );
}

/// Replicas of a rolling deploy start at the same moment on one database:
/// their start-up work (migrations, the job store's, grants) takes turns
/// under an advisory lock instead of failing ("tuple concurrently updated").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicas_starting_together_all_start() {
    for backend in backends() {
        if backend != Backend::Postgres {
            continue;
        }
        let pg = PgDatabase::fresh().await;
        let starts = futures_util::future::join_all(
            (0..6).map(|_| try_build(settings(&pg.serving, Some(&pg.owner)), Overrides::default())),
        )
        .await;
        let failed: Vec<String> = starts
            .iter()
            .filter_map(|s| s.as_ref().err().map(|e| format!("{e:#}")))
            .collect();
        assert!(failed.is_empty(), "{failed:#?}");
    }
}
