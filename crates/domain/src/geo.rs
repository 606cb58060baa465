//! Places without an outside call (decision 026): a US ZIP and city
//! gazetteer, a table the build script writes from the `zipcodes` crate's
//! dataset (decision 050), plus the great-circle maths the truck board's
//! radius search shares on both databases.

/// Mean Earth radius in statute miles (IUGG), the radius the deadhead
/// distance is measured on.
pub const EARTH_RADIUS_MI: f64 = 3958.7613;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LatLon {
    pub lat: f64,
    pub lon: f64,
}

/// A resolved place: a ZIP's centre or a city's (the mean of its ZIPs).
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub city: String,
    pub state: String,
    pub zip: Option<String>,
    pub at: LatLon,
}

impl Place {
    /// "Chicago, IL", or "60601 — Chicago, IL" for a ZIP.
    pub fn label(&self) -> String {
        match &self.zip {
            Some(zip) => format!("{zip} — {}, {}", self.city, self.state),
            None => format!("{}, {}", self.city, self.state),
        }
    }

    /// "Chicago, IL" either way: what a posting shows as its origin.
    pub fn city_label(&self) -> String {
        format!("{}, {}", self.city, self.state)
    }
}

/// Great-circle distance in miles (haversine; stable for short distances).
pub fn distance_mi(a: LatLon, b: LatLon) -> f64 {
    let (la1, la2) = (a.lat.to_radians(), b.lat.to_radians());
    let dlat = la2 - la1;
    let dlon = (b.lon - a.lon).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + la1.cos() * la2.cos() * (dlon / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_MI * h.sqrt().min(1.0).asin()
}

/// A latitude/longitude box that holds every point within `radius_mi` of
/// `centre` (the R*Tree's coarse filter; the exact test is `distance_mi`).
/// Near the poles or the antimeridian it widens to the whole range, which
/// only costs speed.
pub fn bounding_box(centre: LatLon, radius_mi: f64) -> (LatLon, LatLon) {
    let dlat = (radius_mi / EARTH_RADIUS_MI).to_degrees();
    let min_lat = (centre.lat - dlat).max(-90.0);
    let max_lat = (centre.lat + dlat).min(90.0);
    let widest = centre.lat.abs() + dlat;
    let (min_lon, max_lon) = if widest >= 89.0 {
        (-180.0, 180.0)
    } else {
        // The widest longitude span is at the latitude farthest from the equator.
        let dlon = (radius_mi / (EARTH_RADIUS_MI * widest.to_radians().cos())).to_degrees();
        if centre.lon - dlon < -180.0 || centre.lon + dlon > 180.0 {
            (-180.0, 180.0)
        } else {
            (centre.lon - dlon, centre.lon + dlon)
        }
    };
    (
        LatLon {
            lat: min_lat,
            lon: min_lon,
        },
        LatLon {
            lat: max_lat,
            lon: max_lon,
        },
    )
}

/// A point on the unit sphere: PostgreSQL's `cube` GiST index orders by the
/// straight-line (chord) distance between such points, which grows with the
/// great-circle distance, so nearest-first by one is nearest-first by the
/// other.
pub fn unit_vector(p: LatLon) -> [f64; 3] {
    let (lat, lon) = (p.lat.to_radians(), p.lon.to_radians());
    [lat.cos() * lon.cos(), lat.cos() * lon.sin(), lat.sin()]
}

/// The chord (on the unit sphere) of a great-circle distance in miles.
pub fn chord_of_miles(miles: f64) -> f64 {
    2.0 * (miles / (2.0 * EARTH_RADIUS_MI))
        .min(std::f64::consts::FRAC_PI_2)
        .sin()
}

/// The great-circle miles of a chord on the unit sphere.
pub fn miles_of_chord(chord: f64) -> f64 {
    2.0 * EARTH_RADIUS_MI * (chord / 2.0).clamp(0.0, 1.0).asin()
}

mod table;

pub use table::US_STATES;
use table::{CITY_BYTES, HEADER_BYTES, ZIP_BYTES, city_key, normalise};

/// The gazetteer: every ZIP's centre, every city's centre (the mean of its
/// delivery ZIPs) and the cities by 1° cell, as fixed-width records the
/// build script wrote from the `zipcodes` crate's dataset (layout in
/// `geo/table.rs`). Read in place: nothing is built at start, and a lookup
/// allocates only the places it returns.
static TABLE: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/gazetteer.bin"));

fn u32_at(at: usize) -> u32 {
    u32::from_le_bytes(TABLE[at..at + 4].try_into().expect("4 bytes"))
}

fn f64_at(at: usize) -> f64 {
    f64::from_le_bytes(TABLE[at..at + 8].try_into().expect("8 bytes"))
}

fn city_count() -> usize {
    u32_at(0) as usize
}

fn zip_count() -> usize {
    u32_at(4) as usize
}

fn cities_at() -> usize {
    HEADER_BYTES
}

fn zips_at() -> usize {
    cities_at() + city_count() * CITY_BYTES
}

fn cells_at() -> usize {
    zips_at() + zip_count() * ZIP_BYTES
}

fn text_at() -> usize {
    cells_at() + city_count() * 4
}

fn text(at: usize, len: usize) -> &'static str {
    let start = text_at() + at;
    std::str::from_utf8(&TABLE[start..start + len]).expect("the table's text is UTF-8")
}

