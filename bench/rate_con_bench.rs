//! Issue 31 §2 budget and accuracy: reading a rate confirmation takes at
//! most 1 s per PDF; and how many of the fields each corpus PDF states are
//! read right (`crates/longhaul/tests/fixtures/rate_cons`, decision 042).
//!
//! Times `pdf_text::read_rate_con` (parse the PDF, place its text, read the
//! draft) on every corpus PDF, 50 runs each after 5 to warm up, and prints
//! the per-field table: found-correct / stated, and values read where the
//! PDF states none.
//!
//! Usage: cargo run --release -p longhaul --example rate_con_bench
//! (a debug build gives an upper bound: `cargo run -p longhaul --example rate_con_bench`).

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

const RUNS: usize = 50;
const BUDGET_MS: f64 = 1000.0;

#[derive(Default)]
struct Tally {
    stated: u32,
    correct: u32,
    spurious: u32,
}

fn tally(table: &mut BTreeMap<String, Tally>, field: &str, got: &Value, want: &Value) {
    let t = table.entry(field.to_owned()).or_default();
    if want.is_null() {
        if !got.is_null() {
            t.spurious += 1;
        }
    } else {
        t.stated += 1;
        if got == want {
            t.correct += 1;
        }
    }
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rate_cons");
    let mut pdfs: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus directory")
        .map(|e| e.expect("a corpus entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    pdfs.sort();
    let mut table: BTreeMap<String, Tally> = BTreeMap::new();
    let mut over_budget = false;
    println!(
        "{:<40} {:>8} {:>9} {:>9}",
        "rate con", "bytes", "p50 ms", "max ms"
    );
    for pdf in &pdfs {
        let bytes = std::fs::read(pdf).expect("a corpus PDF");
        let mut times = Vec::with_capacity(RUNS);
        let mut reading = None;
        for i in 0..RUNS + 5 {
            let start = Instant::now();
            let r = longhaul::modules::loads::service::pdf_text::read_rate_con(&bytes)
                .expect("a readable PDF");
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            if i >= 5 {
                times.push(ms);
            }
            reading = Some(r);
        }
        times.sort_by(f64::total_cmp);
        let (p50, max) = (times[times.len() / 2], times[times.len() - 1]);
        over_budget |= max > BUDGET_MS;
        let name = pdf.file_stem().unwrap_or_default().to_string_lossy();
        println!("{name:<40} {:>8} {p50:>9.2} {max:>9.2}", bytes.len());

        let expected: Value = serde_json::from_str(
            &std::fs::read_to_string(pdf.with_extension("expected.json")).expect("expected values"),
        )
        .expect("expected JSON");
        let got = match reading.flatten() {
            Some(r) => serde_json::to_value(&r.draft).expect("a draft as JSON"),
            None => serde_json::to_value(domain::loads::rate_con::Draft::default())
                .expect("a draft as JSON"),
        };
        let want = &expected["draft"];
        for (field, w) in want.as_object().expect("a draft object") {
            if field == "stops" {
                let (g, w) = (
                    got["stops"].as_array().cloned().unwrap_or_default(),
                    w.as_array().cloned().unwrap_or_default(),
                );
                for i in 0..w.len().max(g.len()) {
                    let empty = Value::Null;
                    let ws = w.get(i).unwrap_or(&empty);
                    let gs = g.get(i).unwrap_or(&empty);
                    let keys: Vec<String> = ws
                        .as_object()
                        .or(gs.as_object())
                        .map(|o| o.keys().cloned().collect())
                        .unwrap_or_default();
                    for key in keys {
                        tally(&mut table, &format!("stops.{key}"), &gs[&key], &ws[&key]);
                    }
                }
            } else {
                tally(&mut table, field, &got[field], w);
            }
        }
    }
    println!();
    println!("{:<28} {:>16} {:>9}", "field", "correct/stated", "spurious");
    let (mut stated, mut correct, mut spurious) = (0, 0, 0);
    for (field, t) in &table {
        println!(
            "{field:<28} {:>16} {:>9}",
            format!("{}/{}", t.correct, t.stated),
            t.spurious
        );
        stated += t.stated;
        correct += t.correct;
        spurious += t.spurious;
    }
    println!(
        "{:<28} {:>16} {:>9}",
        "all fields",
        format!("{correct}/{stated}"),
        spurious
    );
    println!(
        "\nbudget: at most {BUDGET_MS} ms per PDF: {}",
        if over_budget { "OVER" } else { "met" }
    );
    if over_budget {
        std::process::exit(1);
    }
}
