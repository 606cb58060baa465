//! The layers of `docs/architecture.md`, checked on the source: plumbing
//! (`http`, `jobs`, `mail`, `files`, `integrations`, `crypto` and the shared
//! state) imports no capability module, nor the job registry or the app that
//! compose them. Paths are read from `crate::…` and `super::…` paths in code,
//! not comments; a file's unit tests (after `#[cfg(test)]`) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const PLUMBING: &[&str] = &[
    "http",
    "jobs",
    "mail",
    "files",
    "integrations",
    "crypto",
    "state",
    "metrics",
    "telemetry",
    "config",
    "spa",
    "paging",
    "queue",
];
const COMPOSITION: &[&str] = &["modules", "job_registry", "app", "seed", "openapi"];

/// A file's module path: `src/http/guards.rs` → `["http", "guards"]`.
pub(crate) fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("a file under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable src") {
        let path = entry.expect("a dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file up to its unit tests, without comment lines.
pub(crate) fn code(text: &str) -> String {
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end]
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `crate::…`/`super::…` path in `code`, with `use` trees expanded,
/// as absolute module paths.
fn paths(code: &str, own: &[String]) -> Vec<Vec<String>> {
    let flat = expand_use_trees(code);
    let mut found = Vec::new();
    let bytes = flat.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &flat[i..];
        let starts = rest.starts_with("crate::") || rest.starts_with("super::");
        let boundary = i == 0
            || !(bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_'
                || bytes[i - 1] == b':');
        if starts && boundary {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let segments: Vec<&str> = rest[..len].split("::").filter(|s| !s.is_empty()).collect();
            let mut absolute: Vec<String> = Vec::new();
            let mut iter = segments.into_iter().peekable();
            if iter.peek() == Some(&"crate") {
                iter.next();
            } else {
                // `super` of module a::b (`a/b.rs` or `a/b/mod.rs`) is `a`.
                absolute = own.to_vec();
                while iter.peek() == Some(&"super") {
                    iter.next();
                    absolute.pop();
                }
            }
            absolute.extend(iter.map(str::to_owned));
            found.push(absolute);
            i += len;
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    found
}

/// `use crate::a::{b, c::{d, e}};` → `crate::a::b crate::a::c::d crate::a::c::e`.
pub(crate) fn expand_use_trees(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(start) = rest.find("use ") {
        out.push_str(&rest[..start]);
        let stmt_end = rest[start..].find(';').map_or(rest.len(), |e| start + e);
        let tree = without_aliases(&rest[start + 4..stmt_end]);
        for path in expand(&tree) {
            out.push_str(&path);
            out.push(' ');
        }
        rest = &rest[(stmt_end + 1).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

/// A use tree without whitespace and without `as` renames (`a::B as C, d` → `a::B,d`).
fn without_aliases(tree: &str) -> String {
    let mut out = String::new();
    let mut words = tree.split_whitespace();
    while let Some(word) = words.next() {
        if word == "as" {
            // The alias goes; what follows it (`,` or `}`) stays.
            let alias = words.next().unwrap_or("");
            out.extend(
                alias
                    .chars()
                    .filter(|c| !(c.is_alphanumeric() || *c == '_')),
            );
        } else {
            out.push_str(word);
        }
    }
    out
}

fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        return vec![tree.to_owned()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            if p == "self" {
                vec![prefix.trim_end_matches("::").to_owned()]
            } else {
                expand(&format!("{prefix}{p}"))
            }
        })
        .collect()
}

/// The crate's files by module path, and each file's imports of other files.
fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .filter(|f| !f.ends_with("main.rs"))
        .map(|f| (module_path(&src, f), f.clone()))
        .collect();
    let mut edges = BTreeMap::new();
    for (own, file) in &modules {
        let text = std::fs::read_to_string(file).expect("readable source");
        let mut targets = BTreeSet::new();
        for path in paths(&code(&text), own) {
            // The longest prefix that is a file of the crate.
            let target = (1..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|prefix| modules.contains_key(prefix));
            if let Some(target) = target
                && &target != own
                && !own.starts_with(&target)
            {
                targets.insert(target);
            }
        }
        edges.insert(own.clone(), targets);
    }
    edges
}

#[test]
fn use_trees_expand_to_paths_without_renames() {
    assert_eq!(
        expand(&without_aliases("crate::a::{B as C, d::{e, f}, self}")),
        [
            "crate::a::B",
            "crate::a::d::e",
            "crate::a::d::f",
            "crate::a"
        ]
    );
}

#[test]
fn plumbing_imports_no_capability_module() {
    let mut wrong = Vec::new();
    for (file, targets) in graph() {
        if !file
            .first()
            .is_some_and(|top| PLUMBING.contains(&top.as_str()))
        {
            continue;
        }
        for target in targets {
            if COMPOSITION.contains(&target[0].as_str()) {
                wrong.push(format!("{} → {}", file.join("::"), target.join("::")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "plumbing imports what composes it (docs/architecture.md):\n{}",
        wrong.join("\n")
    );
}

/// What a module keeps to itself: others call what its `mod.rs` names.
const MODULE_INSIDES: &[&str] = &["routes", "repo", "service"];

#[test]
fn no_module_reaches_into_another_modules_routes_repo_or_service() {
    let mut wrong = Vec::new();
    for (file, targets) in graph() {
        let Some(own) = (file.first().map(String::as_str) == Some("modules"))
            .then(|| file.get(1))
            .flatten()
        else {
            continue;
        };
        for target in targets {
            let reaches_in = target.first().map(String::as_str) == Some("modules")
                && target.get(1).is_some_and(|module| module != own)
                && target
                    .get(2)
                    .is_some_and(|inside| MODULE_INSIDES.contains(&inside.as_str()));
            if reaches_in {
                wrong.push(format!("{} → {}", file.join("::"), target.join("::")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a module reaches into another's routes, repo or service instead of its mod.rs (docs/architecture.md):\n{}",
        wrong.join("\n")
    );
}

/// The strongly connected groups of more than one file.
fn file_cycles() -> Vec<Vec<String>> {
    let unit = |file: &[String]| file.join("::");
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, targets) in graph() {
        let from = unit(&file);
        let entry = edges.entry(from.clone()).or_default();
        for target in targets {
            let to = unit(&target);
            if to != from {
                entry.insert(to);
            }
        }
    }
    strongly_connected(&edges)
}

/// The capability a file belongs to: `modules::billing::guards` → `billing`.
fn capability(file: &[String]) -> Option<&str> {
    (file.first().map(String::as_str) == Some("modules"))
        .then(|| file.get(1).map(String::as_str))
        .flatten()
}

/// The plumbing a file belongs to: `http::guards` → `http`.
fn plumbing(file: &[String]) -> Option<&str> {
    file.first()
        .map(String::as_str)
        .filter(|top| PLUMBING.contains(top))
}

/// The file graph folded by `unit` (capability modules, the plumbing's
/// top-level modules): the groups of units that import one another round a
/// loop, each with the file imports that close it. Files `unit` names
/// nothing for are left out.
fn folded_cycles(unit: fn(&[String]) -> Option<&str>) -> Vec<(Vec<String>, Vec<String>)> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut through: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for (file, targets) in graph() {
        let Some(from) = unit(&file) else {
            continue;
        };
        let entry = edges.entry(from.to_owned()).or_default();
        for target in targets {
            if let Some(to) = unit(&target).filter(|to| *to != from) {
                entry.insert(to.to_owned());
                through
                    .entry((from.to_owned(), to.to_owned()))
                    .or_default()
                    .insert(format!("{} → {}", file.join("::"), target.join("::")));
            }
        }
    }
    strongly_connected(&edges)
        .into_iter()
        .map(|group| {
            let imports = through
                .iter()
                .filter(|((from, to), _)| group.contains(from) && group.contains(to))
                .flat_map(|(_, files)| files.iter().cloned())
                .collect();
            (group, imports)
        })
        .collect()
}

/// The strongly connected groups of more than one node.
/// (Tarjan's algorithm.)
fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        on_stack: BTreeSet<String>,
        groups: Vec<Vec<String>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, node: &str) {
            let i = self.index.len();
            self.index.insert(node.to_owned(), i);
            self.low.insert(node.to_owned(), i);
            self.stack.push(node.to_owned());
            self.on_stack.insert(node.to_owned());
            for next in self.edges.get(node).into_iter().flatten() {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node.to_owned(), low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node.to_owned(), low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut group = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(&top);
                    let done = top == node;
                    group.push(top);
                    if done {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.groups.push(group);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        groups: Vec::new(),
    };
    for node in edges.keys() {
        if !tarjan.index.contains_key(node) {
            tarjan.visit(node);
        }
    }
    tarjan.groups
}

#[test]
fn no_file_imports_itself_round_a_cycle() {
    let cycles = file_cycles();
    assert!(
        cycles.is_empty(),
        "import cycles between files (docs/architecture.md: layers point one way):\n{}",
        cycles
            .iter()
            .map(|group| group.join(" → "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn described(cycles: &[(Vec<String>, Vec<String>)]) -> String {
    cycles
        .iter()
        .map(|(group, imports)| {
            format!(
                "{} — through:\n  {}",
                group.join(", "),
                imports.join("\n  ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_capability_imports_itself_round_a_cycle() {
    let cycles = folded_cycles(capability);
    assert!(
        cycles.is_empty(),
        "capability modules import one another round a loop (docs/architecture.md: \
         pass what a lower module needs in from app.rs, or move the shared piece down):\n{}",
        described(&cycles)
    );
}

#[test]
fn no_plumbing_imports_itself_round_a_cycle() {
    let cycles = folded_cycles(plumbing);
    assert!(
        cycles.is_empty(),
        "plumbing modules import one another round a loop (docs/architecture.md: \
         the shared state sits on the plumbing it holds; what it holds imports \
         neither it nor the workers):\n{}",
        described(&cycles)
    );
}