/// A city of the table.
struct City {
    /// "chicago, il": what a typed prefix is matched against.
    key: &'static str,
    name: &'static str,
    state: &'static str,
    at: LatLon,
    /// How many ZIPs the city has: a stand-in for its size when ranking.
    zips: u32,
}

impl City {
    fn place(&self) -> Place {
        Place {
            city: self.name.to_owned(),
            state: self.state.to_owned(),
            zip: None,
            at: self.at,
        }
    }
}

fn city_at(i: usize) -> City {
    let r = cities_at() + i * CITY_BYTES;
    let key_at = u32_at(r) as usize;
    let (key_len, name_len) = (TABLE[r + 4] as usize, TABLE[r + 5] as usize);
    City {
        key: text(key_at, key_len),
        name: text(key_at + key_len, name_len),
        state: std::str::from_utf8(&TABLE[r + 6..r + 8]).expect("an ASCII state"),
        zips: u32_at(r + 8),
        at: city_centre(i),
    }
}

/// The centre of city `i`, without reading the rest of its record.
fn city_centre(i: usize) -> LatLon {
    let r = cities_at() + i * CITY_BYTES;
    LatLon {
        lat: f64_at(r + 12),
        lon: f64_at(r + 20),
    }
}

/// The key of city `i`, without reading the rest of its record.
fn city_key_of(i: usize) -> &'static str {
    let r = cities_at() + i * CITY_BYTES;
    text(u32_at(r) as usize, TABLE[r + 4] as usize)
}

/// The ZIP at `i`: its code and its place.
fn zip_code_of(i: usize) -> u32 {
    u32_at(zips_at() + i * ZIP_BYTES)
}

fn zip_place(i: usize) -> Place {
    let r = zips_at() + i * ZIP_BYTES;
    let c = city_at(u32_at(r + 4) as usize);
    Place {
        city: c.name.to_owned(),
        state: c.state.to_owned(),
        zip: Some(format!("{:05}", u32_at(r))),
        at: LatLon {
            lat: f64_at(r + 8),
            lon: f64_at(r + 16),
        },
    }
}

/// The ZIPs whose codes are in `codes`, in order.
fn zip_range(codes: std::ops::Range<u32>) -> std::ops::Range<usize> {
    let n = zip_count();
    let start = partition_point(n, |i| zip_code_of(i) < codes.start);
    let end = partition_point(n, |i| zip_code_of(i) < codes.end);
    start..end
}

