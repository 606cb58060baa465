//! The tenders' e-mails: the offer to each of the carrier's admins (with
//! their own one-time link), and the carrier's answer to the broker.

use crate::mail::{OutgoingEmail, render};
use minijinja::context;

fn texts() -> &'static domain::texts::TendersTexts {
    &domain::texts().tenders
}

/// The offer, to one of the carrier's admins.
pub fn offer(to: &str, subject: &str, intro: &str, link: &str) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        subject,
        "tender_offer",
        context! { intro, link, button => &texts().offer_button, note => &texts().offer_link_note },
    )
}

/// The carrier's answer (or a change for it to accept), to one person.
pub fn answer(
    to: &str,
    subject: &str,
    intro: &str,
    reason: Option<&str>,
    link: &str,
    button: &str,
) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        subject,
        "tender_answer",
        context! { intro, reason, link, button },
    )
}
