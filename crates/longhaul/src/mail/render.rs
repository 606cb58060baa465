//! E-mail bodies from templates. Values are auto-escaped in the HTML part
//! (the `.html` extension switches it on), so a fleet name or any other value
//! a user typed can never add markup to a message.

use super::OutgoingEmail;
use anyhow::Context;
use minijinja::{Environment, Value};
use std::sync::LazyLock;

/// Each e-mail is a `.txt` and an `.html` template of one name.
macro_rules! email_templates {
    ($($name:literal),* $(,)?) => {
        [$(
            (concat!($name, ".html"), include_str!(concat!("templates/", $name, ".html"))),
            (concat!($name, ".txt"), include_str!(concat!("templates/", $name, ".txt"))),
        )*]
    };
}

/// Every template is compiled once; a syntax error fails the unit tests below.
static TEMPLATES: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    let layout = [("layout.html", include_str!("templates/layout.html"))];
    let emails = email_templates!(
        "confirm_email",
        "password_reset",
        "dashboard_ready",
        "already_registered",
        "confirm_account",
        "driver_invite",
        "portal_message",
        "compliance_digest",
        "fmcsa_changes",
        "broker_invite",
        "broker_invite_existing",
        "board_inquiry",
        "saved_search_digest",
        "load_sheet",
        "load_message",
        "driver_response",
        "tender_offer",
        "tender_answer",
    );
    for (name, source) in layout.into_iter().chain(emails) {
        if let Err(err) = env.add_template(name, source) {
            // Caught by `every_template_renders`; keep serving the others.
            tracing::error!(template = name, error = %err, "e-mail template does not compile");
        }
    }
    env
});

/// Renders `{name}.txt` and `{name}.html` with one context.
pub fn email(to: &str, subject: &str, name: &str, context: Value) -> anyhow::Result<OutgoingEmail> {
    let render = |ext: &str| -> anyhow::Result<String> {
        let file = format!("{name}.{ext}");
        TEMPLATES
            .get_template(&file)
            .and_then(|t| t.render(&context))
            .with_context(|| format!("rendering e-mail template {file}"))
    };
    Ok(OutgoingEmail {
        to: to.to_owned(),
        subject: subject.to_owned(),
        text: render("txt")?,
        html: render("html")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use minijinja::context;

    const HOSTILE: &str = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>";

    #[test]
    fn every_template_renders() {
        for name in [
            "confirm_email",
            "password_reset",
            "dashboard_ready",
            "already_registered",
            "confirm_account",
            "driver_invite",
            "portal_message",
            "compliance_digest",
            "fmcsa_changes",
            "broker_invite",
            "broker_invite_existing",
            "board_inquiry",
            "saved_search_digest",
            "load_message",
            "driver_response",
            "tender_offer",
            "tender_answer",
        ] {
            let mail = email(
                "a@b.test",
                "s",
                name,
                context! { link => "https://x.test/a?b=1&c=2" },
            )
            .unwrap_or_else(|e| panic!("{name}: {e:#}"));
            assert!(
                mail.text.contains("https://x.test/a?b=1&c=2"),
                "{name} text has the link"
            );
            assert!(
                mail.html.contains("x.test&#x2f;a?b=1&amp;c=2"),
                "{name} html has the escaped link"
            );
        }
    }

    #[test]
    fn values_are_escaped_in_html_and_plain_in_text() {
        let mail = email(
            "a@b.test",
            "s",
            "dashboard_ready",
            context! { fleet_name => HOSTILE, link => HOSTILE, button => HOSTILE, set_password => false },
        )
        .unwrap();
        assert!(!mail.html.contains("<script"), "{}", mail.html);
        assert!(!mail.html.contains("<img"), "{}", mail.html);
        assert!(
            mail.html
                .contains("&lt;script&gt;alert(1)&lt;&#x2f;script&gt;"),
            "{}",
            mail.html
        );
        assert!(mail.text.contains(HOSTILE));
    }

    #[test]
    fn a_load_sheet_escapes_what_users_typed() {
        let stop = context! {
            heading => "Stop 1", facility => HOSTILE, address => HOSTILE, time_label => "T",
            time => "08:00 CST", facts => vec![context! { label => "L", value => HOSTILE }],
            map_label => "Map", map_link => "https://www.google.com/maps/search/?api=1&query=1,2",
        };
        let sheet = context! {
            title => "t", intro => HOSTILE, stops_title => "s", stops => vec![stop],
            sections => vec![context! { title => "r", facts => vec![context! { label => "BOL", value => HOSTILE }] }],
            instructions_title => "i", instructions => HOSTILE, footer => "f",
        };
        let mail = email("a@b.test", "s", "load_sheet", context! { sheet }).unwrap();
        assert!(!mail.html.contains("<script"), "{}", mail.html);
        assert!(!mail.html.contains("<img"), "{}", mail.html);
        assert!(mail.html.contains("query=1,2"), "{}", mail.html);
        assert!(mail.text.contains(HOSTILE));
    }

    #[test]
    fn a_load_message_escapes_what_users_typed() {
        let mail = email(
            "a@b.test",
            "s",
            "load_message",
            context! { intro => HOSTILE, message => HOSTILE, link => "https://x.test/l", button => "Open" },
        )
        .unwrap();
        assert!(!mail.html.contains("<script"), "{}", mail.html);
        assert!(!mail.html.contains("<img"), "{}", mail.html);
        assert!(mail.text.contains(HOSTILE));
    }
}