/// The first index in `0..n` for which `before` is false (`before` holds
/// for a prefix of the range), as `slice::partition_point`.
fn partition_point(n: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

fn cell(p: LatLon) -> (i32, i32) {
    table::cell(p.lat, p.lon)
}

/// The ZIP of "60601", "60601-1234" or "60601 1234".
fn zip_of(text: &str) -> Option<&str> {
    let t = text.trim();
    let digits = t.get(..5)?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = &t[5..];
    let plus4 = rest.trim_start_matches(['-', ' ']);
    if rest.is_empty() || (plus4.len() == 4 && plus4.bytes().all(|b| b.is_ascii_digit())) {
        Some(digits)
    } else {
        None
    }
}

/// The place of a five-digit ZIP.
fn zip_place_of(zip: &str) -> Option<Place> {
    let code: u32 = zip.parse().ok()?;
    zip_range(code..code + 1).next().map(zip_place)
}

/// "Chicago, IL", "chicago il", "Chicago IL 60601" (the ZIP wins), "60601".
/// A city without a state resolves to the largest city of that name.
pub fn resolve(text: &str) -> Option<Place> {
    let text = text.trim();
    if let Some(zip) = zip_of(text) {
        return zip_place_of(zip);
    }
    // A trailing ZIP after a city: the ZIP is the more precise of the two.
    if let Some((_, tail)) = text.rsplit_once(char::is_whitespace)
        && let Some(zip) = zip_of(tail)
    {
        return zip_place_of(zip);
    }
    let norm = normalise(&text.replace(',', " , "));
    let norm = norm.replace(" ,", ",");
    // "city, st" or "city st"
    let (city, state) = match norm.rsplit_once(',') {
        Some((c, s)) => (c.trim().to_owned(), s.trim().to_owned()),
        None => match norm.rsplit_once(' ') {
            Some((c, s)) if s.len() == 2 => (c.trim().to_owned(), s.to_owned()),
            _ => (norm.clone(), String::new()),
        },
    };
    let city = city_key(&city);
    if city.is_empty() {
        return None;
    }
    if !state.is_empty() {
        let key = format!("{city}, {state}");
        let i = partition_point(city_count(), |i| city_key_of(i) < key.as_str());
        return (i < city_count() && city_key_of(i) == key).then(|| city_at(i).place());
    }
    let prefix = format!("{city}, ");
    city_range(&prefix)
        .filter(|c| c.key.len() == prefix.len() + 2)
        .max_by_key(|c| c.zips)
        .map(|c| c.place())
}

/// The cities whose keys start with `prefix`, in key order.
fn city_range(prefix: &str) -> impl Iterator<Item = City> + '_ {
    let start = partition_point(city_count(), |i| city_key_of(i) < prefix);
    (start..city_count())
        .take_while(move |&i| city_key_of(i).starts_with(prefix))
        .map(city_at)
}

/// Up to `limit` places for what a user has typed so far: ZIPs by prefix
/// when it is digits, otherwise cities by prefix, largest first.
pub fn suggest(text: &str, limit: usize) -> Vec<Place> {
    let t = text.trim();
    if t.is_empty() || limit == 0 {
        return Vec::new();
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        if t.len() > 5 {
            return Vec::new();
        }
        // The codes that start with these digits: t000… up to (t+1)000….
        let scale = 10u32.pow(5 - t.len() as u32);
        let first: u32 = t.parse().expect("up to five digits");
        return zip_range(first * scale..(first + 1) * scale)
            .take(limit)
            .map(zip_place)
            .collect();
    }
    let norm = normalise(&t.replace(',', ", ")).replace(" ,", ",");
    // "St" may be the start of "Sterling" or stand for "Saint": both.
    let (city, state) = match norm.split_once(',') {
        Some((c, s)) => (c, format!(",{s}")),
        None => (norm.as_str(), String::new()),
    };
    let expanded = format!("{}{state}", city_key(city));
    let mut found: Vec<City> = city_range(&norm).collect();
    if expanded != norm {
        found.extend(city_range(&expanded).filter(|c| !c.key.starts_with(&norm)));
    }
    found.sort_by(|a, b| b.zips.cmp(&a.zips).then_with(|| a.key.cmp(b.key)));
    found.into_iter().take(limit).map(|c| c.place()).collect()
}

