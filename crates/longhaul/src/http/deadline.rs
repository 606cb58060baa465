//! How long a request may take before it is answered 408. Thirty seconds,
//! but a document upload streams up to its size limit from wherever the
//! fleet's office is (25 MB over a 2 Mbit/s truck-stop link is 100 s), so
//! it gets longer.

use axum::extract::Request;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

pub const DEFAULT: Duration = Duration::from_secs(30);
pub const UPLOAD: Duration = Duration::from_secs(15 * 60);

fn is_upload(req: &Request) -> bool {
    req.method() == Method::POST && req.uri().path() == "/api/fleet/documents"
}

pub async fn deadline(req: Request, next: Next) -> Response {
    let limit = if is_upload(&req) { UPLOAD } else { DEFAULT };
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(response) => response,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    }
}
