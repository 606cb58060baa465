//! The offline demo provider for `make run`: a plausible US fleet generated
//! from a seed, so a fleet keeps the same ELD ids from one sync to the next
//! and a sync still walks several pages.
//!
//! Nothing here is real: names are common US names, phone numbers are in
//! the fictional 555-0100..555-0199 range, VINs are made up but carry a
//! correct check digit and model-year code.
//!
//! Each truck also has a current position: near one of the US freight metros
//! below (a few miles off its center), recorded between a few minutes and a
//! few hours ago. Positions and ages come from the seed, so they are the same
//! on every call; only the clock they count back from moves.
//!
//! Each active driver also has hours-of-service clocks (see [`demo_clocks`]):
//! most with a good part of their day left, one in six nearly out of
//! driving time and one in six low on cycle, so the dispatch screen shows a
//! rest plan; one in eleven has a disconnected app. Seeded like the rest.
//!
//! A truck on one of the fleet's loads under way follows the load's stops
//! instead ([`on_route`], [`follow_routes`]), so the stop geofence records
//! its arrivals and departures on `make run`.

use super::hos::{DutyStatus, HosClock};
use super::{
    EldDriver, EldProvider, EldProviderError, EldRef, EldTrailer, EldTrailerAssignment, EldVehicle,
    EldVehicleLocation, Page,
};
use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::fleet::{DECOMMISSIONED_DRIVER_ID, DECOMMISSIONED_DRIVER_NAME};
use domain::fleet_records::{vin_check_digit, vin_year_code};
use serde_json::{Value, json};
use std::collections::HashSet;

pub const DEFAULT_DRIVERS: usize = 24;
pub const DEFAULT_TRUCKS: usize = 20;
pub const DEFAULT_TRAILERS: usize = 16;
pub const DEFAULT_PAGE_SIZE: usize = 10;

/// Model years of the demo trucks.
pub const TRUCK_YEARS: std::ops::RangeInclusive<i32> = 2016..=2025;

const FIRST_NAMES: &[&str] = &[
    "James",
    "Robert",
    "John",
    "Michael",
    "David",
    "William",
    "Richard",
    "Joseph",
    "Thomas",
    "Christopher",
    "Charles",
    "Daniel",
    "Matthew",
    "Anthony",
    "Mark",
    "Donald",
    "Steven",
    "Paul",
    "Andrew",
    "Joshua",
    "Kevin",
    "Brian",
    "Jose",
    "Carlos",
    "Luis",
    "Miguel",
    "Darnell",
    "Marcus",
    "Terrence",
    "Andre",
    "Mary",
    "Patricia",
    "Jennifer",
    "Linda",
    "Elizabeth",
    "Barbara",
    "Maria",
    "Tanya",
    "Angela",
    "Denise",
    "Sarah",
    "Karen",
    "Nancy",
    "Lisa",
    "Sandra",
    "Ashley",
];
const LAST_NAMES: &[&str] = &[
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
    "Green",
    "Adams",
    "Nelson",
    "Baker",
    "Hall",
    "Campbell",
];

/// A state a demo fleet or driver is based in: its area codes, the pattern
/// of its driver license numbers and of its (apportioned) plates; `A` is a
/// letter, `9` a digit.
struct Home {
    state: &'static str,
    area_codes: &'static [&'static str],
    license: &'static str,
    plate: &'static str,
}

const HOMES: &[Home] = &[
    Home {
        state: "TN",
        area_codes: &["615", "901", "423", "865"],
        license: "999999999",
        plate: "R999999",
    },
    Home {
        state: "TX",
        area_codes: &["214", "713", "210", "806", "915"],
        license: "99999999",
        plate: "R999999",
    },
    Home {
        state: "GA",
        area_codes: &["404", "912", "706"],
        license: "999999999",
        plate: "PRA9999",
    },
    Home {
        state: "OH",
        area_codes: &["614", "419", "937"],
        license: "AA999999",
        plate: "PBA9999",
    },
    Home {
        state: "IL",
        area_codes: &["312", "815", "217"],
        license: "A99999999999",
        plate: "P 999999",
    },
    Home {
        state: "IN",
        area_codes: &["317", "260", "812"],
        license: "9999999999",
        plate: "AP99999",
    },
    Home {
        state: "KY",
        area_codes: &["502", "859", "270"],
        license: "A99999999",
        plate: "AP9999",
    },
    Home {
        state: "AR",
        area_codes: &["479", "501", "870"],
        license: "999999999",
        plate: "AP99999",
    },
    Home {
        state: "MO",
        area_codes: &["417", "314", "816"],
        license: "A999999999",
        plate: "9AA999",
    },
    Home {
        state: "NC",
        area_codes: &["704", "336", "919"],
        license: "999999999999",
        plate: "AP9999",
    },
    Home {
        state: "PA",
        area_codes: &["717", "412", "610"],
        license: "99999999",
        plate: "AA99999",
    },
    Home {
        state: "AL",
        area_codes: &["205", "334", "256"],
        license: "99999999",
        plate: "AP99999",
    },
    Home {
        state: "FL",
        area_codes: &["904", "813", "407"],
        license: "A999999999999",
        plate: "AP9999",
    },
    Home {
        state: "CA",
        area_codes: &["909", "559", "951"],
        license: "A9999999",
        plate: "AP99999",
    },
];

/// Truck makes and models: the first eight VIN characters (maker and
/// vehicle description), the assembly plant (position 11), the first model
/// year. Cascadias come up most, as on US roads.
struct Truck {
    make: &'static str,
    model: &'static str,
    vin_prefix: &'static str,
    plant: char,
    first_year: i32,
}

const TRUCKS: &[Truck] = &[
    Truck {
        make: "Freightliner",
        model: "Cascadia",
        vin_prefix: "3AKJHHDR",
        plant: 'S',
        first_year: 2016,
    },
    Truck {
        make: "Freightliner",
        model: "Cascadia",
        vin_prefix: "1FUJHHDR",
        plant: 'L',
        first_year: 2016,
    },
    Truck {
        make: "Kenworth",
        model: "T680",
        vin_prefix: "1XKYD49X",
        plant: 'J',
        first_year: 2016,
    },
    Truck {
        make: "Peterbilt",
        model: "579",
        vin_prefix: "1XPBD49X",
        plant: 'D',
        first_year: 2016,
    },
    Truck {
        make: "Volvo",
        model: "VNL 760",
        vin_prefix: "4V4NC9EH",
        plant: 'N',
        first_year: 2018,
    },
    Truck {
        make: "International",
        model: "LT625",
        vin_prefix: "3HSDZAPR",
        plant: 'N',
        first_year: 2018,
    },
    Truck {
        make: "Kenworth",
        model: "W900",
        vin_prefix: "1XKWD49X",
        plant: 'R',
        first_year: 2016,
    },
    Truck {
        make: "Mack",
        model: "Anthem",
        vin_prefix: "1M1AN4GY",
        plant: 'M',
        first_year: 2018,
    },
    Truck {
        make: "Peterbilt",
        model: "389",
        vin_prefix: "1XPXD49X",
        plant: 'D',
        first_year: 2016,
    },
];

