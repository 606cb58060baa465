use super::*;
use chrono::NaiveDate;

fn at(d: u32, h: u32, m: u32) -> Option<NaiveDateTime> {
    NaiveDate::from_ymd_opt(2026, 3, d)?.and_hms_opt(h, m, 0)
}

const STACKED: &str = "
SUMMIT FREIGHT BROKERAGE LLC                         RATE CONFIRMATION
1200 Commerce Pkwy, Dallas, TX 75201
MC# 614220    USDOT# 2401187
Load #: SF-2026-10442                                Date: 02/27/2026
Carrier: Redline Transport Inc        MC# 889911     USDOT# 3300112
Equipment: 53' Dry Van      Weight: 42,000 lbs       Pieces: 24
Commodity: Canned goods

Shipper
Acme Foods DC
1450 Industrial Blvd
Dallas, TX 75212
Pickup Date: 03/02/2026 08:00 CST
PU#: 88120
Instructions: Check in at guard shack with PU#.

Consignee
Kroger Distribution Center
2500 Marietta Blvd NW
Atlanta, GA 30318
Delivery Date: 03/04/2026 07:00 EST
PO#: 4500123987

Rate
Line Haul         $2,450.00
FSC               $312.50
Total             $2,762.50

Detention: $50/hr after 2 hrs, max $500
TONU $150
Lumper: reimbursed with receipt
";

#[test]
fn a_stacked_rate_con_is_read_whole() {
    let r = read_text(STACKED);
    let d = &r.draft;
    assert_eq!(
        d.customer_name.as_deref(),
        Some("SUMMIT FREIGHT BROKERAGE LLC")
    );
    assert_eq!(d.customer_mc.as_deref(), Some("614220"));
    assert_eq!(d.customer_usdot.as_deref(), Some("2401187"));
    assert_eq!(d.load_number.as_deref(), Some("SF-2026-10442"));
    assert_eq!(d.pickup_number.as_deref(), Some("88120"));
    assert_eq!(d.po_number.as_deref(), Some("4500123987"));
    assert_eq!(d.equipment_type.as_deref(), Some("van"));
    assert_eq!(
        (d.length_ft, d.weight_lbs, d.pieces),
        (Some(53), Some(42_000), Some(24))
    );
    assert_eq!(d.rate_method.as_deref(), Some("flat"));
    assert_eq!(
        (d.linehaul_cents, d.fuel_surcharge_cents),
        (Some(245_000), Some(31_250))
    );
    assert_eq!(
        (
            d.detention_free_minutes,
            d.detention_rate_cents,
            d.detention_cap_cents
        ),
        (Some(120), Some(5_000), Some(50_000))
    );
    assert_eq!(d.tonu_cents, Some(15_000));
    assert_eq!(d.lumper_terms.as_deref(), Some("reimbursed with receipt"));
    assert!(r.missing_terms.is_empty());
    assert_eq!(d.stops.len(), 2);
    let (p, c) = (&d.stops[0], &d.stops[1]);
    assert_eq!(p.kind, "pickup");
    assert_eq!(p.facility_name.as_deref(), Some("Acme Foods DC"));
    assert_eq!(p.address.as_deref(), Some("1450 Industrial Blvd"));
    assert_eq!(
        (p.city.as_deref(), p.state.as_deref()),
        (Some("Dallas"), Some("TX"))
    );
    assert_eq!(p.zip.as_deref(), Some("75212"));
    assert_eq!(p.appointment, at(2, 8, 0));
    assert_eq!(p.time_zone.as_deref(), Some("America/Chicago"));
    assert_eq!(
        p.instructions.as_deref(),
        Some("Check in at guard shack with PU#.")
    );
    assert_eq!(c.kind, "delivery");
    assert_eq!(c.time_zone.as_deref(), Some("America/New_York"));
    assert_eq!(c.appointment, at(4, 7, 0));
    assert!(r.found.contains(&"stops") && r.found.contains(&"detention_rate_cents"));
    assert!(!r.found.contains(&"bol_number"));
}

#[test]
fn side_by_side_blocks_keep_the_carrier_apart() {
    let r = read_text(
        "
            RATE AND LOAD CONFIRMATION

Carrier                                     Broker
Redline Transport Inc                       Iron Horse Brokerage
MC# 889911                                  MC# 1022384
USDOT# 3300112                              USDOT# 3561290

Load ID:      IHB-5521

Pick Up                                     Delivery
Denso Manufacturing                         Toyota Motor Mfg Kentucky
1720 Robert C Jackson Dr                    1001 Cherry Blossom Way
Maryville, TN 37801                         Georgetown, KY 40324
Date: 03/18/2026 14:00 EST                  Date: 03/19/2026 06:30 EST

Rate:         $1,375.00 flat
Fuel:         included
",
    );
    let d = &r.draft;
    assert_eq!(d.customer_name.as_deref(), Some("Iron Horse Brokerage"));
    assert_eq!(d.customer_mc.as_deref(), Some("1022384"));
    assert_eq!(d.customer_usdot.as_deref(), Some("3561290"));
    assert_eq!(d.load_number.as_deref(), Some("IHB-5521"));
    assert_eq!(d.linehaul_cents, Some(137_500));
    assert_eq!(d.fuel_surcharge_cents, None);
    assert_eq!(d.stops[0].city.as_deref(), Some("Maryville"));
    assert_eq!(
        d.stops[1].facility_name.as_deref(),
        Some("Toyota Motor Mfg Kentucky")
    );
    assert_eq!(d.stops[1].appointment, at(19, 6, 30));
    assert_eq!(r.missing_terms, ["detention", "tonu", "lumper"]);
}

