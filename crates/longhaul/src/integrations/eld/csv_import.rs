//! The "other" provider: one CSV file of drivers, trucks and trailers, one
//! record a row, from the template the fleet downloads.
//!
//! A file the import cannot read at all (not UTF-8, no rows, a required
//! column missing, too many rows, a broken quote) is refused whole
//! ([`CsvFileError`]). Otherwise each row is checked on its own: a row with
//! errors is left out and named in [`CsvImport::errors`] (by the row number a
//! spreadsheet shows, the header being row 1), the other rows import.

use super::{EldDriver, EldRef, EldTrailer, EldVehicle};
use chrono::Datelike;
use domain::fleet_records::{Vin, parse_model_year, us_state_code};
use domain::text_input::{control_characters_message, has_control_characters};
use serde::Serialize;
use serde_json::{Map, Value, json};
use std::collections::HashMap;

/// The columns of the template, in its order.
pub const COLUMNS: [&str; 18] = [
    "record_type",
    "external_id",
    "first_name",
    "last_name",
    "username",
    "phone",
    "license_number",
    "license_state",
    "active",
    "name",
    "vin",
    "license_plate",
    "make",
    "model",
    "year",
    "assigned_driver_external_id",
    "trailer_type",
    "notes",
];

/// The columns a file must have; the others may be left out.
pub const REQUIRED_COLUMNS: [&str; 2] = ["record_type", "external_id"];

/// Data rows in one file.
pub const MAX_ROWS: usize = 20_000;
/// Characters in one value; notes may be as long as the driver form allows.
pub const MAX_FIELD_CHARS: usize = 200;
pub const MAX_NOTES_CHARS: usize = 2000;

const DRIVER_COLUMNS: [&str; 8] = [
    "first_name",
    "last_name",
    "username",
    "phone",
    "license_number",
    "license_state",
    "active",
    "notes",
];
const TRUCK_COLUMNS: [&str; 8] = [
    "name",
    "vin",
    "license_plate",
    "make",
    "model",
    "year",
    "assigned_driver_external_id",
    "notes",
];
const TRAILER_COLUMNS: [&str; 5] = ["name", "vin", "license_plate", "trailer_type", "notes"];

const TEMPLATE: &str = "\
record_type,external_id,first_name,last_name,username,phone,license_number,license_state,active,name,vin,license_plate,make,model,year,assigned_driver_external_id,trailer_type,notes
driver,D-1001,James,Johnson,jjohnson,(615) 555-0142,123456789,TN,yes,,,,,,,,,
truck,T-101,,,,,,,,Unit 101,1XKYD49X0JJ553701,TN R123456,Kenworth,T680,2018,D-1001,,
trailer,TR-5301,,,,,,,,V-5301,1GRAA0625FU296036,ME 1234567,,,,,53' Dry Van,\"Swing doors, logistics posts\"
";

/// The downloadable template: the header and one example row of each kind.
pub fn template() -> &'static str {
    TEMPLATE
}

/// What a file holds: the rows that passed, and the ones that did not.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CsvImport {
    pub drivers: Vec<EldDriver>,
    pub vehicles: Vec<EldVehicle>,
    pub trailers: Vec<EldTrailer>,
    pub errors: Vec<RowError>,
}

/// One broken rule of one row; a row may break several.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowError {
    /// The row as a spreadsheet numbers it: the header is row 1, a value
    /// spanning several lines is still one row, blank lines count.
    pub row: usize,
    /// The column, or `columns` when the row has more values than the header.
    pub field: String,
    pub message: String,
}

/// Why a whole file is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CsvFileError {
    #[error(
        "The file is not UTF-8 text (line {line}). Save it from your spreadsheet as \"CSV UTF-8\"."
    )]
    NotUtf8 { line: usize },
    #[error("The file has no rows to import")]
    Empty,
    #[error("The header row is missing the column(s): {}", .columns.join(", "))]
    MissingColumns { columns: Vec<String> },
    #[error("The header row has the column {column} twice")]
    DuplicateColumn { column: String },
    #[error("The file has more than {limit} rows. Split it into smaller files.")]
    TooManyRows { limit: usize },
    #[error(
        "Line {line} is not valid CSV: a quote is not closed, or a value that holds a quote is not itself in quotes (write it as \"5'10\"\" tall\")"
    )]
    Malformed { line: usize },
}

