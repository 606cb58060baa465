//! What the loads list's search box matches a load on: its load, BOL and PO
//! numbers, its customer's name and its stops' cities — kept with the load
//! as one lower-cased text, so a search reads one column instead of joining
//! customers and stops for every row (the list's 50 ms budget).

/// Between the parts, so a search cannot match across two of them unless
/// it holds a line break itself (the search box's input cannot).
pub const SEPARATOR: char = '\n';

/// The search text of a load with these parts; blank parts are left out.
pub fn search_text<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for part in parts.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        if !out.is_empty() {
            out.push(SEPARATOR);
        }
        out.push_str(&part.to_lowercase());
    }
    out
}

/// `%q%` as a LIKE pattern over `search_text`, in lower case, with LIKE's
/// own characters (`%`, `_` and the escape `\`) taken literally.
pub fn like_pattern(q: &str) -> String {
    let mut out = String::from("%");
    for c in q.trim().to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_lower_cased_trimmed_and_blank_ones_dropped() {
        assert_eq!(
            search_text(["HFC-40001", " ", "Keystone Logistics ", "Nashville", "ÉVRY"]),
            "hfc-40001\nkeystone logistics\nnashville\névry"
        );
        assert_eq!(search_text([]), "");
    }

    #[test]
    fn like_characters_are_literal() {
        assert_eq!(like_pattern(" 50%_off\\ "), "%50\\%\\_off\\\\%");
        assert_eq!(like_pattern("Nash"), "%nash%");
    }
}
