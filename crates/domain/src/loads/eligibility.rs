//! Whether a driver, truck and trailer can legally and practically take a
//! load (issue 31 §3): one list of Block / Warn / Info findings, each with
//! the record that causes it: what the fleet's own records say, and the
//! drivers' hours of service as their ELD last reported them
//! ([`super::hos`]).

use super::hos::{self, Clocks, Rest, Trip, Verdict};
use crate::compliance::QualificationKind;
use chrono::NaiveDate;
use serde::Serialize;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The assignment is refused unless overridden with a written reason.
    Block,
    Warn,
    Info,
}

/// The record a finding points to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum Cause {
    Driver(Uuid),
    Truck(Uuid),
    Trailer(Uuid),
    Qualification(Uuid),
    Document(Uuid),
    Load(Uuid),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub severity: Severity,
    /// Stable: `driver_inactive`, `qualification_expired`, …
    pub code: &'static str,
    pub cause: Cause,
    /// The date that matters (an expiry), when there is one.
    pub date: Option<NaiveDate>,
    /// Minutes that matter (how old a driver's clocks are), when any.
    pub minutes: Option<i64>,
    /// The rest plan of an hours-of-service finding.
    pub rests: Vec<Rest>,
}

/// What the ELD says of a driver's hours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HosData {
    /// The fleet has no ELD clocks for this driver.
    NoData,
    Clocks(Clocks),
}

/// A dated record of a driver (a qualification item) or of a vehicle (a
/// document).
#[derive(Debug, Clone)]
pub struct Dated {
    pub id: Uuid,
    /// A qualification kind (`cdl`, `medical`) or a document type.
    pub kind: String,
    pub expires_on: Option<NaiveDate>,
}

#[derive(Debug, Clone)]
pub struct DriverFacts {
    pub id: Uuid,
    pub active: bool,
    pub qualifications: Vec<Dated>,
    pub hos: HosData,
}

#[derive(Debug, Clone)]
pub struct VehicleFacts {
    pub id: Uuid,
    pub active: bool,
    pub decommissioned: bool,
    /// A trailer's type as the ELD names it ("Reefer", "53' Dry Van").
    pub trailer_type: Option<String>,
    pub documents: Vec<Dated>,
}

/// Another load the same driver, truck or trailer is on at an overlapping time.
#[derive(Debug, Clone)]
pub struct Overlap {
    pub load_id: Uuid,
    pub cause: Cause,
}

#[derive(Debug, Clone)]
pub struct Facts {
    pub drivers: Vec<DriverFacts>,
    pub truck: Option<VehicleFacts>,
    pub trailer: Option<VehicleFacts>,
    /// Documents of the whole company (insurance).
    pub company_documents: Vec<Dated>,
    /// The load's equipment (`board::EQUIPMENT`).
    pub equipment: String,
    pub today: NaiveDate,
    /// The last stop's day, in its facility's zone.
    pub last_day: NaiveDate,
    pub overlaps: Vec<Overlap>,
    /// The trip the drivers' hours are judged against (`loaded_minutes`
    /// for the whole load: a team shares it); `None` judges no hours.
    pub trip: Option<Trip>,
}

/// Documents whose expiry matters for a trip.
const VEHICLE_DOCUMENTS: [&str; 4] = [
    "truck_registration",
    "truck_inspection",
    "trailer_registration",
    "trailer_inspection",
];

fn finding(
    severity: Severity,
    code: &'static str,
    cause: Cause,
    date: Option<NaiveDate>,
) -> Finding {
    Finding {
        severity,
        code,
        cause,
        date,
        minutes: None,
        rests: Vec::new(),
    }
}

/// The hours-of-service findings of one driver (see [`hos::judge`]).
fn hours(out: &mut Vec<Finding>, driver: &DriverFacts, trip: &Trip, drivers: usize) {
    let cause = Cause::Driver(driver.id);
    let clocks = match &driver.hos {
        HosData::NoData => {
            out.push(finding(Severity::Info, "hos_no_data", cause, None));
            return;
        }
        HosData::Clocks(clocks) => clocks,
    };
    let age = (trip.now - clocks.as_of).num_minutes().max(0);
    if clocks.disconnected {
        out.push(Finding {
            minutes: Some(age),
            ..finding(Severity::Warn, "hos_app_disconnected", cause, None)
        });
    } else if age > hos::OLD_AFTER_MINUTES {
        out.push(Finding {
            minutes: Some(age),
            ..finding(Severity::Info, "hos_clocks_old", cause, None)
        });
    }
    // A team shares the driving; the first driver drives to the pickup.
    let share = Trip {
        loaded_minutes: trip.loaded_minutes / drivers.max(1) as i64,
        ..trip.clone()
    };
    let judged = hos::judge(clocks, &share);
    match judged.pickup {
        Some(Verdict::PickupUnreachable(rests)) => out.push(Finding {
            rests,
            ..finding(Severity::Block, "hos_pickup_unreachable", cause, None)
        }),
        Some(Verdict::RestBeforePickup(rests)) => out.push(Finding {
            rests,
            ..finding(Severity::Warn, "hos_rest_before_pickup", cause, None)
        }),
        None => {}
    }
    if !judged.on_the_load.is_empty() {
        out.push(Finding {
            rests: judged.on_the_load,
            ..finding(Severity::Info, "hos_rest_on_load", cause, None)
        });
    }
}

