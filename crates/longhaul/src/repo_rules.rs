//! One module shape (issue 30 point 4, `docs/architecture.md`): every
//! capability is `mod.rs` → `routes` → `service` → `repo` (each a file, or
//! a folder of topic files), with `dto.rs`, `error.rs` and the few other
//! files `MODULE_FILES` names; every query is in its private `repo`: its
//! routes and services call named repo functions and run no SQL themselves. Read from the source with the
//! layer check's reader: comments and unit tests are left out.

use crate::layer_rules::{code, expand_use_trees, module_path, rust_files};
use std::path::Path;

/// The doors of `crates/db` (decision 034), called on an entity
/// (`fleet_vehicle::Entity::within(`, `E::across_fleets(`): a query.
const DOORS: &[&str] = &[
    "within(",
    "by_id_within(",
    "update_within(",
    "delete_within(",
    "across_fleets(",
    "update_across_fleets(",
    "across_brokers(",
    "within_fleet(",
    "within_broker(",
    "update_within_fleet(",
    "update_within_broker(",
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
    "db::bulk::update_statements_within",
    "db::bulk::insert_statements_with_json",
    "db::bulk::plan_generically",
    "db::fleet_filters::stored_tab_counts",
    "db::fleet_names::",
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
                map.insert(k, v); repo::insert(&txn, row); Entity::within(&txn).all(&txn); \
                row.update(conn); q.count(&self.conn)";
    assert_eq!(
        queries_in(code),
        [
            "db::board::nearest",
            "Entity::within(",
            ".all(&txn)",
            ".count(&self.conn)",
            ".update(conn)"
        ]
    );
}

#[test]
fn modules_query_only_in_their_repo() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("modules"), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let path = module_path(&src, &file);
        let module = path.get(1).map(String::as_str);
        let inside = path.get(2).map(String::as_str);
        if module.is_none() || inside == Some("repo") {
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

/// What a capability's folder holds: its layers (a file, or a folder of
/// topic files), and beside them the request/response types, the error
/// enum, job types, e-mail templates, the `…Deps` a job or service takes,
/// and the HTTP guards other routers put in front of theirs.
const MODULE_LAYERS: &[&str] = &["routes", "service", "repo"];
const MODULE_FILES: &[&str] = &[
    "mod.rs",
    "dto.rs",
    "error.rs",
    "jobs.rs",
    "emails.rs",
    "deps.rs",
    "guards.rs",
];

#[test]
fn every_module_has_one_shape() {
    let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/modules");
    let mut wrong = Vec::new();
    for module in std::fs::read_dir(&modules).expect("src/modules") {
        let module = module.expect("a directory entry").path();
        if !module.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&module).expect("a module folder") {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let layer = name.strip_suffix(".rs").unwrap_or(name);
            let fits = if path.is_dir() {
                MODULE_LAYERS.contains(&name) || name == "guards"
            } else {
                MODULE_FILES.contains(&name) || MODULE_LAYERS.contains(&layer)
            };
            if !fits {
                wrong.push(path.strip_prefix(&modules).unwrap().display().to_string());
            }
            if path.is_dir() && !path.join("mod.rs").exists() {
                wrong.push(format!(
                    "{} (no mod.rs)",
                    path.strip_prefix(&modules).unwrap().display()
                ));
            }
        }
        if !module.join("mod.rs").exists() {
            wrong.push(format!("{} (no mod.rs)", module.display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "files outside the module shape (routes → service → repo, plus {MODULE_FILES:?}; \
         docs/architecture.md):\n{}",
        wrong.join("\n")
    );
}
