//! What a search of the drivers list finds: any of the stored fields, the
//! full name as displayed ('james johnson'), and the phone by its digits
//! whatever punctuation either side uses ('(615) 555-0007' finds a phone
//! stored as '6155550007' or '615.555.0007'). Portable SQL only: `||`,
//! COALESCE, TRIM and REPLACE mean the same on SQLite and PostgreSQL.

use crate::http::paging::{contains, matches_any};
use db::entities::fleet_driver;
use domain::driver_form::PHONE_PUNCTUATION;
use sea_orm::Condition;
use sea_orm::sea_query::{BinOper, Expr, ExprTrait, Func, SimpleExpr};

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
        found = found.add(contains(lower(full_name()), &words.join(" ")));
    }
    for digits in phone_digits(text) {
        found = found.add(contains(phone_digits_expr(), &digits));
    }
    found
}

fn lower(expr: SimpleExpr) -> SimpleExpr {
    Func::lower(expr).into()
}

/// `TRIM(COALESCE(first_name, '')) || ' ' || TRIM(COALESCE(last_name, ''))`.
fn full_name() -> SimpleExpr {
    use fleet_driver::Column as C;
    let part = |col: C| -> SimpleExpr {
        Func::cust("TRIM")
            .arg(Func::coalesce([
                SimpleExpr::from(Expr::col(col)),
                Expr::val(""),
            ]))
            .into()
    };
    part(C::FirstName)
        .binary(BinOper::Custom("||"), Expr::val(" "))
        .binary(BinOper::Custom("||"), part(C::LastName))
}

/// The stored phone with its punctuation removed.
fn phone_digits_expr() -> SimpleExpr {
    PHONE_PUNCTUATION
        .chars()
        .fold(Expr::col(fleet_driver::Column::Phone), |expr, p| {
            Func::cust("REPLACE")
                .arg(expr)
                .arg(Expr::val(p.to_string()))
                .arg(Expr::val(""))
                .into()
        })
}

/// The digit strings to look for when the search text reads as (part of) a
/// phone number: only digits and phone punctuation, at least three digits;
/// none otherwise. A US number typed with its leading '+1' also finds it
/// stored without.
fn phone_digits(text: &str) -> Vec<String> {
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
    use super::phone_digits;

    #[test]
    fn phone_searches_are_their_digits() {
        assert_eq!(phone_digits("(615) 555-0007"), ["6155550007"]);
        assert_eq!(
            phone_digits("+1 615.555.0007"),
            ["16155550007", "6155550007"]
        );
        assert_eq!(phone_digits("555"), ["555"]);
        assert!(phone_digits("55").is_empty());
        assert!(phone_digits("truck 101").is_empty());
        assert!(phone_digits("d1000001").is_empty());
    }
}
