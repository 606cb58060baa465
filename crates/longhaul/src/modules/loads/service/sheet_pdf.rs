//! The load sheet as a PDF, written with `lopdf` (decision 040): US Letter,
//! the two standard Helvetica faces (no font file to embed) in the
//! WinAnsi encoding, one text object per line so a reader extracts it line
//! by line, wrapped by an estimate of Helvetica's widths, new pages as the
//! lines need them.

use super::LoadsError;
use super::sheet::{Sheet, gather};
use anyhow::Context;
use db::tenancy::{self, TenantScope};
use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Encoding, Object, ObjectId, Stream, StringFormat, dictionary};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

const PAGE_WIDTH: f32 = 612.0;
const PAGE_HEIGHT: f32 = 792.0;
const MARGIN: f32 = 54.0;
const TEXT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;

#[derive(Clone, Copy, PartialEq)]
enum Face {
    Regular,
    Bold,
}

impl Face {
    fn resource(self) -> &'static str {
        match self {
            Face::Regular => "F1",
            Face::Bold => "F2",
        }
    }
}

/// One line to set: its face, size, indent and text.
struct Line {
    face: Face,
    size: f32,
    indent: f32,
    text: String,
    /// Space before it, in points.
    gap: f32,
}

/// Helvetica's advance of `c` in thousandths of the size, near enough to
/// wrap by (the narrow, wide and capital glyphs set apart from the rest).
fn advance(c: char, face: Face) -> f32 {
    let base = match c {
        ' ' | 'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' => 278.0,
        'f' | 't' | 'r' | 'I' | '(' | ')' | '[' | ']' | '/' | '-' => 333.0,
        'm' | 'w' | 'M' | 'W' | '@' | '%' | '\u{2014}' => 889.0,
        c if c.is_ascii_uppercase() => 700.0,
        c if c.is_ascii_digit() => 556.0,
        _ => 556.0,
    };
    if face == Face::Bold {
        base * 1.06
    } else {
        base
    }
}

fn width(text: &str, face: Face, size: f32) -> f32 {
    text.chars().map(|c| advance(c, face)).sum::<f32>() * size / 1000.0
}

/// `text` broken at spaces into lines no wider than `room`; a word wider
/// than the line is broken where it must be.
fn wrap(text: &str, face: Face, size: f32, room: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if width(&candidate, face, size) <= room {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let mut piece = String::new();
            for c in word.chars() {
                piece.push(c);
                if width(&piece, face, size) > room {
                    piece.pop();
                    lines.push(std::mem::take(&mut piece));
                    piece.push(c);
                }
            }
            line = piece;
        }
        lines.push(line);
    }
    lines.retain(|l| !l.is_empty());
    lines
}

fn push(lines: &mut Vec<Line>, face: Face, size: f32, indent: f32, gap: f32, text: &str) {
    for (i, piece) in wrap(text, face, size, TEXT_WIDTH - indent)
        .into_iter()
        .enumerate()
    {
        lines.push(Line {
            face,
            size,
            indent,
            text: piece,
            gap: if i == 0 { gap } else { 0.0 },
        });
    }
}

/// The sheet as lines, top to bottom.
fn lines_of(sheet: &Sheet) -> Vec<Line> {
    let mut lines = Vec::new();
    push(&mut lines, Face::Bold, 18.0, 0.0, 0.0, &sheet.title);
    for section in &sheet.sections {
        push(&mut lines, Face::Bold, 12.0, 0.0, 10.0, &section.title);
        for fact in &section.facts {
            push(
                &mut lines,
                Face::Regular,
                10.0,
                12.0,
                0.0,
                &format!("{}: {}", fact.label, fact.value),
            );
        }
    }
    push(&mut lines, Face::Bold, 12.0, 0.0, 10.0, &sheet.stops_title);
    for stop in &sheet.stops {
        push(&mut lines, Face::Bold, 11.0, 0.0, 6.0, &stop.heading);
        push(&mut lines, Face::Bold, 10.0, 12.0, 0.0, &stop.facility);
        push(&mut lines, Face::Regular, 10.0, 12.0, 0.0, &stop.address);
        push(
            &mut lines,
            Face::Regular,
            10.0,
            12.0,
            0.0,
            &format!("{}: {}", stop.time_label, stop.time),
        );
        for fact in &stop.facts {
            push(
                &mut lines,
                Face::Regular,
                10.0,
                12.0,
                0.0,
                &format!("{}: {}", fact.label, fact.value),
            );
        }
        push(
            &mut lines,
            Face::Regular,
            9.0,
            12.0,
            0.0,
            &format!("{}: {}", stop.map_label, stop.map_link),
        );
    }
    if let Some(instructions) = &sheet.instructions {
        push(
            &mut lines,
            Face::Bold,
            12.0,
            0.0,
            10.0,
            &sheet.instructions_title,
        );
        push(&mut lines, Face::Regular, 10.0, 12.0, 0.0, instructions);
    }
    push(&mut lines, Face::Regular, 9.0, 0.0, 14.0, &sheet.footer);
    lines
}

