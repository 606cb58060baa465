//! Reading a broker's rate confirmation (issue 31 §2): from the lines of
//! its text (`layout`) to a draft load — the customer, references,
//! equipment and freight, money and accessorial terms, and every stop with
//! its times on the facility's clock and the zone it states. Pure: the PDF
//! is read elsewhere (`modules/loads`), and whatever is not found stays
//! empty for the user to fill.
//!
//! Rate cons differ by broker; the rules read labels ("Load #", "Order
//! No.", "Pro/Load"…), stop blocks under headings ("Shipper", "Pick Up",
//! "Origin", "Consignee", "Drop", "Destination", "Stop 2 - Drop") stacked or
//! side by side, and sentences of terms ("Detention: $50/hr after 2 hrs, max
//! $500"). The corpus they are measured on is in
//! `crates/longhaul/tests/fixtures/rate_cons/` (decision 042).

pub mod layout;
mod times;
mod zones;

pub use layout::{Cell, Line, Run, lines, lines_from_text};
pub use zones::{stop_zone, zone_of_state};

use chrono::NaiveDateTime;
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// A load as far as the rate confirmation states it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    pub customer_name: Option<String>,
    pub customer_mc: Option<String>,
    pub customer_usdot: Option<String>,
    pub load_number: Option<String>,
    pub bol_number: Option<String>,
    pub po_number: Option<String>,
    pub pickup_number: Option<String>,
    /// `board::EQUIPMENT`.
    pub equipment_type: Option<String>,
    pub length_ft: Option<i32>,
    pub reefer_temp_f: Option<i32>,
    pub commodity: Option<String>,
    pub weight_lbs: Option<i32>,
    pub pieces: Option<i32>,
    /// flat | per_mile
    pub rate_method: Option<String>,
    pub linehaul_cents: Option<i64>,
    pub rate_per_mile_cents: Option<i64>,
    pub fuel_surcharge_cents: Option<i64>,
    pub detention_free_minutes: Option<i32>,
    pub detention_rate_cents: Option<i64>,
    pub detention_cap_cents: Option<i64>,
    pub tonu_cents: Option<i64>,
    pub tonu_window_hours: Option<i32>,
    pub lumper_terms: Option<String>,
    pub stops: Vec<DraftStop>,
}

/// A stop as stated: its times on the facility's clock.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DraftStop {
    /// pickup | delivery
    pub kind: String,
    pub facility_name: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip: Option<String>,
    pub appointment: Option<NaiveDateTime>,
    pub window_start: Option<NaiveDateTime>,
    pub window_end: Option<NaiveDateTime>,
    /// IANA, from the stated zone or the state.
    pub time_zone: Option<String>,
    pub instructions: Option<String>,
}

/// The protective terms a rate confirmation should state
/// (`shared/dispatch-domain.md`: disputes mostly come from their absence).
pub const TERMS: [&str; 3] = ["detention", "tonu", "lumper"];

/// What was read: the draft, the names of its fields that were found, and
/// the protective terms left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub draft: Draft,
    pub found: Vec<&'static str>,
    pub missing_terms: Vec<&'static str>,
}

/// The protective terms missing from a load: detention (no hourly rate),
/// TONU (no amount), lumper (no rule).
pub fn missing_terms(detention: bool, tonu: bool, lumper: bool) -> Vec<&'static str> {
    TERMS
        .into_iter()
        .zip([detention, tonu, lumper])
        .filter(|(_, stated)| !stated)
        .map(|(term, _)| term)
        .collect()
}

/// Reads text laid out with spaces (see `layout::lines_from_text`).
pub fn read_text(text: &str) -> Reading {
    read(&lines_from_text(text))
}

