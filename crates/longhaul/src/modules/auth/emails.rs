//! The auth e-mails: a plain-text part and a minimal HTML part with the link.

use crate::mail::{OutgoingEmail, render};
use minijinja::context;

pub fn confirm_email(to: &str, link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &domain::texts().server.emails.confirm_account_subject,
        "confirm_email",
        context! { link, button => &domain::texts().server.emails.confirm_your_email },
    )
}

pub fn password_reset(to: &str, link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &domain::texts().server.emails.reset_password_subject,
        "password_reset",
        context! { link, button => &domain::texts().server.emails.choose_new_password },
    )
}

/// Sent instead of a confirmation when someone signs up with an address that
/// already has an account, so the sign-up answer reveals nothing.
pub fn already_registered(to: &str, sign_in_link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &domain::texts().server.emails.account_exists_subject,
        "already_registered",
        context! { link => sign_in_link, button => &domain::texts().server.emails.sign_in },
    )
}