/// Trailer kinds with how often they come up, the unit-number prefix the
/// fleet paints on them, and their makers with the first eight VIN
/// characters.
struct TrailerKind {
    trailer_type: &'static str,
    weight: usize,
    unit_prefix: &'static str,
    makers: &'static [(&'static str, &'static str)],
}

const TRAILER_KINDS: &[TrailerKind] = &[
    TrailerKind {
        trailer_type: "53' Dry Van",
        weight: 8,
        unit_prefix: "V",
        makers: &[
            ("Great Dane", "1GRAA062"),
            ("Wabash", "1JJV532D"),
            ("Hyundai Translead", "3H3V532C"),
            ("Utility", "1UYVS253"),
        ],
    },
    TrailerKind {
        trailer_type: "53' Reefer",
        weight: 5,
        unit_prefix: "R",
        makers: &[
            ("Utility", "1UYVS253"),
            ("Great Dane", "1GRAA962"),
            ("Wabash", "1JJV532W"),
        ],
    },
    TrailerKind {
        trailer_type: "48' Flatbed",
        weight: 2,
        unit_prefix: "F",
        makers: &[("Fontaine", "13N14820"), ("Utility", "1UYFS248")],
    },
    TrailerKind {
        trailer_type: "53' Step Deck",
        weight: 1,
        unit_prefix: "S",
        makers: &[("Fontaine", "13N15330")],
    },
];

/// States that issue the permanent trailer plates many fleets run on.
const TRAILER_PLATE_STATES: &[(&str, &str)] =
    &[("ME", "9999999"), ("IN", "AT99999"), ("OK", "AT9999")];

/// US freight metros the demo trucks are near: name, state, center.
const METROS: &[(&str, &str, f64, f64)] = &[
    ("Chicago", "IL", 41.8781, -87.6298),
    ("Dallas", "TX", 32.7767, -96.7970),
    ("Atlanta", "GA", 33.7490, -84.3880),
    ("Los Angeles", "CA", 34.0522, -118.2437),
    ("Memphis", "TN", 35.1495, -90.0490),
    ("Indianapolis", "IN", 39.7684, -86.1581),
    ("Columbus", "OH", 39.9612, -82.9988),
    ("Kansas City", "MO", 39.0997, -94.5786),
    ("Nashville", "TN", 36.1627, -86.7816),
    ("Houston", "TX", 29.7604, -95.3698),
    ("Harrisburg", "PA", 40.2732, -76.8867),
    ("Charlotte", "NC", 35.2271, -80.8431),
    ("Denver", "CO", 39.7392, -104.9903),
    ("Phoenix", "AZ", 33.4484, -112.0740),
    ("Louisville", "KY", 38.2527, -85.7585),
    ("Jacksonville", "FL", 30.3322, -81.6557),
];

/// How far (degrees, each way) a truck may be from its metro's center: at
/// most about 8 miles north-south.
const METRO_SPREAD: f64 = 0.12;

/// How long ago a demo position was recorded, in minutes.
const POSITION_AGE_MINUTES: std::ops::RangeInclusive<i32> = 2..=6 * 60;

/// A demo truck's position; its time counts back from the caller's clock.
#[derive(Debug, Clone, PartialEq)]
struct Position {
    vehicle_id: String,
    lat: f64,
    lon: f64,
    minutes_ago: i64,
    description: String,
}

/// One position per truck: metros taken in turn from a seeded start (so a
/// fleet is spread out), a seeded offset from the center and a seeded age.
/// Its own generator, so the fleet's other records stay as they were.
fn positions(seed: u64, vehicles: &[EldVehicle]) -> Vec<Position> {
    let mut rng = Rng(seed ^ 0x6C6F_6361_7469_6F6E);
    let first = rng.below(METROS.len());
    vehicles
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let (city, state, lat, lon) = METROS[(first + i) % METROS.len()];
            let lat = lat + rng.offset(METRO_SPREAD);
            // A degree of longitude is shorter than one of latitude.
            let lon = lon + rng.offset(METRO_SPREAD * 1.3);
            Position {
                vehicle_id: v.id.clone(),
                lat: round6(lat),
                lon: round6(lon),
                minutes_ago: rng.between(POSITION_AGE_MINUTES).into(),
                description: format!("Near {city}, {state}"),
            }
        })
        .collect()
}

/// Six decimals (about 10 cm), as trackers report.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The assignment dates count back from here, not from the clock, so the
/// same seed gives the same records on every run.
fn anchor() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 6, 2, 14, 0, 0)
        .single()
        .expect("a valid date")
}

/// A seed per fleet, so each demo fleet gets its own (stable) records.
pub fn seed_of(fleet_account_id: uuid::Uuid) -> u64 {
    let (high, low) = fleet_account_id.as_u64_pair();
    high ^ low.rotate_left(32)
}

/// An offline provider with a generated fleet; see the module comment.
#[derive(Debug, Clone)]
pub struct DemoProvider {
    drivers: Vec<EldDriver>,
    vehicles: Vec<EldVehicle>,
    trailers: Vec<EldTrailer>,
    assignments: Vec<EldTrailerAssignment>,
    positions: Vec<Position>,
    page_size: usize,
}

impl DemoProvider {
    /// 24 drivers (2 deactivated), 20 trucks (2 without a driver, one
    /// decommissioned), 16 trailers (half assigned), 10 records a page.
    pub fn new(seed: u64) -> Self {
        Self::with_sizes(
            seed,
            DEFAULT_DRIVERS,
            DEFAULT_TRUCKS,
            DEFAULT_TRAILERS,
            DEFAULT_PAGE_SIZE,
        )
    }

