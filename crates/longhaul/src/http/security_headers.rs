//! Browser-side defences on every response: a Content-Security-Policy that
//! only lets the SPA's own scripts run, no framing by other sites, and no
//! URLs (which can carry a signup id) leaked to other origins.

use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

/// The SPA's policy. Inline `style` attributes are allowed because the UI
/// primitives position popovers with them; scripts come only from 'self'.
/// `frame_origin` is the booking widget the pricing page embeds, if any.
pub fn content_security_policy(frame_origin: Option<&str>) -> String {
    let frames = frame_origin.map_or("'none'".to_owned(), str::to_owned);
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
         frame-src {frames}; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// A page that shows stored, possibly hostile HTML (the dev mailbox): a
/// sandboxed, opaque origin with no scripts, so it can neither run code nor
/// reach the app's cookies and API.
pub const SANDBOXED_PAGE_POLICY: &str = "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; \
     style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

/// The origin (`https://host:port`) of a URL, for `frame-src`.
pub fn origin_of(url: &str) -> Option<String> {
    let origin = url::Url::parse(url).ok()?.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

/// Layers that add each header unless the handler set its own.
pub fn layers(csp: &str) -> anyhow::Result<[SetResponseHeaderLayer<HeaderValue>; 5]> {
    let set = |name: HeaderName, value: &str| -> anyhow::Result<_> {
        Ok(SetResponseHeaderLayer::if_not_present(
            name,
            HeaderValue::from_str(value)?,
        ))
    };
    Ok([
        set(header::CONTENT_SECURITY_POLICY, csp)?,
        set(header::X_FRAME_OPTIONS, "DENY")?,
        set(header::REFERRER_POLICY, "same-origin")?,
        set(header::X_CONTENT_TYPE_OPTIONS, "nosniff")?,
        set(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        )?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booking_widget_origin_is_the_only_frame_source() {
        let origin = origin_of("https://cal.example.com:8443/team/longhaul?x=1").unwrap();
        assert_eq!(origin, "https://cal.example.com:8443");
        let csp = content_security_policy(Some(&origin));
        assert!(csp.contains("frame-src https://cal.example.com:8443;"));
        assert!(content_security_policy(None).contains("frame-src 'none';"));
        assert_eq!(origin_of("not a url"), None);
    }
}
