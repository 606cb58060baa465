//! The client address used to key rate limits.
//!
//! Behind N trusted reverse proxies (`TRUST_PROXY=N`) the address is the
//! N-th `X-Forwarded-For` entry from the right: each proxy appends the peer
//! it saw, so everything left of that is whatever the client chose to send.

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use std::net::{IpAddr, SocketAddr};

pub fn client_ip(parts: &Parts, trusted_proxies: usize) -> String {
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let forwarded: Vec<&str> = parts
        .headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect();
    pick(&forwarded, peer, trusted_proxies)
}

/// The chain seen from here is: the peer, then X-Forwarded-For right to
/// left. With `n` trusted proxies the client is entry `n` of that chain (the
/// left-most when the chain is shorter).
fn pick(forwarded: &[&str], peer: Option<IpAddr>, n: usize) -> String {
    if n == 0 || forwarded.is_empty() {
        return peer.map_or_else(|| "unknown".into(), |ip| ip.to_string());
    }
    let index = forwarded.len().saturating_sub(n);
    normalize(forwarded[index])
}

fn normalize(value: &str) -> String {
    value
        .parse::<IpAddr>()
        .or_else(|_| value.parse::<SocketAddr>().map(|s| s.ip()))
        .map(|ip| ip.to_string())
        .unwrap_or_else(|_| value.chars().take(64).collect())
}

/// The client address, for rate limits.
pub struct ClientIp(pub String);

/// How many proxies in front of the server append to `X-Forwarded-For`
/// (`TRUST_PROXY`); the state hands it to [`ClientIp`].
#[derive(Clone, Copy)]
pub struct TrustedProxies(pub usize);

impl<S> FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    TrustedProxies: FromRef<S>,
{
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_ip(
            parts,
            TrustedProxies::from_ref(state).0,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PEER: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 1)));

    #[test]
    fn off_uses_the_peer() {
        assert_eq!(pick(&["6.6.6.6"], PEER, 0), "10.0.0.1");
    }

    #[test]
    fn one_proxy_takes_the_right_most_entry_not_the_spoofable_left_most() {
        assert_eq!(pick(&["6.6.6.6", "203.0.113.7"], PEER, 1), "203.0.113.7");
        assert_eq!(pick(&["203.0.113.7"], PEER, 1), "203.0.113.7");
    }

    #[test]
    fn two_proxies_take_the_second_from_the_right() {
        assert_eq!(
            pick(&["6.6.6.6", "203.0.113.7", "10.1.1.1"], PEER, 2),
            "203.0.113.7"
        );
        // Shorter chain than proxies: the furthest entry known.
        assert_eq!(pick(&["203.0.113.7"], PEER, 2), "203.0.113.7");
    }

    #[test]
    fn no_header_falls_back_to_the_peer_and_values_are_normalised() {
        assert_eq!(pick(&[], PEER, 1), "10.0.0.1");
        assert_eq!(pick(&["203.0.113.7:4711"], PEER, 1), "203.0.113.7");
        assert_eq!(pick(&["2001:DB8::1"], PEER, 1), "2001:db8::1");
    }
}
