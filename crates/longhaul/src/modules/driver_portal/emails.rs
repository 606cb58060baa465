//! The driver portal's e-mails: a driver's invite, and a message for the
//! fleet's office.

use crate::mail::{OutgoingEmail, render};
use minijinja::context;

pub fn driver_invite(
    to: &str,
    fleet_name: &str,
    login: &str,
    link: &str,
) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &domain::texts::fill(
            &domain::texts().server.emails.portal_password_subject,
            &[("fleet", fleet_name)],
        ),
        "driver_invite",
        context! { fleet_name, login, link, button => &domain::texts().server.emails.set_your_password },
    )
}

pub struct PortalMessage<'a> {
    pub sender_name: &'a str,
    pub sender_email: &'a str,
    pub company: Option<&'a str>,
    pub message: &'a str,
    pub driver_name: &'a str,
    pub inbox_link: &'a str,
}

pub fn portal_message(to: &str, m: &PortalMessage<'_>) -> anyhow::Result<OutgoingEmail> {
    let subject = domain::texts()
        .inbox
        .email_subject
        .replace("{name}", m.sender_name);
    render::email(
        to,
        &subject,
        "portal_message",
        context! {
            sender_name => m.sender_name,
            sender_email => m.sender_email,
            company => m.company,
            message => m.message,
            driver_name => m.driver_name,
            link => m.inbox_link,
            button => &domain::texts().server.emails.open_the_inbox,
        },
    )
}
