//! The client address used to key rate limits.

use axum::extract::ConnectInfo;
use axum::http::request::Parts;
use std::net::SocketAddr;

pub fn client_ip(parts: &Parts, trust_proxy: bool) -> String {
    if trust_proxy
        && let Some(forwarded) = parts
            .headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
        && let Some(first) = forwarded.split(',').next()
    {
        return first.trim().to_owned();
    }
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}