/// Reads the lines of a rate confirmation.
pub fn read(lines: &[Line]) -> Reading {
    let doc = Doc::new(lines);
    let mut d = Draft::default();
    customer(&doc, &mut d);
    d.load_number = LOAD_NUMBER_LABELS
        .iter()
        .find_map(|label| doc.labeled(label, false).find_map(id_token));
    d.bol_number = doc.first(&BOL, id_token);
    d.po_number = doc.first(&PO, id_token);
    d.pickup_number = doc.first(&PICKUP_NUMBER, id_token);
    equipment(&doc, &mut d);
    d.commodity = doc.first(&COMMODITY, |v| {
        let v = v.trim().trim_end_matches('.');
        (!v.is_empty()).then(|| v.to_owned())
    });
    d.weight_lbs = doc.first(&WEIGHT, |v| whole_number(&v));
    d.pieces = doc.first(&PIECES, |v| whole_number(&v));
    money(&doc, &mut d);
    terms(&doc, &mut d);
    d.stops = stops(&doc);
    let found = found(&d);
    let missing_terms = missing_terms(
        d.detention_rate_cents.is_some(),
        d.tonu_cents.is_some(),
        d.lumper_terms.is_some(),
    );
    Reading {
        draft: d,
        found,
        missing_terms,
    }
}

fn found(d: &Draft) -> Vec<&'static str> {
    let checks: [(&'static str, bool); 24] = [
        ("customer_name", d.customer_name.is_some()),
        ("customer_mc", d.customer_mc.is_some()),
        ("customer_usdot", d.customer_usdot.is_some()),
        ("load_number", d.load_number.is_some()),
        ("bol_number", d.bol_number.is_some()),
        ("po_number", d.po_number.is_some()),
        ("pickup_number", d.pickup_number.is_some()),
        ("equipment_type", d.equipment_type.is_some()),
        ("length_ft", d.length_ft.is_some()),
        ("reefer_temp_f", d.reefer_temp_f.is_some()),
        ("commodity", d.commodity.is_some()),
        ("weight_lbs", d.weight_lbs.is_some()),
        ("pieces", d.pieces.is_some()),
        ("rate_method", d.rate_method.is_some()),
        ("linehaul_cents", d.linehaul_cents.is_some()),
        ("rate_per_mile_cents", d.rate_per_mile_cents.is_some()),
        ("fuel_surcharge_cents", d.fuel_surcharge_cents.is_some()),
        ("detention_free_minutes", d.detention_free_minutes.is_some()),
        ("detention_rate_cents", d.detention_rate_cents.is_some()),
        ("detention_cap_cents", d.detention_cap_cents.is_some()),
        ("tonu_cents", d.tonu_cents.is_some()),
        ("tonu_window_hours", d.tonu_window_hours.is_some()),
        ("lumper_terms", d.lumper_terms.is_some()),
        ("stops", !d.stops.is_empty()),
    ];
    checks
        .into_iter()
        .filter(|(_, f)| *f)
        .map(|(n, _)| n)
        .collect()
}

// ---------------------------------------------------------------- sections

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Pickup,
    Delivery,
    Carrier,
    Broker,
    Other,
}

/// A line of one section: a heading's block, or the general text (id 0).
struct Placed {
    section: usize,
    kind: Option<Kind>,
    line: Line,
}

struct Doc {
    lines: Vec<Placed>,
    /// Each section's kind and heading text, by id (0: none).
    sections: Vec<Option<Kind>>,
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).expect("a rate-con rule's pattern compiles")
}

static PICKUP_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:stop\s*#?\s*\d+\s*[-–:]?\s*)?(?:shipper|pick\s*-?\s*up|origin|pu)(?:\s*#?\s*\d+)?(?:\s+(?:information|info|location|stop))?\s*:?$",
    )
});
static DELIVERY_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:stop\s*#?\s*\d+\s*[-–:]?\s*)?(?:consignee|receiver|drop(?:\s*-?\s*off)?|delivery|destination|del)(?:\s*#?\s*\d+)?(?:\s+(?:information|info|location|stop))?\s*:?$",
    )
});
static CARRIER_HEADING: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)^carrier(?:\s+(?:information|info|details))?\s*:?$"));
static BROKER_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(?:broker|customer|bill\s*to)(?:\s+(?:information|info|details))?\s*:?$")
});
static OTHER_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:rates?|charges|payment|pay|accessorials?|terms(?:\s+and\s+conditions)?|notes|load\s+(?:details|information|info)|freight\s+details|references?|special\s+instructions)\s*:?$",
    )
});

