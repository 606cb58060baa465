//! The text of an uploaded PDF with where each piece stands on its page
//! (lopdf, decision 042), for `domain::loads::rate_con` to read. Only the
//! text operators are followed (text matrix, leading, spacing, the
//! graphics state's transform); pictures and forms are ignored, so a
//! scanned page yields no text.

use domain::loads::rate_con::{self, Reading, Run};
use lopdf::content::Content;
use lopdf::{Dictionary, Document, Encoding, Object, ObjectId};
use std::collections::BTreeMap;

/// Pages read at most (a rate confirmation has two or three; the terms
/// that follow them say nothing the draft needs).
const MAX_PAGES: usize = 12;
/// Decompressed bytes a page's content or a font's map may grow to.
const MAX_PAGE_BYTES: usize = 16 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// Not a PDF that parses, or protected by a password.
    #[error("unreadable PDF: {0}")]
    Unreadable(String),
}

/// Whether the bytes begin as a PDF does (`%PDF-`, possibly after a few
/// bytes of junk, which readers allow within the first kilobyte).
pub fn looks_like_pdf(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(1024)]
        .windows(5)
        .any(|w| w == b"%PDF-")
}

/// What a rate confirmation PDF says: None when it has no text layer.
pub fn read_rate_con(bytes: &[u8]) -> Result<Option<Reading>, PdfError> {
    let pages = runs(bytes)?;
    if pages.iter().flatten().all(|r| r.text.trim().is_empty()) {
        return Ok(None);
    }
    Ok(Some(rate_con::read(&rate_con::lines(&pages))))
}

/// The positioned text of each page.
pub fn runs(bytes: &[u8]) -> Result<Vec<Vec<Run>>, PdfError> {
    let options = lopdf::LoadOptions {
        max_decompressed_size: Some(MAX_PAGE_BYTES),
        ..lopdf::LoadOptions::default()
    };
    let doc = Document::load_mem_with_options(bytes, options)
        .map_err(|e| PdfError::Unreadable(e.to_string()))?;
    if doc.is_encrypted() {
        return Err(PdfError::Unreadable("encrypted".into()));
    }
    let mut out = Vec::new();
    for (_, page_id) in doc.get_pages().into_iter().take(MAX_PAGES) {
        // A page that does not decode is skipped, not the document.
        out.push(page_runs(&doc, page_id).unwrap_or_default());
    }
    Ok(out)
}

/// A font as the text operators need it: how its bytes read as text, and
/// each code's advance in thousandths of an em.
struct Font<'a> {
    encoding: Encoding<'a>,
    widths: BTreeMap<u32, f32>,
    two_byte: bool,
}

impl Font<'_> {
    fn advance(&self, code: u32) -> f32 {
        self.widths.get(&code).copied().unwrap_or(DEFAULT_WIDTH)
    }
}

/// The average advance of a Latin text font, for fonts without widths
/// (the standard 14).
const DEFAULT_WIDTH: f32 = 550.0;

fn font<'a>(doc: &'a Document, dict: &'a Dictionary) -> Option<Font<'a>> {
    let encoding = dict
        .get_font_encoding_with_limit(doc, MAX_PAGE_BYTES)
        .ok()?;
    let two_byte = dict
        .get(b"Subtype")
        .and_then(Object::as_name)
        .is_ok_and(|s| s == b"Type0");
    let mut widths = BTreeMap::new();
    let first = dict.get(b"FirstChar").and_then(Object::as_i64).unwrap_or(0);
    if let Ok(list) = dict.get_deref(b"Widths", doc).and_then(Object::as_array) {
        for (i, w) in list.iter().enumerate() {
            let w = doc.dereference(w).ok().and_then(|(_, o)| o.as_float().ok());
            if let (Some(w), Ok(code)) = (w, u32::try_from(first + i as i64)) {
                widths.insert(code, w);
            }
        }
    }
    Some(Font {
        encoding,
        widths,
        two_byte,
    })
}

/// A 2-D affine transform `[a b c d e f]` (PDF's row-vector convention).
#[derive(Debug, Clone, Copy)]
struct Matrix([f32; 6]);

impl Matrix {
    const IDENTITY: Matrix = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    fn translate(x: f32, y: f32) -> Matrix {
        Matrix([1.0, 0.0, 0.0, 1.0, x, y])
    }

    /// `self` then `other`.
    fn then(self, other: Matrix) -> Matrix {
        let [a1, b1, c1, d1, e1, f1] = self.0;
        let [a2, b2, c2, d2, e2, f2] = other.0;
        Matrix([
            a1 * a2 + b1 * c2,
            a1 * b2 + b1 * d2,
            c1 * a2 + d1 * c2,
            c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2,
            e1 * b2 + f1 * d2 + f2,
        ])
    }

    fn point(self, x: f32, y: f32) -> (f32, f32) {
        let [a, b, c, d, e, f] = self.0;
        (x * a + y * c + e, x * b + y * d + f)
    }
}

fn numbers(operands: &[Object]) -> Vec<f32> {
    operands.iter().filter_map(|o| o.as_float().ok()).collect()
}

struct TextState<'a> {
    ctm: Matrix,
    stack: Vec<Matrix>,
    tm: Matrix,
    line: Matrix,
    font: Option<&'a Font<'a>>,
    size: f32,
    leading: f32,
    char_spacing: f32,
    word_spacing: f32,
    scale: f32,
    rise: f32,
}

