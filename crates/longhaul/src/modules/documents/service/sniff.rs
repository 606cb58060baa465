//! What a file is, by its first bytes rather than its name or the type the
//! client claims (the `infer` crate's signatures; text by its encoding).

use domain::texts;

/// How many leading bytes the check reads: enough for a DOCX or XLSX, whose
/// part names follow the ZIP's first entries.
pub const HEAD_BYTES: usize = 64 * 1024;

const ALLOWED: [&str; 7] = [
    "application/pdf",
    "image/jpeg",
    "image/png",
    "image/heif",
    "image/tiff",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
];

/// The MIME type to store for a file starting with `head` (all of it when
/// the file is shorter than `HEAD_BYTES`), or the message of the 415 that
/// names what was found.
pub fn sniff(head: &[u8], file_name: &str, complete: bool) -> Result<&'static str, String> {
    let refuse = |found: String| {
        Err(texts()
            .documents
            .file_type_not_allowed
            .replace("{found}", &found))
    };
    if let Some(kind) = infer::get(head) {
        return match ALLOWED.iter().find(|m| **m == kind.mime_type()) {
            Some(mime) => Ok(mime),
            None => refuse(format!("found {}, .{}", kind.mime_type(), kind.extension())),
        };
    }
    if is_text(head, complete) {
        let csv = file_name.to_ascii_lowercase().ends_with(".csv");
        return Ok(if csv { "text/csv" } else { "text/plain" });
    }
    refuse("found binary data of no known type".into())
}

/// What a driver's phone may send for a POD or receipt: a photo or a PDF.
pub const PHOTO_OR_PDF: [&str; 5] = [
    "application/pdf",
    "image/jpeg",
    "image/png",
    "image/heif",
    "image/webp",
];

/// The MIME type of a file starting with `head` when it is one of
/// `allowed` (no text types), or what was found instead.
pub fn sniff_among(head: &[u8], allowed: &[&'static str]) -> Result<&'static str, String> {
    match infer::get(head) {
        Some(kind) => allowed
            .iter()
            .find(|m| **m == kind.mime_type())
            .copied()
            .ok_or_else(|| format!("found {}, .{}", kind.mime_type(), kind.extension())),
        None => Err("found data of no known type".into()),
    }
}

/// UTF-8 (a character cut at the end of an incomplete head is fine) with
/// no control characters but tab, line breaks and form feed.
fn is_text(head: &[u8], complete: bool) -> bool {
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        // Cut mid-character by the head's end: check what came before it.
        Err(e) if !complete && e.error_len().is_none() => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return false,
    };
    valid
        .chars()
        .all(|c| !c.is_control() || matches!(c, '\t' | '\n' | '\r' | '\u{c}'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_types_are_known_by_their_bytes() {
        assert_eq!(
            sniff(b"%PDF-1.7\n...", "x.bin", true),
            Ok("application/pdf")
        );
        assert_eq!(
            sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "a", true),
            Ok("image/jpeg")
        );
        assert_eq!(
            sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "a.pdf", true),
            Ok("image/png")
        );
        assert_eq!(
            sniff(b"II*\0\x08\0\0\0\x10\0\0\0", "scan", true),
            Ok("image/tiff")
        );
        let heic = [&[0u8, 0, 0, 0x18][..], b"ftypheic\0\0\0\0mif1heic"].concat();
        assert_eq!(sniff(&heic, "IMG_0001.HEIC", true), Ok("image/heif"));
        assert_eq!(
            sniff(&zip_entry("word/document.xml"), "a", true),
            Ok("application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        );
        assert_eq!(
            sniff(&zip_entry("xl/workbook.xml"), "a", true),
            Ok("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        );
        assert_eq!(
            sniff(b"unit,vin\n1,ABC\n", "fleet.CSV", true),
            Ok("text/csv")
        );
        assert_eq!(
            sniff("Notes – día 1\n".as_bytes(), "notes.txt", true),
            Ok("text/plain")
        );
    }

    /// A ZIP whose first entry is `name` (stored, as Office writes it).
    fn zip_entry(name: &str) -> Vec<u8> {
        let mut zip = b"PK\x03\x04".to_vec();
        zip.extend_from_slice(&[0u8; 22]);
        zip.extend_from_slice(&(name.len() as u16).to_le_bytes());
        zip.extend_from_slice(&[0, 0]);
        zip.extend_from_slice(name.as_bytes());
        zip.extend_from_slice(b"<xml/>");
        zip
    }

    #[test]
    fn other_bytes_are_refused_naming_what_was_found() {
        let exe = sniff(b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff", "invoice.pdf", true).unwrap_err();
        assert!(exe.contains(".exe"), "{exe}");
        let zip = sniff(b"PK\x03\x04\x14\0\0\0\0\0", "a.docx", true).unwrap_err();
        assert!(zip.contains("zip"), "{zip}");
        let binary = sniff(b"\0\x01\x02garbage", "a.txt", true).unwrap_err();
        assert!(binary.contains("binary data"), "{binary}");
    }

    #[test]
    fn a_character_cut_by_the_head_is_still_text() {
        let text = "ñ".repeat(10);
        let cut = &text.as_bytes()[..9];
        assert_eq!(sniff(cut, "a.txt", false), Ok("text/plain"));
        assert!(sniff(cut, "a.txt", true).is_err());
    }
}
