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
    // A fleet's driver portal has a build of its own (web/portal.html, decision 048).
    if let Some((fleet, within)) = portal_page(uri.path())
        && let Some(page) = Assets::get("portal.html")
    {
        let hints = Assets::get("portal-preloads.json")
            .map(|file| hints_for(&file.data, within, uri.query().is_none(), Some(fleet)))
            .unwrap_or_default();
        return html(with_hints(&page.data, &hints));
    }
    match Assets::get("index.html") {
        Some(index) => {
            let hints = Assets::get("route-preloads.json")
                .map(|file| hints_for(&file.data, uri.path(), uri.query().is_none(), None))
                .unwrap_or_default();
            html(with_hints(&index.data, &hints))
        }
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built. Run `make run` (or `npm --prefix web run build`).",
        )
            .into_response(),
    }
}

fn html(page: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_owned()),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
        ],
        page,
    )
        .into_response()
}

/// `/driver-portal/{fleet}` and the pages under it: the fleet and the path
/// within its portal (`/` for the sign-in page). `/driver-portal` itself is
/// the app's page for a driver with an account.
fn portal_page(path: &str) -> Option<(&str, &str)> {
    let rest = path.strip_prefix("/driver-portal/")?;
    let (fleet, within) = rest.find('/').map_or((rest, ""), |at| rest.split_at(at));
    if fleet.is_empty() {
        return None;
    }
    Some((fleet, if within.is_empty() { "/" } else { within }))
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
/// or a folder of it (a route's `*` segment stands for any one segment).
/// `{fleet}` in a request is the portal's fleet. Only same-origin paths of
/// plain characters pass, so a bad file or fleet cannot put markup in the page.
fn hints_for(file: &[u8], path: &str, unfiltered: bool, fleet: Option<&str>) -> String {
    let Ok(preloads) = serde_json::from_slice::<RoutePreloads>(file) else {
        tracing::warn!("web/dist's route preloads do not parse; pages load without hints");
        return String::new();
    };
    let Some((route, exact)) = preloads
        .routes
        .iter()
        .filter_map(|route| covers(&route.path, path).map(|exact| (route, exact)))
        .max_by_key(|(route, _)| route.path.len())
    else {
        return String::new();
    };
    let plain = |href: &String| {
        href.starts_with('/')
            && !href.starts_with("//")
            && href
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"/._-?=&".contains(&b))
    };
    let modules = route
        .modulepreload
        .iter()
        .filter(|href| plain(href))
        .map(|href| format!(r#"<link rel="modulepreload" crossorigin href="{href}">"#));
    // `crossorigin` makes the preload's credentials mode the same as the
    // app's `fetch(…, { credentials: 'same-origin' })`, so the app's request
    // takes the preloaded response instead of asking again.
    let own_data = if unfiltered && exact {
        route.fetch_unfiltered.as_slice()
    } else {
        &[]
    };
    let fetches = route
        .fetch
        .iter()
        .chain(own_data)
        .map(|href| match fleet {
            Some(fleet) => href.replace("{fleet}", fleet),
            None => href.clone(),
        })
        .filter(plain)
        .map(|href| {
            let href = href.replace('&', "&amp;");
            format!(r#"<link rel="preload" as="fetch" crossorigin href="{href}">"#)
        });
    // Chunks first: over HTTP/1.1's six connections a page's JavaScript is
    // its critical path, and its data is needed only once that has run.
    modules.chain(fetches).collect()
}

/// Whether `route` is `path` or a folder of it, segment by segment (`*`
/// matches any one): `Some(true)` when it is `path` itself.
fn covers(route: &str, path: &str) -> Option<bool> {
    let mut path_segments = path.split('/');
    for segment in route.split('/') {
        let step = path_segments.next()?;
        if segment != "*" && segment != step {
            return None;
        }
    }
    Some(path_segments.next().is_none())
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
        let trucks = hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks/42", true, None);
        assert!(trucks.contains(r#"href="/assets/fleet-2.js""#), "{trucks}");
        assert!(
            trucks.contains(
                r#"<link rel="preload" as="fetch" crossorigin href="/api/auth/session">"#
            )
        );
        let documents = hints_for(FILE.as_bytes(), "/fleet-dashboard/documents", true, None);
        assert!(
            documents.contains("documents-3.js") && !documents.contains("fleet-2.js"),
            "{documents}"
        );
    }

    #[test]
    fn a_screen_s_own_data_is_hinted_only_on_its_own_unfiltered_path() {
        let data =
            r#"<link rel="preload" as="fetch" crossorigin href="/api/fleet/trucks?q=&amp;page=1">"#;
        assert!(hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks", true, None).contains(data));
        let filtered = hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks", false, None);
        assert!(!filtered.contains("/api/fleet/trucks") && filtered.contains("/api/auth/session"));
        assert!(
            !hints_for(FILE.as_bytes(), "/fleet-dashboard/trucks/42", true, None)
                .contains("/api/fleet/trucks")
        );
    }

    #[test]
    fn a_path_that_only_starts_like_a_route_gets_none() {
        assert_eq!(
            hints_for(FILE.as_bytes(), "/fleet-dashboardx", true, None),
            ""
        );
        assert_eq!(hints_for(FILE.as_bytes(), "/", true, None), "");
        assert_eq!(hints_for(b"not json", "/fleet-dashboard", true, None), "");
    }

    #[test]
    fn hrefs_that_could_carry_markup_or_leave_the_site_are_dropped() {
        assert_eq!(hints_for(FILE.as_bytes(), "/evil", true, None), "");
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

    const PORTAL: &str = r#"{"routes":[
        {"path":"/","modulepreload":["/assets/sign-in-1.js"],"fetch":["/api/portal/{fleet}/config"]},
        {"path":"/loads","modulepreload":["/assets/loads-2.js"],"fetch":["/api/portal/me"],"fetch_unfiltered":["/api/portal/loads"]},
        {"path":"/loads/*","modulepreload":["/assets/load-3.js"],"fetch":["/api/portal/me"]}
    ]}"#;

    #[test]
    fn a_portal_page_is_its_fleet_and_the_path_within_the_portal() {
        assert_eq!(portal_page("/driver-portal/f-1"), Some(("f-1", "/")));
        assert_eq!(portal_page("/driver-portal/f-1/"), Some(("f-1", "/")));
        assert_eq!(
            portal_page("/driver-portal/f-1/loads/9"),
            Some(("f-1", "/loads/9"))
        );
        assert_eq!(portal_page("/driver-portal"), None);
        assert_eq!(portal_page("/driver-portal/"), None);
        assert_eq!(portal_page("/driver-portalx/f-1"), None);
    }

    #[test]
    fn a_portal_route_s_star_matches_one_segment_and_its_requests_name_the_fleet() {
        let sign_in = hints_for(PORTAL.as_bytes(), "/", true, Some("f-1"));
        assert!(
            sign_in.contains(r#"href="/api/portal/f-1/config""#),
            "{sign_in}"
        );
        let load = hints_for(PORTAL.as_bytes(), "/loads/9", true, Some("f-1"));
        assert!(
            load.contains("load-3.js") && !load.contains("loads-2.js"),
            "{load}"
        );
        assert!(!load.contains(r#"href="/api/portal/loads""#), "{load}");
        let loads = hints_for(PORTAL.as_bytes(), "/loads", true, Some("f-1"));
        assert!(loads.contains(r#"href="/api/portal/loads""#), "{loads}");
        assert!(
            hints_for(PORTAL.as_bytes(), "/loads/9/x", true, Some("f-1")).contains("load-3.js")
        );
    }

    #[test]
    fn a_fleet_that_could_carry_markup_drops_its_request() {
        let page = hints_for(PORTAL.as_bytes(), "/", true, Some("\"><script>"));
        assert!(
            !page.contains("script") && !page.contains("config"),
            "{page}"
        );
    }
}