/// Expired (Block), expiring before the last stop (Block), or within a
/// week after it (Info).
fn expiry(
    out: &mut Vec<Finding>,
    facts: &Facts,
    cause: Cause,
    expires: NaiveDate,
    code: &'static str,
) {
    if expires < facts.today {
        out.push(finding(Severity::Block, code, cause, Some(expires)));
    } else if expires < facts.last_day {
        out.push(finding(
            Severity::Block,
            "expires_before_delivery",
            cause,
            Some(expires),
        ));
    } else if (expires - facts.last_day).num_days() <= 7 {
        out.push(finding(
            Severity::Info,
            "expires_soon_after",
            cause,
            Some(expires),
        ));
    }
}

fn words(text: &str) -> String {
    text.to_ascii_lowercase()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// Whether a trailer's ELD type can carry `equipment`; None when the type
/// says nothing we recognise.
fn trailer_fits(trailer_type: &str, equipment: &str) -> Option<bool> {
    let t = words(trailer_type);
    let kind = [
        ("reefer", "reefer"),
        ("refrigerated", "reefer"),
        ("flatbed", "flatbed"),
        ("stepdeck", "step_deck"),
        ("dropdeck", "step_deck"),
        ("conestoga", "conestoga"),
        ("tanker", "tanker"),
        ("hopper", "hopper"),
        ("container", "container"),
        ("van", "van"),
    ]
    .into_iter()
    .find(|(word, _)| t.contains(word))
    .map(|(_, kind)| kind)?;
    // A reefer can haul dry freight; nothing else stands in for another.
    Some(kind == equipment || (kind == "reefer" && equipment == "van"))
}

/// Every finding, Blocks first.
pub fn check(facts: &Facts) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, driver) in facts.drivers.iter().enumerate() {
        if let Some(trip) = &facts.trip {
            // Only the first driver drives to the pickup.
            let trip = Trip {
                empty_minutes: trip.empty_minutes.filter(|_| i == 0),
                ..trip.clone()
            };
            hours(&mut out, driver, &trip, facts.drivers.len());
        }
        if !driver.active {
            out.push(finding(
                Severity::Block,
                "driver_inactive",
                Cause::Driver(driver.id),
                None,
            ));
        }
        for kind in [QualificationKind::Cdl, QualificationKind::Medical] {
            let item = driver
                .qualifications
                .iter()
                .find(|q| q.kind == kind.as_str());
            match item.and_then(|q| q.expires_on.map(|d| (q.id, d))) {
                Some((id, expires)) => {
                    let code = match kind {
                        QualificationKind::Cdl => "cdl_expired",
                        _ => "medical_card_expired",
                    };
                    expiry(&mut out, facts, Cause::Qualification(id), expires, code);
                }
                None => out.push(finding(
                    Severity::Warn,
                    match kind {
                        QualificationKind::Cdl => "cdl_unknown",
                        _ => "medical_card_unknown",
                    },
                    Cause::Driver(driver.id),
                    None,
                )),
            }
        }
    }
    for (vehicle, is_truck) in [(&facts.truck, true), (&facts.trailer, false)] {
        let Some(v) = vehicle else { continue };
        let cause = if is_truck {
            Cause::Truck(v.id)
        } else {
            Cause::Trailer(v.id)
        };
        if v.decommissioned {
            out.push(finding(Severity::Block, "decommissioned", cause, None));
        } else if !v.active {
            out.push(finding(
                Severity::Block,
                if is_truck {
                    "truck_inactive"
                } else {
                    "trailer_inactive"
                },
                cause,
                None,
            ));
        }
        for doc in v
            .documents
            .iter()
            .filter(|d| VEHICLE_DOCUMENTS.contains(&d.kind.as_str()))
        {
            if let Some(expires) = doc.expires_on {
                expiry(
                    &mut out,
                    facts,
                    Cause::Document(doc.id),
                    expires,
                    "document_expired",
                );
            }
        }
        if !is_truck
            && let Some(kind) = &v.trailer_type
            && trailer_fits(kind, &facts.equipment) == Some(false)
        {
            out.push(finding(
                Severity::Warn,
                "trailer_type_mismatch",
                cause,
                None,
            ));
        }
    }
    for doc in facts
        .company_documents
        .iter()
        .filter(|d| d.kind == "company_insurance")
    {
        if let Some(expires) = doc.expires_on {
            expiry(
                &mut out,
                facts,
                Cause::Document(doc.id),
                expires,
                "insurance_expired",
            );
        }
    }
    for overlap in &facts.overlaps {
        out.push(finding(
            Severity::Block,
            "overlapping_load",
            Cause::Load(overlap.load_id),
            None,
        ));
    }
    out.sort_by_key(|f| f.severity);
    out
}