fn heading(text: &str) -> Option<Kind> {
    let text = text.trim();
    [
        (&*PICKUP_HEADING, Kind::Pickup),
        (&*DELIVERY_HEADING, Kind::Delivery),
        (&*CARRIER_HEADING, Kind::Carrier),
        (&*BROKER_HEADING, Kind::Broker),
        (&*OTHER_HEADING, Kind::Other),
    ]
    .into_iter()
    .find(|(pattern, _)| pattern.is_match(text))
    .map(|(_, kind)| kind)
}

impl Doc {
    /// Places every line in its section: a line of headings opens one
    /// section per heading (side by side when more than one: each cell
    /// below goes to the heading it stands under); a gap closes them.
    fn new(lines: &[Line]) -> Doc {
        let mut doc = Doc {
            lines: Vec::new(),
            sections: vec![None],
        };
        let mut open: Vec<(usize, f32)> = Vec::new();
        for line in lines {
            if line.is_blank() {
                open.clear();
                continue;
            }
            let kinds: Vec<Option<Kind>> = line.cells.iter().map(|c| heading(&c.text)).collect();
            if kinds.iter().all(Option::is_some) {
                open = line
                    .cells
                    .iter()
                    .zip(kinds)
                    .map(|(cell, kind)| {
                        doc.sections.push(kind);
                        (doc.sections.len() - 1, cell.x)
                    })
                    .collect();
                continue;
            }
            match open.as_slice() {
                [] => doc.push(0, line.clone()),
                [(id, _)] => doc.push(*id, line.clone()),
                columns => {
                    let mut parts: Vec<(usize, Line)> = Vec::new();
                    for cell in &line.cells {
                        let id = columns
                            .iter()
                            .rev()
                            .find(|(_, x)| *x <= cell.x + 12.0)
                            .unwrap_or(&columns[0])
                            .0;
                        match parts.iter_mut().find(|(i, _)| *i == id) {
                            Some((_, part)) => part.cells.push(cell.clone()),
                            None => parts.push((
                                id,
                                Line {
                                    cells: vec![cell.clone()],
                                },
                            )),
                        }
                    }
                    for (id, part) in parts {
                        doc.push(id, part);
                    }
                }
            }
        }
        doc
    }

    fn push(&mut self, section: usize, line: Line) {
        self.lines.push(Placed {
            section,
            kind: self.sections[section],
            line,
        });
    }

    /// The lines that speak for the customer (not the carrier's block, nor
    /// a line naming the carrier).
    fn party_lines(&self) -> impl Iterator<Item = &Placed> {
        self.lines
            .iter()
            .filter(|p| p.kind != Some(Kind::Carrier) && !CARRIER_WORD.is_match(&p.line.text()))
    }

