//! The audit log's record of a Block overridden at assignment (issue 31
//! §3): who, the load, the codes of the findings overridden and the
//! reason, written in the assignment's own transaction.

use super::LoadsError;
use super::loads::Actor;
use crate::modules::loads::repo;
use chrono::Utc;
use db::entities::{audit_log, load};
use db::tenancy::FleetTx;
use domain::loads::eligibility::{Finding, Severity};
use sea_orm::Set;
use serde_json::json;

/// The audit log's action for it.
pub const OVERRIDE_ACTION: &str = "override_assignment_block";

pub(super) async fn override_recorded(
    tx: &FleetTx,
    actor: &Actor,
    row: &load::Model,
    findings: &[Finding],
    reason: &str,
) -> Result<(), LoadsError> {
    let codes: Vec<&str> = findings
        .iter()
        .filter(|f| f.severity == Severity::Block)
        .map(|f| f.code)
        .collect();
    let fleet = tx.scope().fleet_account_id();
    repo::insert_audit(
        tx,
        audit_log::ActiveModel {
            actor_id: Set(actor.id),
            actor_email: Set(actor.email.clone()),
            action: Set(OVERRIDE_ACTION.to_owned()),
            target_type: Set("load".to_owned()),
            target_id: Set(row.id.to_string()),
            before: Set(None),
            after: Set(Some(json!({
                "fleet_account_id": fleet,
                "pro_number": row.pro_number,
                "load_number": row.load_number,
                "overridden": codes,
                "reason": reason,
            }))),
            created_at: Set(Utc::now()),
            fleet_account_id: Set(Some(fleet)),
            ..Default::default()
        },
    )
    .await?;
    Ok(())
}

/// The audit log's action for an edit of a load.
pub const EDIT_ACTION: &str = "edit_load";

/// What the audit log keeps of a load, before and after an edit.
fn summary(row: &load::Model) -> serde_json::Value {
    json!({
        "load_number": row.load_number,
        "customer_id": row.customer_id,
        "linehaul_cents": row.linehaul_cents,
        "fuel_surcharge_cents": row.fuel_surcharge_cents,
        "first_pickup_at": row.first_pickup_at,
        "last_delivery_at": row.last_delivery_at,
    })
}

/// An edit of a load (`before` and `after` it), in the edit's transaction.
pub(super) async fn edit_recorded(
    tx: &FleetTx,
    actor: &Actor,
    before: &load::Model,
    after: &load::Model,
) -> Result<(), LoadsError> {
    let fleet = tx.scope().fleet_account_id();
    let mut after_json = summary(after);
    after_json["fleet_account_id"] = json!(fleet);
    after_json["pro_number"] = json!(after.pro_number);
    repo::insert_audit(
        tx,
        audit_log::ActiveModel {
            actor_id: Set(actor.id),
            actor_email: Set(actor.email.clone()),
            action: Set(EDIT_ACTION.to_owned()),
            target_type: Set("load".to_owned()),
            target_id: Set(after.id.to_string()),
            before: Set(Some(summary(before))),
            after: Set(Some(after_json)),
            created_at: Set(Utc::now()),
            fleet_account_id: Set(Some(fleet)),
            ..Default::default()
        },
    )
    .await?;
    Ok(())
}
