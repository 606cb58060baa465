//! Answers that hand a stored file to the browser under its own name.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// RFC 5987's attr-char: what `filename*` may carry unencoded.
const ATTR_CHAR: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'!')
    .remove(b'#')
    .remove(b'$')
    .remove(b'&')
    .remove(b'+')
    .remove(b'-')
    .remove(b'.')
    .remove(b'^')
    .remove(b'_')
    .remove(b'`')
    .remove(b'|')
    .remove(b'~');

/// `attachment` with the name twice: plain ASCII for old clients, and the
/// exact UTF-8 name in `filename*`, which browsers prefer.
pub fn content_disposition(file_name: &str) -> String {
    let fallback: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!(
        "attachment; filename=\"{fallback}\"; filename*=UTF-8''{}",
        utf8_percent_encode(file_name, ATTR_CHAR)
    )
}

#[cfg(test)]
mod tests {
    use super::content_disposition;

    #[test]
    fn the_download_name_survives_quotes_and_unicode() {
        assert_eq!(
            content_disposition("scan.pdf"),
            "attachment; filename=\"scan.pdf\"; filename*=UTF-8''scan.pdf"
        );
        assert_eq!(
            content_disposition("Señor \"X\".pdf"),
            "attachment; filename=\"Se_or _X_.pdf\"; filename*=UTF-8''Se%C3%B1or%20%22X%22.pdf"
        );
    }
}
