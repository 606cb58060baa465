//! A field-error map is built in one place, `http::validation` (decision
//! 036): request types derive `garde::Validate` and services call
//! `validation::check`, or a module's single-field helper goes through
//! `Refusal::one`. A test reads `src/modules` for a map put together by hand.
//! A file's unit tests (after `#[cfg(test)]`) and comment lines are left out.

use crate::layer_rules::rust_files;
use std::path::Path;

/// What a hand-built field map looks like.
const BY_HAND: &[&str] = &["BTreeMap::from(", "FieldErrors::new(", "fields.insert("];

fn builds_a_map(line: &str) -> bool {
    BY_HAND.iter().any(|mark| {
        line.match_indices(mark).any(|(at, _)| {
            // `received.fields.insert(…)` is a multipart form, not errors.
            !(mark.starts_with("fields") && line[..at].ends_with('.'))
        })
    })
}

fn hand_built_maps(modules: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(modules, &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable source");
        let code = &text[..text.find("#[cfg(test)]").unwrap_or(text.len())];
        for (number, line) in code.lines().enumerate() {
            if !line.trim_start().starts_with("//") && builds_a_map(line) {
                let rel = file.strip_prefix(modules).expect("under modules");
                found.push(format!("modules/{}:{}", rel.display(), number + 1));
            }
        }
    }
    found
}

#[test]
fn hand_built_maps_are_recognised() {
    assert!(builds_a_map(r#"fields.insert("name".into(), required);"#));
    assert!(builds_a_map(
        r#"fields: BTreeMap::from([("kind".into(), t)]),"#
    ));
    assert!(!builds_a_map("received.fields.insert(name, value);"));
    assert!(!builds_a_map("let mut names = BTreeMap::new();"));
}

#[test]
fn modules_build_no_field_map_by_hand() {
    let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/modules");
    let found = hand_built_maps(&modules);
    assert!(
        found.is_empty(),
        "derive garde::Validate on the request and call `http::validation::check` \
         (or use the module's `field` helper) instead of building the map:\n{}",
        found.join("\n")
    );
}
