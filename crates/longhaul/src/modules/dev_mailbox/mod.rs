//! The dev mailbox page: e-mails the server "sent" while no SMTP server is
//! configured. Mounted only outside production and only for that mailer.

use crate::http::ApiError;
use crate::http::security_headers::SANDBOXED_PAGE_POLICY;
use crate::mail::dev_mailbox_types::StoredEmail;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use axum::{Json, Router};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/dev/mailbox", get(page))
        .route("/api/dev/mailbox", get(list))
}

async fn messages(state: &AppState) -> Result<Vec<StoredEmail>, ApiError> {
    match state.mailer.dev_mailbox() {
        Some(mailbox) => Ok(mailbox.list().await?),
        None => Err(ApiError::NotFound),
    }
}

async fn list(State(state): State<AppState>) -> Result<Json<Vec<StoredEmail>>, ApiError> {
    Ok(Json(messages(&state).await?))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

async fn page(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    let messages = messages(&state).await?;
    let mut body = String::new();
    if messages.is_empty() {
        body.push_str("<p class=\"empty\">No e-mails yet. Create an account and its confirmation e-mail appears here.</p>");
    }
    for m in &messages {
        // The HTML part is shown as sent; the page's sandbox policy keeps any
        // markup in it from running or reaching the app's origin.
        body.push_str(&format!(
            "<article><header><strong>{}</strong><span>to {}</span><time>{}</time></header><div class=\"mail\">{}</div></article>",
            escape(&m.email.subject),
            escape(&m.email.to),
            m.sent_at.format("%Y-%m-%d %H:%M:%S UTC"),
            m.email.html
        ));
    }
    let html = Html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>Dev mailbox · Longhaul</title><style>\
         body{{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#1f2937}}\
         h1{{font-size:20px}} .note{{background:#fef3c7;padding:8px 12px;border-radius:6px;font-size:14px}}\
         article{{border:1px solid #e5e7eb;border-radius:8px;margin:16px 0;overflow:hidden}}\
         article header{{background:#f9fafb;padding:8px 12px;display:flex;flex-wrap:wrap;gap:12px;font-size:14px}}\
         .mail{{padding:4px 12px}} .empty{{color:#6b7280}}</style></head><body>\
         <h1>Dev mailbox</h1><p class=\"note\">SMTP is not configured (SMTP_URL is unset), so e-mails are kept here instead of being sent. This page does not exist in production.</p>\
         {body}</body></html>"
    ));
    Ok((
        [(header::CONTENT_SECURITY_POLICY, SANDBOXED_PAGE_POLICY)],
        html,
    ))
}