    /// Each value a label introduces, in reading order: the rest of the
    /// cell the label begins, or (a label alone in its cell) the next cell.
    fn labeled<'a>(
        &'a self,
        label: &'a Regex,
        with_rest: bool,
    ) -> impl Iterator<Item = String> + 'a {
        self.lines.iter().flat_map(move |p| {
            let cells = &p.line.cells;
            cells
                .iter()
                .enumerate()
                .filter_map(move |(i, cell)| {
                    let caps = label.captures(&cell.text)?;
                    let rest = caps.get(caps.len() - 1).map_or("", |m| m.as_str()).trim();
                    let following = || {
                        if with_rest {
                            cells[i + 1..]
                                .iter()
                                .map(|c| c.text.as_str())
                                .collect::<Vec<_>>()
                                .join(" ")
                        } else {
                            cells.get(i + 1).map(|c| c.text.clone()).unwrap_or_default()
                        }
                    };
                    let value = if rest.is_empty() {
                        following()
                    } else if with_rest {
                        format!("{rest} {}", following())
                    } else {
                        rest.to_owned()
                    };
                    let value = value.trim().to_owned();
                    (!value.is_empty()).then_some(value)
                })
                .collect::<Vec<_>>()
        })
    }

    /// The first value of `label` that `parse` accepts.
    fn first<T>(&self, label: &Regex, parse: impl Fn(String) -> Option<T>) -> Option<T> {
        self.labeled(label, false).find_map(parse)
    }

    /// The first amount after `label` (a dollar amount anywhere in the rest
    /// of its line, else a plain one with cents).
    fn amount(&self, label: &Regex) -> Option<i64> {
        self.labeled(label, true).find_map(|v| dollars(&v))
    }
}

/// `label` as a pattern that matches a cell beginning with it, capturing
/// what follows.
fn label(pattern: &str) -> Regex {
    re(&format!(
        r"(?i)^\s*(?:{pattern})\s*[:#.]?\s*(?:[:\-–]\s*)?(.*)$"
    ))
}

static CARRIER_WORD: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bcarrier\b"));

// ------------------------------------------------------------- the parties

static MC: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\bMC\s*(?:#|no\.?|number)?\s*[:#\-]?\s*(\d{4,8})\b"));
static USDOT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:U\.?\s*S\.?\s*DOT|DOT)\s*(?:#|no\.?|number)?\s*[:#\-]?\s*(\d{5,8})\b")
});
static TITLE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)confirmation|tender|\brate\s+con|load\s+sheet|^page\s+\d|^date\b|^rate\b")
});
static BILL_TO: LazyLock<Regex> =
    LazyLock::new(|| label(r"bill\s*to|broker(?:\s+name)?|customer(?:\s+name)?"));

fn plausible_name(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches(':').trim();
    let starts_with_letter = text.chars().next().is_some_and(char::is_alphabetic);
    let ok = starts_with_letter
        && text.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && !text.contains('$')
        && !MC.is_match(text)
        && !USDOT.is_match(text)
        && !TITLE.is_match(text)
        && heading(text).is_none();
    ok.then(|| text.to_owned())
}

fn customer(doc: &Doc, d: &mut Draft) {
    // The broker's own block, then the letterhead, then a "Bill To".
    let broker = doc
        .lines
        .iter()
        .find(|p| p.kind == Some(Kind::Broker))
        .and_then(|p| p.line.cells.first())
        .and_then(|c| plausible_name(&c.text));
    let letterhead = || {
        doc.lines
            .iter()
            .take(3)
            .take_while(|p| p.section == 0)
            .find_map(|p| p.line.cells.first().and_then(|c| plausible_name(&c.text)))
    };
    let bill_to = || {
        doc.labeled(&BILL_TO, false).find_map(|v| {
            let name = v.split(',').next().unwrap_or_default();
            plausible_name(name)
        })
    };
    d.customer_name = broker.or_else(letterhead).or_else(bill_to);
    for p in doc.party_lines() {
        let text = p.line.text();
        if d.customer_mc.is_none() {
            d.customer_mc = MC.captures(&text).map(|c| c[1].to_owned());
        }
        if d.customer_usdot.is_none() {
            d.customer_usdot = USDOT.captures(&text).map(|c| c[1].to_owned());
        }
    }
}

// -------------------------------------------------------------- references

