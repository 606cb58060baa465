//! Issue 31 §2, a load from a rate confirmation: every PDF of the generated
//! corpus (`tests/fixtures/rate_cons`, decision 042) read to the values it
//! states; the upload answering a draft, a scanned page a clear message,
//! other files and sizes refused; the PDF filed with the load it made, and
//! a load whose rate con leaves out protective terms flagged before
//! dispatch.

use serde_json::Value;
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rate_cons")
}

/// Every corpus PDF with the values it states.
fn corpus() -> Vec<(String, Vec<u8>, Value)> {
    let mut out = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    names.sort();
    for pdf in names {
        let expected = pdf.with_extension("expected.json");
        let expected: Value =
            serde_json::from_str(&std::fs::read_to_string(&expected).unwrap()).unwrap();
        let name = pdf.file_stem().unwrap().to_string_lossy().into_owned();
        out.push((name, std::fs::read(&pdf).unwrap(), expected));
    }
    out
}

/// The field-by-field differences between what was read and what the PDF
/// states (stops by place: `stops.1.city`).
fn differences(got: &Value, want: &Value, path: &str, out: &mut Vec<String>) {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            for (key, w) in w {
                let p = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                differences(g.get(key).unwrap_or(&Value::Null), w, &p, out);
            }
        }
        (Value::Array(g), Value::Array(w)) if path.ends_with("stops") => {
            if g.len() != w.len() {
                out.push(format!("{path}: {} stops, want {}", g.len(), w.len()));
            }
            for (i, (g, w)) in g.iter().zip(w).enumerate() {
                differences(g, w, &format!("{path}.{i}"), out);
            }
        }
        (g, w) if g != w => out.push(format!("{path}: got {g}, want {w}")),
        _ => {}
    }
}

#[test]
fn every_corpus_rate_con_reads_to_the_values_it_states() {
    let corpus = corpus();
    assert!(corpus.len() >= 9, "eight layouts and a scanned page");
    let mut wrong = Vec::new();
    for (name, bytes, expected) in &corpus {
        let reading = longhaul::modules::loads::pdf_text::read_rate_con(bytes).unwrap();
        let got = match &reading {
            Some(r) => serde_json::json!({
                "has_text": true,
                "draft": serde_json::to_value(&r.draft).unwrap(),
                "missing_terms": r.missing_terms,
            }),
            None => serde_json::json!({
                "has_text": false,
                "draft": serde_json::to_value(domain::loads::rate_con::Draft::default()).unwrap(),
                "missing_terms": [],
            }),
        };
        let mut diffs = Vec::new();
        differences(&got, expected, "", &mut diffs);
        wrong.extend(diffs.into_iter().map(|d| format!("{name}: {d}")));
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}