/// The pages' content: each line its own text object, a new page when the
/// next line would cross the bottom margin.
fn pages_of(lines: &[Line]) -> anyhow::Result<Vec<Vec<Operation>>> {
    let encoding = Encoding::SimpleEncoding(b"WinAnsiEncoding");
    let mut pages = vec![Vec::new()];
    let mut y = PAGE_HEIGHT - MARGIN;
    for line in lines {
        let step = line.gap + line.size * 1.35;
        if y - step < MARGIN {
            pages.push(Vec::new());
            y = PAGE_HEIGHT - MARGIN;
        }
        y -= step;
        let ops = pages.last_mut().context("a page")?;
        ops.push(Operation::new("BT", vec![]));
        ops.push(Operation::new(
            "Tf",
            vec![line.face.resource().into(), line.size.into()],
        ));
        ops.push(Operation::new(
            "Td",
            vec![(MARGIN + line.indent).into(), y.into()],
        ));
        ops.push(Operation::new(
            "Tj",
            vec![Object::String(
                Document::encode_text(&encoding, &line.text),
                StringFormat::Literal,
            )],
        ));
        ops.push(Operation::new("ET", vec![]));
    }
    Ok(pages)
}

fn font(doc: &mut Document, base: &str) -> ObjectId {
    doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => base,
        "Encoding" => "WinAnsiEncoding",
    })
}

/// The load sheet as a PDF, and the load's PRO number (its file's name);
/// another fleet's load is not found.
pub async fn pdf(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<(i32, Vec<u8>), LoadsError> {
    let tx = tenancy::read(db, scope).await?;
    let (sheet, _) = gather(&tx, id).await?;
    tx.commit().await?;
    let bytes = render(&sheet).map_err(LoadsError::Internal)?;
    Ok((sheet.pro_number, bytes))
}

/// The sheet's PDF bytes.
pub fn render(sheet: &Sheet) -> anyhow::Result<Vec<u8>> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let regular = font(&mut doc, "Helvetica");
    let bold = font(&mut doc, "Helvetica-Bold");
    let resources = doc.add_object(dictionary! {
        "Font" => dictionary! { "F1" => regular, "F2" => bold },
    });
    let mut kids = Vec::new();
    for operations in pages_of(&lines_of(sheet))? {
        let content = Content { operations }
            .encode()
            .context("encoding a load sheet page")?;
        let mut stream = Stream::new(Dictionary::new(), content);
        // Deflated: a page of text is a few kilobytes rather than tens.
        stream.compress().context("compressing a load sheet page")?;
        let content_id = doc.add_object(stream);
        kids.push(Object::from(doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Contents" => content_id,
        })));
    }
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count,
            "Resources" => resources,
            "MediaBox" => vec![0.into(), 0.into(), (PAGE_WIDTH as i64).into(), (PAGE_HEIGHT as i64).into()],
        }),
    );
    let catalog = doc.add_object(dictionary! {
        "Type" => "Catalog",
        "Pages" => pages_id,
    });
    doc.trailer.set("Root", catalog);
    let info = doc.add_object(dictionary! {
        "Title" => lopdf::text_string(&sheet.title),
        "Producer" => Object::string_literal(env!("CARGO_PKG_NAME")),
    });
    doc.trailer.set("Info", info);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes)
        .context("writing the load sheet PDF")?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::super::sheet::{Fact, Section, SheetStop};
    use super::*;

    fn sheet(stops: usize) -> Sheet {
        Sheet {
            pro_number: 1002,
            title: "Load sheet \u{2014} PRO 1002".into(),
            subject: String::new(),
            intro: String::new(),
            sections: vec![Section {
                title: "References".into(),
                facts: vec![Fact {
                    label: "BOL".into(),
                    value: "BOL-77".into(),
                }],
            }],
            stops_title: "Stops".into(),
            stops: (0..stops)
                .map(|i| SheetStop {
                    heading: format!("Stop {}: Pickup", i + 1),
                    facility: "Windy City Foods".into(),
                    address: "1 Dock St, Chicago, IL".into(),
                    time_label: "Window".into(),
                    time: "Tue Mar 3, 2026 09:00\u{2013}15:00 EST".into(),
                    facts: vec![Fact {
                        label: "Instructions".into(),
                        value: "Check in at gate 4 ".repeat(20),
                    }],
                    map_label: "Map".into(),
                    map_link: "https://www.google.com/maps/search/?api=1&query=1.000000,2.000000"
                        .into(),
                })
                .collect(),
            instructions_title: "Instructions".into(),
            instructions: Some("No double brokering.".into()),
            footer: "Call your dispatcher.".into(),
        }
    }

    fn text_of(bytes: &[u8]) -> (usize, String) {
        let doc = Document::load_mem(bytes).unwrap();
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        (pages.len(), doc.extract_text(&pages).unwrap())
    }

    #[test]
    fn the_text_reads_back_line_by_line_with_its_dashes() {
        let (pages, text) = text_of(&render(&sheet(1)).unwrap());
        assert_eq!(pages, 1);
        assert!(text.contains("Load sheet \u{2014} PRO 1002"), "{text}");
        assert!(text.contains("Window: Tue Mar 3, 2026 09:00\u{2013}15:00 EST"));
        assert!(text.contains("BOL: BOL-77"));
        assert!(text.contains("No double brokering."));
    }

    #[test]
    fn long_text_wraps_within_the_margins_and_stops_flow_onto_new_pages() {
        let (pages, text) = text_of(&render(&sheet(12)).unwrap());
        assert!(pages >= 2, "{pages} pages");
        assert!(text.contains("Stop 12: Pickup"));
        for line in text.lines() {
            assert!(
                width(line, Face::Regular, 10.0) <= TEXT_WIDTH,
                "too wide: {line}"
            );
        }
    }
}
