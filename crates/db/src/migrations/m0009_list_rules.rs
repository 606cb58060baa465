//! The list rules as m0009 applied them when it backfilled existing rows,
//! frozen here: `domain::fleet_lists` may change later (with a migration of
//! its own that re-derives the columns), but what an old migration does to a
//! database must not. Copied from `domain::fleet_lists` at m0009.

/// The marker driver of a truck taken out of service (spec part 2 §4).
const DECOMMISSIONED_DRIVER_ID: &str = "4118417";
const DECOMMISSIONED_DRIVER_NAME: &str = "Trucks no longer in service";
/// Punctuation a phone number may carry, dropped from its search digits.
const PHONE_PUNCTUATION: &str = " ()+-.";
/// Between the fields of a search document.
const SEARCH_SEPARATOR: char = '\u{1f}';

/// A truck's stored tab: decommissioned, else active with a driver name, else inactive.
pub(super) fn truck_list_tab(
    driver_eld_id: Option<&str>,
    driver_name: Option<&str>,
    notes: Option<&str>,
) -> &'static str {
    let marker = DECOMMISSIONED_DRIVER_NAME.to_lowercase();
    let decommissioned = driver_eld_id == Some(DECOMMISSIONED_DRIVER_ID)
        || driver_name.is_some_and(|n| n.to_lowercase() == marker)
        || notes.is_some_and(|n| n.to_lowercase().contains(&marker));
    if decommissioned {
        "decommissioned"
    } else if driver_name.is_some_and(|n| !n.is_empty()) {
        "active"
    } else {
        "inactive"
    }
}

/// A trailer's stored tab: active only with the ELD status 'active'.
pub(super) fn trailer_list_tab(status: &str) -> &'static str {
    if status == "active" {
        "active"
    } else {
        "inactive"
    }
}

/// No name, or only spaces.
pub(super) fn is_unnamed(name: Option<&str>) -> bool {
    name.is_none_or(|n| n.trim_matches(' ').is_empty())
}

/// The searched fields as one lower-cased text.
pub(super) fn search_document(fields: &[Option<&str>]) -> String {
    let mut doc = String::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            doc.push(SEARCH_SEPARATOR);
        }
        doc.push_str(field.unwrap_or_default());
    }
    doc.to_lowercase()
}

/// First and last name, each stripped of spaces, joined by one space, lower-cased.
pub(super) fn driver_search_name(first: Option<&str>, last: Option<&str>) -> String {
    let part = |s: Option<&str>| s.unwrap_or_default().trim_matches(' ').to_owned();
    format!("{} {}", part(first), part(last)).to_lowercase()
}

/// The phone without its punctuation.
pub(super) fn phone_search_digits(phone: Option<&str>) -> Option<String> {
    phone.map(|p| {
        p.chars()
            .filter(|c| !PHONE_PUNCTUATION.contains(*c))
            .collect()
    })
}
