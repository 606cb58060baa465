//! The load messages' e-mail: a message on a load left unread, to the other
//! side. Values are escaped in the HTML part by the template engine.

use crate::mail::{OutgoingEmail, render};
use domain::texts::fill;
use minijinja::context;

pub struct UnreadMessage<'a> {
    /// A driver's message, to the office; otherwise the office's, to a driver.
    pub to_office: bool,
    pub sender_name: &'a str,
    pub fleet_name: &'a str,
    pub pro: &'a str,
    pub load_number: &'a str,
    pub message: &'a str,
    pub link: &'a str,
}

pub fn unread_message(to: &str, m: &UnreadMessage<'_>) -> anyhow::Result<OutgoingEmail> {
    let t = &domain::texts().load_messages;
    let values = [
        ("driver", m.sender_name),
        ("fleet", m.fleet_name),
        ("pro", m.pro),
        ("load_number", m.load_number),
    ];
    let (subject, intro, button) = if m.to_office {
        (&t.office_email_subject, &t.office_email_intro, &t.open_load)
    } else {
        (
            &t.driver_email_subject,
            &t.driver_email_intro,
            &t.open_portal,
        )
    };
    render::email(
        to,
        &fill(subject, &values),
        "load_message",
        context! {
            intro => fill(intro, &values),
            message => m.message,
            link => m.link,
            button => button,
        },
    )
}
