//! The session cookie: its name, and how it is set and cleared. The session
//! layer reads it; the sign-in and sign-out routes write it.

use axum_extra::extract::cookie::{Cookie, SameSite};

pub const SESSION_COOKIE: &str = "lh_session";

/// The cookie that carries a new session's token: not readable by scripts,
/// sent on same-site navigations, and gone when the session would expire.
pub fn session_cookie(token: String, secure: bool, ttl_hours: i64) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .path("/")
        .max_age(time::Duration::hours(ttl_hours))
        .build()
}

/// What to send to remove the session cookie (same name and path).
pub fn session_cookie_removal() -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE).path("/").build()
}
