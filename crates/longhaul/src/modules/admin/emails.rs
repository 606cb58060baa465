//! "Your dashboard is ready" — the promise the pending-approval page makes.

use crate::mail::OutgoingEmail;
use domain::texts;

pub fn dashboard_ready(
    to: &str,
    fleet_name: &str,
    sign_in_url: &str,
    set_password_url: Option<&str>,
) -> OutgoingEmail {
    let intro = format!("Good news: your Longhaul fleet dashboard for {fleet_name} is ready.");
    let (action_text, link, button) = match set_password_url {
        Some(url) => (
            "Choose your password to sign in (the link is valid for 72 hours):".to_owned(),
            url.to_owned(),
            "Choose your password",
        ),
        None => (
            "Sign in with your e-mail and password:".to_owned(),
            sign_in_url.to_owned(),
            "Open your dashboard",
        ),
    };
    OutgoingEmail {
        to: to.to_owned(),
        subject: texts().admin.dashboard_ready_subject.clone(),
        text: format!(
            "{intro}\n\n{action_text}\n{link}\n\nAfter signing in you land on your fleet dashboard."
        ),
        html: format!(
            "<!doctype html><html><body style=\"font-family:sans-serif;color:#1f2937\"><p>{intro}</p><p>{action_text}</p>\
             <p><a href=\"{link}\" style=\"display:inline-block;background:#3E63DD;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none\">{button}</a></p>\
             <p style=\"font-size:12px;color:#6b7280\">Or paste this link into your browser: {link}</p></body></html>"
        ),
    }
}
