//! What text the product accepts from outside. Control characters (NUL and
//! the rest of C0, DEL, C1) have no place in names, e-mails or searches, and
//! PostgreSQL refuses NUL in text outright; tab and line breaks stay allowed
//! for multi-line fields.

use crate::texts;

pub fn has_control_characters(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The message that names the offending field.
pub fn control_characters_message(field: &str) -> String {
    texts().errors.control_characters.replace("{field}", field)
}

/// A typed field as stored: control characters dropped (tab and line feed
/// kept where `multiline`), then trimmed.
pub fn clean_text(raw: &str, multiline: bool) -> String {
    raw.chars()
        .filter(|c| !c.is_control() || (multiline && matches!(c, '\n' | '\t')))
        .collect::<String>()
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_text_drops_control_characters_and_keeps_line_breaks_only_when_asked() {
        assert_eq!(clean_text("  a\0b\r\nc\t ", false), "abc");
        assert_eq!(clean_text("  a\0b\r\nc\td ", true), "ab\nc\td");
        assert_eq!(clean_text("\u{1b}[31m", true), "[31m");
        assert_eq!(clean_text(" \n ", true), "");
    }

    #[test]
    fn control_characters_are_found_wherever_they_are() {
        for bad in [
            "a\0b",
            "\u{1}",
            "x\u{1b}[31m",
            "del\u{7f}",
            "c1\u{85}",
            "\u{9f}",
        ] {
            assert!(has_control_characters(bad), "{bad:?}");
        }
    }

    #[test]
    fn ordinary_text_tabs_and_line_breaks_pass() {
        for good in [
            "",
            "James Johnson",
            "(615) 555-0007",
            "line\nbreak\r\n\tindent",
            "Café ñ 日本",
            "🚚",
        ] {
            assert!(!has_control_characters(good), "{good:?}");
        }
    }

    #[test]
    fn the_message_names_the_field() {
        assert_eq!(
            control_characters_message("first_name"),
            "first_name contains a control character, which is not allowed"
        );
    }
}