static LOAD_NUMBER_LABELS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [
        r"load\s*(?:#|no\.?|number|id)",
        r"order\s*(?:#|no\.?|number)",
        r"pro\s*/\s*load(?:\s*(?:#|no\.?|number))?",
        r"shipment\s*(?:#|no\.?|number|id)",
        r"(?:ref|reference)\s*(?:#|no\.?|number)",
        r"(?:load\s+)?confirmation\s*(?:#|no\.?|number)",
    ]
    .into_iter()
    .map(label)
    .collect()
});
static BOL: LazyLock<Regex> =
    LazyLock::new(|| label(r"(?:bol|b/l|bill\s+of\s+lading)\s*(?:#|no\.?|number)?"));
static PO: LazyLock<Regex> =
    LazyLock::new(|| label(r"(?:po|p\.o\.|purchase\s+order)\s*(?:#|no\.?|number)"));
static PICKUP_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| label(r"(?:pu|pick\s*-?\s*up)\s*(?:#|no\.?|number)"));

/// A reference: the first word, when it has a digit in it.
fn id_token(value: String) -> Option<String> {
    let token: String = value
        .trim_start_matches(['#', ':', ' '])
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '/' | '_' | '.'))
        .collect();
    let token = token.trim_end_matches(['.', '/', '-']);
    (token.chars().any(|c| c.is_ascii_digit()) && token.len() <= 40).then(|| token.to_owned())
}

// ---------------------------------------------------- equipment and freight

static EQUIPMENT: LazyLock<Regex> = LazyLock::new(|| {
    label(r"equipment(?:\s+type)?|equip\.?|trailer(?:\s+type)?|truck\s+type|mode")
});
static TEMPERATURE: LazyLock<Regex> =
    LazyLock::new(|| label(r"temp(?:erature)?|set\s*point|reefer\s+temp"));
static LENGTH: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\b(\d{2})\s*(?:'|’|ft\b|foot\b|feet\b|-ft\b)"));
static DEGREES: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)(-?\d{1,3})\s*°?\s*F\b"));
static COMMODITY: LazyLock<Regex> =
    LazyLock::new(|| label(r"commodity|product|description\s+of\s+goods|goods"));
static WEIGHT: LazyLock<Regex> =
    LazyLock::new(|| label(r"(?:gross\s+|total\s+)?weight(?:\s*\(lbs?\))?"));
static PIECES: LazyLock<Regex> =
    LazyLock::new(|| label(r"pieces|pcs|pallets|skids|cases|handling\s+units"));

/// The board's code for what an equipment text names.
fn equipment_code(text: &str) -> Option<&'static str> {
    let t = text.to_ascii_lowercase().replace(['-', '_'], " ");
    [
        ("step deck", "step_deck"),
        ("stepdeck", "step_deck"),
        ("drop deck", "step_deck"),
        ("double drop", "double_drop"),
        ("lowboy", "lowboy"),
        ("rgn", "rgn"),
        ("removable gooseneck", "rgn"),
        ("conestoga", "conestoga"),
        ("power only", "power_only"),
        ("hotshot", "hotshot"),
        ("hot shot", "hotshot"),
        ("box truck", "box_truck"),
        ("straight truck", "box_truck"),
        ("tanker", "tanker"),
        ("hopper", "hopper"),
        ("dump", "dump"),
        ("car hauler", "auto_carrier"),
        ("auto carrier", "auto_carrier"),
        ("container", "container"),
        ("sprinter", "sprinter"),
        ("cargo van", "sprinter"),
        ("reefer", "reefer"),
        ("refrigerated", "reefer"),
        ("temp controlled", "reefer"),
        ("flatbed", "flatbed"),
        ("flat bed", "flatbed"),
        ("van", "van"),
    ]
    .into_iter()
    .find(|(word, _)| t.contains(word))
    .map(|(_, code)| code)
}

