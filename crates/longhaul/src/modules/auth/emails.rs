//! The auth e-mails: a plain-text part and a minimal HTML part with the link.

use crate::mail::OutgoingEmail;

fn html(paragraph: &str, link: &str, button: &str) -> String {
    format!(
        "<!doctype html><html><body style=\"font-family:sans-serif;color:#1f2937\">\
         <p>{paragraph}</p>\
         <p><a href=\"{link}\" style=\"display:inline-block;background:#3E63DD;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none\">{button}</a></p>\
         <p style=\"font-size:12px;color:#6b7280\">Or paste this link into your browser: {link}</p>\
         </body></html>"
    )
}

pub fn confirm_email(to: &str, link: &str) -> OutgoingEmail {
    let intro =
        "Welcome to Longhaul! Please confirm your e-mail address to finish creating your account.";
    OutgoingEmail {
        to: to.to_owned(),
        subject: "Confirm your Longhaul account".into(),
        text: format!(
            "{intro}\n\nConfirm your e-mail: {link}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message."
        ),
        html: html(intro, link, "Confirm your e-mail"),
    }
}

pub fn password_reset(to: &str, link: &str) -> OutgoingEmail {
    let intro = "Someone asked to reset the password of your Longhaul account. If it was you, choose a new password:";
    OutgoingEmail {
        to: to.to_owned(),
        subject: "Reset your Longhaul password".into(),
        text: format!(
            "{intro}\n\n{link}\n\nThe link is valid for 1 hour. If you did not ask for this, ignore this message; your password stays as it is."
        ),
        html: html(intro, link, "Choose a new password"),
    }
}

/// Sent instead of a confirmation when someone signs up with an address that
/// already has an account, so the sign-up answer reveals nothing.
pub fn already_registered(to: &str, sign_in_link: &str) -> OutgoingEmail {
    let intro = "Someone tried to create a Longhaul account with your e-mail address, which already has an account. If it was you, sign in; if you forgot your password, choose 'Forgot your password?' on the sign-in page to reset it.";
    OutgoingEmail {
        to: to.to_owned(),
        subject: "You already have a Longhaul account".into(),
        text: format!(
            "{intro}\n\nSign in: {sign_in_link}\n\nIf it was not you, ignore this message; nothing has changed."
        ),
        html: html(intro, sign_in_link, "Sign in"),
    }
}
