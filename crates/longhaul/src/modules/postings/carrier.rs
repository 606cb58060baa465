//! The carrier's public facts and trust flags that a posting carries,
//! copied from the fleet account so that a broker's search reads one table.
//! They are refreshed whenever the fleet's FMCSA record is replaced and by
//! the board's refresh job.

use crate::integrations::fmcsa::carrier;
use db::entities::fleet_account;
use db::entities::{board_index, truck_posting};
use db::system::SystemTable;
use db::tenancy::{FleetOwned, TenantScope};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, QueryFilter};

#[derive(Debug, Clone, PartialEq)]
pub struct CarrierFacts {
    pub name: String,
    pub dot: String,
    pub mc: Option<String>,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub contact_email: Option<String>,
    /// An active, approved fleet account.
    pub approved: bool,
    pub allowed: bool,
    pub authority_active: bool,
    pub insurance_on_file: bool,
}

fn non_empty(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

pub fn facts_of(fleet: &fleet_account::Model) -> CarrierFacts {
    let (allowed, authority_active, insurance_on_file) =
        domain::board::carrier_trust(fleet.fmcsa_data.as_ref().and_then(carrier));
    let name = [&fleet.contact_first_name, &fleet.contact_last_name]
        .iter()
        .filter_map(|s| non_empty(s))
        .collect::<Vec<_>>()
        .join(" ");
    CarrierFacts {
        name: fleet.legal_name.clone(),
        dot: fleet.dot_number.clone(),
        // Digits only: the board shows "MC {digits}" (a stored "MC-…" read
        // "MC MC-…"); a value that is no MC number is left out.
        mc: non_empty(&fleet.mc_number).and_then(|m| domain::fleet::mc_digits(&m)),
        contact_name: (!name.is_empty()).then_some(name),
        contact_phone: non_empty(&fleet.contact_phone)
            .map(|p| domain::fleet::phone_display(Some(&p))),
        contact_email: non_empty(&fleet.contact_email),
        approved: fleet.status == "active",
        allowed,
        authority_active,
        insurance_on_file,
    }
}

/// Copies the fleet's current facts onto its active postings (and the
/// search index's flags), in the caller's transaction. `read_only`: whether
/// the fleet's billing makes it read-only now (`None`: as it was).
pub async fn refresh<C: ConnectionTrait>(
    txn: &C,
    scope: TenantScope,
    fleet: &fleet_account::Model,
    read_only: Option<bool>,
) -> Result<(), DbErr> {
    let f = facts_of(fleet);
    let mut update = truck_posting::Entity::scoped_update(scope);
    if let Some(read_only) = read_only {
        update = update.col_expr(truck_posting::Column::FleetReadOnly, Expr::value(read_only));
    }
    update
        .filter(truck_posting::Column::Status.eq("active"))
        .col_expr(truck_posting::Column::CarrierName, Expr::value(f.name))
        .col_expr(truck_posting::Column::CarrierDot, Expr::value(f.dot))
        .col_expr(truck_posting::Column::CarrierMc, Expr::value(f.mc))
        .col_expr(
            truck_posting::Column::ContactName,
            Expr::value(f.contact_name),
        )
        .col_expr(
            truck_posting::Column::ContactPhone,
            Expr::value(f.contact_phone),
        )
        .col_expr(
            truck_posting::Column::ContactEmail,
            Expr::value(f.contact_email),
        )
        .col_expr(
            truck_posting::Column::CarrierApproved,
            Expr::value(f.approved),
        )
        .col_expr(
            truck_posting::Column::CarrierAllowed,
            Expr::value(f.allowed),
        )
        .col_expr(
            truck_posting::Column::AuthorityActive,
            Expr::value(f.authority_active),
        )
        .col_expr(
            truck_posting::Column::InsuranceOnFile,
            Expr::value(f.insurance_on_file),
        )
        .exec(txn)
        .await?;
    let ids: Vec<uuid::Uuid> = truck_posting::Entity::scoped(scope)
        .filter(truck_posting::Column::Status.eq("active"))
        .select_only()
        .column(truck_posting::Column::Id)
        .into_tuple()
        .all(txn)
        .await?;
    for chunk in ids.chunks(500) {
        let mut update = board_index::Entity::update_rows()
            .filter(board_index::Column::PostingId.is_in(chunk.to_vec()))
            .col_expr(board_index::Column::CarrierAllowed, Expr::value(f.allowed));
        if let Some(read_only) = read_only {
            update = update.col_expr(board_index::Column::FleetReadOnly, Expr::value(read_only));
        }
        update.exec(txn).await?;
    }
    Ok(())
}

use sea_orm::QuerySelect;
