//! What a search of the drivers list finds: any of the stored fields, the
//! full name as displayed ('james johnson'), and the phone by its digits
//! whatever punctuation either side uses ('(615) 555-0007' finds a phone
//! stored as '6155550007' or '615.555.0007'). The fields (lower-cased, as
//! one document), the full name (lower-cased) and the phone's digits are
//! stored beside the row when it is written (`search_text`, `search_name`,
//! `phone_digits`; decision 014), so each term is one `LIKE` on a stored
//! column, with no `lower()` per row.

use crate::paging::contains;
use db::entities::fleet_driver;
use domain::fleet_lists::phone_search_terms;
use sea_orm::Condition;
use sea_orm::sea_query::Expr;

/// The drivers a (lower-cased) search text finds.
pub fn driver_search(text: &str) -> Condition {
    use fleet_driver::Column as C;
    // The fields: first and last name, ELD id, username, licence, phone.
    let mut found = Condition::any().add(contains(Expr::col(C::SearchText), text));
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() > 1 {
        found = found.add(contains(Expr::col(C::SearchName), &words.join(" ")));
    }
    for digits in phone_search_terms(text) {
        found = found.add(contains(Expr::col(C::PhoneDigits), &digits));
    }
    found
}