impl TextState<'_> {
    fn next_line(&mut self, tx: f32, ty: f32) {
        self.line = Matrix::translate(tx, ty).then(self.line);
        self.tm = self.line;
    }

    /// Shows the strings (and TJ's spacing numbers) of one operator as one run.
    fn show(&mut self, parts: &[Object], out: &mut Vec<Run>) {
        let Some(font) = self.font else { return };
        let start = Matrix([self.size * self.scale, 0.0, 0.0, self.size, 0.0, self.rise])
            .then(self.tm)
            .then(self.ctm);
        let (x, y) = start.point(0.0, 0.0);
        let (_, top) = start.point(0.0, 1.0);
        let device_size = (top - y).abs().max(0.1);
        let mut text = String::new();
        let mut advance = 0.0_f32;
        for part in parts {
            match part {
                Object::String(bytes, _) => {
                    if let Ok(s) = font.encoding.bytes_to_string(bytes) {
                        text.push_str(&s);
                    }
                    let codes: Vec<u32> = if font.two_byte {
                        bytes
                            .chunks(2)
                            .map(|c| u32::from(c[0]) << 8 | u32::from(*c.get(1).unwrap_or(&0)))
                            .collect()
                    } else {
                        bytes.iter().map(|b| u32::from(*b)).collect()
                    };
                    for code in codes {
                        let space = if code == 32 { self.word_spacing } else { 0.0 };
                        advance +=
                            (font.advance(code) / 1000.0 * self.size + self.char_spacing + space)
                                * self.scale;
                    }
                }
                other => {
                    if let Ok(n) = other.as_float() {
                        // A wide negative adjustment stands for a space.
                        if n < -250.0 && !text.ends_with(' ') {
                            text.push(' ');
                        }
                        advance -= n / 1000.0 * self.size * self.scale;
                    }
                }
            }
        }
        self.tm = Matrix::translate(advance, 0.0).then(self.tm);
        let (end_x, _) = Matrix::translate(0.0, self.rise)
            .then(self.tm)
            .then(self.ctm)
            .point(0.0, 0.0);
        out.push(Run {
            x,
            y,
            width: (end_x - x).abs(),
            size: device_size,
            text,
        });
    }
}

fn page_runs(doc: &Document, page_id: ObjectId) -> Option<Vec<Run>> {
    let dicts = doc.get_page_fonts(page_id).ok()?;
    let fonts: BTreeMap<Vec<u8>, Font<'_>> = dicts
        .into_iter()
        .filter_map(|(name, dict)| Some((name, font(doc, dict)?)))
        .collect();
    let content = doc
        .get_page_content_with_limit(page_id, MAX_PAGE_BYTES)
        .ok()?;
    let content = Content::decode(&content).ok()?;
    let mut out = Vec::new();
    let mut s = TextState {
        ctm: Matrix::IDENTITY,
        stack: Vec::new(),
        tm: Matrix::IDENTITY,
        line: Matrix::IDENTITY,
        font: None,
        size: 0.0,
        leading: 0.0,
        char_spacing: 0.0,
        word_spacing: 0.0,
        scale: 1.0,
        rise: 0.0,
    };
    for op in &content.operations {
        let n = numbers(&op.operands);
        match op.operator.as_str() {
            "q" => s.stack.push(s.ctm),
            "Q" => s.ctm = s.stack.pop().unwrap_or(Matrix::IDENTITY),
            "cm" if n.len() == 6 => {
                s.ctm = Matrix([n[0], n[1], n[2], n[3], n[4], n[5]]).then(s.ctm);
            }
            "BT" => {
                s.tm = Matrix::IDENTITY;
                s.line = Matrix::IDENTITY;
            }
            "Tf" => {
                s.font = op
                    .operands
                    .first()
                    .and_then(|o| o.as_name().ok())
                    .and_then(|name| fonts.get(name));
                s.size = n.first().copied().unwrap_or(s.size);
            }
            "TL" => s.leading = n.first().copied().unwrap_or(0.0),
            "Tc" => s.char_spacing = n.first().copied().unwrap_or(0.0),
            "Tw" => s.word_spacing = n.first().copied().unwrap_or(0.0),
            "Tz" => s.scale = n.first().copied().unwrap_or(100.0) / 100.0,
            "Ts" => s.rise = n.first().copied().unwrap_or(0.0),
            "Td" if n.len() == 2 => s.next_line(n[0], n[1]),
            "TD" if n.len() == 2 => {
                s.leading = -n[1];
                s.next_line(n[0], n[1]);
            }
            "Tm" if n.len() == 6 => {
                s.line = Matrix([n[0], n[1], n[2], n[3], n[4], n[5]]);
                s.tm = s.line;
            }
            "T*" => s.next_line(0.0, -s.leading),
            "Tj" => s.show(&op.operands, &mut out),
            "TJ" => {
                if let Some(Ok(parts)) = op.operands.first().map(Object::as_array) {
                    s.show(parts, &mut out);
                }
            }
            "'" => {
                s.next_line(0.0, -s.leading);
                s.show(&op.operands, &mut out);
            }
            "\"" if op.operands.len() == 3 => {
                s.word_spacing = n.first().copied().unwrap_or(0.0);
                s.char_spacing = n.get(1).copied().unwrap_or(0.0);
                s.next_line(0.0, -s.leading);
                s.show(&op.operands[2..], &mut out);
            }
            _ => {}
        }
    }
    Some(out)
}
