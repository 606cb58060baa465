use crate::helpers::{Backend, TestApp, error_of};
use crate::on_each_backend;
use domain::Role;
use longhaul::modules::auth::bootstrap::{CreateUser, create_user};
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
            &app.state,
            user(
                "a@acme.test",
                Role::FleetAdmin,
                Some(("Acme Freight", "1000001")),
            ),
        )
        .await
        .unwrap();
        create_user(
            &app.state,
            user(
                "b@bolt.test",
                Role::FleetAdmin,
                Some(("Bolt Lines", "1000002")),
            ),
        )
        .await
        .unwrap();
        create_user(
            &app.state,
            user("pending@fleet.test", Role::FleetAdmin, None),
        )
        .await
        .unwrap();
        create_user(
            &app.state,
            user("driver@acme.test", Role::FleetDriver, None),
        )
        .await
        .unwrap();

        let body = app.sign_in("a@acme.test", "secret1").await;
        assert!(body["user"]["account_id"].is_string());
        let fleet: serde_json::Value = app.get("/api/fleet/me").await.json().await.unwrap();
        assert_eq!(fleet["legal_name"], "Acme Freight");
        assert_eq!(fleet["dot_number"], "1000001");

        app.client = crate::helpers::new_client();
        app.sign_in("b@bolt.test", "secret1").await;
        let fleet: serde_json::Value = app.get("/api/fleet/me").await.json().await.unwrap();
        assert_eq!(fleet["legal_name"], "Bolt Lines");

        for email in ["pending@fleet.test", "driver@acme.test"] {
            app.client = crate::helpers::new_client();
            app.sign_in(email, "secret1").await;
            let (status, _) = error_of(app.get("/api/fleet/me").await).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{email}");
        }

        if app.backend == Backend::Postgres {
            row_level_security_hides_other_fleets(&app).await;
        }
    }
);

/// Reads fleet_accounts as a role without BYPASSRLS (superusers skip RLS).
async fn row_level_security_hides_other_fleets(app: &TestApp) {
    let db = &app.state.db;
    db.execute_unprepared(
        "DO $$ BEGIN
           IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'longhaul_app') THEN
             CREATE ROLE longhaul_app NOLOGIN NOBYPASSRLS;
           END IF;
         END $$;
         GRANT SELECT ON ALL TABLES IN SCHEMA public TO longhaul_app;",
    )
    .await
    .unwrap();
    let count = |setup: &'static str| async move {
        let txn = db.begin().await.unwrap();
        txn.execute_unprepared("SET LOCAL ROLE longhaul_app")
            .await
            .unwrap();
        if !setup.is_empty() {
            txn.execute_unprepared(setup).await.unwrap();
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
    assert_eq!(count("").await, 0, "no tenant set: nothing visible");
    let acme: String = {
        let row = db
            .query_one_raw(Statement::from_string(
                DatabaseBackend::Postgres,
                "SELECT fleet_account_id::text AS id FROM accounts WHERE name = 'Acme Freight'",
            ))
            .await
            .unwrap()
            .unwrap();
        row.try_get("", "id").unwrap()
    };
    let set_acme: &'static str = Box::leak(
        format!("SELECT set_config('app.fleet_account_id', '{acme}', true)").into_boxed_str(),
    );
    assert_eq!(count(set_acme).await, 1, "one fleet set: only its row");
    assert_eq!(
        count("SELECT set_config('app.scope', 'system', true)").await,
        2,
        "system scope sees all"
    );
}
