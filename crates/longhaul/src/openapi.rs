//! The API contract, served at `/api/openapi.json` and committed as
//! `contracts/openapi.json`, from which the SPA's types are generated.

use crate::http::error::{ErrorBody, ErrorDetail};
use crate::modules::{admin, app_config, auth, billing, fleet, signup};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Longhaul API",
        description = "The JSON API behind the Longhaul web app."
    ),
    paths(
        auth::routes::session,
        auth::routes::sign_up,
        auth::routes::confirm_email,
        auth::routes::sign_in,
        auth::routes::sign_out,
        auth::routes::request_reset,
        auth::routes::complete_reset,
        fleet::routes::account_view,
        fleet::routes::overview_view,
        fleet::routes::list_trucks,
        fleet::routes::truck_detail,
        fleet::routes::list_trailers,
        fleet::routes::trailer_detail,
        fleet::routes::list_drivers,
        fleet::routes::driver_detail,
        fleet::routes::create_driver,
        fleet::routes::update_driver,
        fleet::routes::deactivate_driver,
        fleet::routes::activate_driver,
        fleet::routes::update_general,
        fleet::routes::update_branding,
        fleet::routes::update_security,
        fleet::routes::update_portal,
        fleet::routes::upload_logo,
        fleet::routes::delete_logo,
        fleet::routes::logo,
        app_config::config,
        signup::routes::lookup,
        signup::routes::save_company,
        signup::routes::get_signup,
        signup::routes::set_step,
        signup::routes::set_contact,
        signup::routes::checkout,
        billing::routes::check,
        billing::routes::create_account,
        billing::routes::stripe_webhook,
        billing::routes::test_checkout_view,
        billing::routes::test_checkout_pay,
        admin::routes::list_signups,
        admin::routes::create_fleet,
        admin::routes::list_users,
        admin::routes::create_user,
        admin::routes::change_role,
        admin::routes::list_fleet_accounts,
        admin::routes::assign_owner,
        admin::routes::list_accounts,
        admin::routes::list_audit,
    ),
    components(schemas(ErrorBody, ErrorDetail))
)]
pub struct ApiDoc;

pub fn spec_json() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .expect("the OpenAPI document serialises")
}
