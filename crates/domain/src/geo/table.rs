//! The gazetteer's table as the crate's build script (`build.rs`) writes it
//! and `geo` reads it: which places it keeps, how their names become keys
//! (the lookups key what a user typed the same way), and its byte layout.
//!
//! Layout, little-endian: a header of three u32 (cities, ZIPs, text bytes);
//! the cities sorted by key, [`CITY_BYTES`] each: the key's offset in the
//! text (u32), the key's and the name's lengths (u8 each; the name follows
//! the key), the state (2 bytes), the number of ZIPs (u32), the centre's
//! latitude and longitude (f64 each); the ZIPs sorted by code,
//! [`ZIP_BYTES`] each: the code (u32), its city's index (u32), latitude and
//! longitude (f64 each); the city indices ordered by 1° cell, then index
//! (u32 each); then the text (UTF-8).

/// Bytes of the header.
pub const HEADER_BYTES: usize = 12;
/// Bytes of one city.
pub const CITY_BYTES: usize = 28;
/// Bytes of one ZIP.
pub const ZIP_BYTES: usize = 24;

/// The 50 states and DC: where a posting's desired destinations may be.
pub const US_STATES: [&str; 51] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
    "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM",
    "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA",
    "WV", "WI", "WY",
];

/// The gazetteer's places are in these states, DC and Puerto Rico.
#[allow(dead_code, reason = "the build script's")]
pub fn kept_state(state: &str) -> bool {
    state == "PR" || US_STATES.contains(&state)
}

/// The 1° cell of a point, for "near <city>".
pub fn cell(lat: f64, lon: f64) -> (i32, i32) {
    (lat.floor() as i32, lon.floor() as i32)
}

/// Whitespace collapsed to single spaces, lower case.
pub fn normalise(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// A city name as the tables key it: normalised, with the usual
/// abbreviations spelled out ("St. Louis" and "Saint Louis" are one city).
pub fn city_key(city: &str) -> String {
    normalise(city)
        .split(' ')
        .map(|word| match word.trim_end_matches('.') {
            "st" => "saint",
            "ste" => "sainte",
            "ft" => "fort",
            "mt" => "mount",
            _ => word,
        })
        .collect::<Vec<_>>()
        .join(" ")
}
