use crate::helpers::{Backend, TestApp, error_of};
use crate::on_each_backend;
use domain::Role;
use longhaul::modules::auth::bootstrap::{CreateUser, UserDeps, create_user};
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement, TransactionTrait};

fn user(email: &str, role: Role, fleet: Option<(&str, &str)>) -> CreateUser {
    CreateUser {
        email: email.into(),
        password: "secret1".into(),
        role: Some(role),
        first_name: None,
        last_name: None,
        fleet_name: fleet.map(|(n, _)| n.to_owned()),
        dot_number: fleet.map(|(_, d)| d.to_owned()),
    }
}

on_each_backend!(
    fleet_scope_comes_from_the_session,
    |mut app: TestApp| async move {
        create_user(
            &UserDeps::of(&app.state),
            user(
                "a@acme.test",
                Role::FleetAdmin,
                Some(("Acme Freight", "1000001")),
            ),
        )
        .await
        .unwrap();
        create_user(
            &UserDeps::of(&app.state),
            user(
                "b@bolt.test",
                Role::FleetAdmin,
                Some(("Bolt Lines", "1000002")),
            ),
        )
        .await
        .unwrap();
        create_user(
            &UserDeps::of(&app.state),
            user("pending@fleet.test", Role::FleetAdmin, None),
        )
        .await
        .unwrap();
        create_user(
            &UserDeps::of(&app.state),
            user("driver@acme.test", Role::FleetDriver, None),
        )
        .await
        .unwrap();

        let body = app.sign_in("a@acme.test", "secret1").await;
        assert!(body["user"]["account_id"].is_string());
        let fleet: serde_json::Value = app.get("/api/fleet/account").await.json().await.unwrap();
        assert_eq!(fleet["legal_name"], "Acme Freight");
        assert_eq!(fleet["dot_number"], "1000001");

        app.client = crate::helpers::new_client();
        app.sign_in("b@bolt.test", "secret1").await;
        let fleet: serde_json::Value = app.get("/api/fleet/account").await.json().await.unwrap();
        assert_eq!(fleet["legal_name"], "Bolt Lines");

        for email in ["pending@fleet.test", "driver@acme.test"] {
            app.client = crate::helpers::new_client();
            app.sign_in(email, "secret1").await;
            let (status, _) = error_of(app.get("/api/fleet/account").await).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{email}");
        }

        if app.backend == Backend::Postgres {
            row_level_security_hides_other_fleets(&app).await;
        }
    }
);

/// As the server's own serving role (the harness serves PostgreSQL tests as
/// a non-owner role without BYPASSRLS, like production): a fleet sees its
/// row only, and neither a plain `set_config` of the old system scope nor
/// owner powers are available to it.
async fn row_level_security_hides_other_fleets(app: &TestApp) {
    let db = &app.state.db;
    assert_eq!(
        db::tenancy::rls_problems(db).await.unwrap(),
        Vec::<String>::new(),
        "the serving role is bound by row-level security"
    );
    let count = |setup: String| async move {
        let txn = db.begin().await.unwrap();
        if !setup.is_empty() {
            txn.execute_unprepared(&setup).await.unwrap();
        }
        let row = txn
            .query_one_raw(Statement::from_string(
                DatabaseBackend::Postgres,
                "SELECT COUNT(*) AS n FROM fleet_accounts",
            ))
            .await
            .unwrap()
            .unwrap();
        let n: i64 = row.try_get("", "n").unwrap();
        txn.rollback().await.unwrap();
        n
    };
    assert_eq!(
        count(String::new()).await,
        0,
        "no tenant set: nothing visible"
    );
    let acme: String = {
        let inspect = app.inspect_db().await;
        let row = inspect
            .query_one_raw(Statement::from_string(
                DatabaseBackend::Postgres,
                "SELECT fleet_account_id::text AS id FROM accounts WHERE name = 'Acme Freight'",
            ))
            .await
            .unwrap()
            .unwrap();
        row.try_get("", "id").unwrap()
    };
    assert_eq!(
        count(format!(
            "SELECT set_config('app.fleet_account_id', '{acme}', true)"
        ))
        .await,
        1,
        "one fleet set: only its row"
    );
    assert_eq!(
        count("SELECT set_config('app.scope', 'system', true)".into()).await,
        0,
        "the system scope cannot be claimed with set_config"
    );
    assert_eq!(
        count("SELECT set_config('app.system_key', 'guess', true)".into()).await,
        0,
        "nor with a guessed key"
    );
    let txn = db.begin().await.unwrap();
    db::tenancy::set_system(&txn, &app.state.system_key)
        .await
        .unwrap();
    let row = txn
        .query_one_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT COUNT(*) AS n FROM fleet_accounts",
        ))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        row.try_get::<i64>("", "n").unwrap(),
        2,
        "the key read at start opens the system scope"
    );
    txn.rollback().await.unwrap();

    for (attack, why) in [
        (
            "ALTER TABLE fleet_accounts DISABLE ROW LEVEL SECURITY",
            "switch RLS off",
        ),
        (
            "ALTER TABLE fleet_drivers NO FORCE ROW LEVEL SECURITY",
            "unforce RLS",
        ),
        (
            "DROP POLICY tenant_isolation ON fleet_vehicles",
            "drop a policy",
        ),
        ("SELECT key FROM longhaul_system_key", "read the system key"),
        (
            "CREATE OR REPLACE FUNCTION longhaul_is_system() RETURNS boolean LANGUAGE sql AS $$ SELECT true $$",
            "replace the system check",
        ),
        ("SET ROLE lh_test_owner", "become the owner"),
        ("CREATE TABLE intruder (id int)", "create objects"),
    ] {
        let txn = db.begin().await.unwrap();
        assert!(
            txn.execute_unprepared(attack).await.is_err(),
            "the serving role could {why}: {attack}"
        );
        txn.rollback().await.unwrap();
    }
    assert_eq!(count(String::new()).await, 0, "RLS still on");
}