/// Whether any finding refuses the assignment without an override.
pub fn blocked(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Block)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
    }

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    fn qualified(expires: NaiveDate) -> DriverFacts {
        DriverFacts {
            id: id(1),
            active: true,
            qualifications: vec![
                Dated {
                    id: id(11),
                    kind: "cdl".into(),
                    expires_on: Some(day(28)),
                },
                Dated {
                    id: id(12),
                    kind: "medical".into(),
                    expires_on: Some(expires),
                },
            ],
            hos: HosData::NoData,
        }
    }

    fn facts() -> Facts {
        Facts {
            drivers: vec![qualified(day(28))],
            truck: Some(VehicleFacts {
                id: id(2),
                active: true,
                decommissioned: false,
                trailer_type: None,
                documents: vec![Dated {
                    id: id(21),
                    kind: "truck_registration".into(),
                    expires_on: Some(day(30)),
                }],
            }),
            trailer: Some(VehicleFacts {
                id: id(3),
                active: true,
                decommissioned: false,
                trailer_type: Some("53' Dry Van".into()),
                documents: vec![],
            }),
            company_documents: vec![],
            equipment: "van".into(),
            today: day(1),
            last_day: day(3),
            overlaps: vec![],
            trip: None,
        }
    }

    fn codes(f: &Facts) -> Vec<&'static str> {
        check(f).into_iter().map(|f| f.code).collect()
    }

    #[test]
    fn a_qualified_driver_on_good_equipment_has_no_findings() {
        assert!(check(&facts()).is_empty());
    }

    #[test]
    fn each_record_causes_its_own_finding() {
        let mut f = facts();
        f.drivers = vec![qualified(day(1).pred_opt().unwrap())];
        let found = check(&f);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, "medical_card_expired");
        assert_eq!(found[0].cause, Cause::Qualification(id(12)));
        assert!(blocked(&found));

        let mut f = facts();
        f.drivers = vec![qualified(day(2))];
        assert_eq!(codes(&f), ["expires_before_delivery"]);

        let mut f = facts();
        f.drivers = vec![qualified(day(6))];
        assert_eq!(codes(&f), ["expires_soon_after"]);
        assert!(!blocked(&check(&f)));

        let mut f = facts();
        f.drivers[0].active = false;
        assert_eq!(codes(&f), ["driver_inactive"]);

        let mut f = facts();
        f.drivers[0].qualifications.clear();
        assert_eq!(codes(&f), ["cdl_unknown", "medical_card_unknown"]);

        let mut f = facts();
        f.truck.as_mut().unwrap().decommissioned = true;
        assert_eq!(codes(&f), ["decommissioned"]);

        let mut f = facts();
        f.truck.as_mut().unwrap().documents[0].expires_on = Some(day(2));
        assert_eq!(check(&f)[0].cause, Cause::Document(id(21)));

        let mut f = facts();
        f.equipment = "flatbed".into();
        assert_eq!(codes(&f), ["trailer_type_mismatch"]);

        let mut f = facts();
        f.company_documents = vec![Dated {
            id: id(9),
            kind: "company_insurance".into(),
            expires_on: Some(day(20)),
        }];
        assert!(codes(&f).is_empty());
        f.today = day(21);
        f.last_day = day(22);
        assert_eq!(codes(&f)[0], "insurance_expired");

        let mut f = facts();
        f.overlaps = vec![Overlap {
            load_id: id(7),
            cause: Cause::Driver(id(1)),
        }];
        assert_eq!(check(&f)[0].cause, Cause::Load(id(7)));
    }

    #[test]
    fn trailer_types_are_read_loosely() {
        assert_eq!(trailer_fits("REEFER 53", "reefer"), Some(true));
        assert_eq!(trailer_fits("Reefer", "van"), Some(true));
        assert_eq!(trailer_fits("Dry Van", "reefer"), Some(false));
        assert_eq!(trailer_fits("Step-Deck", "step_deck"), Some(true));
        assert_eq!(trailer_fits("Trailer 7", "van"), None);
    }

    #[test]
    fn blocks_come_first() {
        let mut f = facts();
        f.drivers = vec![qualified(day(6))];
        f.truck.as_mut().unwrap().active = false;
        let found = check(&f);
        assert_eq!(found[0].severity, Severity::Block);
        assert_eq!(found.last().unwrap().severity, Severity::Info);
    }

    mod hours {
        use super::*;
        use crate::loads::hos::{Clocks, RestKind, Trip};
        use chrono::{DateTime, Duration, TimeZone, Utc};

        fn now() -> DateTime<Utc> {
            Utc.with_ymd_and_hms(2026, 3, 1, 6, 0, 0).unwrap()
        }

        fn clocks(drive: i64) -> Clocks {
            Clocks {
                drive: Some(drive),
                shift: Some(840),
                cycle: Some(4200),
                until_break: Some(480),
                cycle_tomorrow: None,
                as_of: now(),
                disconnected: false,
            }
        }

        fn with(hos: HosData, empty: Option<i64>, pickup_in: i64, loaded: i64) -> Facts {
            let mut f = facts();
            f.drivers[0].hos = hos;
            let at = now() + Duration::minutes(pickup_in);
            f.trip = Some(Trip {
                now: now(),
                empty_minutes: empty,
                pickup_from: at,
                pickup_by: at,
                loaded_minutes: loaded,
            });
            f
        }

        #[test]
        fn a_fresh_driver_gets_no_hours_finding() {
            let f = with(HosData::Clocks(clocks(660)), Some(60), 120, 300);
            assert!(check(&f).is_empty(), "{:?}", check(&f));
        }

        #[test]
        fn no_clocks_is_an_info_on_the_driver() {
            let f = with(HosData::NoData, Some(60), 120, 300);
            let found = check(&f);
            assert_eq!(codes(&f), ["hos_no_data"]);
            assert_eq!(found[0].severity, Severity::Info);
            assert_eq!(found[0].cause, Cause::Driver(id(1)));
            // Without a trip no hours are judged at all.
            let mut f = f;
            f.trip = None;
            assert!(check(&f).is_empty());
        }

        #[test]
        fn low_hours_warn_with_a_rest_plan_or_block_when_the_pickup_is_lost() {
            // 60 minutes of driving left, 90 to the pickup: 60 + 600 + 30.
            let f = with(HosData::Clocks(clocks(60)), Some(90), 690, 0);
            let found = check(&f);
            assert_eq!(codes(&f), ["hos_rest_before_pickup"]);
            assert_eq!(found[0].severity, Severity::Warn);
            assert_eq!(found[0].cause, Cause::Driver(id(1)));
            assert_eq!(found[0].rests[0].kind, RestKind::Reset);
            assert_eq!(found[0].rests[0].after_driving_minutes, 60);

            let f = with(HosData::Clocks(clocks(60)), Some(90), 689, 0);
            let found = check(&f);
            assert_eq!(codes(&f), ["hos_pickup_unreachable"]);
            assert!(blocked(&found));
        }

        #[test]
        fn rests_on_the_load_are_an_info() {
            let f = with(HosData::Clocks(clocks(660)), None, 60, 600);
            let found = check(&f);
            assert_eq!(codes(&f), ["hos_rest_on_load"]);
            assert_eq!(found[0].severity, Severity::Info);
            assert_eq!(found[0].rests[0].kind, RestKind::Break);
        }

        #[test]
        fn stale_clocks_say_so() {
            let mut c = clocks(660);
            c.as_of = now() - Duration::minutes(5);
            let f = with(HosData::Clocks(c.clone()), Some(10), 60, 60);
            assert!(codes(&f).is_empty());
            c.as_of = now() - Duration::minutes(6);
            let f = with(HosData::Clocks(c.clone()), Some(10), 60, 60);
            let found = check(&f);
            assert_eq!(codes(&f), ["hos_clocks_old"]);
            assert_eq!(found[0].minutes, Some(6));
            c.disconnected = true;
            let f = with(HosData::Clocks(c), Some(10), 60, 60);
            let found = check(&f);
            assert_eq!(codes(&f), ["hos_app_disconnected"]);
            assert_eq!(found[0].severity, Severity::Warn);
            assert_eq!(found[0].minutes, Some(6));
        }

        #[test]
        fn a_team_shares_the_load_and_only_the_first_drives_empty() {
            let mut f = with(HosData::Clocks(clocks(660)), Some(600), 700, 600);
            let mut second = qualified(day(28));
            second.id = id(5);
            second.hos = HosData::Clocks(clocks(300));
            f.drivers.push(second);
            // 300 each on the load. The first: 600 empty needs a break (after
            // 480) and a reset after 660 total. The second drives no empty miles.
            let found = check(&f);
            assert!(
                found
                    .iter()
                    .all(|x| x.cause == Cause::Driver(id(1)) || x.cause == Cause::Driver(id(5)))
            );
            assert!(
                !found.iter().any(|x| x.cause == Cause::Driver(id(5))),
                "{found:?}"
            );
        }
    }
}