    /// One driver in twelve is deactivated. With five trucks or more, one
    /// (chosen by the seed) is decommissioned and one in ten has no driver;
    /// the others get an active driver each while there are some. About half
    /// the trailers are hooked to a driver. A page size of 0 counts as 1.
    pub fn with_sizes(
        seed: u64,
        drivers: usize,
        trucks: usize,
        trailers: usize,
        page_size: usize,
    ) -> Self {
        let mut fleet = Generator::new(seed).fleet(drivers, trucks, trailers);
        fleet.positions = positions(seed, &fleet.vehicles);
        fleet.page_size = page_size.max(1);
        fleet
    }

    pub fn page_size(&self) -> usize {
        self.page_size
    }

    /// Every active driver's clocks as of `now` (see [`demo_clocks`]).
    fn clocks_at(&self, now: DateTime<Utc>) -> Vec<HosClock> {
        demo_clocks(&self.drivers, now)
    }

    /// Every truck's position as of `now` (see the module comment).
    fn locations_at(&self, now: DateTime<Utc>) -> Vec<EldVehicleLocation> {
        self.positions
            .iter()
            .map(|p| EldVehicleLocation {
                vehicle_id: p.vehicle_id.clone(),
                lat: p.lat,
                lon: p.lon,
                at: now - Duration::minutes(p.minutes_ago),
                description: Some(p.description.clone()),
            })
            .collect()
    }
}

#[async_trait::async_trait]
impl EldProvider for DemoProvider {
    async fn verify(&self) -> Result<(), EldProviderError> {
        Ok(())
    }

    async fn drivers_page(
        &self,
        cursor: Option<String>,
        _updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldDriver>, EldProviderError> {
        page(&self.drivers, cursor, self.page_size)
    }

    async fn vehicles_page(
        &self,
        cursor: Option<String>,
        _updated_after: Option<DateTime<Utc>>,
    ) -> Result<Page<EldVehicle>, EldProviderError> {
        page(&self.vehicles, cursor, self.page_size)
    }

    async fn trailers_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailer>, EldProviderError> {
        page(&self.trailers, cursor, self.page_size)
    }

    async fn trailer_assignments_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldTrailerAssignment>, EldProviderError> {
        page(&self.assignments, cursor, self.page_size)
    }

    async fn vehicle_locations_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<EldVehicleLocation>, EldProviderError> {
        page(&self.locations_at(Utc::now()), cursor, self.page_size)
    }

    async fn hos_clocks_page(
        &self,
        cursor: Option<String>,
    ) -> Result<Page<HosClock>, EldProviderError> {
        page(&self.clocks_at(Utc::now()), cursor, self.page_size)
    }
}

/// Plausible clocks for each active driver, from the driver's id alone (so
/// the same on every call): the driver in sixth place of every six is down
/// to under an hour of driving, the next is low on cycle, one in eleven has
/// a disconnected app (stale, figures as of a few hours ago); the others
/// have between half and all of a fresh day left.
pub fn demo_clocks(drivers: &[EldDriver], now: DateTime<Utc>) -> Vec<HosClock> {
    drivers
        .iter()
        .filter(|d| d.active)
        .enumerate()
        .map(|(i, d)| {
            let seed =
                d.id.bytes()
                    .fold(0xC10C_u64, |h, b| h.rotate_left(5) ^ u64::from(b));
            let mut rng = Rng(seed);
            let mut within = |range: std::ops::RangeInclusive<i32>| rng.between(range);
            let (drive, shift, cycle, brk, status) = match i % 6 {
                0 => (
                    within(20..=50),
                    within(60..=120),
                    within(1500..=2500),
                    within(10..=40),
                    DutyStatus::Driving,
                ),
                1 => (
                    within(400..=600),
                    within(600..=800),
                    within(120..=300),
                    within(300..=480),
                    DutyStatus::OnDuty,
                ),
                _ => (
                    within(330..=660),
                    within(480..=840),
                    within(2100..=4200),
                    within(240..=480),
                    DutyStatus::OffDuty,
                ),
            };
            let stale = i % 11 == 5;
            HosClock {
                driver_id: d.id.clone(),
                duty_status: (!stale).then_some(status),
                drive_minutes: Some(drive),
                shift_minutes: Some(shift.max(drive)),
                cycle_minutes: Some(cycle),
                break_minutes: Some(brk),
                cycle_tomorrow_minutes: Some((cycle + within(0..=600)).min(4200)),
                as_of: if stale {
                    now - Duration::minutes(within(90..=300).into())
                } else {
                    now
                },
                stale,
            }
        })
        .collect()
}

/// The page at `cursor` (an offset written in decimal).
fn page<T: Clone>(
    items: &[T],
    cursor: Option<String>,
    size: usize,
) -> Result<Page<T>, EldProviderError> {
    let start = match cursor {
        None => 0,
        Some(c) => c.parse::<usize>().map_err(|_| {
            EldProviderError::Malformed(format!("demo provider: the cursor {c:?} is not an offset"))
        })?,
    }
    .min(items.len());
    let end = start.saturating_add(size).min(items.len());
    Ok(Page {
        items: items[start..end].to_vec(),
        next: (end < items.len()).then(|| end.to_string()),
    })
}

/// SplitMix64: tiny, and the same numbers on every platform and release
/// (unlike `rand`'s `StdRng`, whose algorithm may change).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn between(&mut self, range: std::ops::RangeInclusive<i32>) -> i32 {
        let span = (range.end() - range.start() + 1) as usize;
        range.start() + self.below(span) as i32
    }

    /// A number in `-spread..spread`.
    fn offset(&mut self, spread: f64) -> f64 {
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        (unit * 2.0 - 1.0) * spread
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// `pattern` with each `A` a letter (not I, O or Q, as on plates) and
    /// each `9` a digit.
    fn fill(&mut self, pattern: &str) -> String {
        const LETTERS: &[u8] = b"ABCDEFGHJKLMNPRSTUVWXYZ";
        pattern
            .chars()
            .map(|c| match c {
                'A' => LETTERS[self.below(LETTERS.len())] as char,
                '9' => char::from(b'0' + self.below(10) as u8),
                other => other,
            })
            .collect()
    }
}

struct Generator {
    rng: Rng,
    ids: HashSet<String>,
    serials: HashSet<String>,
}

impl Generator {
    fn new(seed: u64) -> Self {
        Self {
            rng: Rng(seed),
            ids: HashSet::from([DECOMMISSIONED_DRIVER_ID.to_owned()]),
            serials: HashSet::new(),
        }
    }