/// Reads a file (see the module comment).
pub fn parse(bytes: &[u8]) -> Result<CsvImport, CsvFileError> {
    parse_in_year(bytes, chrono::Utc::now().year())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Driver,
    Truck,
    Trailer,
}

impl Kind {
    fn parse(raw: &str) -> Option<Kind> {
        match raw.to_ascii_lowercase().as_str() {
            "driver" => Some(Kind::Driver),
            "truck" => Some(Kind::Truck),
            "trailer" => Some(Kind::Trailer),
            _ => None,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Kind::Driver => "driver",
            Kind::Truck => "truck",
            Kind::Trailer => "trailer",
        }
    }

    fn columns(self) -> &'static [&'static str] {
        match self {
            Kind::Driver => &DRIVER_COLUMNS,
            Kind::Truck => &TRUCK_COLUMNS,
            Kind::Trailer => &TRAILER_COLUMNS,
        }
    }
}

/// `parse` with the year that bounds model years given.
fn parse_in_year(bytes: &[u8], current_year: i32) -> Result<CsvImport, CsvFileError> {
    let text = std::str::from_utf8(bytes).map_err(|e| CsvFileError::NotUtf8 {
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(CsvFileError::Empty);
    }
    let mut records = Records::new(text);
    let Some((header, _)) = records.next()? else {
        return Err(CsvFileError::Empty);
    };
    let columns = Columns::from_header(&header)?;

    let mut out = CsvImport::default();
    let mut first_row_of: HashMap<(Kind, String), usize> = HashMap::new();
    let mut data_rows = 0;
    while let Some((record, row)) = records.next()? {
        data_rows += 1;
        if data_rows > MAX_ROWS {
            return Err(CsvFileError::TooManyRows { limit: MAX_ROWS });
        }
        if record.iter().all(|v| v.trim().is_empty()) {
            continue;
        }
        let mut check = Check {
            row,
            errors: Vec::new(),
        };
        let cells = Cells {
            record: &record,
            columns: &columns,
        };
        // More values than columns is a value with an unquoted comma, which
        // shifts the rest of the row into the wrong columns.
        if record.len() > columns.width {
            check.fail(
                "columns",
                format!(
                    "This row has {} values but the header has {} columns; a value that holds a comma must be in quotes",
                    record.len(),
                    columns.width
                ),
            );
        }
        let kind = match check.text(&cells, "record_type") {
            None if !check.failed("record_type") => {
                check.fail("record_type", "Required: driver, truck or trailer".into());
                None
            }
            None => None,
            Some(raw) => Kind::parse(&raw).or_else(|| {
                check.fail(
                    "record_type",
                    format!("Unknown record type \"{raw}\": use driver, truck or trailer"),
                );
                None
            }),
        };
        let id = check.text(&cells, "external_id");
        if id.is_none() && !check.failed("external_id") {
            check.fail(
                "external_id",
                "Required: your own id for this record".into(),
            );
        }
        let (Some(kind), Some(id)) = (kind, id) else {
            out.errors.append(&mut check.errors);
            continue;
        };
        if let Some(first) = first_row_of.get(&(kind, id.clone())) {
            check.fail(
                "external_id",
                format!(
                    "{id} is already the external_id of the {} on row {first}",
                    kind.as_str()
                ),
            );
        } else {
            first_row_of.insert((kind, id.clone()), row);
        }
        let mut values: HashMap<&'static str, String> = HashMap::new();
        for &column in kind.columns() {
            if let Some(v) = check.text(&cells, column) {
                values.insert(column, v);
            }
        }
        let mut take = |column: &str| values.remove(column);
        match kind {
            Kind::Driver => {
                let license_state = take("license_state").and_then(|s| {
                    let code = us_state_code(&s);
                    if code.is_none() {
                        check.fail(
                            "license_state",
                            format!("\"{s}\" is not a US state or territory code such as TN"),
                        );
                    }
                    code.map(str::to_owned)
                });
                let active = match take("active") {
                    None => true,
                    Some(a) => match a.to_ascii_lowercase().as_str() {
                        "yes" | "true" | "1" => true,
                        "no" | "false" | "0" => false,
                        _ => {
                            check.fail("active", format!("\"{a}\" is not one of yes or no"));
                            true
                        }
                    },
                };
                let driver = EldDriver {
                    first_name: take("first_name"),
                    last_name: take("last_name"),
                    username: take("username"),
                    phone: take("phone"),
                    license_number: take("license_number").map(|l| l.to_uppercase()),
                    license_state,
                    active,
                    assigned_vehicle: None,
                    raw: Value::Null.into(),
                    id,
                };
                let notes = take("notes");
                if check.errors.is_empty() {
                    out.drivers.push(EldDriver {
                        raw: driver_raw(&driver, notes.as_deref()).into(),
                        ..driver
                    });
                }
            }
            Kind::Truck => {
                let vin = take("vin").and_then(|v| check.vin(&v));
                let year = take("year").and_then(|y| match parse_model_year(&y, current_year) {
                    Ok(year) => Some(year),
                    Err(e) => {
                        check.fail("year", e.to_string());
                        None
                    }
                });
                let vehicle = EldVehicle {
                    name: take("name"),
                    vin,
                    license_plate: take("license_plate"),
                    make: take("make"),
                    model: take("model"),
                    year,
                    notes: take("notes"),
                    assigned_driver: take("assigned_driver_external_id")
                        .map(|id| EldRef { id, name: None }),
                    raw: Value::Null.into(),
                    id,
                };
                if check.errors.is_empty() {
                    out.vehicles.push(vehicle);
                }
            }
            Kind::Trailer => {
                let vin = take("vin").and_then(|v| check.vin(&v));
                let mut trailer = EldTrailer {
                    name: take("name"),
                    vin,
                    license_plate: take("license_plate"),
                    trailer_type: take("trailer_type"),
                    notes: take("notes"),
                    raw: Value::Null.into(),
                    id,
                };
                trailer.raw = trailer_raw(&trailer).into();
                if check.errors.is_empty() {
                    out.trailers.push(trailer);
                }
            }
        }
        out.errors.append(&mut check.errors);
    }
    if data_rows == 0
        || (out.drivers.is_empty()
            && out.vehicles.is_empty()
            && out.trailers.is_empty()
            && out.errors.is_empty())
    {
        return Err(CsvFileError::Empty);
    }
    link_assignments(&mut out);
    Ok(out)
}

/// Trucks name their driver by external id: the reference gets the
/// driver's name when the driver is in the file, and the driver gets the
/// (first) truck that names them.
fn link_assignments(out: &mut CsvImport) {
    let mut drivers: HashMap<String, &mut EldDriver> =
        out.drivers.iter_mut().map(|d| (d.id.clone(), d)).collect();
    for v in &mut out.vehicles {
        if let Some(r) = &mut v.assigned_driver
            && let Some(d) = drivers.get_mut(&r.id)
        {
            r.name = Some(domain::fleet::driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ));
            if d.assigned_vehicle.is_none() {
                let truck = EldRef {
                    id: v.id.clone(),
                    name: v.name.clone(),
                };
                let mut raw = d.raw.to_value();
                raw["staticAssignedVehicle"] = json!({ "id": truck.id, "name": truck.name });
                d.raw = raw.into();
                d.assigned_vehicle = Some(truck);
            }
        }
        v.raw = vehicle_raw(v).into();
    }
}

