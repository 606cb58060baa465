//! Drivers: the list, the detail with assigned vehicles, and adding,
//! editing and deactivating a driver by hand.

use super::assets::{
    ListPage, ListQuery, TrailerItem, TruckItem, by_name, not_decommissioned, tabbed_page,
};
use super::repo;
use crate::http::error::on_unique_violation;
use crate::http::paging::{contains, matches_any};
use crate::http::{ApiError, FleetScope};
use crate::state::AppState;
use chrono::Utc;
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use domain::fleet::{driver_display_name, phone_display};
use domain::texts;
use sea_orm::sea_query::{BinOper, Expr, ExprTrait, Func, SimpleExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, IntoActiveModel, NotSet, QueryFilter, QueryOrder,
    Select, Set,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Serialize, ToSchema)]
pub struct DriverItem {
    pub id: Uuid,
    pub driver_id: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub display_name: String,
    pub username: Option<String>,
    pub phone: Option<String>,
    pub phone_display: String,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
    pub eld_provider: Option<String>,
    pub notes: Option<String>,
    pub is_active: bool,
}

impl From<&fleet_driver::Model> for DriverItem {
    fn from(d: &fleet_driver::Model) -> Self {
        DriverItem {
            id: d.id,
            driver_id: d.driver_id.clone(),
            first_name: d.first_name.clone(),
            last_name: d.last_name.clone(),
            display_name: driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ),
            username: d.username.clone(),
            phone: d.phone.clone(),
            phone_display: phone_display(d.phone.as_deref()),
            license_number: d.license_number.clone(),
            license_state: d.license_state.clone(),
            eld_provider: d.eld_provider.clone(),
            notes: d.notes.clone(),
            is_active: d.is_active,
        }
    }
}

/// A driver as other screens link to it.
#[derive(Serialize, ToSchema)]
pub struct DriverRef {
    pub id: Uuid,
    pub display_name: String,
    pub phone_display: String,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
}

impl From<&fleet_driver::Model> for DriverRef {
    fn from(d: &fleet_driver::Model) -> Self {
        DriverRef {
            id: d.id,
            display_name: driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ),
            phone_display: phone_display(d.phone.as_deref()),
            license_number: d.license_number.clone(),
            license_state: d.license_state.clone(),
        }
    }
}

pub async fn list(
    state: &AppState,
    scope: FleetScope,
    query: &ListQuery,
) -> Result<ListPage<DriverItem>, ApiError> {
    use fleet_driver::Column as C;
    let mut base = repo::drivers(scope);
    if let Some(text) = query.search() {
        base = base.filter(driver_search(&text));
    }
    let tab = |active: bool| Condition::all().add(C::IsActive.eq(active));
    let order = |s: Select<fleet_driver::Entity>| {
        s.order_by_asc(C::LastName)
            .order_by_asc(C::FirstName)
            .order_by_asc(C::Id)
    };
    let txn = repo::begin(&state.db, scope).await?;
    let page = tabbed_page(&txn, base, tab, order, query, |d| DriverItem::from(&d)).await?;
    txn.commit().await?;
    Ok(page)
}

/// The drivers a (lower-cased) search text finds: any of the stored fields,
/// the full name as displayed ('james johnson'), and the phone by its digits
/// whatever punctuation either side uses ('(615) 555-0007' finds a phone
/// stored as '6155550007' or '615.555.0007'). Portable SQL only: `||`,
/// COALESCE, TRIM and REPLACE mean the same on SQLite and PostgreSQL.
fn driver_search(text: &str) -> Condition {
    use fleet_driver::Column as C;
    let mut found = matches_any(
        &[
            C::FirstName,
            C::LastName,
            C::DriverId,
            C::Username,
            C::LicenseNumber,
            C::Phone,
        ],
        text,
    );
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() > 1 {
        found = found.add(contains(lower(full_name()), &words.join(" ")));
    }
    for digits in phone_digits(text) {
        found = found.add(contains(phone_digits_expr(), &digits));
    }
    found
}

fn lower(expr: SimpleExpr) -> SimpleExpr {
    Func::lower(expr).into()
}