    /// A fresh id of `digits` digits (Samsara drivers have short numeric
    /// ids, vehicles and trailers 15-digit ones).
    fn id(&mut self, digits: u32) -> String {
        let low = 10u64.pow(digits - 1);
        loop {
            let id = (low + self.rng.next() % (9 * low)).to_string();
            if self.ids.insert(id.clone()) {
                return id;
            }
        }
    }

    /// A VIN with a correct check digit and a serial of its own.
    fn vin(&mut self, prefix: &str, year: i32, plant: char) -> String {
        loop {
            let serial = self.rng.fill("999999");
            let mut vin = format!(
                "{prefix}0{}{plant}{serial}",
                vin_year_code(year).expect("a year after 1980")
            );
            let check = vin_check_digit(&vin).expect("17 VIN characters");
            vin.replace_range(8..9, check.encode_utf8(&mut [0; 4]));
            if self.serials.insert(vin[9..].to_owned()) {
                return vin;
            }
        }
    }

    fn fleet(mut self, drivers: usize, trucks: usize, trailers: usize) -> DemoProvider {
        let base = self.rng.below(HOMES.len());
        let mut drivers = self.drivers(drivers, base);
        let mut vehicles = self.trucks(trucks, base, &mut drivers);
        let trailers = self.trailers(trailers, base);
        let assignments = self.assignments(&trailers, &drivers, &vehicles);
        for v in &mut vehicles {
            v.raw = vehicle_raw(v).into();
        }
        for d in &mut drivers {
            d.raw = driver_raw(d).into();
        }
        DemoProvider {
            drivers,
            vehicles,
            trailers,
            assignments,
            positions: Vec::new(),
            page_size: DEFAULT_PAGE_SIZE,
        }
    }

    fn drivers(&mut self, n: usize, base: usize) -> Vec<EldDriver> {
        let mut names = HashSet::new();
        let mut usernames = HashSet::new();
        let mut phone_suffixes: Vec<usize> = (0..100).collect();
        self.rng.shuffle(&mut phone_suffixes);
        let mut deactivated: Vec<usize> = (0..n).collect();
        self.rng.shuffle(&mut deactivated);
        deactivated.truncate(n / 12);
        (0..n)
            .map(|i| {
                // Unique names while the lists allow; real fleets have twins.
                let (mut first, mut last) = ("", "");
                for _ in 0..20 {
                    (first, last) = (*self.rng.pick(FIRST_NAMES), *self.rng.pick(LAST_NAMES));
                    if names.insert((first, last)) {
                        break;
                    }
                }
                let mut username = format!(
                    "{}{}",
                    first[..1].to_lowercase(),
                    last.to_lowercase().replace(' ', "")
                );
                let stem = username.clone();
                let mut k = 2;
                while !usernames.insert(username.clone()) {
                    username = format!("{stem}{k}");
                    k += 1;
                }
                // Most drivers live near the fleet's base.
                let home = if self.rng.below(10) < 6 {
                    &HOMES[base]
                } else {
                    self.rng.pick(HOMES)
                };
                let area = self.rng.pick(home.area_codes);
                EldDriver {
                    id: self.id(7),
                    first_name: Some(first.into()),
                    last_name: Some(last.into()),
                    username: Some(username),
                    phone: Some(format!(
                        "{area}55501{:02}",
                        phone_suffixes[i % phone_suffixes.len()]
                    )),
                    license_number: Some(self.rng.fill(home.license)),
                    license_state: Some(home.state.into()),
                    active: !deactivated.contains(&i),
                    assigned_vehicle: None,
                    raw: Value::Null.into(),
                }
            })
            .collect()
    }

    fn trucks(&mut self, n: usize, base: usize, drivers: &mut [EldDriver]) -> Vec<EldVehicle> {
        let mut order: Vec<usize> = (0..n).collect();
        self.rng.shuffle(&mut order);
        let decommissioned = (n >= 5).then(|| order[0]);
        let unassigned: Vec<usize> = if n >= 5 {
            order[1..=n / 10].to_vec()
        } else {
            Vec::new()
        };
        let mut free_drivers: Vec<usize> =
            (0..drivers.len()).filter(|&d| drivers[d].active).collect();
        self.rng.shuffle(&mut free_drivers);
        let first_unit = 100 + self.rng.below(80) * 10;
        (0..n)
            .map(|i| {
                let truck = if self.rng.below(3) == 0 {
                    &TRUCKS[0]
                } else {
                    self.rng.pick(TRUCKS)
                };
                let is_decommissioned = decommissioned == Some(i);
                let year = if is_decommissioned {
                    *TRUCK_YEARS.start()
                } else {
                    self.rng
                        .between(truck.first_year.max(*TRUCK_YEARS.start())..=*TRUCK_YEARS.end())
                };
                let id = self.id(15);
                let name = format!("Unit {}", first_unit + i);
                let assigned_driver = if is_decommissioned {
                    Some(EldRef {
                        id: DECOMMISSIONED_DRIVER_ID.into(),
                        name: Some(DECOMMISSIONED_DRIVER_NAME.into()),
                    })
                } else if unassigned.contains(&i) {
                    None
                } else {
                    free_drivers.pop().map(|d| {
                        let driver = &mut drivers[d];
                        driver.assigned_vehicle = Some(EldRef {
                            id: id.clone(),
                            name: Some(name.clone()),
                        });
                        EldRef {
                            id: driver.id.clone(),
                            name: Some(full_name(driver)),
                        }
                    })
                };
                EldVehicle {
                    vin: Some(self.vin(truck.vin_prefix, year, truck.plant)),
                    license_plate: Some(format!(
                        "{} {}",
                        HOMES[base].state,
                        self.rng.fill(HOMES[base].plate)
                    )),
                    id,
                    name: Some(name),
                    make: Some(truck.make.into()),
                    model: Some(truck.model.into()),
                    year: Some(year),
                    notes: None,
                    assigned_driver,
                    raw: Value::Null.into(),
                }
            })
            .collect()
    }

