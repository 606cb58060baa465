//! The auth e-mails: a plain-text part and a minimal HTML part with the link.

use crate::mail::{OutgoingEmail, render};
use minijinja::context;

pub fn confirm_email(to: &str, link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        "Confirm your Longhaul account",
        "confirm_email",
        context! { link, button => "Confirm your e-mail" },
    )
}

pub fn password_reset(to: &str, link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        "Reset your Longhaul password",
        "password_reset",
        context! { link, button => "Choose a new password" },
    )
}
