//! The broker side's e-mails: an invitation, a broker's message to a
//! carrier, and a saved search's digest.

use crate::mail::{Mailer, OutgoingEmail, render, send_or_log};
use crate::modules::auth::profiles::set_password_link;
use minijinja::context;

pub async fn send_invite(
    mailer: &dyn Mailer,
    public_url: &str,
    to: &str,
    broker_name: &str,
    inviter: &str,
    token: &str,
) {
    let link = set_password_link(public_url, token);
    let email = render::email(
        to,
        &domain::texts()
            .brokers
            .invite
            .subject
            .as_str()
            .replace("{broker}", broker_name),
        "broker_invite",
        context! { broker_name, inviter, email => to, link, button => &domain::texts().server.emails.choose_your_password },
    );
    send_or_log(mailer, email, "broker invitation").await;
}

/// The invitation of an address that already has an account: it says so to
/// the address's owner, and only to them (the inviter is answered as for
/// any invitation).
pub async fn send_invite_to_existing(
    mailer: &dyn Mailer,
    public_url: &str,
    to: &str,
    broker_name: &str,
    inviter: &str,
) {
    let link = crate::modules::auth::profiles::sign_in_link(public_url);
    let email = render::email(
        to,
        &domain::texts()
            .brokers
            .invite
            .subject
            .as_str()
            .replace("{broker}", broker_name),
        "broker_invite_existing",
        context! { broker_name, inviter, email => to, link, button => &domain::texts().server.emails.sign_in },
    );
    send_or_log(mailer, email, "broker invitation of an existing account").await;
}

pub struct Inquiry<'a> {
    pub broker_name: &'a str,
    pub sender_name: &'a str,
    pub sender_email: &'a str,
    pub truck: &'a str,
    pub origin: &'a str,
    pub window: &'a str,
    pub message: &'a str,
    pub inbox_link: &'a str,
}

pub fn inquiry(to: &str, i: &Inquiry<'_>) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &domain::texts()
            .board
            .contact_subject
            .as_str()
            .replace("{broker}", i.broker_name)
            .replace("{truck}", i.truck),
        "board_inquiry",
        context! {
            broker_name => i.broker_name, sender_name => i.sender_name,
            sender_email => i.sender_email, truck => i.truck, origin => i.origin,
            window => i.window, message => i.message, link => i.inbox_link,
            button => &domain::texts().server.emails.open_your_inbox,
        },
    )
}

#[derive(Debug)]
pub struct DigestTruck {
    pub equipment: String,
    pub origin: String,
    pub deadhead: String,
    pub window: String,
    pub carrier: String,
    pub dot: String,
}

impl DigestTruck {
    fn value(&self) -> minijinja::Value {
        context! {
            equipment => &self.equipment, origin => &self.origin, deadhead => &self.deadhead,
            window => &self.window, carrier => &self.carrier, dot => &self.dot,
        }
    }
}

pub fn digest(
    to: &str,
    name: &str,
    trucks: &[DigestTruck],
    count: usize,
    board_link: &str,
    unsubscribe: &str,
) -> anyhow::Result<OutgoingEmail> {
    render::email(
        to,
        &domain::texts()
            .board
            .saved
            .digest_subject
            .as_str()
            .replace("{count}", &count.to_string())
            .replace("{name}", name),
        "saved_search_digest",
        context! { name, trucks => trucks.iter().map(DigestTruck::value).collect::<Vec<_>>(), count, link => board_link, unsubscribe, button => &domain::texts().server.emails.open_truck_board },
    )
}
