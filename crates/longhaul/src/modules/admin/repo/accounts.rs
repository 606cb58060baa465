//! Fleet accounts and the accounts rows that tie logins to them.

use crate::paging::{PageQuery, matches_any};
use chrono::Utc;
use db::entities::{account, fleet_account, fleet_signup, profile};
use db::system::{AcrossFleets, SystemTable};
use db::tenancy::SystemTx;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, IntoActiveModel, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// One page of fleet accounts by legal name, and the total.
pub async fn fleets_page(
    tx: &SystemTx,
    query: &PageQuery,
) -> Result<(Vec<fleet_account::Model>, u64), DbErr> {
    let mut select = fleet_account::Entity::across_fleets(tx);
    if let Some(text) = query.search() {
        select = select.filter(matches_any(
            &[
                fleet_account::Column::LegalName,
                fleet_account::Column::DotNumber,
            ],
            &text,
        ));
    }
    let paginator = select
        .order_by_asc(fleet_account::Column::LegalName)
        .order_by_asc(fleet_account::Column::Id)
        .paginate(tx, query.per_page());
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(query.page() - 1).await?, total))
}

/// One page of accounts, newest first, each with its fleet account (every
/// fleet's: system work); system accounts hidden.
pub async fn accounts_page(
    tx: &SystemTx,
    query: &PageQuery,
) -> Result<(Vec<(account::Model, Option<fleet_account::Model>)>, u64), DbErr> {
    let mut select = account::Entity::rows()
        .find_also_related(fleet_account::Entity)
        .filter(account::Column::AccountType.ne("system"));
    if let Some(text) = query.search() {
        select = select.filter(
            matches_any(&[account::Column::Name], &text).add(matches_any(
                &[
                    fleet_account::Column::DotNumber,
                    fleet_account::Column::LegalName,
                ],
                &text,
            )),
        );
    }
    let paginator = select
        .order_by_desc(account::Column::CreatedAt)
        .order_by_desc(account::Column::Id)
        .paginate(tx, query.per_page());
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(query.page() - 1).await?, total))
}

/// The e-mails of the given profiles.
pub async fn emails_of<C: ConnectionTrait>(
    db: &C,
    ids: Vec<Uuid>,
) -> Result<HashMap<Uuid, String>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(profile::Entity::rows()
        .filter(profile::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p.email))
        .collect())
}

/// The names of the given accounts.
pub async fn names_of<C: ConnectionTrait>(
    db: &C,
    ids: Vec<Uuid>,
) -> Result<HashMap<Uuid, String>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(account::Entity::rows()
        .filter(account::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.id, a.name))
        .collect())
}

pub async fn fleet(tx: &SystemTx, id: Uuid) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::across_fleets(tx)
        .filter(fleet_account::Column::Id.eq(id))
        .one(tx)
        .await
}

pub async fn fleet_by_dot(tx: &SystemTx, dot: &str) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::across_fleets(tx)
        .filter(fleet_account::Column::DotNumber.eq(dot))
        .one(tx)
        .await
}

/// Of the DOT numbers given, those whose fleet account has an owner.
pub async fn owned_dots(tx: &SystemTx, dots: Vec<String>) -> Result<HashSet<String>, DbErr> {
    if dots.is_empty() {
        return Ok(HashSet::new());
    }
    Ok(fleet_account::Entity::across_fleets(tx)
        .filter(fleet_account::Column::DotNumber.is_in(dots))
        .filter(fleet_account::Column::OwnerId.is_not_null())
        .all(tx)
        .await?
        .into_iter()
        .map(|f| f.dot_number)
        .collect())
}

/// The fleet account a paid signup becomes, active, owned by `owner_id`.
/// Fails with a unique violation when the DOT number has a fleet account.
pub async fn insert_fleet_from_signup(
    tx: &SystemTx,
    signup: &fleet_signup::Model,
    owner_id: Option<Uuid>,
) -> Result<fleet_account::Model, DbErr> {
    let now = Utc::now();
    fleet_account::ActiveModel {
        id: Set(Uuid::new_v4()),
        dot_number: Set(signup.dot_number.clone()),
        legal_name: Set(signup.legal_name.clone()),
        dba_name: Set(signup.dba_name.clone()),
        // The band paid (frozen at checkout), not whatever the carrier says now.
        power_units: Set(signup
            .checkout_power_units
            .or(signup.power_units)
            .filter(|u| *u > 0)
            .unwrap_or(1)),
        monthly_rate_cents: Set(signup.checkout_amount_cents.or(signup.monthly_rate_cents)),
        owner_id: Set(owner_id),
        contact_first_name: Set(signup.first_name.clone()),
        contact_last_name: Set(signup.last_name.clone()),
        contact_email: Set(signup.email.clone()),
        contact_phone: Set(signup.contact_phone.clone()),
        status: Set("active".into()),
        subscription_status: Set(signup.subscription_status.clone()),
        fmcsa_data: Set(signup.fmcsa_data.clone()),
        physical_street: Set(signup.street_address.clone()),
        physical_city: Set(signup.city.clone()),
        physical_state: Set(signup.state.clone()),
        physical_zip: Set(signup.zip_code.clone()),
        stripe_customer_id: Set(signup.stripe_customer_id.clone()),
        stripe_subscription_id: Set(signup.stripe_subscription_id.clone()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(tx)
    .await
}

/// The owner of the fleet, which becomes active.
pub async fn set_owner(
    tx: &SystemTx,
    fleet: fleet_account::Model,
    owner_id: Uuid,
) -> Result<fleet_account::Model, DbErr> {
    let mut active = fleet.into_active_model();
    active.owner_id = Set(Some(owner_id));
    active.status = Set("active".into());
    active.updated_at = Set(Utc::now());
    active.update(tx).await
}

/// Fleets owned by `user_id` (except `keep`) stop naming them as owner.
pub async fn clear_ownerships(
    tx: &SystemTx,
    user_id: Uuid,
    keep: Option<Uuid>,
) -> Result<(), DbErr> {
    let mut update = fleet_account::Entity::update_across_fleets(tx)
        .col_expr(
            fleet_account::Column::OwnerId,
            Expr::value(Option::<Uuid>::None),
        )
        .col_expr(fleet_account::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(fleet_account::Column::OwnerId.eq(user_id));
    if let Some(keep) = keep {
        update = update.filter(fleet_account::Column::Id.ne(keep));
    }
    update.exec(tx).await.map(|_| ())
}

pub async fn account_of_fleet<C: ConnectionTrait>(
    db: &C,
    fleet_id: Uuid,
) -> Result<Option<account::Model>, DbErr> {
    account::Entity::rows()
        .filter(account::Column::FleetAccountId.eq(fleet_id))
        .one(db)
        .await
}

/// A new accounts row for the fleet, named after it.
pub async fn insert_fleet_account_row<C: ConnectionTrait>(
    db: &C,
    fleet: &fleet_account::Model,
) -> Result<account::Model, DbErr> {
    account::ActiveModel {
        id: Set(Uuid::new_v4()),
        name: Set(fleet.legal_name.clone()),
        account_type: Set("fleet".into()),
        fleet_account_id: Set(Some(fleet.id)),
        is_active: Set(true),
        mc_number: Set(None),
        usdot_number: Set(None),
        created_at: Set(Utc::now()),
    }
    .insert(db)
    .await
}
