//! "Your dashboard is ready" — the promise the pending-approval page makes.

use crate::mail::{OutgoingEmail, render};
use domain::texts;
use minijinja::context;

pub fn dashboard_ready(
    to: &str,
    fleet_name: &str,
    sign_in_url: &str,
    set_password_url: Option<&str>,
) -> anyhow::Result<OutgoingEmail> {
    let (link, button) = match set_password_url {
        Some(url) => (
            url,
            domain::texts().server.emails.choose_your_password.as_str(),
        ),
        None => (
            sign_in_url,
            domain::texts().server.emails.open_your_dashboard.as_str(),
        ),
    };
    render::email(
        to,
        &texts().admin.dashboard_ready_subject,
        "dashboard_ready",
        context! { fleet_name, link, button, set_password => set_password_url.is_some() },
    )
}