/// The pool's own guard (issue 29 point 14), proven without a race: a
/// connection handed back with a transaction open — what a request dropped
/// between its BEGIN and its COMMIT leaves — is closed, and the next
/// request gets a clean one. Without the pool's after-release check the
/// stale transaction, and the tenant set in it, come back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_handed_back_inside_a_transaction_is_never_lent_again() {
    use sea_orm::sqlx;
    for backend in crate::helpers::backends() {
        if backend != Backend::Postgres {
            continue;
        }
        let app = crate::helpers::spawn_app(backend).await;
        let url = &app.database_url.as_ref().unwrap().serving;
        // One connection: the next request can only get that one, or a new one.
        let pool = db::connect(url, 1).await.unwrap();
        let raw = pool.get_postgres_connection_pool();
        // A clean connection is lent again, not closed (the check must not
        // cost every request a new session).
        let pid_query = "SELECT pg_backend_pid()";
        let mut first = raw.acquire().await.unwrap();
        let before: i32 = sqlx::query_scalar(pid_query)
            .fetch_one(&mut *first)
            .await
            .unwrap();
        drop(first);
        let mut again = raw.acquire().await.unwrap();
        let after: i32 = sqlx::query_scalar(pid_query)
            .fetch_one(&mut *again)
            .await
            .unwrap();
        assert_eq!(after, before, "a clean connection was closed");
        drop(again);

        let mut conn = raw.acquire().await.unwrap();
        sqlx::query("BEGIN").execute(&mut *conn).await.unwrap();
        sqlx::query("SELECT set_config('app.fleet_account_id', 'stale-tenant', true)")
            .execute(&mut *conn)
            .await
            .unwrap();
        drop(conn);

        let mut next = raw.acquire().await.unwrap();
        let fleet: Option<String> =
            sqlx::query_scalar("SELECT current_setting('app.fleet_account_id', true)")
                .fetch_one(&mut *next)
                .await
                .unwrap();
        assert!(
            fleet.unwrap_or_default().is_empty(),
            "the next request ran inside the stale transaction"
        );
        assert!(
            sqlx::query("SAVEPOINT probe")
                .execute(&mut *next)
                .await
                .is_err(),
            "the next request's statements run inside a transaction"
        );
    }
}

/// A request cancelled while its BEGIN is in flight (a client that went
/// away) must not hand its connection back inside a transaction: every later
/// statement runs on its own, not in a stale transaction that began earlier.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_begin_cancelled_in_flight_leaves_no_transaction_behind() {
    use db::tenancy::{TenantScope, read, write};
    use std::time::Duration;
    for backend in crate::helpers::backends() {
        if backend != Backend::Postgres {
            continue;
        }
        let app = crate::helpers::spawn_app(backend).await;
        let url = &app.database_url.as_ref().unwrap().serving;
        // Two connections: every cancelled begin lands on one of them.
        let pool = db::connect(url, 2).await.unwrap();
        let scope = TenantScope::for_job(uuid::Uuid::new_v4());
        for i in 0..300u64 {
            // Cancelled after 0–99 µs: before, during or after the BEGIN.
            let cut = Duration::from_micros(i % 100);
            if i % 2 == 0 {
                let _ = tokio::time::timeout(cut, read(&pool, scope)).await;
            } else {
                let _ = tokio::time::timeout(cut, write(&pool, scope)).await;
            }
        }
        for _ in 0..20 {
            // Outside a transaction block PostgreSQL refuses a savepoint.
            assert!(
                pool.execute_unprepared("SAVEPOINT probe").await.is_err(),
                "a statement ran inside a transaction begun earlier"
            );
            let row = pool
                .query_one_raw(Statement::from_string(
                    DatabaseBackend::Postgres,
                    "SELECT current_setting('app.fleet_account_id', true) AS fleet",
                ))
                .await
                .unwrap()
                .unwrap();
            let fleet: Option<String> = row.try_get("", "fleet").unwrap();
            assert!(
                fleet.unwrap_or_default().is_empty(),
                "a statement saw another request's tenant"
            );
        }
    }
}
