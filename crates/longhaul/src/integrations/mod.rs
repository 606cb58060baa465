//! Outside systems, each behind a trait with a real adapter that speaks the
//! system's documented API and an offline stand-in for `make run`.

pub mod eld;
pub mod fmcsa;
pub mod stripe;

use std::time::Duration;

/// One HTTP client configuration for outside APIs: rustls, a hard timeout.
pub fn http_client(timeout: Duration) -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(Duration::from_secs(5))
        .user_agent(concat!("longhaul/", env!("CARGO_PKG_VERSION")))
        .build()
        .expect("HTTP client builds")
}
