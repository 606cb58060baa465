//! Field rules for fleet records that come from outside the product (a CSV
//! import, an ELD): the VIN, a US state or territory code, a model year.

use std::fmt;

pub const VIN_LENGTH: usize = 17;

/// A vehicle identification number: 17 characters of the VIN alphabet,
/// trimmed and upper-cased. The check digit (position 9) is not required:
/// it is checked apart ([`Vin::has_valid_check_digit`]) because a record
/// that carries a VIN with a wrong check digit is still the fleet's record.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Vin(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VinError {
    /// The number of characters given.
    Length(usize),
    /// The first character outside the VIN alphabet.
    Character(char),
}

impl fmt::Display for VinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VinError::Length(n) => write!(f, "A VIN has 17 characters, this one has {n}"),
            VinError::Character(c @ ('I' | 'O' | 'Q')) => write!(
                f,
                "A VIN never contains the letter {c} (I, O and Q are not used)"
            ),
            VinError::Character(c) => write!(
                f,
                "A VIN holds only digits and the letters A-Z except I, O and Q, not {c:?}"
            ),
        }
    }
}

impl std::error::Error for VinError {}

/// Whether `c` may appear in a VIN (upper case only): digits and capital
/// letters except I, O and Q, which read too much like 1 and 0.
pub fn is_vin_char(c: char) -> bool {
    c.is_ascii_digit() || (c.is_ascii_uppercase() && !matches!(c, 'I' | 'O' | 'Q'))
}

impl Vin {
    pub fn parse(raw: &str) -> Result<Vin, VinError> {
        let vin = raw.trim().to_uppercase();
        if let Some(c) = vin.chars().find(|c| !is_vin_char(*c)) {
            return Err(VinError::Character(c));
        }
        if vin.len() != VIN_LENGTH {
            return Err(VinError::Length(vin.chars().count()));
        }
        Ok(Vin(vin))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }

    /// Position 9 is the check digit that North American VINs carry.
    pub fn has_valid_check_digit(&self) -> bool {
        vin_check_digit(&self.0) == self.0.chars().nth(8)
    }
}

impl fmt::Display for Vin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The check digit (49 CFR 565.15) of 17 VIN characters: each character's
/// value times its position's weight, summed, modulo 11; 10 is written X.
/// The character in position 9 itself weighs nothing. `None` when `vin` is
/// not 17 characters of the VIN alphabet.
pub fn vin_check_digit(vin: &str) -> Option<char> {
    const WEIGHTS: [u32; VIN_LENGTH] = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
    if vin.len() != VIN_LENGTH {
        return None;
    }
    let mut sum = 0;
    for (c, weight) in vin.chars().zip(WEIGHTS) {
        if !is_vin_char(c) {
            return None;
        }
        sum += vin_char_value(c) * weight;
    }
    Some(match sum % 11 {
        10 => 'X',
        n => char::from_digit(n, 10).expect("below 10"),
    })
}

/// The transliteration of 49 CFR 565.15: digits are themselves, letters
/// count 1-9 from A, J and S (S starts at 2).
fn vin_char_value(c: char) -> u32 {
    match c {
        '0'..='9' => c as u32 - '0' as u32,
        'A'..='H' => c as u32 - 'A' as u32 + 1,
        'J'..='N' => c as u32 - 'J' as u32 + 1,
        'P' => 7,
        'R' => 9,
        'S'..='Z' => c as u32 - 'S' as u32 + 2,
        _ => 0,
    }
}

/// The model-year character (position 10) of a VIN; the 30 characters repeat
/// every 30 years (A is 1980 and 2010).
pub fn vin_year_code(year: i32) -> Option<char> {
    const CODES: &[u8; 30] = b"ABCDEFGHJKLMNPRSTVWXY123456789";
    (year >= 1980).then(|| CODES[((year - 1980) % 30) as usize] as char)
}

/// The 50 states, the District of Columbia and the five inhabited
/// territories (AS, GU, MP, PR, VI), as USPS writes them.
pub const US_STATE_CODES: [&str; 56] = [
    "AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN",
    "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ",
    "NM", "NV", "NY", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA",
    "WI", "WV", "WY", "AS", "GU", "MP", "PR", "VI",
];

/// The state code as stored (upper case), from any case, trimmed.
pub fn us_state_code(raw: &str) -> Option<&'static str> {
    let raw = raw.trim();
    US_STATE_CODES
        .iter()
        .copied()
        .find(|code| code.eq_ignore_ascii_case(raw))
}

/// The oldest model year a fleet record may carry.
pub const MODEL_YEAR_MIN: i32 = 1950;

/// The newest model year: next year's models are sold from this summer on.
pub const fn model_year_max(current_year: i32) -> i32 {
    current_year + 1
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelYearError {
    NotANumber,
    OutOfRange { min: i32, max: i32 },
}

impl fmt::Display for ModelYearError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelYearError::NotANumber => f.write_str("The year must be a number such as 2021"),
            ModelYearError::OutOfRange { min, max } => {
                write!(f, "The year must be between {min} and {max}")
            }
        }
    }
}

impl std::error::Error for ModelYearError {}

