//! A driver's qualification items: CDL, medical examiner's certificate,
//! annual MVR review, annual Clearinghouse query and drug test. They hang
//! off the driver's row, which ELD syncs update in place, so they survive
//! syncs; an accepted renewal from the driver portal updates its item.

use crate::modules::compliance::ComplianceError;
use crate::modules::compliance::dto::{QualificationInput, QualificationView};
use crate::modules::compliance::repo::qualifications::{self as repo, driver_exists};
use chrono::{NaiveDate, Utc};
use db::entities::driver_qualification;
use db::tenancy::{FleetTx, TenantScope};
use domain::compliance::{QualificationKind, calendar_group, qualification_due};
use domain::texts;
use sea_orm::{DatabaseConnection, DbErr, Set};
use std::collections::HashMap;
use uuid::Uuid;

const TEXT_MAX: usize = 40;

fn kind(raw: &str) -> Result<QualificationKind, ComplianceError> {
    // An unknown kind in the path names nothing.
    QualificationKind::parse(raw).ok_or(ComplianceError::NotFound)
}

pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
    driver_id: Uuid,
    today: NaiveDate,
) -> Result<Vec<QualificationView>, ComplianceError> {
    let txn = db::tenancy::read(db, scope).await?;
    if !driver_exists(&txn, driver_id).await? {
        return Err(ComplianceError::NotFound);
    }
    let rows: HashMap<String, driver_qualification::Model> = repo::of_driver(&txn, driver_id)
        .await?
        .into_iter()
        .map(|r| (r.kind.clone(), r))
        .collect();
    let document_ids: Vec<Uuid> = rows.values().filter_map(|r| r.document_id).collect();
    let names: HashMap<Uuid, String> = if document_ids.is_empty() {
        HashMap::new()
    } else {
        repo::documents(&txn, document_ids)
            .await?
            .into_iter()
            .map(|d| (d.id, d.name))
            .collect()
    };
    txn.commit().await?;
    Ok(QualificationKind::ALL
        .into_iter()
        .map(|k| view(k, rows.get(k.as_str()), &names, today))
        .collect())
}

fn view(
    kind: QualificationKind,
    row: Option<&driver_qualification::Model>,
    names: &HashMap<Uuid, String>,
    today: NaiveDate,
) -> QualificationView {
    QualificationView {
        kind: kind.as_str().to_owned(),
        label: kind.label().to_owned(),
        recorded: row.is_some(),
        number: row.and_then(|r| r.number.clone()),
        state: row.and_then(|r| r.state.clone()),
        class: row.and_then(|r| r.class.clone()),
        done_on: row.and_then(|r| r.done_on),
        expires_on: row.and_then(|r| r.expires_on),
        due_on: row.and_then(|r| r.due_on),
        group: row
            .and_then(|r| r.due_on)
            .map(|d| calendar_group(today, d).as_str().to_owned()),
        document_id: row.and_then(|r| r.document_id),
        document_name: row
            .and_then(|r| r.document_id)
            .and_then(|id| names.get(&id).cloned()),
        updated_at: row.map(|r| r.updated_at),
    }
}

fn text(field: &'static str, raw: Option<String>) -> Result<Option<String>, ComplianceError> {
    let value = raw
        .map(|r| domain::text_input::clean_text(&r, false))
        .filter(|r| !r.is_empty());
    if value.as_ref().is_some_and(|v| v.chars().count() > TEXT_MAX) {
        return Err(ComplianceError::invalid(
            field,
            texts()
                .compliance
                .field_too_long
                .replace("{max}", &TEXT_MAX.to_string()),
        ));
    }
    Ok(value)
}

fn date(field: &'static str, raw: Option<&str>) -> Result<Option<NaiveDate>, ComplianceError> {
    let invalid = || ComplianceError::invalid(field, &texts().compliance.date_invalid);
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(r) => {
            let d = NaiveDate::parse_from_str(r, "%Y-%m-%d").map_err(|_| invalid())?;
            if !(1900..=2200).contains(&chrono::Datelike::year(&d)) {
                return Err(invalid());
            }
            Ok(Some(d))
        }
    }
}

