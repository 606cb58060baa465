//! Server texts come from `contracts/texts.json` (`domain::texts()`), never
//! from a literal in a capability's code: a test reads `src/modules` for
//! string literals that read as a sentence or label for people (a capital
//! letter, then lower case, and a space) outside logs, error contexts for
//! operators, attributes and comments. A file's unit tests (after
//! `#[cfg(test)]`) are left out.

use crate::layer_rules::rust_files;
use std::path::Path;

/// Lines whose literals are for operators and developers, not users.
const FOR_OPERATORS: &[&str] = &[
    "tracing::",
    "warn!",
    "info!",
    "error!",
    "debug!",
    "trace!",
    ".context(",
    "with_context",
    "anyhow!",
    "bail!",
    "panic!",
    "unreachable!",
    ".expect(",
    "assert",
    "reason = ",
    "description = ",
];

/// Literals that are not texts of ours: a header's scheme, a type named in
/// an internal error. (What an outside system says — the Stripe stand-in
/// answers as Stripe does — lives in `integrations/`, outside this check.)
const NOT_OURS: &[(&str, &str)] = &[
    ("billing/guards.rs", "FleetAdmin or DriverSession"),
    ("health/routes/metrics.rs", "Bearer "),
];

/// The plain `"…"` string literals of a line; raw strings (`r"…"`,
/// `r#"…"#`: SQL, JSON) are skipped whole.
fn literals(line: &str) -> Vec<String> {
    let bytes = line.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let raw_hashes = (bytes[i] == b'r')
            .then(|| bytes[i + 1..].iter().take_while(|b| **b == b'#').count())
            .filter(|hashes| bytes.get(i + 1 + hashes) == Some(&b'"'));
        if let Some(hashes) = raw_hashes {
            let close = format!("\"{}", "#".repeat(hashes));
            let start = i + 2 + hashes;
            i = line[start..]
                .find(&close)
                .map_or(bytes.len(), |end| start + end + close.len());
        } else if bytes[i] == b'"' {
            let mut text = String::new();
            let mut chars = line[i + 1..].char_indices();
            let mut end = bytes.len();
            while let Some((at, c)) = chars.next() {
                match c {
                    '\\' => {
                        text.push(c);
                        if let Some((_, escaped)) = chars.next() {
                            text.push(escaped);
                        }
                    }
                    '"' => {
                        end = i + 1 + at + 1;
                        break;
                    }
                    _ => text.push(c),
                }
            }
            found.push(text);
            i = end;
        } else {
            i += 1;
        }
    }
    found
}

/// A capital, then a lower-case letter, and a space somewhere: 'Choose a
/// file', not 'SELECT …', 'x-csrf-token' or 'UTC'.
fn reads_as_text(literal: &str) -> bool {
    let mut chars = literal.chars();
    matches!(
        (chars.next(), chars.next()),
        (Some(first), Some(second)) if first.is_ascii_uppercase() && second.is_ascii_lowercase()
    ) && literal.contains(' ')
}

fn inline_texts(modules: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(modules, &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable source");
        let code = &text[..text.find("#[cfg(test)]").unwrap_or(text.len())];
        let rel = file
            .strip_prefix(modules)
            .expect("under modules")
            .to_string_lossy()
            .replace('\\', "/");
        for (number, line) in code.lines().enumerate() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//")
                || trimmed.starts_with("#[")
                || FOR_OPERATORS.iter().any(|mark| line.contains(mark))
            {
                continue;
            }
            for literal in literals(line) {
                let exempt = NOT_OURS
                    .iter()
                    .any(|(path, text)| *path == rel && *text == literal);
                if reads_as_text(&literal) && !exempt {
                    found.push(format!("modules/{rel}:{}: \"{literal}\"", number + 1));
                }
            }
        }
    }
    found
}

#[test]
fn literals_are_found_and_judged() {
    assert_eq!(
        literals(r#"x("Choose a file", "a\"b", r"raw") "#),
        ["Choose a file", "a\\\"b"]
    );
    assert!(reads_as_text("Choose a file"));
    assert!(!reads_as_text("SELECT id FROM x"));
    assert!(!reads_as_text("Choose"));
    assert!(!reads_as_text("x-csrf-token value"));
}

#[test]
fn modules_send_no_text_of_their_own() {
    let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/modules");
    let found = inline_texts(&modules);
    assert!(
        found.is_empty(),
        "user-facing texts belong in contracts/texts.json (`domain::texts().server`):\n{}",
        found.join("\n")
    );
}