/// The raw records look like a Samsara driver, vehicle or trailer, as the
/// demo provider's do, with `source` saying where they came from.
fn driver_raw(d: &EldDriver, notes: Option<&str>) -> Value {
    compact(json!({
        "source": "csv",
        "id": d.id,
        "name": domain::fleet::driver_display_name(
            d.first_name.as_deref(),
            d.last_name.as_deref(),
            d.username.as_deref(),
        ),
        "firstName": d.first_name,
        "lastName": d.last_name,
        "username": d.username,
        "phone": d.phone,
        "licenseNumber": d.license_number,
        "licenseState": d.license_state,
        "driverActivationStatus": if d.active { "active" } else { "deactivated" },
        "notes": notes,
    }))
}

fn vehicle_raw(v: &EldVehicle) -> Value {
    compact(json!({
        "source": "csv",
        "id": v.id,
        "name": v.name,
        "vin": v.vin,
        "licensePlate": v.license_plate,
        "make": v.make,
        "model": v.model,
        "year": v.year.map(|y| y.to_string()),
        "notes": v.notes,
        "staticAssignedDriver": v.assigned_driver.as_ref().map(|d| json!({ "id": d.id, "name": d.name })),
    }))
}

fn trailer_raw(t: &EldTrailer) -> Value {
    compact(json!({
        "source": "csv",
        "id": t.id,
        "name": t.name,
        "vin": t.vin,
        "licensePlate": t.license_plate,
        "trailerType": t.trailer_type,
        "notes": t.notes,
    }))
}

