//! System administration: the approval loop, its refusals, and the lists.

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, error_of, make_user, new_client};
use crate::on_each_backend;
use crate::signup_flow::{pay, signup_to_checkout};
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

on_each_backend!(
    a_paid_signup_becomes_a_working_fleet_account,
    |mut app: TestApp| async move {
        let (signup_id, session) =
            signup_to_checkout(&app, "1000004", "owner@greatlakes.example").await;
        pay(&app, &session).await;
        app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;

        let list: Value = app.get("/api/admin/signups").await.json().await.unwrap();
        let row = &list["items"][0];
        assert_eq!(row["id"], signup_id.as_str());
        assert_eq!(row["current_step"], 3);
        assert_eq!(row["completed"], false);
        assert_eq!(row["has_fleet_admin"], false);
        assert_eq!(row["subscription_status"], "active");

        let res = app
            .post(
                &format!("/api/admin/signups/{signup_id}/fleet"),
                json!({ "with_user": true }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let created: Value = res.json().await.unwrap();
        let user_id = created["user_id"].as_str().unwrap().to_owned();

        // Copied data, one accounts row, the signup completed with its user.
        let fleet = db::entities::fleet_account::Entity::find_by_id(
            uuid::Uuid::parse_str(created["fleet_account_id"].as_str().unwrap()).unwrap(),
        )
        .one(&app.inspect_db().await)
        .await
        .unwrap()
        .unwrap();
        assert_eq!(fleet.legal_name, "GREAT LAKES LOGISTICS CORP");
        assert_eq!(fleet.dot_number, "1000004");
        assert_eq!(fleet.power_units, 320);
        assert_eq!(fleet.monthly_rate_cents, Some(259_900));
        assert_eq!(
            fleet.contact_email.as_deref(),
            Some("owner@greatlakes.example")
        );
        assert_eq!(fleet.subscription_status.as_deref(), Some("active"));
        assert_eq!(fleet.status, "active");
        assert!(fleet.fmcsa_data.is_some());
        assert_eq!(fleet.owner_id.map(|u| u.to_string()), Some(user_id.clone()));
        let list: Value = app.get("/api/admin/signups").await.json().await.unwrap();
        assert_eq!(list["items"][0]["completed"], true);
        assert_eq!(list["items"][0]["has_fleet_admin"], true);
        let accounts: Value = app.get("/api/admin/accounts").await.json().await.unwrap();
        assert_eq!(
            accounts["total"], 1,
            "system accounts hidden, one fleet account"
        );
        assert_eq!(
            accounts["items"][0]["fleet_account"]["owner_email"],
            "owner@greatlakes.example"
        );

        // Its FMCSA baseline is read by a worker: queued with the approval.
        let queued_checks = longhaul::jobs::job_counts(&app.state.db)
            .await
            .unwrap()
            .into_iter()
            .filter(|(kind, _, _)| kind == "fmcsa_check")
            .map(|(_, _, n)| n)
            .sum::<i64>();
        assert_eq!(queued_checks, 1);
        let baseline = json!({ "fleet_account_id": fleet.id, "kind": "baseline" });
        longhaul::job_registry::run_job(&app.state, "fmcsa_check", baseline, false)
            .await
            .unwrap();
        let snapshots = db::entities::fmcsa_snapshot::Entity::find()
            .all(&app.inspect_db().await)
            .await
            .unwrap();
        assert_eq!(snapshots.len(), 1);
        assert_eq!(
            (snapshots[0].fleet_account_id, snapshots[0].kind.as_str()),
            (fleet.id, "baseline")
        );

        // Completed: a second attempt is refused.
        let (status, _) = error_of(
            app.post(
                &format!("/api/admin/signups/{signup_id}/fleet"),
                json!({ "with_user": false }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);

        // The approval e-mail: the dashboard is ready, with a set-password link.
        let mail = app
            .emails_to("owner@greatlakes.example")
            .await
            .pop()
            .unwrap();
        assert_eq!(mail.subject, "Your Longhaul fleet dashboard is ready");
        let token = app
            .last_link_token("owner@greatlakes.example", "reset-password?token=")
            .await;
        let mut owner = TestApp {
            client: new_client(),
            csrf: None,
            ..app
        };
        let res = owner
            .post(
                "/api/auth/password-reset/complete",
                json!({ "token": token, "password": "greatlakes1" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let body = owner
            .sign_in("owner@greatlakes.example", "greatlakes1")
            .await;
        assert_eq!(body["user"]["role"], "fleet_admin");
        assert!(
            body["user"]["account_id"].is_string(),
            "lands on /fleet-dashboard"
        );
        let mine: Value = owner.get("/api/fleet/account").await.json().await.unwrap();
        assert_eq!(mine["dot_number"], "1000004");

        // The audit log has it, with before and after.
        let mut admin = TestApp {
            client: new_client(),
            csrf: None,
            ..owner
        };
        admin.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
        let entry = &audit["items"][0];
        assert_eq!(entry["action"], "create_user_and_fleet");
        assert_eq!(entry["actor_email"], ADMIN_EMAIL);
        assert_eq!(entry["before"]["completed"], false);
        assert_eq!(entry["after"]["completed"], true);
        // Names, not UUIDs (issue 29 point 25): the signup and the owner it
        // made are named for the tab.
        let names = &entry["names"];
        let signup = names[entry["target_id"].as_str().unwrap()]
            .as_str()
            .unwrap();
        assert!(signup.contains("(USDOT 1000004)"), "{entry}");
        let owner_id = entry["after"]["user_id"].as_str().unwrap();
        assert!(
            names[owner_id]
                .as_str()
                .unwrap()
                .contains("owner@greatlakes.example"),
            "{entry}"
        );
    }
);

on_each_backend!(
    duplicates_are_refused_and_leave_nothing_half_made,
    |mut app: TestApp| async move {
        // The signup's e-mail belongs to a user with another role: 'Create
        // User & Fleet' does not take them over.
        let (first, session) = signup_to_checkout(&app, "1000005", "boss@heartland.example").await;
        pay(&app, &session).await;
        app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let res = app
            .post(
                "/api/admin/users",
                json!({ "email": "boss@heartland.example", "password": "secret1", "role": "broker_user" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);

        let before = crate::helpers::admin_table_counts(&app).await;
        let (status, error) = error_of(
            app.post(
                &format!("/api/admin/signups/{first}/fleet"),
                json!({ "with_user": true }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "user_exists");
        assert_eq!(
            error["message"],
            "A user with email boss@heartland.example already exists."
        );
        assert_eq!(
            crate::helpers::admin_table_counts(&app).await,
            before,
            "no user without its fleet, no fleet without its account"
        );

        // So: the fleet only, then approve the self-registered admin.
        let created: Value = app
            .post(
                &format!("/api/admin/signups/{first}/fleet"),
                json!({ "with_user": false }),
            )
            .await
            .json()
            .await
            .unwrap();
        let fleet_id = created["fleet_account_id"].as_str().unwrap().to_owned();
        assert_eq!(created["user_id"], Value::Null);

        // A second signup for the same DOT number.
        let (second, _) = signup_to_checkout(&app, "1000005", "other@heartland.example").await;
        let before = crate::helpers::admin_table_counts(&app).await;
        let (status, error) = error_of(
            app.post(
                &format!("/api/admin/signups/{second}/fleet"),
                json!({ "with_user": false }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            error["message"],
            "Fleet Already Exists: A fleet with DOT number 1000005 already exists"
        );
        assert_eq!(crate::helpers::admin_table_counts(&app).await, before);

        let users: Value = app
            .get("/api/admin/users?q=boss%40heartland")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(users["total"], 1);
        let boss = users["items"][0]["id"].as_str().unwrap().to_owned();
        assert_eq!(users["items"][0]["account_id"], Value::Null);
        let (status, error) = error_of(
            app.put(
                &format!("/api/admin/users/{boss}/role"),
                json!({ "role": "fleet_admin" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            error["fields"]["fleet_account_id"],
            "Please select a fleet account"
        );
        let res = app
            .put(
                &format!("/api/admin/users/{boss}/role"),
                json!({ "role": "fleet_admin", "fleet_account_id": fleet_id }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let updated: Value = res.json().await.unwrap();
        assert_eq!(updated["role"], "fleet_admin");
        assert_eq!(updated["account_name"], "HEARTLAND INTERSTATE LINES INC");
        assert!(
            app.emails_to("boss@heartland.example")
                .await
                .iter()
                .any(|m| m.subject == "Your Longhaul fleet dashboard is ready")
        );

        // Now the fleet has its admin: the info case.
        let (status, error) = error_of(
            app.post(
                &format!("/api/admin/signups/{second}/fleet"),
                json!({ "with_user": false }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["code"], "fleet_admin_exists");

        // Leaving fleet_admin clears the account.
        let updated: Value = app
            .put(
                &format!("/api/admin/users/{boss}/role"),
                json!({ "role": "broker_user" }),
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(updated["role"], "broker_user");
        assert_eq!(updated["account_id"], Value::Null);
        // Nobody changes their own role.
        let me = app.session().await["user"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, error) = error_of(
            app.put(
                &format!("/api/admin/users/{me}/role"),
                json!({ "role": null }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error["message"], "You cannot change your own role.");
        // Unknown ids and roles.
        let (status, _) = error_of(
            app.put("/api/admin/users/not-an-id/role", json!({ "role": null }))
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = error_of(
            app.put(
                &format!("/api/admin/users/{boss}/role"),
                json!({ "role": "emperor" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    }
);

on_each_backend!(
    users_are_created_listed_and_searched,
    |mut app: TestApp| async move {
        app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        for i in 0..30 {
            let res = app
            .post("/api/admin/users", json!({ "email": format!("driver{i:02}@acme.example"), "password": "secret1", "first_name": "Dri", "last_name": format!("Ver{i}"), "role": "fleet_driver" }))
            .await;
            assert_eq!(res.status(), StatusCode::CREATED);
        }
        // The admin is still signed in as themselves.
        assert_eq!(app.session().await["user"]["email"], ADMIN_EMAIL);
        let (status, error) = error_of(
            app.post(
                "/api/admin/users",
                json!({ "email": "DRIVER01@acme.example", "password": "secret1" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            error["message"],
            "A user with email driver01@acme.example already exists."
        );
        let (status, _) = error_of(
            app.post(
                "/api/admin/users",
                json!({ "email": "x@acme.example", "password": "" }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

        let page1: Value = app
            .get("/api/admin/users?per_page=25")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(page1["total"], 31);
        assert_eq!(page1["items"].as_array().unwrap().len(), 25);
        assert_eq!(
            page1["items"][0]["email"], "driver00@acme.example",
            "ordered by e-mail"
        );
        let page2: Value = app
            .get("/api/admin/users?per_page=25&page=2")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(page2["items"].as_array().unwrap().len(), 6);
        let found: Value = app
            .get("/api/admin/users?q=VER1")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            found["total"], 11,
            "Ver1 and Ver10..Ver19, case-insensitive"
        );
        let none: Value = app
            .get("/api/admin/users?q=%25")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(none["total"], 0, "a literal % matches nothing");
        let (status, _) = error_of(app.get("/api/admin/users?page=abc").await).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);

        // The new user signs in with the password the admin chose.
        let mut driver = TestApp {
            client: new_client(),
            csrf: None,
            ..app
        };
        let body = driver.sign_in("driver07@acme.example", "secret1").await;
        assert_eq!(body["user"]["role"], "fleet_driver");
    }
);

on_each_backend!(
    an_owner_is_assigned_even_without_an_accounts_row,
    |mut app: TestApp| async move {
        use longhaul::modules::auth::bootstrap::{CreateUser, UserDeps, create_user};
        create_user(
            &UserDeps::of(&app.state),
            CreateUser {
                email: "solo@orphan.example".into(),
                password: "secret1".into(),
                role: Some(domain::Role::FleetAdmin),
                first_name: None,
                last_name: None,
                fleet_name: Some("Orphan Freight".into()),
                dot_number: Some("4000001".into()),
            },
        )
        .await
        .unwrap();
        create_user(
            &UserDeps::of(&app.state),
            CreateUser {
                email: "new-owner@orphan.example".into(),
                password: "secret1".into(),
                role: None,
                first_name: None,
                last_name: None,
                fleet_name: None,
                dot_number: None,
            },
        )
        .await
        .unwrap();
        // The fleet's accounts row goes missing (spec part 1 §4's not-found case).
        use sea_orm::{ColumnTrait, QueryFilter};
        db::entities::account::Entity::delete_many()
            .filter(db::entities::account::Column::Name.eq("Orphan Freight"))
            .exec(&app.state.db)
            .await
            .unwrap();

        app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let fleets: Value = app
            .get("/api/admin/fleet-accounts?q=orphan")
            .await
            .json()
            .await
            .unwrap();
        let fleet_id = fleets["items"][0]["id"].as_str().unwrap().to_owned();
        let users: Value = app
            .get("/api/admin/users?q=new-owner")
            .await
            .json()
            .await
            .unwrap();
        let user_id = users["items"][0]["id"].as_str().unwrap().to_owned();
        let (status, error) = error_of(
            app.put(
                &format!("/api/admin/fleet-accounts/{fleet_id}/owner"),
                json!({ "user_id": null }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error["message"], "Please select a user");
        let res = app
            .put(
                &format!("/api/admin/fleet-accounts/{fleet_id}/owner"),
                json!({ "user_id": user_id }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let fleet: Value = res.json().await.unwrap();
        assert_eq!(fleet["owner_email"], "new-owner@orphan.example");
        assert_eq!(fleet["status"], "active");
        let accounts: Value = app
            .get("/api/admin/accounts?q=orphan")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(accounts["total"], 1, "the accounts row was recreated");
        let (status, _) = error_of(
            app.put(
                "/api/admin/fleet-accounts/00000000-0000-0000-0000-000000000000/owner",
                json!({ "user_id": user_id }),
            )
            .await,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

// Issue 9 point 13: the customer paid and chose a password on the success
// page, so a profile exists: 'Create User & Fleet' makes it the fleet's admin
// in the same step instead of answering 'User exists'.
on_each_backend!(
    create_user_and_fleet_adopts_the_paying_customers_account,
    |mut app: TestApp| async move {
        let (signup_id, session) =
            signup_to_checkout(&app, "1000006", "owner@paidfirst.example").await;
        pay(&app, &session).await;
        let res = app
            .post(
                "/api/subscriptions/account",
                json!({ "session_id": session, "password": "Paidfirst1" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
        let token = app
            .last_link_token("owner@paidfirst.example", "confirm=")
            .await;
        app.post("/api/auth/confirm-email", json!({ "token": token }))
            .await;
        let customer = longhaul::modules::auth::service::profiles::find_by_email(
            &app.state.db,
            "owner@paidfirst.example",
        )
        .await
        .unwrap()
        .unwrap();

        app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let before = crate::helpers::admin_table_counts(&app).await;
        let res = app
            .post(
                &format!("/api/admin/signups/{signup_id}/fleet"),
                json!({ "with_user": true }),
            )
            .await;
        assert_eq!(
            res.status(),
            StatusCode::CREATED,
            "{}",
            res.text().await.unwrap()
        );
        let created: Value = res.json().await.unwrap();
        assert_eq!(created["user_id"], customer.id.to_string());
        let after = crate::helpers::admin_table_counts(&app).await;
        assert_eq!(after[0], before[0], "no second profile");
        assert_eq!(after[1], before[1] + 1, "one fleet");

        let accounts: Value = app
            .get("/api/admin/accounts?q=1000006")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            accounts["items"][0]["fleet_account"]["owner_email"],
            "owner@paidfirst.example"
        );
        let audit: Value = app.get("/api/admin/audit").await.json().await.unwrap();
        assert_eq!(audit["items"][0]["action"], "create_user_and_fleet");
        assert_eq!(audit["items"][0]["after"]["existing_user"], true);
        assert!(
            app.emails_to("owner@paidfirst.example")
                .await
                .iter()
                .any(|m| m.subject == "Your Longhaul fleet dashboard is ready")
        );

        // The customer signs in with their own password and has the fleet.
        let mut owner = TestApp {
            client: new_client(),
            csrf: None,
            ..app
        };
        let body = owner.sign_in("owner@paidfirst.example", "Paidfirst1").await;
        assert_eq!(body["user"]["role"], "fleet_admin");
        let mine: Value = owner.get("/api/fleet/account").await.json().await.unwrap();
        assert_eq!(mine["dot_number"], "1000006");
    }
);

// Issue 9 point 6: reassigning a fleet's owner takes the fleet from the
// previous owner — their open session and fresh sign-ins — and the audit log
// says so; a role change away from fleet_admin stops showing them as owner.
on_each_backend!(
    reassigning_the_owner_detaches_the_previous_one,
    |app: TestApp| async move {
        make_user(
            &app,
            "old@handover.example",
            Some(domain::Role::FleetAdmin),
            Some(("Handover Freight", "4000002")),
        )
        .await;
        make_user(&app, "new@handover.example", None, None).await;
        let mut old_owner = TestApp {
            client: new_client(),
            csrf: None,
            ..app
        };
        old_owner.sign_in("old@handover.example", "secret1").await;
        let res = old_owner.get("/api/fleet/account").await;
        assert_eq!(res.status(), StatusCode::OK, "owns the fleet before");
        let old_session = old_owner.client.clone();

        let mut admin = TestApp {
            client: new_client(),
            csrf: None,
            ..old_owner
        };
        admin.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        let fleets: Value = admin
            .get("/api/admin/fleet-accounts?q=handover")
            .await
            .json()
            .await
            .unwrap();
        let fleet_id = fleets["items"][0]["id"].as_str().unwrap().to_owned();
        assert_eq!(fleets["items"][0]["owner_email"], "old@handover.example");
        let users: Value = admin
            .get("/api/admin/users?q=new%40handover")
            .await
            .json()
            .await
            .unwrap();
        let new_id = users["items"][0]["id"].as_str().unwrap().to_owned();
        let res = admin
            .put(
                &format!("/api/admin/fleet-accounts/{fleet_id}/owner"),
                json!({ "user_id": new_id }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(
            res.json::<Value>().await.unwrap()["owner_email"],
            "new@handover.example"
        );

        // The old owner's open session is over, and signing in again gives
        // no fleet.
        let res = old_session
            .get(admin.url("/api/fleet/account"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "session ended");
        let fresh = new_client();
        let res = fresh
            .post(admin.url("/api/auth/sign-in"))
            .json(&json!({ "email": "old@handover.example", "password": "secret1" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["user"]["account_id"], Value::Null);
        assert_ne!(body["user"]["role"], "fleet_admin");
        let res = fresh
            .get(admin.url("/api/fleet/account"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "no fleet any more");
        let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
        let detach = audit["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["action"] == "detach_owner")
            .expect("audited");
        assert_eq!(detach["before"]["role"], "fleet_admin");
        assert_eq!(detach["after"]["role"], Value::Null);
        assert_eq!(detach["after"]["account_id"], Value::Null);

        // The new owner leaves fleet_admin: no longer shown as the owner.
        let res = admin
            .put(
                &format!("/api/admin/users/{new_id}/role"),
                json!({ "role": "broker_user" }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
        let accounts: Value = admin
            .get("/api/admin/accounts?q=handover")
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            accounts["items"][0]["fleet_account"]["owner_email"],
            Value::Null
        );
        assert_eq!(
            accounts["items"][0]["fleet_account"]["owner_id"],
            Value::Null
        );
    }
);
