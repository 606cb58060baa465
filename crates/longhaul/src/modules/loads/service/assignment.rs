//! Assigning a driver (or a team), a truck and a trailer to a load, checked
//! on every assignment against the fleet's own records
//! (`domain::loads::eligibility`). A Block refuses the assignment unless a
//! written override reason is given; the reason is kept in the history.

use super::loads::{Actor, Change, history, read};
use super::{LoadsError, optional_text, texts};
use crate::modules::loads::dto::{AssignmentInput, AssignmentView, EligibilityView, FindingView};
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::load;
use db::tenancy::{self, FleetTx, TenantScope};
use domain::fleet_lists::ListTab;
use domain::loads::LoadStatus;
use domain::loads::eligibility::{
    Cause, Dated, DriverFacts, Facts, Finding, Overlap, Severity, VehicleFacts, blocked, check,
};
use domain::loads::{eligibility, rate_con};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

fn view(f: &Finding) -> FindingView {
    let (kind, id) = match f.cause {
        Cause::Driver(id) => ("driver", id),
        Cause::Truck(id) => ("truck", id),
        Cause::Trailer(id) => ("trailer", id),
        Cause::Qualification(id) => ("qualification", id),
        Cause::Document(id) => ("document", id),
        Cause::Load(id) => ("load", id),
    };
    FindingView {
        severity: match f.severity {
            Severity::Block => "block",
            Severity::Warn => "warn",
            Severity::Info => "info",
        }
        .to_owned(),
        code: f.code.to_owned(),
        message: texts()
            .findings
            .get(f.code)
            .cloned()
            .unwrap_or_else(|| f.code.to_owned()),
        cause_kind: kind.to_owned(),
        cause_id: id,
        date: f.date,
    }
}

/// The findings with a Warn for the protective terms the load's rate
/// confirmation leaves out.
fn with_terms(mut findings: Vec<Finding>, row: &load::Model) -> Vec<Finding> {
    let missing = missing_terms(row);
    findings.extend(eligibility::missing_terms(row.id, &missing));
    findings.sort_by_key(|f| f.severity);
    findings
}

fn missing_terms(row: &load::Model) -> Vec<&'static str> {
    rate_con::missing_terms(
        row.detention_rate_cents.is_some(),
        row.tonu_cents.is_some(),
        row.lumper_terms.is_some(),
    )
}

/// A finding as shown; the missing-terms one names the terms.
fn shown(f: &Finding, row: &load::Model) -> FindingView {
    let mut shown = view(f);
    if f.code == "missing_terms" {
        let names = &texts().rate_con.terms;
        let terms: Vec<&str> = missing_terms(row)
            .into_iter()
            .map(|t| names.get(t).map_or(t, String::as_str))
            .collect();
        shown.message = shown.message.replace("{terms}", &terms.join(", "));
    }
    shown
}

/// The facts the rules judge, read in the caller's transaction; any record
/// not of this fleet is not found.
async fn facts(
    tx: &FleetTx,
    row: &load::Model,
    input: &AssignmentInput,
) -> Result<Facts, LoadsError> {
    let driver_ids: Vec<Uuid> = std::iter::once(input.driver_id)
        .chain(input.second_driver_id)
        .collect();
    let drivers = repo::drivers(tx, driver_ids.clone()).await?;
    if drivers.len() != driver_ids.len() || input.second_driver_id == Some(input.driver_id) {
        return Err(LoadsError::NotFound);
    }
    let qualifications = repo::qualifications(tx, driver_ids.clone()).await?;
    let truck = repo::truck(tx, input.truck_id)
        .await?
        .ok_or(LoadsError::NotFound)?;
    let trailer = match input.trailer_id {
        Some(id) => Some(repo::trailer(tx, id).await?.ok_or(LoadsError::NotFound)?),
        None => None,
    };
    let documents = repo::documents(tx, truck.id, input.trailer_id).await?;
    let dated = |of: &dyn Fn(&db::entities::fleet_document::Model) -> bool| {
        documents
            .iter()
            .filter(|d| of(d))
            .map(|d| Dated {
                id: d.id,
                kind: d.document_type.clone(),
                expires_on: d.expiration_date,
            })
            .collect::<Vec<_>>()
    };
    let stops = repo::stops_of(tx, row.id).await?;
    let last = stops.last().ok_or(LoadsError::NotFound)?;
    // "Today" and the last stop's day on the last stop's clock.
    let today = domain::loads::time_zone(&last.time_zone)
        .map(|zone| Utc::now().with_timezone(&zone).date_naive())
        .unwrap_or_else(|| Utc::now().date_naive());
    let last_day = last.local_end.unwrap_or(last.local_start).date();
    let overlaps = repo::overlapping(
        tx,
        row.id,
        &driver_ids,
        truck.id,
        input.trailer_id,
        row.first_pickup_at,
        row.last_delivery_at,
    )
    .await?;
    Ok(Facts {
        drivers: drivers
            .iter()
            .map(|d| DriverFacts {
                id: d.id,
                active: d.is_active,
                qualifications: qualifications
                    .iter()
                    .filter(|q| q.driver_id == d.id)
                    .map(|q| Dated {
                        id: q.id,
                        kind: q.kind.clone(),
                        expires_on: q.expires_on,
                    })
                    .collect(),
            })
            .collect(),
        truck: Some(VehicleFacts {
            id: truck.id,
            active: truck.is_active,
            decommissioned: ListTab::parse(&truck.list_tab) == Some(ListTab::Decommissioned),
            trailer_type: None,
            documents: dated(&|d| d.truck_id == Some(truck.id)),
        }),
        trailer: trailer.as_ref().map(|t| VehicleFacts {
            id: t.id,
            active: t.is_active,
            decommissioned: false,
            trailer_type: t.trailer_type.clone(),
            documents: dated(&|d| d.trailer_id == Some(t.id)),
        }),
        company_documents: dated(&|d| d.document_type == "company_insurance"),
        equipment: row.equipment_type.clone(),
        today,
        last_day,
        overlaps: overlaps
            .into_iter()
            .map(|l| Overlap {
                load_id: l.id,
                cause: Cause::Load(l.id),
            })
            .collect(),
    })
}

