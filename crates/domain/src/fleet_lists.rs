//! The states the fleet lists filter, sort and search by, derived from a
//! row's own fields when it is written and stored beside it (decision 014),
//! so that a list counts and pages from an index instead of re-deriving them
//! on every row at every read. Each rule here is the one the lists used to
//! evaluate in SQL, kept exactly: the same rows land in the same tab, in the
//! same order, and the same searches find them.

use crate::driver_form::PHONE_PUNCTUATION;
use crate::fleet::{DECOMMISSIONED_DRIVER_ID, DECOMMISSIONED_DRIVER_NAME};

/// The fleet lists whose tab counts are kept per fleet (`fleet_list_counts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum List {
    Trucks,
    Trailers,
    Drivers,
}

impl List {
    /// The stored value.
    pub const fn as_str(self) -> &'static str {
        match self {
            List::Trucks => "trucks",
            List::Trailers => "trailers",
            List::Drivers => "drivers",
        }
    }
}

/// The tab of its list a truck or trailer is shown in; a decommissioned
/// truck is shown in none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListTab {
    Active,
    Inactive,
    Decommissioned,
}

impl ListTab {
    pub const ALL: [ListTab; 3] = [ListTab::Active, ListTab::Inactive, ListTab::Decommissioned];

    /// The stored value.
    pub const fn as_str(self) -> &'static str {
        match self {
            ListTab::Active => "active",
            ListTab::Inactive => "inactive",
            ListTab::Decommissioned => "decommissioned",
        }
    }

    pub fn parse(stored: &str) -> Option<ListTab> {
        ListTab::ALL.into_iter().find(|tab| tab.as_str() == stored)
    }

    /// The list tab asked for by `?tab=active|inactive`.
    pub const fn listed(active: bool) -> ListTab {
        if active {
            ListTab::Active
        } else {
            ListTab::Inactive
        }
    }
}

/// A truck taken out of service (spec part 2 §4): its ELD driver is the
/// marker driver, by id or by name (case-insensitive, untrimmed), or its
/// notes mention the marker driver's name (case-insensitive).
pub fn is_decommissioned(
    driver_eld_id: Option<&str>,
    driver_name: Option<&str>,
    notes: Option<&str>,
) -> bool {
    let marker = DECOMMISSIONED_DRIVER_NAME.to_lowercase();
    driver_eld_id == Some(DECOMMISSIONED_DRIVER_ID)
        || driver_name.is_some_and(|n| n.to_lowercase() == marker)
        || notes.is_some_and(|n| n.to_lowercase().contains(&marker))
}

/// A truck's tab: none when decommissioned; else active while an assigned
/// driver name is stored (any non-empty text, even blanks), else inactive.
pub fn truck_list_tab(
    driver_eld_id: Option<&str>,
    driver_name: Option<&str>,
    notes: Option<&str>,
) -> ListTab {
    if is_decommissioned(driver_eld_id, driver_name, notes) {
        ListTab::Decommissioned
    } else if driver_name.is_some_and(|n| !n.is_empty()) {
        ListTab::Active
    } else {
        ListTab::Inactive
    }
}

/// A trailer's tab: active only with the ELD status 'active' (exactly).
pub fn trailer_list_tab(status: &str) -> ListTab {
    ListTab::listed(status == "active")
}

/// Shown as 'Unnamed Truck' / 'Unnamed Trailer' and listed after the named
/// ones: no name, or only spaces (SQL's TRIM, which strips spaces alone).
pub fn is_unnamed(name: Option<&str>) -> bool {
    name.is_none_or(|n| n.trim_matches(' ').is_empty())
}

/// Between the fields of a search document: a control character, which a
/// search text never holds (control characters in a URL are refused at the
/// edge), so a search never matches across two fields.
pub const SEARCH_SEPARATOR: char = '\u{1f}';

