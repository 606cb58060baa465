//! What a search of the drivers list finds: any of the stored fields, the
//! full name as displayed ('james johnson'), and the phone by its digits
//! whatever punctuation either side uses ('(615) 555-0007' finds a phone
//! stored as '6155550007' or '615.555.0007'). The full name and the phone's
//! digits are stored beside the row when it is written (`search_name`,
//! `phone_digits`; decision 013), so each term is a plain `LIKE` on a
//! column, which PostgreSQL's trigram index serves.

use crate::http::paging::{contains, matches_any};
use db::entities::fleet_driver;
use domain::fleet_lists::phone_search_terms;
use sea_orm::Condition;
use sea_orm::sea_query::{Expr, Func, SimpleExpr};

/// The drivers a (lower-cased) search text finds.
pub fn driver_search(text: &str) -> Condition {
    use fleet_driver::Column as C;
    let mut found = matches_any(
        &[
            C::FirstName,
            C::LastName,
            C::DriverId,
            C::Username,
            C::LicenseNumber,
            C::Phone,
        ],
        text,
    );
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() > 1 {
        let full_name: SimpleExpr = Func::lower(Expr::col(C::SearchName)).into();
        found = found.add(contains(full_name, &words.join(" ")));
    }
    for digits in phone_search_terms(text) {
        found = found.add(contains(Expr::col(C::PhoneDigits), &digits));
    }
    found
}