/// A model year of `MODEL_YEAR_MIN..=model_year_max(current_year)`.
pub fn parse_model_year(raw: &str, current_year: i32) -> Result<i32, ModelYearError> {
    let raw = raw.trim();
    if raw.is_empty() || !raw.chars().all(|c| c.is_ascii_digit()) || raw.len() > 4 {
        return Err(ModelYearError::NotANumber);
    }
    let year: i32 = raw.parse().map_err(|_| ModelYearError::NotANumber)?;
    let max = model_year_max(current_year);
    if (MODEL_YEAR_MIN..=max).contains(&year) {
        Ok(year)
    } else {
        Err(ModelYearError::OutOfRange {
            min: MODEL_YEAR_MIN,
            max,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vins_are_trimmed_and_upper_cased() {
        let vin = Vin::parse(" 1m8gdm9axkp042788 ").unwrap();
        assert_eq!(vin.as_str(), "1M8GDM9AXKP042788");
    }

    #[test]
    fn a_vin_has_exactly_17_characters() {
        assert_eq!(Vin::parse("1M8GDM9AXKP04278"), Err(VinError::Length(16)));
        assert_eq!(Vin::parse("1M8GDM9AXKP0427888"), Err(VinError::Length(18)));
        assert_eq!(Vin::parse(""), Err(VinError::Length(0)));
        assert!(Vin::parse("1M8GDM9AXKP042788").is_ok());
    }

    #[test]
    fn i_o_and_q_and_anything_else_are_refused() {
        for (raw, bad) in [
            ("1M8GDM9AXKP04278I", 'I'),
            ("1M8GDM9AXKP04278o", 'O'),
            ("1M8GDM9AXKP04278Q", 'Q'),
            ("1M8GDM9AXKP-42788", '-'),
            ("1M8GDM9AXKP 42788", ' '),
            ("1M8GDM9AXKP0427É8", 'É'),
        ] {
            assert_eq!(Vin::parse(raw), Err(VinError::Character(bad)), "{raw}");
        }
        assert!(
            VinError::Character('O')
                .to_string()
                .contains("never contains the letter O")
        );
    }

    #[test]
    fn the_check_digit_follows_49_cfr_565() {
        // The textbook example and real VINs of each kind of check digit.
        assert_eq!(vin_check_digit("1M8GDM9AXKP042788"), Some('X'));
        assert_eq!(vin_check_digit("11111111111111111"), Some('1'));
        assert_eq!(vin_check_digit("1HGCM82633A004352"), Some('3'));
        assert_eq!(vin_check_digit("5YJSA1DG9DFP14705"), Some('9'));
        assert!(
            Vin::parse("1M8GDM9AXKP042788")
                .unwrap()
                .has_valid_check_digit()
        );
        assert!(
            !Vin::parse("1M8GDM9A1KP042788")
                .unwrap()
                .has_valid_check_digit()
        );
        assert_eq!(vin_check_digit("1M8GDM9AXKP04278"), None);
        assert_eq!(vin_check_digit("1M8GDM9AXKP04278I"), None);
    }

    #[test]
    fn model_year_codes_repeat_every_30_years() {
        assert_eq!(vin_year_code(1980), Some('A'));
        assert_eq!(vin_year_code(2000), Some('Y'));
        assert_eq!(vin_year_code(2001), Some('1'));
        assert_eq!(vin_year_code(2010), Some('A'));
        assert_eq!(vin_year_code(2016), Some('G'));
        assert_eq!(vin_year_code(2018), Some('J'));
        assert_eq!(vin_year_code(2023), Some('P'));
        assert_eq!(vin_year_code(2025), Some('S'));
        assert_eq!(vin_year_code(1979), None);
    }

    #[test]
    fn state_codes_are_the_states_dc_and_territories() {
        assert_eq!(US_STATE_CODES.len(), 56);
        assert_eq!(us_state_code(" tn "), Some("TN"));
        assert_eq!(us_state_code("DC"), Some("DC"));
        assert_eq!(us_state_code("pr"), Some("PR"));
        for bad in ["", "T", "TNN", "XX", "ON", "Tennessee", "T N"] {
            assert_eq!(us_state_code(bad), None, "{bad}");
        }
    }

    #[test]
    fn model_years_run_from_1950_to_next_year() {
        assert_eq!(parse_model_year("1950", 2025), Ok(1950));
        assert_eq!(parse_model_year(" 2026 ", 2025), Ok(2026));
        let range = Err(ModelYearError::OutOfRange {
            min: 1950,
            max: 2026,
        });
        assert_eq!(parse_model_year("1949", 2025), range);
        assert_eq!(parse_model_year("2027", 2025), range);
        assert_eq!(parse_model_year("0", 2025), range);
        for bad in ["", "20x1", "2021.0", "-2021", "+2021", "99999999999", "two"] {
            assert_eq!(
                parse_model_year(bad, 2025),
                Err(ModelYearError::NotANumber),
                "{bad}"
            );
        }
        assert_eq!(
            ModelYearError::OutOfRange {
                min: 1950,
                max: 2026
            }
            .to_string(),
            "The year must be between 1950 and 2026"
        );
    }
}
