//! `/dev/mailbox` (the page) and `/api/dev/mailbox` (the messages as JSON).

use crate::http::ApiError;
use crate::http::security_headers::SANDBOXED_PAGE_POLICY;
use crate::mail::StoredEmail;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use axum::{Json, Router};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/dev/mailbox", get(mailbox_page))
        .route("/api/dev/mailbox", get(list))
}

/// Newest first; 404 when the mailer is not the dev mailbox.
async fn messages(state: &AppState) -> Result<Vec<StoredEmail>, ApiError> {
    match state.mailer.dev_mailbox() {
        Some(mailbox) => Ok(mailbox.list().await?),
        None => Err(ApiError::NotFound),
    }
}

async fn list(State(state): State<AppState>) -> Result<Json<Vec<StoredEmail>>, ApiError> {
    Ok(Json(messages(&state).await?))
}

async fn mailbox_page(State(state): State<AppState>) -> Result<impl IntoResponse, ApiError> {
    let html = Html(page::render(&messages(&state).await?));
    Ok((
        [(header::CONTENT_SECURITY_POLICY, SANDBOXED_PAGE_POLICY)],
        html,
    ))
}
pub(super) mod page;
