//! The built SPA (`web/dist`). Release builds embed it in the binary; debug
//! builds read the folder at run time, so a `vite build` shows up without a
//! Rust rebuild.

use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde::Deserialize;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Assets;

/// Files by path; any other path gets `index.html` and the SPA's router
/// decides (including its 404 page).
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty()
        && let Some(file) = Assets::get(path)
    {
        // Vite puts content-hashed files under assets/: cache them for good.
        let cache = if path.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        return (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_owned()),
                (header::CACHE_CONTROL, cache.to_owned()),
            ],
            file.data,
        )
            .into_response();
    }
    match Assets::get("index.html") {
        Some(index) => {
            let hints = Assets::get("route-preloads.json")
                .map(|file| hints_for(&file.data, uri.path(), uri.query().is_none()))
                .unwrap_or_default();
            (
                [
                    (header::CONTENT_TYPE, "text/html; charset=utf-8".to_owned()),
                    (header::CACHE_CONTROL, "no-cache".to_owned()),
                ],
                with_hints(&index.data, &hints),
            )
                .into_response()
        }
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built. Run `make run` (or `npm --prefix web run build`).",
        )
            .into_response(),
    }
}

/// `web/build/route-preloads.ts` writes it: per route, the chunks its first
/// screen loads lazily and the requests it makes first (decision 030).
#[derive(Deserialize)]
struct RoutePreloads {
    routes: Vec<RoutePreload>,
}

#[derive(Deserialize)]
struct RoutePreload {
    path: String,
    modulepreload: Vec<String>,
    fetch: Vec<String>,
    /// Only for the route's own path with no query string: the screen's data
    /// as it asks for it unfiltered (a filter in the query asks for other URLs).
    #[serde(default)]
    fetch_unfiltered: Vec<String>,
}

/// The `<link>` tags for `path`: those of the longest route that is `path`
/// or a folder of it. Only same-origin paths of plain characters pass, so a
/// bad file cannot put markup in the page.
fn hints_for(file: &[u8], path: &str, unfiltered: bool) -> String {
    let Ok(preloads) = serde_json::from_slice::<RoutePreloads>(file) else {
        tracing::warn!("web/dist/route-preloads.json does not parse; pages load without hints");
        return String::new();
    };
    let covers = |route: &str| {
        path.strip_prefix(route)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    };
    let Some(route) = preloads
        .routes
        .iter()
        .filter(|route| covers(&route.path))
        .max_by_key(|route| route.path.len())
    else {
        return String::new();
    };
    let plain = |href: &&String| {
        href.starts_with('/')
            && !href.starts_with("//")
            && href
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"/._-?=&".contains(&b))
    };
    let modules = route
        .modulepreload
        .iter()
        .filter(plain)
        .map(|href| format!(r#"<link rel="modulepreload" crossorigin href="{href}">"#));
    // `crossorigin` makes the preload's credentials mode the same as the
    // app's `fetch(…, { credentials: 'same-origin' })`, so the app's request
    // takes the preloaded response instead of asking again.
    let own_data = if unfiltered && route.path == path {
        route.fetch_unfiltered.as_slice()
    } else {
        &[]
    };
    let fetches = route
        .fetch
        .iter()
        .chain(own_data)
        .filter(plain)
        .map(|href| {
            let href = href.replace('&', "&amp;");
            format!(r#"<link rel="preload" as="fetch" crossorigin href="{href}">"#)
        });
    // Chunks first: over HTTP/1.1's six connections a page's JavaScript is
    // its critical path, and its data is needed only once that has run.
    modules.chain(fetches).collect()
}

/// `index` with `hints` before `</head>`.
fn with_hints(index: &[u8], hints: &str) -> Vec<u8> {
    let head_end = b"</head>";
    match index.windows(head_end.len()).position(|w| w == head_end) {
        Some(at) if !hints.is_empty() => [&index[..at], hints.as_bytes(), &index[at..]].concat(),
        _ => index.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"routes":[
        {"path":"/fleet-dashboard","modulepreload":["/assets/shell-1.js","/assets/fleet-2.js"],"fetch":["/api/auth/session"]},
        {"path":"/fleet-dashboard/documents","modulepreload":["/assets/shell-1.js","/assets/documents-3.js"],"fetch":[]},
        {"path":"/fleet-dashboard/trucks","modulepreload":["/assets/fleet-2.js"],"fetch":["/api/auth/session"],"fetch_unfiltered":["/api/fleet/trucks?q=&page=1"]},
        {"path":"/evil","modulepreload":["/assets/x.js\"><script>alert(1)</script>","//elsewhere.example/x.js"],"fetch":["https://elsewhere.example/"]}
    ]}"#;

    #[test]
    fn a_route_gets_the_hints_of_the_longest_route_that_covers_it() {
        let trucks = hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks/42", true);
        assert!(trucks.contains(r#"href="/assets/fleet-2.js""#), "{trucks}");
        assert!(
            trucks.contains(
                r#"<link rel="preload" as="fetch" crossorigin href="/api/auth/session">"#
            )
        );
        let documents = hints_for(FILE.as_bytes(), "/fleet-dashboard/documents", true);
        assert!(
            documents.contains("documents-3.js") && !documents.contains("fleet-2.js"),
            "{documents}"
        );
    }

    #[test]
    fn a_screen_s_own_data_is_hinted_only_on_its_own_unfiltered_path() {
        let data =
            r#"<link rel="preload" as="fetch" crossorigin href="/api/fleet/trucks?q=&amp;page=1">"#;
        assert!(hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks", true).contains(data));
        let filtered = hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks", false);
        assert!(!filtered.contains("/api/fleet/trucks") && filtered.contains("/api/auth/session"));
        assert!(
            !hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks/42", true)
                .contains("/api/fleet/trucks")
        );
    }

    #[test]
    fn a_path_that_only_starts_like_a_route_gets_none() {
        assert_eq!(hints_for(FILE.as_bytes(), "/fleet-dashboardx", true), "");
        assert_eq!(hints_for(FILE.as_bytes(), "/", true), "");
        assert_eq!(hints_for(b"not json", "/fleet-dashboard", true), "");
    }

    #[test]
    fn hrefs_that_could_carry_markup_or_leave_the_site_are_dropped() {
        assert_eq!(hints_for(FILE.as_bytes(), "/evil", true), "");
    }

    #[test]
    fn hints_go_before_the_end_of_head() {
        let page = with_hints(
            b"<html><head><title>x</title></head><body></body></html>",
            "<link>",
        );
        assert_eq!(
            page,
            b"<html><head><title>x</title><link></head><body></body></html>"
        );
        assert_eq!(with_hints(b"<html></html>", "<link>"), b"<html></html>");
    }
}