fn equipment(doc: &Doc, d: &mut Draft) {
    let value = doc
        .labeled(&EQUIPMENT, false)
        .find(|v| equipment_code(v).is_some());
    if let Some(v) = &value {
        d.equipment_type = equipment_code(v).map(str::to_owned);
        d.length_ft = LENGTH.captures(v).and_then(|c| c[1].parse().ok());
        d.reefer_temp_f = DEGREES.captures(v).and_then(|c| c[1].parse().ok());
    }
    if d.reefer_temp_f.is_none() {
        d.reefer_temp_f = doc.first(&TEMPERATURE, |v| {
            let c = re(r"(-?\d{1,3})").captures(&v)?;
            c[1].parse().ok()
        });
    }
}

/// "42,000 lbs" → 42000; "18 pallets" → 18.
fn whole_number(value: &str) -> Option<i32> {
    let c = NUMBER.captures(value)?;
    c[1].replace(',', "").parse().ok()
}

static NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"^\s*(\d{1,3}(?:,\d{3})+|\d+)\b"));

// ------------------------------------------------------------------- money

static DOLLARS: LazyLock<Regex> =
    LazyLock::new(|| re(r"\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?"));
static PLAIN_AMOUNT: LazyLock<Regex> =
    LazyLock::new(|| re(r"\b(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})\b"));

fn cents_of(whole: &str, fraction: Option<&str>) -> Option<i64> {
    let whole: i64 = whole.replace(',', "").parse().ok()?;
    let fraction = match fraction {
        Some(f) if f.len() == 1 => f.parse::<i64>().ok()? * 10,
        Some(f) => f.parse::<i64>().ok()?,
        None => 0,
    };
    whole.checked_mul(100)?.checked_add(fraction)
}

/// The first dollar amount in `text` ("$2,450.00" → 245000), else the
/// first plain amount with cents.
fn dollars(text: &str) -> Option<i64> {
    DOLLARS
        .captures(text)
        .or_else(|| PLAIN_AMOUNT.captures(text))
        .and_then(|c| cents_of(&c[1], c.get(2).map(|m| m.as_str())))
}

static PER_MILE: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)\$\s*(\d+)(?:\.(\d{1,2}))?\s*(?:/\s*(?:loaded\s+)?(?:mile|mi)\b|per\s+(?:loaded\s+)?mile|a\s+mile|rpm\b)",
    )
});
static PER_MILE_LABEL: LazyLock<Regex> =
    LazyLock::new(|| label(r"rate\s+per\s+mile|per\s+mile\s+rate|rpm|rate/mile"));
static LINEHAUL_LABELS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    [
        r"line\s*-?\s*haul(?:\s+rate)?",
        r"all[\s-]*in(?:\s+rate)?",
        r"flat\s+rate",
        r"freight\s+charges?",
        r"total\s+rate",
        r"rate",
    ]
    .into_iter()
    .map(label)
    .collect()
});
static FUEL: LazyLock<Regex> = LazyLock::new(|| label(r"fuel\s+surcharge|fsc|fuel(?:\s+charge)?"));

fn money(doc: &Doc, d: &mut Draft) {
    let per_mile = doc.amount(&PER_MILE_LABEL).or_else(|| {
        doc.lines.iter().find_map(|p| {
            let text = p.line.text();
            let c = PER_MILE.captures(&text)?;
            cents_of(&c[1], c.get(2).map(|m| m.as_str()))
        })
    });
    if let Some(rate) = per_mile {
        d.rate_method = Some("per_mile".into());
        d.rate_per_mile_cents = Some(rate);
    } else if let Some(linehaul) = LINEHAUL_LABELS.iter().find_map(|l| doc.amount(l)) {
        d.rate_method = Some("flat".into());
        d.linehaul_cents = Some(linehaul);
    }
    d.fuel_surcharge_cents = doc.amount(&FUEL);
}

// ------------------------------------------------------- accessorial terms