/// Leaves out the keys the row left empty.
fn compact(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .collect::<Map<_, _>>(),
        ),
        other => other,
    }
}

/// Where each known column is in the file.
struct Columns {
    index: HashMap<&'static str, usize>,
    width: usize,
}

impl Columns {
    fn from_header(header: &csv::StringRecord) -> Result<Columns, CsvFileError> {
        let mut index = HashMap::new();
        for (i, name) in header.iter().enumerate() {
            let name = name.trim().to_ascii_lowercase();
            if let Some(&column) = COLUMNS.iter().find(|c| **c == name)
                && index.insert(column, i).is_some()
            {
                return Err(CsvFileError::DuplicateColumn {
                    column: column.into(),
                });
            }
        }
        let missing: Vec<String> = REQUIRED_COLUMNS
            .iter()
            .filter(|c| !index.contains_key(*c))
            .map(|c| (*c).to_owned())
            .collect();
        if !missing.is_empty() {
            return Err(CsvFileError::MissingColumns { columns: missing });
        }
        Ok(Columns {
            index,
            width: header.len(),
        })
    }
}

struct Cells<'a> {
    record: &'a csv::StringRecord,
    columns: &'a Columns,
}

impl Cells<'_> {
    /// The value as given (untrimmed); a column the file lacks, or a row
    /// shorter than the header, reads as empty.
    fn get(&self, column: &str) -> &str {
        self.columns
            .index
            .get(column)
            .and_then(|&i| self.record.get(i))
            .unwrap_or("")
    }
}

/// The errors of one row.
struct Check {
    row: usize,
    errors: Vec<RowError>,
}

impl Check {
    fn fail(&mut self, field: &str, message: String) {
        self.errors.push(RowError {
            row: self.row,
            field: field.into(),
            message,
        });
    }

    fn failed(&self, field: &str) -> bool {
        self.errors.iter().any(|e| e.field == field)
    }

    /// The trimmed value, `None` when empty or when it breaks the text
    /// rules: no control characters (notes may have tabs and line breaks),
    /// and a bounded length.
    fn text(&mut self, cells: &Cells<'_>, column: &str) -> Option<String> {
        let value = cells.get(column).trim();
        if value.is_empty() {
            return None;
        }
        let (control, max) = if column == "notes" {
            (has_control_characters(value), MAX_NOTES_CHARS)
        } else {
            (value.chars().any(char::is_control), MAX_FIELD_CHARS)
        };
        if control {
            self.fail(column, control_characters_message(column));
            return None;
        }
        if value.chars().count() > max {
            self.fail(column, format!("At most {max} characters"));
            return None;
        }
        Some(value.to_owned())
    }

    fn vin(&mut self, raw: &str) -> Option<String> {
        match Vin::parse(raw) {
            Ok(vin) => Some(vin.into_string()),
            Err(e) => {
                self.fail("vin", e.to_string());
                None
            }
        }
    }
}

/// The file's records with the spreadsheet row of each. The csv crate reads
/// values leniently: a quote left open swallows the rest of the file into
/// one value, and a quote inside an unquoted value is kept as text. Either
/// leaves an odd number of quote characters in the record's own text, so
/// that is what refuses a record as malformed.
struct Records<'a> {
    text: &'a str,
    reader: csv::Reader<&'a [u8]>,
    /// Counting lines up to `counted` (a byte offset).
    counted: usize,
    line: usize,
    /// The line the previous record ended on and the row it was.
    prev_end_line: usize,
    prev_row: usize,
}

impl<'a> Records<'a> {
    fn new(text: &'a str) -> Self {
        let reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        Records {
            text,
            reader,
            counted: 0,
            line: 1,
            prev_end_line: 0,
            prev_row: 0,
        }
    }

