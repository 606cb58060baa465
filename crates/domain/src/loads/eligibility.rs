//! Whether a driver, truck and trailer can legally and practically take a
//! load (issue 31 §3): one list of Block / Warn / Info findings, each with
//! the record that causes it. Hours of service are judged elsewhere (they
//! come from the ELD); this is what the fleet's own records say.

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
    for driver in &facts.drivers {
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

/// A Warn on the load itself when its rate confirmation leaves out
/// protective terms (`rate_con::missing_terms`): disputes mostly come from
/// their absence, so they are flagged before dispatch.
pub fn missing_terms(load_id: Uuid, missing: &[&str]) -> Option<Finding> {
    (!missing.is_empty())
        .then(|| finding(Severity::Warn, "missing_terms", Cause::Load(load_id), None))
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
    fn missing_terms_warn_on_the_load() {
        let found = missing_terms(id(5), &["detention", "tonu"]).unwrap();
        assert_eq!(found.severity, Severity::Warn);
        assert_eq!(found.code, "missing_terms");
        assert_eq!(found.cause, Cause::Load(id(5)));
        assert_eq!(missing_terms(id(5), &[]), None);
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
}