static DETENTION: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)\bdetention\b"));
static HOURLY: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:/\s*(?:hr|hour|h)\b|per\s+(?:hr|hour)\b|an\s+hour|hourly)",
    )
});
static FREE_TIME: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?:after\s+(?:the\s+first\s+)?(\d+(?:\.\d+)?)\s*(?:hrs?|hours?)\b|(\d+(?:\.\d+)?)\s*(?:hrs?|hours?)\s+(?:free|grace)|free\s+time\s*:?\s*(\d+(?:\.\d+)?)\s*(?:hrs?|hours?))",
    )
});
static CAP: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?:max(?:imum)?|cap(?:ped)?(?:\s+at)?|up\s+to|not\s+to\s+exceed)\s*(?:of\s*)?:?\s*\$\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?",
    )
});
static TONU: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\btonu\b|truck\s+order(?:ed)?\s+not\s+used"));
static TONU_WINDOW: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)(?:within|less\s+than|inside)\s+(\d{1,3})\s*(?:hours|hrs?)|(\d{1,3})\s*(?:hours|hrs?)\s+(?:notice|prior|before)",
    )
});
static LUMPER: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^.*?\blumpers?(?:\s+(?:fees?|charges?|costs?|services?))?\s*(?:[:\-–]\s*)?(.*)$")
});

fn terms(doc: &Doc, d: &mut Draft) {
    let texts: Vec<String> = doc.lines.iter().map(|p| p.line.text()).collect();
    for text in texts.iter().filter(|t| DETENTION.is_match(t)) {
        let Some(rate) = HOURLY
            .captures(text)
            .and_then(|c| cents_of(&c[1], c.get(2).map(|m| m.as_str())))
        else {
            continue;
        };
        d.detention_rate_cents = Some(rate);
        d.detention_free_minutes = FREE_TIME.captures(text).and_then(|c| {
            let hours: f64 = c.iter().skip(1).flatten().next()?.as_str().parse().ok()?;
            // At most a day of free time: the cast cannot overflow.
            Some((hours * 60.0).round().min(1440.0) as i32)
        });
        d.detention_cap_cents = CAP
            .captures(text)
            .and_then(|c| cents_of(&c[1], c.get(2).map(|m| m.as_str())));
        break;
    }
    if let Some(text) = texts
        .iter()
        .find(|t| TONU.is_match(t) && dollars(t).is_some())
    {
        let after = TONU.find(text).map_or(0, |m| m.start());
        d.tonu_cents = dollars(&text[after..]).or_else(|| dollars(text));
        d.tonu_window_hours = TONU_WINDOW
            .captures(text)
            .and_then(|c| c.iter().skip(1).flatten().next()?.as_str().parse().ok());
    }
    d.lumper_terms = texts.iter().find_map(|t| {
        let rest = LUMPER.captures(t)?.get(1)?.as_str().trim();
        let rest = rest.trim_end_matches('.').trim();
        (!rest.is_empty()).then(|| rest.to_owned())
    });
}

// ------------------------------------------------------------------- stops

static CITY_LINE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"^(?:(.+?),\s*)?([A-Za-z][A-Za-z .'\-]*?)(,?)\s+([A-Z]{2})\.?,?(?:\s+(\d{5})(?:-\d{4})?)?$")
});
/// A label that ends its cell or is followed by a colon (so a facility
/// named "Company Store" is not taken for the label "Company").
fn field_label(pattern: &str) -> Regex {
    re(&format!(r"(?i)^\s*(?:{pattern})\s*(?::\s*(.*)|$)"))
}

static NAME_LABEL: LazyLock<Regex> =
    LazyLock::new(|| field_label(r"name|facility\s+name|facility|company|location"));
static ADDRESS_LABEL: LazyLock<Regex> = LazyLock::new(|| field_label(r"address|addr\.?"));
static INSTRUCTIONS_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    field_label(r"(?:special\s+|driver\s+|delivery\s+|pickup\s+)?(?:instructions|notes|comments)")
});
/// A line that labels something other than the place: a reference, a
/// contact, hours.
static OTHER_LABEL: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r"(?i)^(?:pu|po|bol|b/l|ref|reference|pickup|pick\s*up|appt|appointment|phone|tel|fax|contact|hours|email|e-mail|seal)\b|^[^:]{1,24}:",
    )
});