    /// The line of a byte offset at or after the last one asked for.
    fn line_at(&mut self, offset: usize) -> usize {
        self.line += self.text.as_bytes()[self.counted..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.counted = offset;
        self.line
    }

    fn next(&mut self) -> Result<Option<(csv::StringRecord, usize)>, CsvFileError> {
        let mut record = csv::StringRecord::new();
        let start = self.reader.position().byte() as usize;
        let read = self.reader.read_record(&mut record);
        let end = self.reader.position().byte() as usize;
        let span = &self.text.as_bytes()[start..end];
        let is_break = |b: &u8| matches!(b, b'\r' | b'\n');
        let lead = span.iter().take_while(|b| is_break(b)).count();
        let trail = span[lead..]
            .iter()
            .rev()
            .take_while(|b| is_break(b))
            .count();
        let start_line = self.line_at(start + lead);
        let end_line = self.line_at(end - trail);
        match read {
            Ok(false) => return Ok(None),
            Ok(true) => {}
            Err(_) => return Err(CsvFileError::Malformed { line: start_line }),
        }
        if span.iter().filter(|&&b| b == b'"').count() % 2 == 1 {
            return Err(CsvFileError::Malformed { line: start_line });
        }
        let row = self.prev_row + start_line.saturating_sub(self.prev_end_line).max(1);
        self.prev_row = row;
        self.prev_end_line = end_line;
        Ok(Some((record, row)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "record_type,external_id,first_name,last_name,username,phone,license_number,license_state,active,name,vin,license_plate,make,model,year,assigned_driver_external_id,trailer_type,notes\n";

    fn read(csv: &str) -> Result<CsvImport, CsvFileError> {
        parse_in_year(csv.as_bytes(), 2025)
    }

    /// The file with the template's header and these rows.
    fn rows(rows: &[&str]) -> CsvImport {
        read(&format!("{HEADER}{}\n", rows.join("\n"))).unwrap()
    }

    fn errors(import: &CsvImport) -> Vec<(usize, &str)> {
        import
            .errors
            .iter()
            .map(|e| (e.row, e.field.as_str()))
            .collect()
    }

    #[test]
    fn the_template_imports_cleanly() {
        let import = parse(template().as_bytes()).unwrap();
        assert_eq!(import.errors, vec![]);
        assert_eq!(template().lines().count(), 4);
        assert_eq!(template().lines().next().unwrap(), COLUMNS.join(","));
        let [driver] = &import.drivers[..] else {
            panic!("{import:?}")
        };
        assert_eq!(driver.id, "D-1001");
        assert_eq!(driver.first_name.as_deref(), Some("James"));
        assert_eq!(driver.license_state.as_deref(), Some("TN"));
        assert!(driver.active);
        assert_eq!(
            driver.assigned_vehicle,
            Some(EldRef {
                id: "T-101".into(),
                name: Some("Unit 101".into())
            })
        );
        let [truck] = &import.vehicles[..] else {
            panic!()
        };
        assert_eq!(truck.year, Some(2018));
        assert_eq!(truck.vin.as_deref(), Some("1XKYD49X0JJ553701"));
        assert!(
            Vin::parse("1XKYD49X0JJ553701")
                .unwrap()
                .has_valid_check_digit()
        );
        assert_eq!(
            truck.assigned_driver,
            Some(EldRef {
                id: "D-1001".into(),
                name: Some("James Johnson".into())
            })
        );
        assert_eq!(
            truck.raw.to_value()["staticAssignedDriver"],
            json!({ "id": "D-1001", "name": "James Johnson" })
        );
        assert_eq!(truck.raw.to_value()["year"], "2018");
        assert_eq!(truck.raw.to_value()["licensePlate"], "TN R123456");
        let [trailer] = &import.trailers[..] else {
            panic!()
        };
        assert_eq!(trailer.trailer_type.as_deref(), Some("53' Dry Van"));
        assert_eq!(
            trailer.notes.as_deref(),
            Some("Swing doors, logistics posts")
        );
        assert!(
            Vin::parse("1GRAA0625FU296036")
                .unwrap()
                .has_valid_check_digit()
        );
    }

    #[test]
    fn headers_are_trimmed_case_insensitive_in_any_order_with_extras_ignored() {
        let import = read(
            "\u{feff} External_ID ,Favourite Colour,RECORD_TYPE,Year\nT1,blue,Truck,2020\nD1,red,driver,\n",
        )
        .unwrap();
        assert_eq!(import.errors, vec![]);
        assert_eq!(import.vehicles[0].id, "T1");
        assert_eq!(import.vehicles[0].year, Some(2020));
        assert_eq!(import.drivers[0].id, "D1");
        assert!(import.drivers[0].first_name.is_none());
    }

    #[test]
    fn a_byte_order_mark_is_tolerated() {
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend_from_slice(template().as_bytes());
        let import = parse(&bytes).unwrap();
        assert_eq!(import.errors, vec![]);
        assert_eq!(import.drivers.len(), 1);
    }

    #[test]
    fn values_are_trimmed_and_normalised() {
        let import = rows(&[
            " driver , D2 , Maria , Garcia ,, 615-555-0101 , d 123 , tx , No ,,,,,,,,,",
            "truck,T2,,,,,,,,,1xkyd49x0jj553701,,,,,D9,,",
        ]);
        assert_eq!(import.errors, vec![]);
        let d = &import.drivers[0];
        assert_eq!(d.id, "D2");
        assert_eq!(d.first_name.as_deref(), Some("Maria"));
        assert_eq!(d.phone.as_deref(), Some("615-555-0101"));
        assert_eq!(d.license_number.as_deref(), Some("D 123"));
        assert_eq!(d.license_state.as_deref(), Some("TX"));
        assert!(!d.active);
        assert_eq!(d.raw.to_value()["driverActivationStatus"], "deactivated");
        let t = &import.vehicles[0];
        assert_eq!(t.vin.as_deref(), Some("1XKYD49X0JJ553701"));
        // A driver not in this file keeps their id, without a name.
        assert_eq!(
            t.assigned_driver,
            Some(EldRef {
                id: "D9".into(),
                name: None
            })
        );
    }

    #[test]
    fn active_accepts_yes_no_true_false_1_0_and_defaults_to_active() {
        for (value, active) in [
            ("yes", true),
            ("YES", true),
            ("true", true),
            ("1", true),
            ("", true),
            ("no", false),
            ("False", false),
            ("0", false),
        ] {
            let import = rows(&[&format!("driver,D1,A,B,,,,,{value},,,,,,,,,")]);
            assert_eq!(import.drivers[0].active, active, "{value}");
        }
        let import = rows(&["driver,D1,A,B,,,,,maybe,,,,,,,,,"]);
        assert_eq!(errors(&import), vec![(2, "active")]);
        assert!(import.drivers.is_empty());
    }

    #[test]
    fn record_type_must_be_driver_truck_or_trailer() {
        let import = rows(&["vehicle,V1,,,,,,,,,,,,,,,,", ",V2,,,,,,,,,,,,,,,,"]);
        assert_eq!(
            errors(&import),
            vec![(2, "record_type"), (3, "record_type")]
        );
        assert!(import.errors[0].message.contains("\"vehicle\""));
        assert_eq!(
            import.errors[1].message,
            "Required: driver, truck or trailer"
        );
    }

    #[test]
    fn external_id_is_required_and_unique_per_record_type() {
        let import = rows(&[
            "driver,,A,B,,,,,,,,,,,,,,",
            "driver,X1,A,B,,,,,,,,,,,,,,",
            "truck,X1,,,,,,,,,,,,,,,,",
            "driver,X1,C,D,,,,,,,,,,,,,,",
            "trailer,X1,,,,,,,,,,,,,,,,",
        ]);
        assert_eq!(
            errors(&import),
            vec![(2, "external_id"), (5, "external_id")]
        );
        assert_eq!(
            import.errors[1].message,
            "X1 is already the external_id of the driver on row 3"
        );
        assert_eq!(import.drivers.len(), 1);
        assert_eq!(import.drivers[0].first_name.as_deref(), Some("A"));
        assert_eq!(import.vehicles.len(), 1);
        assert_eq!(import.trailers.len(), 1);
    }

    #[test]
    fn year_is_a_number_from_1950_to_next_year() {
        for good in ["1950", "2026", " 2018 "] {
            let import = rows(&[&format!("truck,T1,,,,,,,,,,,,,{good},,,")]);
            assert_eq!(import.errors, vec![], "{good}");
        }
        for bad in ["1949", "2027", "20x1", "2018.5", "'18"] {
            let import = rows(&[&format!("truck,T1,,,,,,,,,,,,,{bad},,,")]);
            assert_eq!(errors(&import), vec![(2, "year")], "{bad}");
            assert!(import.vehicles.is_empty());
        }
        let import = rows(&["truck,T1,,,,,,,,,,,,,2027,,,"]);
        assert_eq!(
            import.errors[0].message,
            "The year must be between 1950 and 2026"
        );
    }

    #[test]
    fn vin_is_17_characters_without_i_o_or_q() {
        for bad in [
            "1XKYD49X0JJ55370",
            "1XKYD49X0JJ5537011",
            "1XKYD49X0JJ55370I",
            "1XKYD49X0JJ55370O",
            "1XKYD49X0JJ55370Q",
            "1XKYD49X0JJ-53701",
        ] {
            let truck = rows(&[&format!("truck,T1,,,,,,,,,{bad},,,,,,,")]);
            assert_eq!(errors(&truck), vec![(2, "vin")], "{bad}");
            let trailer = rows(&[&format!("trailer,R1,,,,,,,,,{bad},,,,,,,")]);
            assert_eq!(errors(&trailer), vec![(2, "vin")], "{bad}");
        }
        let import = rows(&["truck,T1,,,,,,,,,1XKYD49X0JJ55370,,,,,,,"]);
        assert_eq!(
            import.errors[0].message,
            "A VIN has 17 characters, this one has 16"
        );
    }

    #[test]
    fn license_state_is_a_us_state_or_territory_code() {
        for good in ["TN", "dc", "PR", " gu "] {
            let import = rows(&[&format!("driver,D1,A,,,,,{good},,,,,,,,,,")]);
            assert_eq!(import.errors, vec![], "{good}");
        }
        for bad in ["XX", "Tennessee", "ON", "T"] {
            let import = rows(&[&format!("driver,D1,A,,,,,{bad},,,,,,,,,,")]);
            assert_eq!(errors(&import), vec![(2, "license_state")], "{bad}");
        }
    }

    #[test]
    fn values_are_at_most_200_characters_notes_2000() {
        let long = "x".repeat(201);
        let import = rows(&[
            &format!("driver,D1,{long},,,,,,,,,,,,,,,"),
            &format!("truck,T1,,,,,,,,{},,,,,,,,", "y".repeat(200)),
            &format!("trailer,R1,,,,,,,,,,,,,,,,{long}"),
            &format!("trailer,R2,,,,,,,,,,,,,,,,{}", "z".repeat(2001)),
            &format!("driver,{long},A,,,,,,,,,,,,,,,"),
        ]);
        assert_eq!(
            errors(&import),
            vec![(2, "first_name"), (5, "notes"), (6, "external_id")]
        );
        assert_eq!(import.errors[0].message, "At most 200 characters");
        assert_eq!(import.errors[1].message, "At most 2000 characters");
        assert_eq!(import.vehicles.len(), 1);
        assert_eq!(import.trailers.len(), 1);
    }

    #[test]
    fn control_characters_and_nul_bytes_are_refused() {
        let import = read(&format!(
            "{HEADER}driver,D1,Ja\0mes,,,,,,,,,,,,,,,\ntruck,T1,,,,,,,,Unit\u{1b}[31m,,,,,,,,\ntrailer,R1,,,,,,,,\"two\nlines\",,,,,,,,\ntrailer,R2,,,,,,,,,,,,,,,,\"line one\n\tline two\"\n"
        ))
        .unwrap();
        assert_eq!(
            errors(&import),
            vec![(2, "first_name"), (3, "name"), (4, "name")]
        );
        assert_eq!(
            import.errors[0].message,
            "first_name contains a control character, which is not allowed"
        );
        assert_eq!(import.trailers.len(), 1);
        assert_eq!(
            import.trailers[0].notes.as_deref(),
            Some("line one\n\tline two")
        );
    }

    #[test]
    fn rows_with_errors_are_left_out_and_the_others_import() {
        let import = rows(&[
            "driver,D1,Ann,Lee,,,,TN,,,,,,,,,,",
            "driver,D2,Bob,Ray,,,,ZZ,maybe,,,,,,,,,",
            "truck,T1,,,,,,,,Unit 1,BADVIN,,,,1900,D2,,",
            "truck,T2,,,,,,,,Unit 2,,,,,,D1,,",
            "trailer,R1,,,,,,,,,,,,,,,Reefer,",
        ]);
        assert_eq!(
            errors(&import),
            vec![(3, "license_state"), (3, "active"), (4, "vin"), (4, "year")]
        );
        assert_eq!(import.drivers.len(), 1);
        assert_eq!(import.vehicles.len(), 1);
        assert_eq!(import.vehicles[0].id, "T2");
        assert_eq!(
            import.vehicles[0]
                .assigned_driver
                .as_ref()
                .unwrap()
                .name
                .as_deref(),
            Some("Ann Lee")
        );
        assert_eq!(import.trailers.len(), 1);
    }

    #[test]
    fn rows_are_numbered_as_a_spreadsheet_shows_them() {
        let import = read(&format!(
            "{HEADER}truck,T1,,,,,,,,,,,,,,,,\"notes on\r\ntwo lines\"\r\n\r\n,,,,,\ntruck,T2,,,,,,,,,,,,,bad,,,\r\ntruck,T3,,,,,,,,,,,,,1800,,,"
        ))
        .unwrap();
        // Row 2 spans two lines, row 3 is blank, row 4 has only commas.
        assert_eq!(errors(&import), vec![(5, "year"), (6, "year")]);
        assert_eq!(import.vehicles.len(), 1);
    }

    #[test]
    fn short_rows_read_as_empty_and_extra_values_are_refused() {
        let import = rows(&[
            "driver,D1,Ann",
            "driver,D2,Bob,Ray,,,,,,,,,,,,,,",
            "driver,D3,Smith, John,,,,,,,,,,,,,,,",
            "driver,D4,Cy,,,,,,,,,,,,,,,,x",
        ]);
        assert_eq!(errors(&import), vec![(4, "columns"), (5, "columns")]);
        assert_eq!(
            import.errors[0].message,
            "This row has 19 values but the header has 18 columns; a value that holds a comma must be in quotes"
        );
        assert_eq!(import.drivers.len(), 2);
    }

    #[test]
    fn a_file_that_is_not_utf8_is_refused_with_its_line() {
        let mut bytes = HEADER.as_bytes().to_vec();
        bytes.extend_from_slice(b"driver,D1,Jos\xe9,,,,,,,,,,,,,,,\n");
        assert_eq!(parse(&bytes), Err(CsvFileError::NotUtf8 { line: 2 }));
    }

    #[test]
    fn an_empty_file_is_refused() {
        for empty in [
            "",
            "  \n\r\n",
            "\u{feff}",
            HEADER,
            &format!("{HEADER},,,\n\n"),
        ] {
            assert_eq!(read(empty), Err(CsvFileError::Empty), "{empty:?}");
        }
    }

    #[test]
    fn missing_required_columns_are_named() {
        assert_eq!(
            read("name,vin\nUnit 1,\n"),
            Err(CsvFileError::MissingColumns {
                columns: vec!["record_type".into(), "external_id".into()]
            })
        );
        let err = read("record_type;external_id\ntruck;T1\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "The header row is missing the column(s): record_type, external_id"
        );
        assert_eq!(
            read("record_type,external_id,VIN,vin\n"),
            Err(CsvFileError::DuplicateColumn {
                column: "vin".into()
            })
        );
    }

    #[test]
    fn more_than_20000_rows_are_refused() {
        let mut csv = String::from("record_type,external_id\n");
        for i in 0..MAX_ROWS {
            csv.push_str(&format!("trailer,R{i}\n"));
        }
        assert_eq!(read(&csv).unwrap().trailers.len(), MAX_ROWS);
        csv.push_str("trailer,one-too-many\n");
        assert_eq!(
            read(&csv),
            Err(CsvFileError::TooManyRows { limit: MAX_ROWS })
        );
    }

    #[test]
    fn a_broken_quote_names_its_line() {
        // Left open: the rest of the file would be one value.
        let open = format!(
            "{HEADER}driver,D1,Ann,,,,,,,,,,,,,,,\ndriver,D2,\"Bob,,,,,,,,,,,,,,,\ndriver,D3,Cy,,,,,,,,,,,,,,,\n"
        );
        assert_eq!(read(&open), Err(CsvFileError::Malformed { line: 3 }));
        // A quote inside an unquoted value.
        let stray = format!(
            "{HEADER}driver,D1,Ann,,,,,,,,,,,,,,,\n\"multi\nline\",T1,,,,,,,,,,,,,,,,\ntruck,T2,,,,,,,,5'10\" tall,,,,,,,,\n"
        );
        assert_eq!(read(&stray), Err(CsvFileError::Malformed { line: 5 }));
        assert!(
            CsvFileError::Malformed { line: 5 }
                .to_string()
                .starts_with("Line 5 is not valid CSV")
        );
        // Quotes doubled inside a quoted value are fine.
        let good = rows(&["truck,T2,,,,,,,,\"5'10\"\" \"\"tall\"\"\",,,,,,,,"]);
        assert_eq!(good.vehicles[0].name.as_deref(), Some("5'10\" \"tall\""));
    }
}