/// `TRIM(COALESCE(first_name, '')) || ' ' || TRIM(COALESCE(last_name, ''))`.
fn full_name() -> SimpleExpr {
    use fleet_driver::Column as C;
    let part = |col: C| -> SimpleExpr {
        Func::cust("TRIM")
            .arg(Func::coalesce([
                SimpleExpr::from(Expr::col(col)),
                Expr::val(""),
            ]))
            .into()
    };
    part(C::FirstName)
        .binary(BinOper::Custom("||"), Expr::val(" "))
        .binary(BinOper::Custom("||"), part(C::LastName))
}

/// The characters a stored phone may hold besides digits (see `clean`).
const PHONE_PUNCTUATION: &str = " ()+-.";

/// The stored phone with its punctuation removed.
fn phone_digits_expr() -> SimpleExpr {
    PHONE_PUNCTUATION
        .chars()
        .fold(Expr::col(fleet_driver::Column::Phone), |expr, p| {
            Func::cust("REPLACE")
                .arg(expr)
                .arg(Expr::val(p.to_string()))
                .arg(Expr::val(""))
                .into()
        })
}

/// The digit strings to look for when the search text reads as (part of) a
/// phone number: only digits and phone punctuation, at least three digits;
/// none otherwise. A US number typed with its leading '+1' also finds it
/// stored without.
fn phone_digits(text: &str) -> Vec<String> {
    let phone_like = text
        .chars()
        .all(|c| c.is_ascii_digit() || PHONE_PUNCTUATION.contains(c));
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if !phone_like || digits.len() < 3 {
        return Vec::new();
    }
    let national = (digits.len() == 11 && digits.starts_with('1')).then(|| digits[1..].to_owned());
    std::iter::once(digits).chain(national).collect()
}

#[derive(Serialize, ToSchema)]
pub struct DriverDetail {
    #[serde(flatten)]
    pub driver: DriverItem,
    pub assigned_truck: Option<TruckItem>,
    pub assigned_trailers: Vec<TrailerItem>,
}

pub async fn detail(
    state: &AppState,
    scope: FleetScope,
    id: Uuid,
) -> Result<DriverDetail, ApiError> {
    let txn = repo::begin(&state.db, scope).await?;
    let driver = repo::driver(scope, id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut truck_match =
        Condition::any().add(fleet_vehicle::Column::AssignedDriverId.eq(driver.id));
    let mut trailer_match =
        Condition::any().add(fleet_trailer::Column::AssignedDriverId.eq(driver.id));
    if let Some(eld) = &driver.driver_id {
        truck_match = truck_match.add(fleet_vehicle::Column::AssignedDriverEldId.eq(eld.clone()));
        trailer_match =
            trailer_match.add(fleet_trailer::Column::AssignedDriverEldId.eq(eld.clone()));
    }
    let truck = repo::trucks(scope)
        .filter(truck_match)
        .filter(not_decommissioned())
        .one(&txn)
        .await?;
    let trailers = by_name(
        repo::trailers(scope).filter(trailer_match),
        fleet_trailer::Column::Name,
        fleet_trailer::Column::Id,
    )
    .all(&txn)
    .await?;
    txn.commit().await?;
    Ok(DriverDetail {
        driver: DriverItem::from(&driver),
        assigned_truck: truck.as_ref().map(TruckItem::from),
        assigned_trailers: trailers.iter().map(TrailerItem::from).collect(),
    })
}

#[derive(Deserialize, ToSchema)]
pub struct DriverInput {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub license_number: Option<String>,
    #[serde(default)]
    pub license_state: Option<String>,
    #[serde(default)]
    pub notes: Option<String>,
}

struct CleanDriver {
    first_name: Option<String>,
    last_name: Option<String>,
    username: Option<String>,
    phone: Option<String>,
    license_number: Option<String>,
    license_state: Option<String>,
    notes: Option<String>,
}

fn clean(input: DriverInput) -> Result<CleanDriver, ApiError> {
    let trim = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let mut fields = BTreeMap::new();
    let d = CleanDriver {
        first_name: trim(input.first_name),
        last_name: trim(input.last_name),
        username: trim(input.username),
        phone: trim(input.phone),
        license_number: trim(input.license_number).map(|l| l.to_uppercase()),
        license_state: trim(input.license_state).map(|s| s.to_uppercase()),
        notes: trim(input.notes),
    };
    if d.first_name.is_none() && d.last_name.is_none() {
        fields.insert(
            "first_name".into(),
            texts().fleet.driver_form.name_required.clone(),
        );
    }
    for (key, value, max) in [
        ("first_name", &d.first_name, 100),
        ("last_name", &d.last_name, 100),
        ("username", &d.username, 100),
        ("license_number", &d.license_number, 30),
        ("notes", &d.notes, 2000),
    ] {
        if value.as_ref().is_some_and(|v| v.chars().count() > max) {
            fields.insert(key.into(), format!("At most {max} characters"));
        }
    }
    if let Some(phone) = &d.phone {
        let digits = phone.chars().filter(char::is_ascii_digit).count();
        let allowed = phone
            .chars()
            .all(|c| c.is_ascii_digit() || " ()+-.".contains(c));
        if !(10..=15).contains(&digits) || !allowed {
            fields.insert(
                "phone".into(),
                "Enter a phone number with 10 to 15 digits".into(),
            );
        }
    }
    if d.license_state
        .as_ref()
        .is_some_and(|s| s.len() != 2 || !s.chars().all(|c| c.is_ascii_alphabetic()))
    {
        fields.insert(
            "license_state".into(),
            "Use the two-letter state code".into(),
        );
    }
    match fields.first_key_value() {
        Some((_, message)) => Err(ApiError::Invalid {
            message: message.clone(),
            fields,
        }),
        None => Ok(d),
    }
}

/// A username is unique within its fleet: the unique index
/// `uq_fleet_drivers_username` decides (concurrent creations cannot both
/// win); its violation is this 409.
fn taken() -> ApiError {
    ApiError::Conflict {
        code: "username_taken",
        message: "Another driver of this fleet already has that username".into(),
    }
}

fn username_conflict(err: sea_orm::DbErr) -> ApiError {
    on_unique_violation(taken)(err)
}

pub async fn create(
    state: &AppState,
    scope: FleetScope,
    input: DriverInput,
) -> Result<DriverItem, ApiError> {
    let d = clean(input)?;
    let txn = repo::begin_write(&state.db, scope).await?;
    let now = Utc::now();
    let row = fleet_driver::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(scope.fleet_account_id()),
        driver_id: Set(None),
        first_name: Set(d.first_name),
        last_name: Set(d.last_name),
        username: Set(d.username),
        phone: Set(d.phone),
        license_number: Set(d.license_number),
        license_state: Set(d.license_state),
        eld_provider: Set(None),
        notes: Set(d.notes),
        is_active: Set(true),
        raw: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        // Derived by `before_save` (decision 013).
        search_name: NotSet,
        phone_digits: NotSet,
    }
    .insert(&txn)
    .await
    .map_err(username_conflict)?;
    txn.commit().await?;
    Ok(DriverItem::from(&row))
}