pub async fn save(
    db: &DatabaseConnection,
    scope: TenantScope,
    editor: Uuid,
    driver_id: Uuid,
    raw_kind: &str,
    input: QualificationInput,
    today: NaiveDate,
) -> Result<QualificationView, ComplianceError> {
    let t = &texts().compliance;
    let kind = kind(raw_kind)?;
    let number = text("number", input.number)?;
    let state = text("state", input.state)?;
    let class = text("class", input.class)?;
    let done_on = date("done_on", input.done_on.as_deref())?;
    let expires_on = date("expires_on", input.expires_on.as_deref())?;
    if kind.has_expiry() && expires_on.is_none() {
        return Err(ComplianceError::invalid(
            "expires_on",
            &t.qualification_needs_expiry,
        ));
    }
    if !kind.has_expiry() && done_on.is_none() {
        return Err(ComplianceError::invalid(
            "done_on",
            &t.qualification_needs_done_on,
        ));
    }
    let txn = db::tenancy::write(db, scope).await?;
    if !driver_exists(&txn, driver_id).await? {
        return Err(ComplianceError::NotFound);
    }
    if let Some(document_id) = input.document_id {
        let document = repo::document(&txn, document_id).await?;
        if document.is_none_or(|d| d.driver_id != Some(driver_id)) {
            return Err(ComplianceError::invalid(
                "document_id",
                &t.document_not_drivers,
            ));
        }
    }
    let row = driver_qualification::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(scope.fleet_account_id()),
        driver_id: Set(driver_id),
        kind: Set(kind.as_str().to_owned()),
        number: Set(number),
        state: Set(state),
        class: Set(class),
        done_on: Set(done_on),
        expires_on: Set(if kind.has_expiry() { expires_on } else { None }),
        due_on: Set(qualification_due(kind, done_on, expires_on)),
        document_id: Set(input.document_id),
        updated_at: Set(Utc::now()),
        updated_by: Set(Some(editor)),
    };
    repo::upsert(&txn, row).await?;
    txn.commit().await?;
    let views = list(db, scope, driver_id, today).await?;
    views
        .into_iter()
        .find(|v| v.kind == kind.as_str())
        .ok_or(ComplianceError::NotFound)
}

pub async fn remove(
    db: &DatabaseConnection,
    scope: TenantScope,
    driver_id: Uuid,
    raw_kind: &str,
) -> Result<(), ComplianceError> {
    let kind = kind(raw_kind)?;
    let txn = db::tenancy::write(db, scope).await?;
    let deleted = repo::delete(&txn, driver_id, kind.as_str()).await?;
    txn.commit().await?;
    if deleted == 0 {
        return Err(ComplianceError::NotFound);
    }
    Ok(())
}

/// An accepted renewal of a qualification item: the new date and the
/// filed document, keeping what else is recorded. Runs in the review's
/// transaction.
pub async fn apply_renewal(
    tx: &FleetTx,
    reviewer: Uuid,
    driver_id: Uuid,
    raw_kind: &str,
    new_date: Option<NaiveDate>,
    document_id: Uuid,
) -> Result<(), DbErr> {
    let Some(kind) = QualificationKind::parse(raw_kind) else {
        return Ok(());
    };
    let existing = repo::one(tx, driver_id, kind.as_str()).await?;
    let (expires_on, done_on) = if kind.has_expiry() {
        (
            new_date.or(existing.as_ref().and_then(|e| e.expires_on)),
            existing.as_ref().and_then(|e| e.done_on),
        )
    } else {
        (None, new_date.or(existing.as_ref().and_then(|e| e.done_on)))
    };
    let row = driver_qualification::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(tx.scope().fleet_account_id()),
        driver_id: Set(driver_id),
        kind: Set(kind.as_str().to_owned()),
        number: Set(existing.as_ref().and_then(|e| e.number.clone())),
        state: Set(existing.as_ref().and_then(|e| e.state.clone())),
        class: Set(existing.as_ref().and_then(|e| e.class.clone())),
        done_on: Set(done_on),
        expires_on: Set(expires_on),
        due_on: Set(qualification_due(kind, done_on, expires_on)),
        document_id: Set(Some(document_id)),
        updated_at: Set(Utc::now()),
        updated_by: Set(Some(reviewer)),
    };
    repo::upsert(tx, row).await
}
