//! The paying customer's account confirmation, sent to Stripe's payer e-mail.

use crate::mail::{OutgoingEmail, render};
use minijinja::context;

pub fn confirm_account(to: &str, link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        "Confirm your Longhaul fleet account",
        "confirm_account",
        context! { link, button => "Confirm your e-mail" },
    )
}
