//! Every route of a guarded group, read from the API contract rather than
//! listed by hand: a route added to the fleet-admin or super-admin group is
//! refused to everyone else without anyone writing a test for it.

use crate::helpers::{TestApp, error_of, make_user, new_client};
use crate::on_each_backend;
use domain::Role;
use reqwest::{Method, StatusCode};
use serde_json::Value;

/// (method, path with every `{param}` filled) of each contract operation
/// whose path starts with `prefix`.
async fn operations(app: &TestApp, prefix: &str) -> Vec<(Method, String)> {
    let spec: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let mut ops = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        if !path.starts_with(prefix) {
            continue;
        }
        let filled: String = path
            .split('/')
            .map(|part| {
                if part.starts_with('{') {
                    uuid::Uuid::new_v4().to_string()
                } else {
                    part.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        for method in item.as_object().unwrap().keys() {
            ops.push((method.to_uppercase().parse().unwrap(), filled.clone()));
        }
    }
    assert!(ops.len() > 5, "the contract lists the {prefix} routes");
    ops
}

async fn call(app: &TestApp, method: Method, path: &str) -> (StatusCode, Value) {
    let mut req = app.client.request(method.clone(), app.url(path));
    if let Some(csrf) = &app.csrf {
        req = req.header("x-csrf-token", csrf);
    }
    if method != Method::GET && method != Method::DELETE {
        req = req.json(&serde_json::json!({}));
    }
    error_of(req.send().await.unwrap()).await
}

async fn assert_all(app: &TestApp, ops: &[(Method, String)], want: StatusCode, who: &str) {
    for (method, path) in ops {
        let (status, error) = call(app, method.clone(), path).await;
        assert_eq!(status, want, "{method} {path} as {who}: {error}");
    }
}

on_each_backend!(
    every_fleet_route_admits_only_a_fleet_admin,
    |mut app: TestApp| async move {
        let ops = operations(&app, "/api/fleet/").await;
        make_user(&app, "driver@g.example", Some(Role::FleetDriver), None).await;
        make_user(&app, "broker@g.example", Some(Role::BrokerAdmin), None).await;
        make_user(&app, "pending@g.example", Some(Role::FleetAdmin), None).await;
        make_user(&app, "root@g.example", Some(Role::SuperAdmin), None).await;

        app.client = new_client();
        app.csrf = None;
        assert_all(&app, &ops, StatusCode::UNAUTHORIZED, "nobody").await;
        for who in [
            "driver@g.example",
            "broker@g.example",
            "pending@g.example",
            "root@g.example",
        ] {
            app.client = new_client();
            app.sign_in(who, "secret1").await;
            assert_all(&app, &ops, StatusCode::FORBIDDEN, who).await;
        }
    }
);

on_each_backend!(
    every_admin_route_admits_only_the_super_admin,
    |mut app: TestApp| async move {
        let ops = operations(&app, "/api/admin/").await;
        make_user(
            &app,
            "owner@g.example",
            Some(Role::FleetAdmin),
            Some(("Guarded Freight", "5000002")),
        )
        .await;
        make_user(&app, "driver@g.example", Some(Role::FleetDriver), None).await;

        app.client = new_client();
        app.csrf = None;
        assert_all(&app, &ops, StatusCode::UNAUTHORIZED, "nobody").await;
        for who in ["owner@g.example", "driver@g.example"] {
            app.client = new_client();
            app.sign_in(who, "secret1").await;
            assert_all(&app, &ops, StatusCode::FORBIDDEN, who).await;
        }
    }
);