fn assignable(row: &load::Model) -> Result<LoadStatus, LoadsError> {
    match LoadStatus::parse(&row.status) {
        Some(s @ (LoadStatus::Accepted | LoadStatus::Planned)) => Ok(s),
        _ => Err(LoadsError::IllegalTransition(
            texts()
                .not_assignable
                .replace("{status}", &row.status.replace('_', " ")),
        )),
    }
}

/// What assigning would find, without assigning.
pub async fn eligibility(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
    input: &AssignmentInput,
) -> Result<EligibilityView, LoadsError> {
    let tx = tenancy::read(db, scope).await?;
    let row = repo::load(&tx, id).await?.ok_or(LoadsError::NotFound)?;
    let findings = with_terms(check(&facts(&tx, &row, input).await?), &row);
    tx.commit().await?;
    Ok(EligibilityView {
        blocked: blocked(&findings),
        findings: findings.iter().map(|f| shown(f, &row)).collect(),
    })
}

/// Assigns when nothing blocks, or when a Block is overridden with a
/// reason. The fleet's dispatch lock is taken first, so the overlap check
/// and the write of two assignments at once cannot interleave: the second
/// sees the first's load and gets its Block.
pub async fn assign(
    db: &DatabaseConnection,
    scope: TenantScope,
    actor: &Actor,
    id: Uuid,
    input: &AssignmentInput,
) -> Result<AssignmentView, LoadsError> {
    let reason = optional_text("override_reason", input.override_reason.as_deref(), 1000)?;
    let tx = tenancy::write(db, scope).await?;
    repo::lock_dispatch(&tx).await?;
    let row = repo::load(&tx, id).await?.ok_or(LoadsError::NotFound)?;
    let from = assignable(&row)?;
    let findings = with_terms(check(&facts(&tx, &row, input).await?), &row);
    if blocked(&findings) && reason.is_none() {
        let first = findings
            .iter()
            .find(|f| f.severity == Severity::Block)
            .map(view)
            .map(|f| f.message.trim_end_matches('.').to_owned())
            .unwrap_or_default();
        return Err(LoadsError::Blocked(
            texts().assignment_blocked.replace("{reason}", &first),
        ));
    }
    let now = Utc::now();
    repo::assign(
        &tx,
        id,
        [
            Some(input.driver_id),
            input.second_driver_id,
            Some(input.truck_id),
            input.trailer_id,
        ],
        LoadStatus::Planned.as_str(),
        now,
    )
    .await?;
    let overridden = blocked(&findings).then_some(reason).flatten();
    repo::insert_event(
        &tx,
        history(
            scope,
            id,
            actor,
            Change {
                from: Some(from),
                to: LoadStatus::Planned,
                at: now,
                at7_code: None,
                reason: overridden,
            },
        ),
    )
    .await?;
    let load = read(&tx, id).await?;
    tx.commit().await?;
    Ok(AssignmentView {
        load,
        findings: findings.iter().map(|f| shown(f, &row)).collect(),
    })
}
