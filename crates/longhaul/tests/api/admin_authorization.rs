//! Every admin endpoint, called by every role and by nobody: 401 or 403,
//! and nothing changes.

use crate::helpers::{TestApp, error_of, new_client};
use crate::on_each_backend;
use domain::Role;
use longhaul::modules::auth::bootstrap::{CreateUser, UserDeps, create_user};
use reqwest::{Method, StatusCode};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

on_each_backend!(
    admin_endpoints_refuse_everyone_but_the_super_admin,
    |mut app: TestApp| async move {
        let signup: Value = app
            .post("/api/signups", json!({ "dot_number": "1000001" }))
            .await
            .json()
            .await
            .unwrap();
        let signup_id = signup["id"].as_str().unwrap().to_owned();
        let users = [
            (
                "fleet-admin@t.example",
                Some(Role::FleetAdmin),
                Some("Tenant Freight"),
            ),
            ("pending@t.example", Some(Role::FleetAdmin), None),
            ("driver@t.example", Some(Role::FleetDriver), None),
            ("broker@t.example", Some(Role::BrokerAdmin), None),
            ("agent@t.example", Some(Role::BrokerUser), None),
            ("nobody@t.example", None, None),
        ];
        for (email, role, fleet) in users {
            create_user(
                &UserDeps::of(&app.state),
                CreateUser {
                    email: email.into(),
                    password: "secret1".into(),
                    role,
                    first_name: None,
                    last_name: None,
                    fleet_name: fleet.map(str::to_owned),
                    dot_number: fleet.map(|_| "5000001".to_owned()),
                },
            )
            .await
            .unwrap();
        }
        let victim = db::entities::profile::Entity::find()
            .all(&app.state.db)
            .await
            .unwrap()
            .into_iter()
            .find(|p| p.email == "driver@t.example")
            .unwrap()
            .id;
        let fleet = db::entities::fleet_account::Entity::find()
            .one(&app.inspect_db().await)
            .await
            .unwrap()
            .unwrap()
            .id;

        let calls: Vec<(Method, String, Value)> = vec![
            (Method::GET, "/api/admin/signups".into(), Value::Null),
            (
                Method::POST,
                format!("/api/admin/signups/{signup_id}/fleet"),
                json!({ "with_user": false }),
            ),
            (Method::GET, "/api/admin/users".into(), Value::Null),
            (
                Method::POST,
                "/api/admin/users".into(),
                json!({ "email": "evil@t.example", "password": "secret1", "role": "super_admin" }),
            ),
            (
                Method::PUT,
                format!("/api/admin/users/{victim}/role"),
                json!({ "role": "super_admin" }),
            ),
            (Method::GET, "/api/admin/fleet-accounts".into(), Value::Null),
            (
                Method::PUT,
                format!("/api/admin/fleet-accounts/{fleet}/owner"),
                json!({ "user_id": victim }),
            ),
            (Method::GET, "/api/admin/accounts".into(), Value::Null),
            (Method::GET, "/api/admin/audit".into(), Value::Null),
        ];
        let before = crate::helpers::admin_table_counts(&app).await;
        let send = |app: &TestApp, method: Method, path: String, body: Value| {
            let mut req = app.client.request(method, app.url(&path));
            if let Some(csrf) = &app.csrf {
                req = req.header("x-csrf-token", csrf);
            }
            if !body.is_null() {
                req = req.json(&body);
            }
            req.send()
        };

        // Nobody signed in: 401.
        app.client = new_client();
        app.csrf = None;
        for (method, path, body) in calls.clone() {
            let (status, _) = error_of(
                send(&app, method.clone(), path.clone(), body)
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(
                status,
                StatusCode::UNAUTHORIZED,
                "{method} {path} anonymous"
            );
        }
        // Every other role: 403.
        for (email, _, _) in users {
            app.client = new_client();
            app.sign_in(email, "secret1").await;
            for (method, path, body) in calls.clone() {
                let (status, error) = error_of(
                    send(&app, method.clone(), path.clone(), body)
                        .await
                        .unwrap(),
                )
                .await;
                assert_eq!(
                    status,
                    StatusCode::FORBIDDEN,
                    "{method} {path} as {email}: {error}"
                );
            }
        }
        assert_eq!(
            crate::helpers::admin_table_counts(&app).await,
            before,
            "nothing changed"
        );
        let driver = db::entities::profile::Entity::find_by_id(victim)
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(driver.role.as_deref(), Some("fleet_driver"));
    }
);
