//! Writes the gazetteer's table (`$OUT_DIR/gazetteer.bin`, layout in
//! `src/geo/table.rs`) from the `zipcodes` crate's dataset, so that the
//! server embeds ~2 MB of fixed-width records instead of decompressing and
//! parsing the dataset at start into ~47 MB of heap that lives as long as
//! the process (decision 050). Upgrading `zipcodes` upgrades the data.

#[path = "src/geo/table.rs"]
mod table;

use std::collections::HashMap;
use table::{CITY_BYTES, HEADER_BYTES, ZIP_BYTES, cell, city_key, kept_state};

/// Running sums of a city's ZIP centres: latitude, longitude, count.
type Centre = (f64, f64, usize);

struct City {
    key: String,
    name: String,
    state: String,
    lat: f64,
    lon: f64,
    zips: usize,
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/geo/table.rs");

    // The ZIPs kept, in the dataset's order: (code, state, city, lat, lon).
    let mut zips: Vec<(u32, &str, &str, f64, f64)> = Vec::new();
    // (state, city) → [delivery ZIPs, other ZIPs] as (sum lat, sum lon, n).
    // A city's centre is the mean of its delivery (STANDARD) ZIPs; P.O. box
    // and single-firm ZIPs sit at one building and only count for a city
    // that has nothing else.
    let mut sums: HashMap<(&str, &str), [Centre; 2]> = HashMap::new();
    for z in zipcodes::database() {
        if !kept_state(&z.state) {
            continue;
        }
        let (Ok(lat), Ok(lon)) = (z.lat.parse::<f64>(), z.long.parse::<f64>()) else {
            continue;
        };
        // Only a five-digit ZIP can be looked up (all of them, today).
        if z.zip_code.len() == 5
            && z.zip_code.bytes().all(|b| b.is_ascii_digit())
            && let Ok(code) = z.zip_code.parse::<u32>()
        {
            zips.push((code, &z.state, &z.city, lat, lon));
        }
        let slot = usize::from(z.zip_code_type != "STANDARD");
        let e = &mut sums.entry((&z.state, &z.city)).or_default()[slot];
        *e = (e.0 + lat, e.1 + lon, e.2 + 1);
    }

    let mut cities: Vec<City> = sums
        .into_iter()
        .map(|((state, name), [delivery, other])| {
            let (slat, slon, n) = if delivery.2 > 0 { delivery } else { other };
            City {
                key: format!("{}, {}", city_key(name), state.to_lowercase()),
                name: name.to_owned(),
                state: state.to_owned(),
                lat: slat / n as f64,
                lon: slon / n as f64,
                zips: n,
            }
        })
        .collect();
    // By key; should two spellings of one state's city share a key, the one
    // with more ZIPs is the city a lookup finds, and both keep their ZIPs.
    cities.sort_by(|a, b| {
        (a.key.as_str(), std::cmp::Reverse(a.zips), a.name.as_str()).cmp(&(
            b.key.as_str(),
            std::cmp::Reverse(b.zips),
            b.name.as_str(),
        ))
    });
    let index: HashMap<(&str, &str), u32> = cities
        .iter()
        .enumerate()
        .map(|(i, c)| ((c.state.as_str(), c.name.as_str()), i as u32))
        .collect();
    // One ZIP per code: should the dataset list a code twice, the last wins.
    let mut by_code: HashMap<u32, usize> = HashMap::new();
    for (i, z) in zips.iter().enumerate() {
        by_code.insert(z.0, i);
    }
    let mut codes: Vec<u32> = by_code.keys().copied().collect();
    codes.sort_unstable();
    let mut by_cell: Vec<u32> = (0..cities.len() as u32).collect();
    by_cell.sort_by_key(|&i| (cell(cities[i as usize].lat, cities[i as usize].lon), i));

    let mut text = String::new();
    let mut out = Vec::with_capacity(
        HEADER_BYTES + cities.len() * (CITY_BYTES + 4) + codes.len() * ZIP_BYTES,
    );
    let mut city_records = Vec::with_capacity(cities.len() * CITY_BYTES);
    for c in &cities {
        let key_len = u8::try_from(c.key.len()).expect("a city key under 256 bytes");
        let name_len = u8::try_from(c.name.len()).expect("a city name under 256 bytes");
        assert_eq!(c.state.len(), 2, "a two-letter state");
        city_records.extend((text.len() as u32).to_le_bytes());
        city_records.extend([key_len, name_len]);
        city_records.extend(c.state.as_bytes());
        city_records.extend((c.zips as u32).to_le_bytes());
        city_records.extend(c.lat.to_le_bytes());
        city_records.extend(c.lon.to_le_bytes());
        text.push_str(&c.key);
        text.push_str(&c.name);
    }
    out.extend((cities.len() as u32).to_le_bytes());
    out.extend((codes.len() as u32).to_le_bytes());
    out.extend((text.len() as u32).to_le_bytes());
    assert_eq!(out.len(), HEADER_BYTES);
    out.extend(city_records);
    for code in codes {
        let (_, state, name, lat, lon) = zips[by_code[&code]];
        out.extend(code.to_le_bytes());
        out.extend(index[&(state, name)].to_le_bytes());
        out.extend(lat.to_le_bytes());
        out.extend(lon.to_le_bytes());
    }
    for i in by_cell {
        out.extend(i.to_le_bytes());
    }
    out.extend(text.as_bytes());

    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo"))
        .join("gazetteer.bin");
    std::fs::write(&path, out).expect("writing the gazetteer table");
}
