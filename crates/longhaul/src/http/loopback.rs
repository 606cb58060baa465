//! Development tools (the dev mailbox, the offline test checkout) answer only
//! a browser on this machine (decision 011).

use crate::http::ApiError;
use axum::extract::{ConnectInfo, Request};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;

/// A request from another machine — or relayed by a proxy, whose own
/// connection is local — gets 404, as if the route did not exist.
pub async fn loopback_only(req: Request, next: Next) -> Response {
    if from_this_machine(&req) {
        next.run(req).await
    } else {
        ApiError::NotFound.into_response()
    }
}

/// Whether the request came straight from this machine, not through a proxy.
pub fn from_this_machine(req: &Request) -> bool {
    let local = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .is_some_and(|ConnectInfo(peer)| peer.ip().to_canonical().is_loopback());
    let relayed = ["x-forwarded-for", "forwarded", "x-real-ip"]
        .iter()
        .any(|h| req.headers().contains_key(*h));
    local && !relayed
}