/// The searched fields of a row as one lower-cased text: a search finds the
/// row when the document contains the (lower-cased) search text, exactly
/// when one of the fields does. One stored column read per row instead of a
/// `lower()` per field and row.
pub fn search_document(fields: &[Option<&str>]) -> String {
    let mut doc = String::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            doc.push(SEARCH_SEPARATOR);
        }
        doc.push_str(field.unwrap_or_default());
    }
    doc.to_lowercase()
}

/// The driver's full name as a search finds it ('james johnson'): first and
/// last name, each stripped of spaces, joined by one space, lower-cased.
pub fn driver_search_name(first: Option<&str>, last: Option<&str>) -> String {
    let part = |s: Option<&str>| s.unwrap_or_default().trim_matches(' ').to_owned();
    format!("{} {}", part(first), part(last)).to_lowercase()
}

/// The stored phone without its punctuation, so '(615) 555-0007' finds a
/// phone stored as '615.555.0007'; None without a phone.
pub fn phone_search_digits(phone: Option<&str>) -> Option<String> {
    phone.map(|p| {
        p.chars()
            .filter(|c| !PHONE_PUNCTUATION.contains(*c))
            .collect()
    })
}

/// The digit strings to look for when a (lower-cased) search text reads as
/// (part of) a phone number: only digits and phone punctuation, at least
/// three digits; none otherwise. A US number typed with its leading '+1'
/// also finds it stored without.
pub fn phone_search_terms(text: &str) -> Vec<String> {
    let phone_like = text
        .chars()
        .all(|c| c.is_ascii_digit() || PHONE_PUNCTUATION.contains(c));
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if !phone_like || digits.len() < 3 {
        return Vec::new();
    }
    let national = (digits.len() == 11 && digits.starts_with('1')).then(|| digits[1..].to_owned());
    std::iter::once(digits).chain(national).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ListTab::*;

    #[test]
    fn stored_values_round_trip() {
        for tab in ListTab::ALL {
            assert_eq!(ListTab::parse(tab.as_str()), Some(tab));
        }
        assert_eq!(ListTab::parse("Active"), None);
        assert_eq!(ListTab::parse(""), None);
        assert_eq!(ListTab::listed(true), Active);
        assert_eq!(ListTab::listed(false), Inactive);
    }

    #[test]
    fn decommissioned_by_the_marker_drivers_id_exactly() {
        assert_eq!(truck_list_tab(Some("4118417"), None, None), Decommissioned);
        assert_eq!(
            truck_list_tab(Some("4118417"), Some("Ann Lee"), None),
            Decommissioned
        );
        assert_eq!(truck_list_tab(Some("41184170"), None, None), Inactive);
        assert_eq!(truck_list_tab(Some(" 4118417"), None, None), Inactive);
        assert_eq!(truck_list_tab(Some("411841"), Some("Ann"), None), Active);
    }

    #[test]
    fn decommissioned_by_the_marker_drivers_name_in_any_case_untrimmed() {
        for name in [
            "Trucks no longer in service",
            "trucks no longer in service",
            "TRUCKS NO LONGER IN SERVICE",
        ] {
            assert_eq!(truck_list_tab(None, Some(name), None), Decommissioned);
        }
        // Only the whole name: padded or extended it is a (strange) driver.
        for name in [
            " Trucks no longer in service",
            "Trucks no longer in service ",
            "Trucks no longer in service 2",
            "Trucks no longer in servic",
        ] {
            assert_eq!(truck_list_tab(None, Some(name), None), Active, "{name:?}");
        }
    }

    #[test]
    fn decommissioned_by_a_mention_in_the_notes() {
        for notes in [
            "trucks no longer in service",
            "Moved to Trucks no longer in service pool",
            "see TRUCKS NO LONGER IN SERVICE",
        ] {
            assert_eq!(
                truck_list_tab(None, Some("Ann Lee"), Some(notes)),
                Decommissioned
            );
        }
        for notes in [
            "",
            "trucks no longer  in service",
            "truck no longer in service",
        ] {
            assert_eq!(
                truck_list_tab(None, None, Some(notes)),
                Inactive,
                "{notes:?}"
            );
        }
    }

    #[test]
    fn active_while_any_driver_name_is_stored() {
        assert_eq!(
            truck_list_tab(Some("123"), Some("Ann Lee"), Some("fine")),
            Active
        );
        assert_eq!(truck_list_tab(None, Some(" "), None), Active);
        assert_eq!(truck_list_tab(Some("123"), Some(""), None), Inactive);
        assert_eq!(truck_list_tab(Some("123"), None, None), Inactive);
        assert_eq!(truck_list_tab(None, None, None), Inactive);
    }

    #[test]
    fn trailers_are_active_only_with_status_active() {
        assert_eq!(trailer_list_tab("active"), Active);
        for status in ["inactive", "out_of_service", "Active", " active", ""] {
            assert_eq!(trailer_list_tab(status), Inactive, "{status:?}");
        }
    }

    #[test]
    fn unnamed_means_no_name_or_only_spaces() {
        assert!(is_unnamed(None));
        assert!(is_unnamed(Some("")));
        assert!(is_unnamed(Some("   ")));
        assert!(!is_unnamed(Some("Truck 101")));
        assert!(!is_unnamed(Some(" x ")));
        // SQL's TRIM strips spaces only: a tab is a (strange) name.
        assert!(!is_unnamed(Some("\t")));
    }

    #[test]
    fn search_name_joins_the_trimmed_parts_lower_cased() {
        assert_eq!(
            driver_search_name(Some("James"), Some("Johnson")),
            "james johnson"
        );
        assert_eq!(
            driver_search_name(Some(" James "), Some(" Johnson")),
            "james johnson"
        );
        assert_eq!(driver_search_name(Some("James"), None), "james ");
        assert_eq!(driver_search_name(None, Some("Johnson")), " johnson");
        assert_eq!(driver_search_name(None, None), " ");
        assert_eq!(driver_search_name(Some("\tJames"), None), "\tjames ");
    }

    #[test]
    fn search_documents_keep_fields_apart() {
        let doc = search_document(&[Some("Truck 101"), None, Some("Peterbilt"), Some("")]);
        assert_eq!(doc, "truck 101\u{1f}\u{1f}peterbilt\u{1f}");
        assert!(doc.contains("peterbilt"));
        // A search text cannot hold the separator, so no match spans fields.
        assert!(!doc.contains("101peterbilt"));
        assert!(crate::text_input::has_control_characters(
            &SEARCH_SEPARATOR.to_string()
        ));
        assert_eq!(search_document(&[]), "");
        assert_eq!(search_document(&[Some("ÉCLAIR")]), "éclair");
    }

    #[test]
    fn phone_digits_drop_the_punctuation_only() {
        assert_eq!(
            phone_search_digits(Some("(615) 555-0007")).as_deref(),
            Some("6155550007")
        );
        assert_eq!(
            phone_search_digits(Some("+1 615.555.0007")).as_deref(),
            Some("16155550007")
        );
        assert_eq!(
            phone_search_digits(Some("615/555")).as_deref(),
            Some("615/555")
        );
        assert_eq!(phone_search_digits(Some("")).as_deref(), Some(""));
        assert_eq!(phone_search_digits(None), None);
    }

    #[test]
    fn phone_searches_are_their_digits() {
        assert_eq!(phone_search_terms("(615) 555-0007"), ["6155550007"]);
        assert_eq!(
            phone_search_terms("+1 615.555.0007"),
            ["16155550007", "6155550007"]
        );
        assert_eq!(phone_search_terms("555"), ["555"]);
        assert_eq!(phone_search_terms("26155550007"), ["26155550007"]);
        assert!(phone_search_terms("55").is_empty());
        assert!(phone_search_terms("truck 101").is_empty());
        assert!(phone_search_terms("d1000001").is_empty());
    }
}
