//! Cells of the CSV exports that people open in spreadsheets.

/// A cell a spreadsheet would read as a formula gets a leading quote
/// (CSV injection: `=HYPERLINK(…)` in a customer's name).
pub fn spreadsheet_safe(value: &str) -> String {
    match value.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{value}"),
        _ => value.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::spreadsheet_safe;

    #[test]
    fn formulas_do_not_reach_spreadsheets() {
        for formula in ["=HYPERLINK(1)", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(spreadsheet_safe(formula), format!("'{formula}"));
        }
        assert_eq!(spreadsheet_safe("Registration"), "Registration");
        assert_eq!(spreadsheet_safe(""), "");
    }
}