pub async fn update(
    state: &AppState,
    scope: FleetScope,
    id: Uuid,
    input: DriverInput,
) -> Result<DriverItem, ApiError> {
    let d = clean(input)?;
    let txn = repo::begin_write(&state.db, scope).await?;
    let row = repo::driver(scope, id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut active = row.into_active_model();
    active.first_name = Set(d.first_name);
    active.last_name = Set(d.last_name);
    active.username = Set(d.username);
    active.phone = Set(d.phone);
    active.license_number = Set(d.license_number);
    active.license_state = Set(d.license_state);
    active.notes = Set(d.notes);
    active.updated_at = Set(Utc::now());
    let row = active.update(&txn).await.map_err(username_conflict)?;
    txn.commit().await?;
    Ok(DriverItem::from(&row))
}

pub async fn set_active(
    state: &AppState,
    scope: FleetScope,
    id: Uuid,
    is_active: bool,
) -> Result<DriverItem, ApiError> {
    let txn = repo::begin_write(&state.db, scope).await?;
    let row = repo::driver(scope, id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut active = row.into_active_model();
    active.is_active = Set(is_active);
    active.updated_at = Set(Utc::now());
    let row = active.update(&txn).await?;
    txn.commit().await?;
    Ok(DriverItem::from(&row))
}

#[cfg(test)]
mod tests {
    use super::phone_digits;

    #[test]
    fn phone_searches_are_their_digits() {
        assert_eq!(phone_digits("(615) 555-0007"), ["6155550007"]);
        assert_eq!(
            phone_digits("+1 615.555.0007"),
            ["16155550007", "6155550007"]
        );
        assert_eq!(phone_digits("555"), ["555"]);
        assert!(phone_digits("55").is_empty());
        assert!(phone_digits("truck 101").is_empty());
        assert!(phone_digits("d1000001").is_empty());
    }
}
