//! The demo fleet: a realistic fleet so every dashboard screen can be seen
//! without an ELD account. Also used by the browser tests.

use super::factories::{Sizes, find_fleet_by_dot, seed_assets};
use super::{DEMO_DOT, DEMO_EMAIL, DEMO_PASSWORD, DEMO_POWER_UNITS, refuse_in_production};
use crate::modules::auth::bootstrap::{CreateUser, UserDeps, create_user};
use crate::modules::compliance::deps::ComplianceDeps;
use crate::modules::compliance::monitor::{self, BaselineOutcome};
use crate::state::AppState;
use db::entities::profile;
use db::system::SystemTable;
use domain::Role;
use sea_orm::{ActiveModelTrait, ColumnTrait, IntoActiveModel, PaginatorTrait, QueryFilter, Set};

/// Creates the demo fleet and its admin once; a second run changes nothing
/// (false).
pub async fn seed_demo(state: &AppState) -> anyhow::Result<bool> {
    refuse_in_production(state)?;
    if demo_user_exists(state).await? {
        return Ok(false);
    }
    create_user(
        &UserDeps::of(state),
        CreateUser {
            email: DEMO_EMAIL.into(),
            password: DEMO_PASSWORD.into(),
            role: Some(Role::FleetAdmin),
            first_name: Some("Dana".into()),
            last_name: Some("Dispatcher".into()),
            fleet_name: Some("Demo Freight Lines LLC".into()),
            dot_number: Some(DEMO_DOT.into()),
        },
    )
    .await?;
    let fleet = find_fleet_by_dot(state, DEMO_DOT).await?;
    let txn = db::tenancy::write(&state.db, super::seed_scope(fleet.id)).await?;
    let mut active = fleet.clone().into_active_model();
    active.dba_name = Set(Some("Demo Freight".into()));
    active.power_units = Set(DEMO_POWER_UNITS);
    active.mc_number = Set(Some("MC-778899".into()));
    active.physical_street = Set(Some("1200 Freight Way".into()));
    active.physical_city = Set(Some("Nashville".into()));
    active.physical_state = Set(Some("TN".into()));
    active.physical_zip = Set(Some("37210".into()));
    active.contact_phone = Set(Some("6155550142".into()));
    active.monthly_rate_cents = Set(Some(
        domain::pricing::band_for(i64::from(DEMO_POWER_UNITS)).monthly_rate_cents,
    ));
    active.subscription_status = Set(Some("active".into()));
    active.stripe_subscription_id = Set(Some("sub_demo1234567890".into()));
    active.update(&txn).await?;
    seed_assets(
        &txn,
        Sizes {
            drivers: 38,
            trucks: 44,
            trailers: 30,
        },
        "demo",
    )
    .await?;
    super::seed_documents(&txn, Some(state.files.as_ref()), 24).await?;
    super::seed_qualifications(&txn).await?;
    super::seed_loads(&txn, 40).await?;
    txn.commit().await?;
    // Its FMCSA record, as every new fleet's: from the registry (offline,
    // the stand-in's demo carrier), stored as the monitor's baseline.
    match monitor::baseline_new_fleet(&ComplianceDeps::of(state), fleet.id).await? {
        BaselineOutcome::Stored => {}
        other => tracing::warn!(?other, "the demo fleet has no FMCSA baseline"),
    }
    if state.payments.is_stand_in() {
        seed_subscription(state).await?;
    }
    Ok(true)
}

/// A subscription at the Stripe stand-in with half a year of payments, so
/// the billing page has something to show.
async fn seed_subscription(state: &AppState) -> anyhow::Result<()> {
    use crate::integrations::stripe::test_mode::{self, NewSubscription};
    let events = crate::modules::billing::StandInEvents {
        db: &state.db,
        carriers: state.carriers.as_ref(),
    };
    let customer = format!("cus_test_demo{DEMO_DOT}");
    let amount = domain::pricing::band_for(i64::from(DEMO_POWER_UNITS)).monthly_rate_cents;
    test_mode::start_subscription(
        &state.db,
        &events,
        &state.config.public_url,
        NewSubscription {
            customer: &customer,
            subscription: "sub_demo1234567890",
            email: Some(DEMO_EMAIL),
            amount_cents: amount,
            description: "Fleet Pro",
            card_number: "4242424242424242",
            exp_month: 12,
            exp_year: chrono::Utc::now().format("%Y").to_string().parse::<i32>()? + 3,
        },
    )
    .await?;
    test_mode::backfill_payments(
        &state.db,
        &events,
        &state.config.public_url,
        &customer,
        amount,
        5,
    )
    .await?;
    let txn = db::tenancy::system_write(&state.db, &state.system_key).await?;
    let fleet = find_fleet_by_dot(state, DEMO_DOT).await?;
    let mut active = fleet.into_active_model();
    active.stripe_customer_id = Set(Some(customer));
    active.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Whether the demo login exists: its fleet was made on an earlier run.
async fn demo_user_exists(state: &AppState) -> anyhow::Result<bool> {
    let count = profile::Entity::rows()
        .filter(profile::Column::Email.eq(DEMO_EMAIL))
        .count(&state.db)
        .await?;
    Ok(count > 0)
}
