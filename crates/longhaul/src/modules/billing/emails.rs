//! The paying customer's account confirmation, sent to Stripe's payer e-mail.

use crate::mail::{OutgoingEmail, render};
use minijinja::context;

pub fn confirm_account(to: &str, link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &domain::texts().server.emails.confirm_fleet_account_subject,
        "confirm_account",
        context! { link, button => &domain::texts().server.emails.confirm_your_email },
    )
}