    fn trailers(&mut self, n: usize, base: usize) -> Vec<EldTrailer> {
        let total_weight: usize = TRAILER_KINDS.iter().map(|k| k.weight).sum();
        let first_unit = 5300 + self.rng.below(60) * 10;
        (0..n)
            .map(|i| {
                let mut roll = self.rng.below(total_weight);
                let kind = TRAILER_KINDS
                    .iter()
                    .find(|k| {
                        let hit = roll < k.weight;
                        roll = roll.saturating_sub(k.weight);
                        hit
                    })
                    .expect("weights cover the roll");
                let (maker, prefix) = *self.rng.pick(kind.makers);
                let year = self.rng.between(2015..=2025);
                let (state, pattern) = if self.rng.below(2) == 0 {
                    (HOMES[base].state, HOMES[base].plate)
                } else {
                    *self.rng.pick(TRAILER_PLATE_STATES)
                };
                let id = self.id(15);
                let name = format!("{}-{}", kind.unit_prefix, first_unit + i);
                let vin = self.vin(prefix, year, 'U');
                let license_plate = format!("{state} {}", self.rng.fill(pattern));
                let raw = json!({
                    "id": id,
                    "name": name,
                    "vin": vin,
                    "licensePlate": license_plate,
                    "trailerType": kind.trailer_type,
                    "make": maker,
                    "year": year.to_string(),
                });
                EldTrailer {
                    id,
                    name: Some(name),
                    vin: Some(vin),
                    license_plate: Some(license_plate),
                    trailer_type: Some(kind.trailer_type.into()),
                    notes: None,
                    raw: raw.into(),
                }
            })
            .collect()
    }

    /// About half the trailers, each hooked to a different active driver,
    /// drivers with a truck first.
    fn assignments(
        &mut self,
        trailers: &[EldTrailer],
        drivers: &[EldDriver],
        vehicles: &[EldVehicle],
    ) -> Vec<EldTrailerAssignment> {
        let driving: HashSet<&str> = vehicles
            .iter()
            .filter_map(|v| v.assigned_driver.as_ref().map(|d| d.id.as_str()))
            .collect();
        let mut candidates: Vec<&EldDriver> = drivers.iter().filter(|d| d.active).collect();
        self.rng.shuffle(&mut candidates);
        candidates.sort_by_key(|d| !driving.contains(d.id.as_str()));
        let mut hooked: Vec<usize> = (0..trailers.len()).collect();
        self.rng.shuffle(&mut hooked);
        hooked.truncate(trailers.len().div_ceil(2).min(candidates.len()));
        hooked.sort_unstable();
        hooked
            .into_iter()
            .zip(candidates)
            .map(|(t, driver)| EldTrailerAssignment {
                trailer_id: trailers[t].id.clone(),
                driver: EldRef {
                    id: driver.id.clone(),
                    name: Some(full_name(driver)),
                },
                since: Some(
                    anchor()
                        - Duration::days(1 + self.rng.below(120) as i64)
                        - Duration::minutes(self.rng.below(12 * 60) as i64),
                ),
            })
            .collect()
    }
}

fn full_name(d: &EldDriver) -> String {
    domain::fleet::driver_display_name(
        d.first_name.as_deref(),
        d.last_name.as_deref(),
        d.username.as_deref(),
    )
}

/// A Samsara vehicle (`GET /fleet/vehicles`), the shape the stored metadata
/// rules read.
fn vehicle_raw(v: &EldVehicle) -> Value {
    let mut raw = json!({
        "id": v.id,
        "name": v.name,
        "vin": v.vin,
        "licensePlate": v.license_plate,
        "make": v.make,
        "model": v.model,
        "year": v.year.map(|y| y.to_string()),
    });
    if let Some(d) = &v.assigned_driver {
        raw["staticAssignedDriver"] = json!({ "id": d.id, "name": d.name });
    }
    raw
}

/// A Samsara driver (`GET /fleet/drivers`).
fn driver_raw(d: &EldDriver) -> Value {
    let mut raw = json!({
        "id": d.id,
        "name": full_name(d),
        "username": d.username,
        "phone": d.phone,
        "licenseNumber": d.license_number,
        "licenseState": d.license_state,
        "driverActivationStatus": if d.active { "active" } else { "deactivated" },
    });
    if let Some(v) = &d.assigned_vehicle {
        raw["staticAssignedVehicle"] = json!({ "id": v.id, "name": v.name });
    }
    raw
}

// ---------------------------------------------------------------------------
// A demo truck on a load (issue 32 §2)
//
// The provider knows no loads, and a fleet's connector builds it without
// the database. So the position cache (`modules::eld::positions`), which
// both the truck board and the stop geofence read, hands it the fleet's
// loads under way after reading a demo connection ([`follow_routes`]):
// each such truck then reports a place on a fixed timeline through its
// load's stops, a pure function of the stops and the clock. Every reader
// of the cache sees the same truck in the same place.

/// Minutes the truck spends approaching the first stop (outside the
/// geofence), at each stop (inside it), and on the road between two stops.
pub const ROUTE_APPROACH_MINUTES: i64 = 4;
pub const ROUTE_DWELL_MINUTES: i64 = 10;
pub const ROUTE_LEG_MINUTES: i64 = 14;
/// How far from the first stop the truck starts and past the last one it
/// ends up (well outside the default half-mile geofence).
pub const ROUTE_OFFSET_MILES: f64 = 2.0;

/// A truck on a load under way: its ELD id, its stops in order and when
/// its timeline starts.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoRoute {
    pub vehicle_id: String,
    pub stops: Vec<domain::geo::LatLon>,
    pub since: DateTime<Utc>,
}

/// `miles` due north (negative: south) of `at`.
fn north_of(at: domain::geo::LatLon, miles: f64) -> domain::geo::LatLon {
    domain::geo::LatLon {
        lat: (at.lat + (miles / domain::geo::EARTH_RADIUS_MI).to_degrees()).clamp(-90.0, 90.0),
        lon: at.lon,
    }
}

