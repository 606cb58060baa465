//! Control characters in a URL's path or query (`?q=a%00b`) are refused at the
//! edge with a 400 naming the parameter, before any handler or database sees
//! them. JSON bodies get the same check in `ValidJson`.

use crate::http::ApiError;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use domain::text_input::{control_characters_message, has_control_characters};

pub async fn reject_in_url(req: Request, next: Next) -> Response {
    match offending_part(req.uri()) {
        Some(field) => ApiError::BadRequest {
            code: "control_characters",
            message: control_characters_message(&field),
        }
        .into_response(),
        None => next.run(req).await,
    }
}

fn offending_part(uri: &axum::http::Uri) -> Option<String> {
    let path = percent_encoding::percent_decode_str(uri.path()).decode_utf8_lossy();
    if has_control_characters(&path) {
        return Some("path".to_owned());
    }
    url::form_urlencoded::parse(uri.query()?.as_bytes())
        .find(|(key, value)| has_control_characters(key) || has_control_characters(value))
        .map(|(key, _)| {
            if has_control_characters(&key) {
                "query".to_owned()
            } else {
                key.into_owned()
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(uri: &str) -> Option<String> {
        offending_part(&uri.parse().unwrap())
    }

    #[test]
    fn names_the_query_parameter_or_the_path() {
        assert_eq!(part("/api/fleet/drivers?q=a%00b").as_deref(), Some("q"));
        assert_eq!(
            part("/api/x?page=1&search=%1b[31m").as_deref(),
            Some("search")
        );
        assert_eq!(part("/api/x?a%00=1").as_deref(), Some("query"));
        assert_eq!(part("/api/signups/ab%00cd").as_deref(), Some("path"));
    }

    #[test]
    fn ordinary_urls_pass() {
        assert_eq!(part("/api/fleet/drivers?q=james+johnson&page=2"), None);
        assert_eq!(part("/api/fleet/drivers?q=%28615%29%20555-0007"), None);
        assert_eq!(part("/api/fleet/drivers"), None);
    }
}
