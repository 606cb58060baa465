//! Fleet documents' rules (spec part 2 §3–§5, §9): the twelve types, the
//! expiry status and its 30-day window, and what a stored file name may hold.

use chrono::{Days, NaiveDate};

/// The spec's twelve document types, by stored value.
pub const DOCUMENT_TYPES: [&str; 12] = [
    "truck_registration",
    "truck_inspection",
    "trailer_registration",
    "trailer_inspection",
    "company_insurance",
    "company_authority",
    "company_ifta",
    "company_other",
    "maintenance",
    "safety_report",
    "crash_report",
    "inspection_report",
];

/// A driver's own documents, which the spec's twelve lack (issue 29: a
/// medical card filed as 'Other'). Kept apart so the spec's list stays
/// whole; a qualification item's document is filed as its kind's type
/// (`QualificationKind::document_type`).
pub const DRIVER_DOCUMENT_TYPES: [&str; 3] =
    ["driver_cdl", "driver_medical_card", "driver_qualification"];

/// A load's own documents (issue 31): filed on a load, never on a truck,
/// trailer or driver. Kept apart like the driver's three.
pub const LOAD_DOCUMENT_TYPES: [&str; 5] = [
    "rate_confirmation",
    "bill_of_lading",
    "proof_of_delivery",
    "lumper_receipt",
    "scale_ticket",
];

/// The type of a signed proof of delivery: a load is delivered once each
/// of its deliveries has one (issue 32).
pub const PROOF_OF_DELIVERY: &str = "proof_of_delivery";

/// Whether `value` is one of the stored type values.
/// A load's types are not among them: they are filed on a load only
/// (`is_load_document_type`).
pub fn is_document_type(value: &str) -> bool {
    DOCUMENT_TYPES.contains(&value) || DRIVER_DOCUMENT_TYPES.contains(&value)
}

/// Whether `value` is a type filed on a load.
pub fn is_load_document_type(value: &str) -> bool {
    LOAD_DOCUMENT_TYPES.contains(&value)
}

/// Days ahead in which an expiration counts as 'Expiring Soon'.
pub const EXPIRING_SOON_DAYS: u64 = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExpiryStatus {
    /// No expiration date: 'N/A'.
    None,
    Expired,
    ExpiringSoon,
    Valid,
}

impl ExpiryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ExpiryStatus::None => "none",
            ExpiryStatus::Expired => "expired",
            ExpiryStatus::ExpiringSoon => "expiring_soon",
            ExpiryStatus::Valid => "valid",
        }
    }
}

/// The last day that is still 'Expiring Soon' seen from `today`.
pub fn expiring_soon_until(today: NaiveDate) -> NaiveDate {
    today
        .checked_add_days(Days::new(EXPIRING_SOON_DAYS))
        .unwrap_or(NaiveDate::MAX)
}

/// A document is valid through its expiration date: it is expired from the
/// day after, and expiring soon from 30 days before up to that day.
pub fn expiry_status(expiration: Option<NaiveDate>, today: NaiveDate) -> ExpiryStatus {
    match expiration {
        None => ExpiryStatus::None,
        Some(date) if date < today => ExpiryStatus::Expired,
        Some(date) if date <= expiring_soon_until(today) => ExpiryStatus::ExpiringSoon,
        Some(_) => ExpiryStatus::Valid,
    }
}

/// Longest stored file name, in characters (most file systems allow 255 bytes).
pub const FILE_NAME_MAX_CHARS: usize = 180;

/// Unicode's bidirectional formatting characters (embeddings, overrides,
/// isolates, marks): in a file name they make "invoice\u{202e}fdp.exe" read
/// as "invoiceexe.pdf".
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The name a download is offered under: the last path part of what the
/// client sent (either slash), without control characters (NUL included) or
/// bidirectional formatting characters, trimmed, at most
/// `FILE_NAME_MAX_CHARS` characters keeping the extension; "document" when
/// nothing is left (or only dots).
pub fn clean_file_name(raw: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last
        .chars()
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .collect();
    let cleaned = cleaned.trim();
    if cleaned.chars().all(|c| c == '.') {
        return "document".into();
    }
    if cleaned.chars().count() <= FILE_NAME_MAX_CHARS {
        return cleaned.to_owned();
    }
    let (stem, extension) = match cleaned.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && ext.chars().count() <= 10 => (stem, Some(ext)),
        _ => (cleaned, None),
    };
    let keep = FILE_NAME_MAX_CHARS - extension.map_or(0, |e| e.chars().count() + 1);
    let stem: String = stem.chars().take(keep).collect();
    match extension {
        Some(ext) => format!("{stem}.{ext}"),
        None => stem,
    }
}