/// Where a demo truck on a load is at `now`, its timeline starting at
/// `since`: [`ROUTE_APPROACH_MINUTES`] two miles north of the first stop,
/// then [`ROUTE_DWELL_MINUTES`] at each stop with [`ROUTE_LEG_MINUTES`] on
/// the road (a straight line) between two, then two miles south of the
/// last stop for good. Before `since` it is where the timeline starts.
/// None without stops.
pub fn on_route(
    stops: &[domain::geo::LatLon],
    since: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<domain::geo::LatLon> {
    let (first, last) = (*stops.first()?, *stops.last()?);
    let mut t = (now - since).num_seconds().max(0);
    let approach = ROUTE_APPROACH_MINUTES * 60;
    if t < approach {
        return Some(north_of(first, ROUTE_OFFSET_MILES));
    }
    t -= approach;
    let (dwell, leg) = (ROUTE_DWELL_MINUTES * 60, ROUTE_LEG_MINUTES * 60);
    for (i, stop) in stops.iter().enumerate() {
        if t < dwell {
            return Some(*stop);
        }
        t -= dwell;
        let Some(next) = stops.get(i + 1) else {
            break;
        };
        if t < leg {
            let f = t as f64 / leg as f64;
            return Some(domain::geo::LatLon {
                lat: stop.lat + (next.lat - stop.lat) * f,
                lon: stop.lon + (next.lon - stop.lon) * f,
            });
        }
        t -= leg;
    }
    Some(north_of(last, -ROUTE_OFFSET_MILES))
}

/// Puts each route's truck where its timeline has it at `now` (reported
/// now), in place of (or beside) the provider's generated positions.
pub fn follow_routes(
    locations: &mut Vec<EldVehicleLocation>,
    routes: &[DemoRoute],
    now: DateTime<Utc>,
) {
    for route in routes {
        let Some(at) = on_route(&route.stops, route.since, now) else {
            continue;
        };
        locations.retain(|l| l.vehicle_id != route.vehicle_id);
        locations.push(EldVehicleLocation {
            vehicle_id: route.vehicle_id.clone(),
            lat: round6(at.lat),
            lon: round6(at.lon),
            at: now,
            description: Some("On a demo load".to_owned()),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::fleet_records::{Vin, us_state_code};
    use std::collections::HashMap;

    struct All {
        drivers: Vec<EldDriver>,
        vehicles: Vec<EldVehicle>,
        trailers: Vec<EldTrailer>,
        assignments: Vec<EldTrailerAssignment>,
        pages: usize,
    }

    /// Every list, page by page as the sync engine reads them.
    async fn read_all(p: &DemoProvider) -> All {
        let mut all = All {
            drivers: Vec::new(),
            vehicles: Vec::new(),
            trailers: Vec::new(),
            assignments: Vec::new(),
            pages: 0,
        };
        let mut cursor = None;
        loop {
            let page = p.drivers_page(cursor, None).await.unwrap();
            assert!(page.items.len() <= p.page_size());
            all.pages += 1;
            all.drivers.extend(page.items);
            cursor = page.next;
            if cursor.is_none() {
                break;
            }
        }
        loop {
            let page = p.vehicles_page(cursor, None).await.unwrap();
            all.pages += 1;
            all.vehicles.extend(page.items);
            cursor = page.next;
            if cursor.is_none() {
                break;
            }
        }
        loop {
            let page = p.trailers_page(cursor).await.unwrap();
            all.pages += 1;
            all.trailers.extend(page.items);
            cursor = page.next;
            if cursor.is_none() {
                break;
            }
        }
        loop {
            let page = p.trailer_assignments_page(cursor).await.unwrap();
            all.pages += 1;
            all.assignments.extend(page.items);
            cursor = page.next;
            if cursor.is_none() {
                break;
            }
        }
        all
    }

    fn unique<'a>(ids: impl Iterator<Item = &'a str>) -> usize {
        ids.collect::<HashSet<_>>().len()
    }

    #[tokio::test]
    async fn the_default_fleet_has_the_promised_shape() {
        let p = DemoProvider::new(7);
        p.verify().await.unwrap();
        let all = read_all(&p).await;
        assert_eq!(all.drivers.len(), 24);
        assert_eq!(all.drivers.iter().filter(|d| !d.active).count(), 2);
        assert_eq!(all.vehicles.len(), 20);
        assert_eq!(all.trailers.len(), 16);
        assert_eq!(all.assignments.len(), 8);
        // 3 + 2 + 2 + 1 pages of 10.
        assert_eq!(all.pages, 8);

        let drivers: HashMap<&str, &EldDriver> =
            all.drivers.iter().map(|d| (d.id.as_str(), d)).collect();
        let mut without_driver = 0;
        let mut decommissioned = 0;
        for v in &all.vehicles {
            assert!(TRUCK_YEARS.contains(&v.year.unwrap()), "{v:?}");
            assert!(
                TRUCKS
                    .iter()
                    .any(|t| Some(t.make) == v.make.as_deref()
                        && Some(t.model) == v.model.as_deref())
            );
            let plate = v.license_plate.as_deref().unwrap();
            assert!(us_state_code(&plate[..2]).is_some(), "{plate}");
            assert_eq!(v.raw.to_value()["id"], v.id.as_str());
            assert_eq!(v.raw.to_value()["vin"], v.vin.as_deref().unwrap());
            assert_eq!(v.raw.to_value()["year"], v.year.unwrap().to_string());
            match &v.assigned_driver {
                None => {
                    without_driver += 1;
                    assert!(v.raw.to_value().get("staticAssignedDriver").is_none());
                }
                Some(r) if r.id == DECOMMISSIONED_DRIVER_ID => {
                    decommissioned += 1;
                    assert_eq!(r.name.as_deref(), Some(DECOMMISSIONED_DRIVER_NAME));
                    assert_eq!(
                        v.raw.to_value()["staticAssignedDriver"],
                        json!({ "id": "4118417", "name": "Trucks no longer in service" })
                    );
                }
                Some(r) => {
                    let d = drivers[r.id.as_str()];
                    assert!(d.active);
                    assert_eq!(r.name.as_deref(), Some(full_name(d).as_str()));
                    assert_eq!(d.assigned_vehicle.as_ref().unwrap().id, v.id);
                    assert_eq!(
                        v.raw.to_value()["staticAssignedDriver"]["id"],
                        r.id.as_str()
                    );
                }
            }
        }
        assert_eq!((without_driver, decommissioned), (2, 1));
        // 17 trucks, each with a driver of its own.
        let assigned = all
            .vehicles
            .iter()
            .filter_map(|v| v.assigned_driver.as_ref())
            .filter(|r| r.id != DECOMMISSIONED_DRIVER_ID);
        assert_eq!(unique(assigned.map(|r| r.id.as_str())), 17);
        assert!(!drivers.contains_key(DECOMMISSIONED_DRIVER_ID));

        for d in &all.drivers {
            let phone = d.phone.as_deref().unwrap();
            assert_eq!(phone.len(), 10, "{phone}");
            assert_eq!(&phone[3..8], "55501", "{phone}");
            assert!(us_state_code(d.license_state.as_deref().unwrap()).is_some());
            assert!(d.first_name.is_some() && d.last_name.is_some());
            assert_eq!(
                d.raw.to_value()["driverActivationStatus"],
                if d.active { "active" } else { "deactivated" }
            );
        }
        assert_eq!(
            unique(all.drivers.iter().filter_map(|d| d.username.as_deref())),
            24
        );
        assert_eq!(
            unique(all.drivers.iter().filter_map(|d| d.phone.as_deref())),
            24
        );

        let trailer_ids: HashSet<&str> = all.trailers.iter().map(|t| t.id.as_str()).collect();
        for t in &all.trailers {
            let kind = t.trailer_type.as_deref().unwrap();
            assert!(TRAILER_KINDS.iter().any(|k| k.trailer_type == kind));
        }
        for a in &all.assignments {
            assert!(trailer_ids.contains(a.trailer_id.as_str()));
            assert!(drivers[a.driver.id.as_str()].active);
            assert!(a.since.unwrap() < anchor());
        }
        assert_eq!(
            unique(all.assignments.iter().map(|a| a.driver.id.as_str())),
            8
        );
    }

    #[tokio::test]
    async fn the_same_seed_gives_the_same_fleet() {
        let a = read_all(&DemoProvider::new(42)).await;
        let b = read_all(&DemoProvider::new(42)).await;
        assert_eq!(a.drivers, b.drivers);
        assert_eq!(a.vehicles, b.vehicles);
        assert_eq!(a.trailers, b.trailers);
        assert_eq!(a.assignments, b.assignments);
        let c = read_all(&DemoProvider::new(43)).await;
        assert_ne!(a.drivers[0].id, c.drivers[0].id);
        assert_ne!(a.vehicles[0].vin, c.vehicles[0].vin);
        let fleet = uuid::Uuid::from_u128(0x0123_4567_89ab_cdef_0011_2233_4455_6677);
        assert_eq!(seed_of(fleet), seed_of(fleet));
        assert_ne!(seed_of(fleet), seed_of(uuid::Uuid::nil()));
    }

    #[tokio::test]
    async fn pages_cover_every_record_exactly_once() {
        for (size, drivers, trucks, trailers) in [
            (7, 24, 20, 16),
            (1, 5, 3, 2),
            (100, 24, 20, 16),
            (0, 3, 4, 1),
        ] {
            let p = DemoProvider::with_sizes(9, drivers, trucks, trailers, size);
            let all = read_all(&p).await;
            assert_eq!(all.drivers.len(), drivers);
            assert_eq!(unique(all.drivers.iter().map(|d| d.id.as_str())), drivers);
            assert_eq!(all.vehicles.len(), trucks);
            assert_eq!(unique(all.vehicles.iter().map(|v| v.id.as_str())), trucks);
            assert_eq!(all.trailers.len(), trailers);
            assert_eq!(unique(all.trailers.iter().map(|t| t.id.as_str())), trailers);
            let size = size.max(1);
            let pages = |n: usize| n.div_ceil(size).max(1);
            assert_eq!(
                all.pages,
                pages(drivers) + pages(trucks) + pages(trailers) + pages(all.assignments.len())
            );
        }
        let p = DemoProvider::new(1);
        let second = p.drivers_page(Some("10".into()), None).await.unwrap();
        assert_eq!(second.next.as_deref(), Some("20"));
        let past_the_end = p.drivers_page(Some("999".into()), None).await.unwrap();
        assert_eq!(
            past_the_end,
            Page {
                items: vec![],
                next: None
            }
        );
        assert!(matches!(
            p.trailers_page(Some("abc".into())).await,
            Err(EldProviderError::Malformed(_))
        ));
    }

    #[tokio::test]
    async fn vins_are_valid_and_unique() {
        for seed in 0..20 {
            let all = read_all(&DemoProvider::with_sizes(seed, 30, 60, 60, 50)).await;
            let vins: Vec<&str> = all
                .vehicles
                .iter()
                .filter_map(|v| v.vin.as_deref())
                .chain(all.trailers.iter().filter_map(|t| t.vin.as_deref()))
                .collect();
            assert_eq!(vins.len(), 120);
            assert_eq!(unique(vins.iter().copied()), 120);
            for vin in vins {
                let parsed = Vin::parse(vin).unwrap_or_else(|e| panic!("{vin}: {e}"));
                assert!(parsed.has_valid_check_digit(), "{vin}");
            }
            for v in &all.vehicles {
                let code = vin_year_code(v.year.unwrap()).unwrap();
                assert_eq!(v.vin.as_deref().unwrap().chars().nth(9), Some(code));
            }
        }
    }

    /// Every position page by page, as the locations job would read them.
    async fn all_locations(p: &DemoProvider) -> (Vec<EldVehicleLocation>, usize) {
        let (mut items, mut pages, mut cursor) = (Vec::new(), 0, None);
        loop {
            let page = p.vehicle_locations_page(cursor).await.unwrap();
            assert!(page.items.len() <= p.page_size());
            pages += 1;
            items.extend(page.items);
            cursor = page.next;
            if cursor.is_none() {
                return (items, pages);
            }
        }
    }

    #[tokio::test]
    async fn every_truck_is_near_a_us_metro_a_little_while_ago() {
        let p = DemoProvider::new(7);
        let before = Utc::now();
        let (locations, pages) = all_locations(&p).await;
        let after = Utc::now();
        assert_eq!(pages, 2);
        let all = read_all(&p).await;
        // One position per truck, in the trucks' order.
        assert_eq!(
            locations
                .iter()
                .map(|l| l.vehicle_id.as_str())
                .collect::<Vec<_>>(),
            all.vehicles
                .iter()
                .map(|v| v.id.as_str())
                .collect::<Vec<_>>()
        );
        for l in &locations {
            // Contiguous United States.
            assert!((24.5..=49.5).contains(&l.lat), "{l:?}");
            assert!((-125.0..=-66.9).contains(&l.lon), "{l:?}");
            let description = l.description.as_deref().unwrap();
            let (city, state, lat, lon) = METROS
                .iter()
                .copied()
                .find(|(city, state, ..)| description == format!("Near {city}, {state}"))
                .unwrap_or_else(|| panic!("{description}"));
            assert!(
                (l.lat - lat).abs() <= METRO_SPREAD,
                "{city}, {state}: {l:?}"
            );
            assert!(
                (l.lon - lon).abs() <= METRO_SPREAD * 1.3,
                "{city}, {state}: {l:?}"
            );
            let (youngest, oldest) = (
                Duration::minutes((*POSITION_AGE_MINUTES.start()).into()),
                Duration::minutes((*POSITION_AGE_MINUTES.end()).into()),
            );
            assert!(l.at <= after - youngest && l.at >= before - oldest, "{l:?}");
        }
        // Spread out: 20 trucks over more than a handful of metros.
        let metros: HashSet<&str> = locations
            .iter()
            .filter_map(|l| l.description.as_deref())
            .collect();
        assert!(metros.len() >= 10, "{metros:?}");
    }

    #[tokio::test]
    async fn positions_are_the_same_on_every_call() {
        let p = DemoProvider::new(42);
        let now = Utc::now();
        assert_eq!(p.locations_at(now), p.locations_at(now));
        assert_eq!(p.locations_at(now), DemoProvider::new(42).locations_at(now));
        assert_ne!(p.locations_at(now), DemoProvider::new(43).locations_at(now));
        // Through the trait: the same places and ages, only the clock moves.
        let (a, _) = all_locations(&p).await;
        let (b, _) = all_locations(&p).await;
        assert_eq!(a.len(), b.len());
        for (a, b) in a.iter().zip(&b) {
            assert_eq!(
                (&a.vehicle_id, a.lat, a.lon, &a.description),
                (&b.vehicle_id, b.lat, b.lon, &b.description)
            );
            assert!((b.at - a.at).num_seconds().abs() < 60, "{a:?} {b:?}");
        }
        // Pages of any size cover every truck once; a bad cursor is refused.
        let small = DemoProvider::with_sizes(42, 24, 20, 16, 3);
        let (paged, pages) = all_locations(&small).await;
        assert_eq!(pages, 7);
        assert_eq!(unique(paged.iter().map(|l| l.vehicle_id.as_str())), 20);
        assert!(matches!(
            p.vehicle_locations_page(Some("x".into())).await,
            Err(EldProviderError::Malformed(_))
        ));
        let empty = DemoProvider::with_sizes(1, 0, 0, 0, 10);
        assert_eq!(all_locations(&empty).await, (vec![], 1));
    }

    #[tokio::test]
    async fn small_and_large_fleets_keep_the_rules() {
        // More trucks than drivers: the rest stand without a driver.
        let all = read_all(&DemoProvider::with_sizes(3, 4, 30, 10, 10)).await;
        let with_driver = all
            .vehicles
            .iter()
            .filter(|v| {
                v.assigned_driver
                    .as_ref()
                    .is_some_and(|r| r.id != DECOMMISSIONED_DRIVER_ID)
            })
            .count();
        assert_eq!(with_driver, 4);
        assert_eq!(all.assignments.len(), 4);
        // Too small for a decommissioned truck.
        let all = read_all(&DemoProvider::with_sizes(3, 2, 2, 0, 10)).await;
        assert!(all.vehicles.iter().all(|v| v.assigned_driver.is_some()));
        let all = read_all(&DemoProvider::with_sizes(3, 0, 0, 0, 10)).await;
        assert_eq!(all.pages, 4);
        // Large: unique ids and usernames still.
        let all = read_all(&DemoProvider::with_sizes(5, 3000, 10, 10, 500)).await;
        assert_eq!(unique(all.drivers.iter().map(|d| d.id.as_str())), 3000);
        assert_eq!(
            unique(all.drivers.iter().filter_map(|d| d.username.as_deref())),
            3000
        );
        assert_eq!(all.drivers.iter().filter(|d| !d.active).count(), 250);
    }

    #[test]
    fn a_demo_truck_follows_its_loads_stops_on_a_timeline() {
        use domain::geo::{LatLon, distance_mi};
        let since = anchor();
        let chicago = LatLon {
            lat: 41.8781,
            lon: -87.6298,
        };
        let indy = LatLon {
            lat: 39.7684,
            lon: -86.1581,
        };
        let stops = [chicago, indy];
        let at =
            |minutes: i64| on_route(&stops, since, since + Duration::minutes(minutes)).unwrap();
        let from = |place: LatLon, minutes: i64| distance_mi(place, at(minutes));
        assert_eq!(on_route(&[], since, since), None);
        // Approaching: two miles out, before the start too.
        assert!((from(chicago, 0) - ROUTE_OFFSET_MILES).abs() < 1e-6);
        assert!((from(chicago, -30) - ROUTE_OFFSET_MILES).abs() < 1e-6);
        assert!(from(chicago, 3) > 0.5);
        // At the pickup from minute 4 to 14.
        for m in [4, 9, 13] {
            assert!(from(chicago, m) < 0.01, "minute {m}");
        }
        // On the road, half way at minute 21.
        let half = from(chicago, 21);
        let whole = distance_mi(chicago, indy);
        assert!((half - whole / 2.0).abs() < 2.0, "{half} of {whole}");
        // At the delivery from minute 28 to 38, then two miles past it for good.
        for m in [28, 37] {
            assert!(from(indy, m) < 0.01, "minute {m}");
        }
        for m in [38, 500] {
            assert!(
                (from(indy, m) - ROUTE_OFFSET_MILES).abs() < 1e-6,
                "minute {m}"
            );
        }
    }

    #[test]
    fn a_route_moves_its_truck_and_leaves_the_others() {
        let p = DemoProvider::with_sizes(7, 4, 3, 0, 10);
        let now = anchor() + Duration::minutes(5);
        let mut locations = p.locations_at(now);
        let others = locations.clone();
        let stop = domain::geo::LatLon {
            lat: 36.1627,
            lon: -86.7816,
        };
        follow_routes(
            &mut locations,
            &[
                DemoRoute {
                    vehicle_id: others[0].vehicle_id.clone(),
                    stops: vec![stop],
                    since: anchor(),
                },
                DemoRoute {
                    vehicle_id: "seeded-280000001".into(),
                    stops: vec![stop],
                    since: anchor(),
                },
                DemoRoute {
                    vehicle_id: "no-stops".into(),
                    stops: vec![],
                    since: anchor(),
                },
            ],
            now,
        );
        assert_eq!(locations.len(), others.len() + 1);
        for id in [&others[0].vehicle_id, &"seeded-280000001".to_owned()] {
            let moved = locations.iter().find(|l| &l.vehicle_id == id).unwrap();
            assert_eq!((moved.lat, moved.lon, moved.at), (stop.lat, stop.lon, now));
        }
        for other in &others[1..] {
            assert!(locations.contains(other));
        }
    }
}