/// City, state (a US state or DC) and ZIP; and the street when the line
/// carries it first ("1001 Tyson Pkwy, Center, TX 75935").
#[allow(
    clippy::type_complexity,
    reason = "a one-off tuple of the line's parts"
)]
fn city_line(text: &str) -> Option<(Option<String>, String, String, Option<String>)> {
    let c = CITY_LINE.captures(text.trim())?;
    let state = c[4].to_owned();
    zone_of_state(&state)?;
    let zip = c.get(5).map(|m| m.as_str().to_owned());
    // Without a ZIP, only "City, ST" (so "Acme Foods DC" is a name).
    if zip.is_none() && c[3].is_empty() {
        return None;
    }
    Some((
        c.get(1).map(|m| m.as_str().trim().to_owned()),
        c[2].trim().to_owned(),
        state,
        zip,
    ))
}

fn stops(doc: &Doc) -> Vec<DraftStop> {
    let mut out = Vec::new();
    for (id, kind) in doc.sections.iter().enumerate() {
        let kind = match kind {
            Some(Kind::Pickup) => "pickup",
            Some(Kind::Delivery) => "delivery",
            _ => continue,
        };
        let lines: Vec<&Line> = doc
            .lines
            .iter()
            .filter(|p| p.section == id)
            .map(|p| &p.line)
            .collect();
        if let Some(stop) = stop(kind, &lines) {
            out.push(stop);
        }
    }
    out
}

fn stop(kind: &str, lines: &[&Line]) -> Option<DraftStop> {
    let mut s = DraftStop {
        kind: kind.to_owned(),
        ..DraftStop::default()
    };
    let mut time_text = Vec::new();
    let mut street: Option<String> = None;
    for line in lines {
        let text = line.text();
        let first = line.cells.first().map(|c| c.text.as_str()).unwrap_or("");
        let next = || {
            line.cells
                .get(1)
                .map(|c| c.text.clone())
                .unwrap_or_default()
        };
        let value_of = |caps: regex::Captures<'_>| {
            let rest = caps.get(1).map_or("", |m| m.as_str()).trim().to_owned();
            if rest.is_empty() { next() } else { rest }
        };
        if let Some(c) = NAME_LABEL.captures(first) {
            s.facility_name = Some(value_of(c)).filter(|v| !v.is_empty());
        } else if let Some(c) = ADDRESS_LABEL.captures(first) {
            let value = value_of(c);
            match city_line(&value) {
                Some((st, city, state, zip)) => {
                    street = st.or(street);
                    (s.city, s.state, s.zip) = (Some(city), Some(state), zip);
                }
                None => street = Some(value),
            }
        } else if let Some(c) = INSTRUCTIONS_LABEL.captures(first) {
            s.instructions = Some(value_of(c)).filter(|v| !v.is_empty());
        } else if times::has_time(&text) {
            time_text.push(text);
        } else if let Some((st, city, state, zip)) = city_line(&text) {
            if st.is_some() {
                street = st;
            }
            (s.city, s.state, s.zip) = (Some(city), Some(state), zip);
        } else if OTHER_LABEL.is_match(first) {
            continue;
        } else if s.facility_name.is_none() {
            s.facility_name = Some(text);
        } else if street.is_none() && s.city.is_none() {
            street = Some(text);
        }
    }
    s.address = street;
    let stated = times::read(&time_text.join(" "));
    s.appointment = stated.appointment;
    s.window_start = stated.window.map(|w| w.0);
    s.window_end = stated.window.map(|w| w.1);
    s.time_zone = stop_zone(stated.zone.as_deref(), s.state.as_deref()).map(str::to_owned);
    let anything = s.facility_name.is_some()
        || s.city.is_some()
        || s.appointment.is_some()
        || s.window_start.is_some();
    anything.then_some(s)
}

#[cfg(test)]
mod tests;
