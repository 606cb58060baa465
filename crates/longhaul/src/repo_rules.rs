//! Every query of a converted module is in its private `repo` (issue 30
//! point 4, `docs/architecture.md`): its routes and services call named
//! repo functions and run no SQL themselves. Read from the source with the
//! layer check's reader: comments and unit tests are left out.

use crate::layer_rules::{code, expand_use_trees, module_path, rust_files};
use std::path::Path;

/// Modules whose queries all live in their private `repo` (issue 30 point
/// 4); a module joins the list once its topic files call its repo.
const QUERIES_IN_REPO: &[&str] = &["compliance", "brokers", "postings", "eld"];

/// Folders of a converted module still to move, each with its reason.
const NOT_YET: &[(&str, &str)] = &[
    // The ELD sync's batch writer: its chunked inserts, bulk updates and
    // key lookups are the next to move into the module's repo.
    ("eld", "write"),
];

/// The doors of `crates/db` (decision 034), called on an entity
/// (`fleet_vehicle::Entity::scoped(`, `E::across_fleets(`): a query.
const DOORS: &[&str] = &[
    "scoped(",
    "scoped_by_id(",
    "scoped_update(",
    "scoped_delete(",
    "across_fleets(",
    "update_across_fleets(",
    "across_brokers(",
    "rows()",
    "row(",
    "update_rows()",
    "delete_rows()",
    "delete_row(",
    "insert(",
    "insert_many(",
];

/// The queries `crates/db` names, as they are imported or called.
const DB_QUERIES: &[&str] = &[
    "db::board::nearest",
    "db::board::visible_postings",
    "db::bulk::scoped_update_rows",
    "db::bulk::insert_rows_with_json",
    "db::fleet_filters::stored_tab_counts",
    "db::system::driver_session_by_token",
    "db::system::touch_driver_session",
    "db::system::delete_driver_session",
];

/// SeaORM's executors of a statement.
const EXECUTORS: &[&str] = &[
    "exec_without_returning(",
    "exec_with_returning(",
    "query_all(",
    "query_one(",
    "execute_unprepared(",
    "execute_raw(",
];

/// Methods that run a query when handed a connection (`.all(&txn)`,
/// `row.update(conn)`), told from an iterator's `.all(|x| …)`/`.count()`
/// or a map's `.insert(k, v)` by their one argument naming a connection.
const CONNECTION_METHODS: &[&str] = &[
    "all", "one", "count", "insert", "update", "delete", "exec", "execute", "stream", "paginate",
];

/// The queries `code` runs, as the text that gives each away.
fn queries_in(code: &str) -> Vec<String> {
    let flat = expand_use_trees(code);
    let mut found: Vec<String> = DB_QUERIES
        .iter()
        .chain(EXECUTORS)
        .filter(|query| flat.contains(*query))
        .map(|query| (*query).to_owned())
        .collect();
    for door in DOORS {
        for (at, _) in code.match_indices(&format!("::{door}")) {
            // The segment before `::` names an entity: `Entity`, `E`, `Self`.
            let before = &code[..at];
            let start = before
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            if before[start..].starts_with(|c: char| c.is_ascii_uppercase()) {
                found.push(format!("{}::{door}", &before[start..]));
            }
        }
    }
    for method in CONNECTION_METHODS {
        let call = format!(".{method}(");
        for (at, _) in code.match_indices(&call) {
            let rest = &code[at + call.len()..];
            let arg = rest[..rest.find([')', ',']).unwrap_or(rest.len())].trim();
            let name = arg.trim_start_matches('&').rsplit('.').next().unwrap_or("");
            let is_connection = ["conn", "txn", "tx", "db", "connection"]
                .iter()
                .any(|c| name == *c || name.ends_with(&format!("_{c}")));
            if is_connection {
                found.push(format!("{call}{arg})"));
            }
        }
    }
    found
}

#[test]
fn queries_are_told_from_iterators_and_maps() {
    let code = "use db::board::{BoardQuery, nearest}; rows.iter().all(|r| r.ok); x.count(); \
                map.insert(k, v); repo::insert(&txn, row); Entity::scoped(scope).all(&txn); \
                row.update(conn); q.count(&self.conn)";
    assert_eq!(
        queries_in(code),
        [
            "db::board::nearest",
            "Entity::scoped(",
            ".all(&txn)",
            ".count(&self.conn)",
            ".update(conn)"
        ]
    );
}

#[test]
fn converted_modules_query_only_in_their_repo() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("modules"), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let path = module_path(&src, &file);
        let module = path.get(1).map(String::as_str);
        let converted = module.is_some_and(|m| QUERIES_IN_REPO.contains(&m));
        let inside = path.get(2).map(String::as_str);
        let not_yet = NOT_YET
            .iter()
            .any(|(m, folder)| module == Some(*m) && inside == Some(*folder));
        if !converted || inside == Some("repo") || not_yet {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("readable source");
        for query in queries_in(&code(&text)) {
            wrong.push(format!("{}: {query}", path.join("::")));
        }
    }
    assert!(
        wrong.is_empty(),
        "a query outside its module's repo (docs/architecture.md: routes → service → repo):\n{}",
        wrong.join("\n")
    );
}