/// The city of entry `i` of the cell index (cities by 1° cell, then index).
fn city_in_cells(i: usize) -> usize {
    u32_at(cells_at() + i * 4) as usize
}

/// The city nearest to a point (within about 70 miles), for "near Joliet, IL".
pub fn nearest_city(p: LatLon) -> Option<Place> {
    let (clat, clon) = cell(p);
    let n = city_count();
    let mut best: Option<(f64, usize)> = None;
    for dlat in -1..=1 {
        for dlon in -1..=1 {
            let target = (clat + dlat, clon + dlon);
            let start = partition_point(n, |i| cell(city_centre(city_in_cells(i))) < target);
            for i in (start..n).map(city_in_cells) {
                let at = city_centre(i);
                if cell(at) != target {
                    break;
                }
                let d = distance_mi(p, at);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, i));
                }
            }
        }
    }
    best.map(|(_, i)| city_at(i).place())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHICAGO: LatLon = LatLon {
        lat: 41.8781,
        lon: -87.6298,
    };

    #[test]
    fn a_zip_resolves_to_its_centre() {
        let p = resolve("60601").unwrap();
        assert_eq!((p.city.as_str(), p.state.as_str()), ("Chicago", "IL"));
        assert_eq!(p.zip.as_deref(), Some("60601"));
        assert!(distance_mi(p.at, CHICAGO) < 2.0);
        assert_eq!(resolve("60601-1234").unwrap().zip.as_deref(), Some("60601"));
        assert_eq!(
            resolve("Chicago IL 60601").unwrap().zip.as_deref(),
            Some("60601")
        );
        assert_eq!(p.label(), "60601 — Chicago, IL");
    }

    #[test]
    fn a_city_resolves_with_or_without_a_comma_and_any_case() {
        for text in ["Chicago, IL", "chicago il", "  CHICAGO ,  il ", "Chicago"] {
            let p = resolve(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(p.city_label(), "Chicago, IL", "{text}");
            assert!(distance_mi(p.at, CHICAGO) < 15.0, "{text}");
            assert_eq!(p.zip, None);
        }
        // Two-word names and a state that is not the largest of the name.
        assert_eq!(resolve("Kansas City, KS").unwrap().state, "KS");
        assert_eq!(resolve("Springfield, MO").unwrap().state, "MO");
        // Abbreviations either way.
        let stl = resolve("St. Louis, MO").unwrap();
        assert_eq!(resolve("saint louis mo").unwrap(), stl);
        assert_eq!(resolve("Ft Worth, TX").unwrap().state, "TX");
    }

    #[test]
    fn unknown_places_resolve_to_nothing() {
        for text in [
            "",
            "   ",
            "00000",
            "Atlantis, ZZ",
            "Chicago, TX",
            "6060",
            "60601-12",
            ",",
        ] {
            assert_eq!(resolve(text), None, "{text}");
        }
    }

    #[test]
    fn suggestions_put_big_cities_first_and_zips_in_order() {
        let s = suggest("chic", 8);
        assert_eq!(s[0].city_label(), "Chicago, IL");
        assert!(s.len() <= 8);
        let z = suggest("6060", 3);
        assert_eq!(
            z.iter().map(|p| p.zip.clone().unwrap()).collect::<Vec<_>>(),
            ["60601", "60602", "60603"]
        );
        assert!(suggest("", 8).is_empty());
        assert!(
            suggest("st. lou", 8)
                .iter()
                .any(|p| p.city_label().ends_with(", MO"))
        );
        assert!(suggest("zzzzqq", 8).is_empty());
    }

    #[test]
    fn the_nearest_city_names_a_position() {
        let near = nearest_city(LatLon {
            lat: 41.525,
            lon: -88.0817,
        })
        .unwrap();
        assert_eq!(near.state, "IL");
        // Mid-ocean: nothing within reach.
        assert_eq!(
            nearest_city(LatLon {
                lat: 30.0,
                lon: -40.0
            }),
            None
        );
    }

    #[test]
    fn the_table_is_whole_and_in_order() {
        let n = city_count();
        assert!(
            n > 29_000 && zip_count() > 41_000,
            "{n} cities, {} ZIPs",
            zip_count()
        );
        assert_eq!(text_at() + u32_at(8) as usize, TABLE.len());
        assert!((1..n).all(|i| city_key_of(i - 1) < city_key_of(i)));
        assert!((1..zip_count()).all(|i| zip_code_of(i - 1) < zip_code_of(i)));
        let by_cell: Vec<usize> = (0..n).map(city_in_cells).collect();
        let order = |i: usize| (cell(city_centre(i)), i);
        assert!(by_cell.windows(2).all(|w| order(w[0]) < order(w[1])));
        assert_eq!(by_cell.len(), n);
        assert_eq!(zip_place(0).zip.as_deref(), Some("00501"));
    }

    #[test]
    fn distances_match_known_pairs() {
        let dallas = resolve("Dallas, TX").unwrap().at;
        let houston = resolve("Houston, TX").unwrap().at;
        let d = distance_mi(dallas, houston);
        assert!((215.0..245.0).contains(&d), "{d}");
        assert_eq!(distance_mi(CHICAGO, CHICAGO), 0.0);
        // One degree of latitude is about 69.1 miles.
        let one = distance_mi(
            LatLon {
                lat: 40.0,
                lon: -90.0,
            },
            LatLon {
                lat: 41.0,
                lon: -90.0,
            },
        );
        assert!((one - 69.09).abs() < 0.05, "{one}");
    }

    #[test]
    fn chords_and_miles_convert_both_ways() {
        for miles in [0.0, 1.0, 250.0, 450.0, 3000.0] {
            assert!((miles_of_chord(chord_of_miles(miles)) - miles).abs() < 1e-6);
        }
        let a = unit_vector(CHICAGO);
        let b = unit_vector(LatLon {
            lat: 40.0,
            lon: -90.0,
        });
        let chord = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
        let direct = distance_mi(
            CHICAGO,
            LatLon {
                lat: 40.0,
                lon: -90.0,
            },
        );
        assert!((miles_of_chord(chord) - direct).abs() < 1e-6);
    }

    #[test]
    fn the_box_holds_the_whole_circle() {
        for centre in [
            CHICAGO,
            LatLon {
                lat: 25.76,
                lon: -80.19,
            },
            LatLon {
                lat: 61.2,
                lon: -149.9,
            },
        ] {
            let (lo, hi) = bounding_box(centre, 450.0);
            for bearing in 0..360 {
                // A point 449.9 miles away at this bearing.
                let b = (bearing as f64).to_radians();
                let d = 449.9 / EARTH_RADIUS_MI;
                let (la, lo1) = (centre.lat.to_radians(), centre.lon.to_radians());
                let la2 = (la.sin() * d.cos() + la.cos() * d.sin() * b.cos()).asin();
                let lo2 =
                    lo1 + (b.sin() * d.sin() * la.cos()).atan2(d.cos() - la.sin() * la2.sin());
                let p = LatLon {
                    lat: la2.to_degrees(),
                    lon: lo2.to_degrees(),
                };
                assert!(p.lat >= lo.lat && p.lat <= hi.lat, "{centre:?} {bearing}");
                assert!(p.lon >= lo.lon && p.lon <= hi.lon, "{centre:?} {bearing}");
            }
        }
    }
}

#[cfg(test)]
mod metro_tests {
    #[test]
    fn every_bench_metro_resolves() {
        let bench = include_str!("../../../bench/board_bench.py");
        let start = bench.find("METROS = [").unwrap();
        let end = start + bench[start..].find("\n]").unwrap();
        let mut missing = Vec::new();
        for part in bench[start..end].split("(\"").skip(1) {
            let name = part.split('"').next().unwrap();
            if super::resolve(name).is_none() {
                missing.push(name.to_owned());
            }
        }
        assert!(missing.is_empty(), "{missing:?}");
    }
}
