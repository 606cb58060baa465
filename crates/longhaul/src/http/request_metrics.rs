//! Counts every request and its latency by method, route template and status.
//!
//! The route template (`/api/fleet/trucks/{id}`, never the id itself, so the
//! label set stays small) is only known after routing, inside the router; the
//! counting layer sits outside it so that it also sees the SPA fallback and
//! the timeout layer's answers. `remember_route` carries the template out on
//! the response.

use crate::metrics::Metrics;
use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use std::time::Instant;

#[derive(Clone)]
struct Route(MatchedPath);

/// A route layer: copies the matched route onto the response.
pub async fn remember_route(req: Request, next: Next) -> Response {
    let matched = req.extensions().get::<MatchedPath>().cloned();
    let mut response = next.run(req).await;
    if let Some(path) = matched {
        response.extensions_mut().insert(Route(path));
    }
    response
}

/// The outer layer: times the request and records it.
pub async fn record(State(metrics): State<Metrics>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    // Any token is a valid method to hyper; only the standard ones get a
    // label of their own, so a client cannot grow the label set.
    let method: &'static str = match req.method().as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    };
    let response = next.run(req).await;
    let route = response
        .extensions()
        .get::<Route>()
        .map_or("unmatched", |Route(path)| path.as_str());
    metrics.http_request(method, route, response.status().as_u16(), started.elapsed());
    response
}
