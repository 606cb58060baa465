//! The dev mailbox as one HTML page.

use crate::mail::StoredEmail;

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Newest first, as given. Subjects and addresses are escaped; each HTML
/// part is shown as sent, and the page's sandbox policy (set by the route)
/// keeps any markup in it from running or reaching the app's origin.
pub fn render(messages: &[StoredEmail]) -> String {
    let mut body = String::new();
    if messages.is_empty() {
        body.push_str("<p class=\"empty\">No e-mails yet. Create an account and its confirmation e-mail appears here.</p>");
    }
    for m in messages {
        body.push_str(&format!(
            "<article><header><strong>{}</strong><span>to {}</span><time>{}</time></header><div class=\"mail\">{}</div></article>",
            escape(&m.email.subject),
            escape(&m.email.to),
            m.sent_at.format("%Y-%m-%d %H:%M:%S UTC"),
            m.email.html
        ));
    }
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>Dev mailbox · Longhaul</title><style>\
         body{{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#1f2937}}\
         h1{{font-size:20px}} .note{{background:#fef3c7;padding:8px 12px;border-radius:6px;font-size:14px}}\
         article{{border:1px solid #e5e7eb;border-radius:8px;margin:16px 0;overflow:hidden}}\
         article header{{background:#f9fafb;padding:8px 12px;display:flex;flex-wrap:wrap;gap:12px;font-size:14px}}\
         .mail{{padding:4px 12px}} .empty{{color:#6b7280}}</style></head><body>\
         <h1>Dev mailbox</h1><p class=\"note\">SMTP is not configured (SMTP_URL is unset), so e-mails are kept here instead of being sent. This page does not exist in production.</p>\
         {body}</body></html>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::OutgoingEmail;

    #[test]
    fn subjects_and_addresses_are_escaped() {
        let page = render(&[StoredEmail {
            id: "1".into(),
            sent_at: chrono::Utc::now(),
            email: OutgoingEmail {
                to: "<a@b.test>".into(),
                subject: "<script>x</script>".into(),
                text: String::new(),
                html: "<p>hi</p>".into(),
            },
        }]);
        assert!(page.contains("&lt;script&gt;x&lt;/script&gt;"));
        assert!(page.contains("to &lt;a@b.test&gt;"));
        assert!(page.contains("<p>hi</p>"));
        assert!(render(&[]).contains("No e-mails yet"));
    }
}