#[test]
fn labels_of_other_brokers() {
    let cases = [
        ("Order No. 448812733", "448812733"),
        ("Pro/Load: PWL-77120", "PWL-77120"),
        ("Load Number:   BFS-118822", "BFS-118822"),
        ("Load #        LSC-4420981", "LSC-4420981"),
        ("Shipment #: CO-30018", "CO-30018"),
        ("Ref #: FRT-60311", "FRT-60311"),
    ];
    for (text, number) in cases {
        assert_eq!(
            read_text(text).draft.load_number.as_deref(),
            Some(number),
            "{text}"
        );
    }
    assert_eq!(read_text("Ref: NS-REEFER").draft.load_number, None);
}

#[test]
fn rates_and_terms_in_their_many_wordings() {
    let d = read_text("All-in rate:   $3,100.00 USD").draft;
    assert_eq!(
        (d.rate_method.as_deref(), d.linehaul_cents),
        (Some("flat"), Some(310_000))
    );
    let d = read_text("Rate    $3.10 per mile x 412 miles\nFSC     $0.00").draft;
    assert_eq!(d.rate_method.as_deref(), Some("per_mile"));
    assert_eq!((d.rate_per_mile_cents, d.linehaul_cents), (Some(310), None));
    assert_eq!(d.fuel_surcharge_cents, Some(0));
    let d = read_text("Line Haul      1      $1,850.00\nFuel Surcharge   1   $220.00").draft;
    assert_eq!(
        (d.linehaul_cents, d.fuel_surcharge_cents),
        (Some(185_000), Some(22_000))
    );
    let d = read_text("Detention pays $35.00 per hour after 3 hours, max $350.00").draft;
    assert_eq!(
        (
            d.detention_free_minutes,
            d.detention_rate_cents,
            d.detention_cap_cents
        ),
        (Some(180), Some(3_500), Some(35_000))
    );
    let d = read_text("Detention after 2 hours: $50.00/hour").draft;
    assert_eq!(
        (d.detention_free_minutes, d.detention_rate_cents),
        (Some(120), Some(5_000))
    );
    let d = read_text("TONU: $250 if cancelled within 24 hours of pickup").draft;
    assert_eq!(
        (d.tonu_cents, d.tonu_window_hours),
        (Some(25_000), Some(24))
    );
    let d = read_text("Truck Order Not Used (TONU): $200.00").draft;
    assert_eq!(d.tonu_cents, Some(20_000));
    let d = read_text("Lumper fees reimbursed with receipt; call first.").draft;
    assert_eq!(
        d.lumper_terms.as_deref(),
        Some("reimbursed with receipt; call first")
    );
}

#[test]
fn equipment_in_the_boards_codes() {
    let d = read_text("Equip     53' Reefer @ -10F").draft;
    assert_eq!(d.equipment_type.as_deref(), Some("reefer"));
    assert_eq!((d.length_ft, d.reefer_temp_f), (Some(53), Some(-10)));
    let d = read_text("Equipment:   Reefer, 53 ft, set at 36 F").draft;
    assert_eq!((d.length_ft, d.reefer_temp_f), (Some(53), Some(36)));
    let d = read_text("Equipment Type: Step Deck 48'").draft;
    assert_eq!(d.equipment_type.as_deref(), Some("step_deck"));
    let d = read_text("Equipment: Flatbed 48 ft").draft;
    assert_eq!(
        (d.equipment_type.as_deref(), d.length_ft),
        (Some("flatbed"), Some(48))
    );
    let d = read_text("Equipment:   Reefer 53'      Temp:   34 F continuous").draft;
    assert_eq!(d.reefer_temp_f, Some(34));
}

#[test]
fn grid_stops_with_labels_and_an_address_on_one_line() {
    let d = read_text(
        "
PU 1
Name          Tyson Foods Plant
Address       1001 Tyson Pkwy, Center, TX 75935
Date/Time     March 30, 2026 @ 09:00 CDT

Drop 1
Name          HEB Distribution
Address       4710 N Pan Am Expy, San Antonio, TX 78218
Date/Time     March 31, 2026 @ 05:00 CDT
",
    )
    .draft;
    assert_eq!(d.stops.len(), 2);
    let s = &d.stops[1];
    assert_eq!(s.kind, "delivery");
    assert_eq!(s.facility_name.as_deref(), Some("HEB Distribution"));
    assert_eq!(s.address.as_deref(), Some("4710 N Pan Am Expy"));
    assert_eq!(s.city.as_deref(), Some("San Antonio"));
    assert_eq!(s.zip.as_deref(), Some("78218"));
    assert_eq!(s.appointment, at(31, 5, 0));
}

#[test]
fn a_stop_without_a_stated_zone_takes_its_states() {
    let d = read_text(
        "
Delivery
Desert Ag Supply
2100 W Buckeye Rd
Phoenix, AZ 85009
Window: 03/26/2026 12:00 - 03/26/2026 16:00
",
    )
    .draft;
    assert_eq!(d.stops[0].time_zone.as_deref(), Some("America/Phoenix"));
    assert_eq!(d.stops[0].window_start, at(26, 12, 0));
    assert_eq!(d.stops[0].window_end, at(26, 16, 0));
}

#[test]
fn nothing_readable_gives_an_empty_draft() {
    let r = read(&[]);
    assert_eq!(r.draft, Draft::default());
    assert!(r.found.is_empty());
    assert_eq!(missing_terms(true, false, true), ["tonu"]);
}