/// A byte limit as people say it: "25 MB", "512 KB", "1.5 MB" (1 MB = 1,048,576 bytes).
pub fn size_for_people(bytes: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = 1024 * KB;
    let (value, unit) = if bytes >= MB {
        (bytes as f64 / MB as f64, "MB")
    } else if bytes >= KB {
        (bytes as f64 / KB as f64, "KB")
    } else {
        return format!("{bytes} bytes");
    };
    let rounded = (value * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0} {unit}")
    } else {
        format!("{rounded:.1} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn expiry_status_at_every_boundary() {
        let today = day("2025-01-05");
        assert_eq!(expiry_status(None, today), ExpiryStatus::None);
        assert_eq!(
            expiry_status(Some(day("2025-01-04")), today),
            ExpiryStatus::Expired
        );
        assert_eq!(
            expiry_status(Some(day("2024-06-01")), today),
            ExpiryStatus::Expired
        );
        assert_eq!(
            expiry_status(Some(today), today),
            ExpiryStatus::ExpiringSoon
        );
        assert_eq!(
            expiry_status(Some(day("2025-01-06")), today),
            ExpiryStatus::ExpiringSoon
        );
        assert_eq!(
            expiry_status(Some(day("2025-02-04")), today),
            ExpiryStatus::ExpiringSoon
        );
        assert_eq!(
            expiry_status(Some(day("2025-02-05")), today),
            ExpiryStatus::Valid
        );
        assert_eq!(
            expiry_status(Some(NaiveDate::MAX), NaiveDate::MAX),
            ExpiryStatus::ExpiringSoon
        );
    }

    #[test]
    fn the_window_crosses_a_leap_day() {
        assert_eq!(expiring_soon_until(day("2024-02-15")), day("2024-03-16"));
    }

    #[test]
    fn type_values_are_the_twelve_of_the_spec_the_drivers_and_the_loads() {
        assert!(is_document_type("company_ifta"));
        assert!(is_document_type("driver_medical_card"));
        assert!(!is_document_type("Company_IFTA"));
        assert!(!is_document_type(""));
        let labels = &crate::texts::texts().documents.types;
        assert_eq!(labels.len(), 20);
        assert!(
            DOCUMENT_TYPES
                .iter()
                .chain(&DRIVER_DOCUMENT_TYPES)
                .chain(&LOAD_DOCUMENT_TYPES)
                .all(|t| labels.contains_key(*t))
        );
        assert!(
            !is_document_type("proof_of_delivery"),
            "a load's type only on a load"
        );
    }

    #[test]
    fn file_names_lose_paths_and_control_characters() {
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("C:\\Users\\me\\scan.pdf"), "scan.pdf");
        assert_eq!(clean_file_name("in\0voice\r\n.pdf"), "invoice.pdf");
        assert_eq!(clean_file_name("  report 2025.pdf  "), "report 2025.pdf");
        assert_eq!(clean_file_name(".."), "document");
        assert_eq!(clean_file_name("dir/"), "document");
        assert_eq!(clean_file_name(""), "document");
        assert_eq!(clean_file_name("Crash – Mañana.pdf"), "Crash – Mañana.pdf");
    }

    #[test]
    fn file_names_lose_bidirectional_overrides() {
        // Shown as "invoiceexe.pdf" with the override in place.
        assert_eq!(clean_file_name("invoice\u{202e}fdp.exe"), "invoicefdp.exe");
        assert_eq!(
            clean_file_name("\u{2067}a\u{2069}\u{200f}b\u{061c}.pdf"),
            "ab.pdf"
        );
        // Right-to-left text itself stays.
        assert_eq!(clean_file_name("עברית.pdf"), "עברית.pdf");
    }

    #[test]
    fn long_file_names_keep_their_extension() {
        let long = format!("{}.pdf", "a".repeat(400));
        let cleaned = clean_file_name(&long);
        assert_eq!(cleaned.chars().count(), FILE_NAME_MAX_CHARS);
        assert!(cleaned.ends_with("a.pdf"));
        let no_ext = "b".repeat(400);
        assert_eq!(
            clean_file_name(&no_ext).chars().count(),
            FILE_NAME_MAX_CHARS
        );
    }

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_for_people(25 * 1024 * 1024), "25 MB");
        assert_eq!(size_for_people(1536 * 1024), "1.5 MB");
        assert_eq!(size_for_people(512 * 1024), "512 KB");
        assert_eq!(size_for_people(100), "100 bytes");
    }
}
