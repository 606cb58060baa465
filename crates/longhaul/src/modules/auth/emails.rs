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

/// Sent instead of a confirmation when someone signs up with an address that
/// already has an account, so the sign-up answer reveals nothing.
pub fn already_registered(to: &str, sign_in_link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        "You already have a Longhaul account",
        "already_registered",
        context! { link => sign_in_link, button => "Sign in" },
    )
}
