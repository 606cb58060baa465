//! Trucks and trailers: lists with server-side search, tabs and pages, and
//! the detail screens with the unrecognized-driver cleanup (spec part 2 §4).

use super::drivers::DriverRef;
use super::repo;
use crate::http::ApiError;
use crate::http::paging::{matches_any, page_number, search_text};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use db::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use db::tenancy::TenantScope;
use domain::fleet::{DECOMMISSIONED_DRIVER_ID, DECOMMISSIONED_DRIVER_NAME};
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait,
    IntoActiveModel, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

pub const MAX_PER_PAGE: u64 = 200;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    pub q: Option<String>,
    /// active (default) | inactive
    pub tab: Option<String>,
    pub page: Option<u64>,
    pub per_page: Option<u64>,
}

impl ListQuery {
    pub fn page(&self) -> u64 {
        page_number(self.page)
    }
    pub fn per_page(&self) -> u64 {
        self.per_page.unwrap_or(50).clamp(1, MAX_PER_PAGE)
    }
    pub fn active_tab(&self) -> Result<bool, ApiError> {
        match self.tab.as_deref() {
            None | Some("active") => Ok(true),
            Some("inactive") => Ok(false),
            Some(other) => Err(ApiError::field(
                "tab",
                format!("tab must be 'active' or 'inactive', got '{other}'"),
            )),
        }
    }
    pub fn search(&self) -> Option<String> {
        search_text(self.q.as_deref())
    }
}

#[derive(Serialize, ToSchema)]
pub struct TabCounts {
    pub active: u64,
    pub inactive: u64,
}

#[derive(Serialize, ToSchema)]
pub struct ListPage<T> {
    pub items: Vec<T>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
    pub counts: TabCounts,
}

/// Counts both tabs of a (searched) list and fetches one page of the asked tab.
pub async fn tabbed_page<E, T>(
    txn: &DatabaseTransaction,
    base: Select<E>,
    tab: impl Fn(bool) -> Condition,
    order: impl FnOnce(Select<E>) -> Select<E>,
    query: &ListQuery,
    item: impl Fn(E::Model) -> T,
) -> Result<ListPage<T>, ApiError>
where
    E: EntityTrait,
    E::Model: Sync,
{
    let active = query.active_tab()?;
    // Both tab counts in one pass over the (searched) rows: the search's
    // LIKEs are the expensive part, so they are evaluated once, not twice.
    let in_tab = |flag: bool| Expr::expr(Func::sum(Expr::case(tab(flag), 1).finally(0)));
    let (active_count, inactive_count): (Option<i64>, Option<i64>) = base
        .clone()
        .select_only()
        .column_as(in_tab(true), "active_count")
        .column_as(in_tab(false), "inactive_count")
        .into_tuple()
        .one(txn)
        .await?
        .unwrap_or_default();
    let (active_count, inactive_count) = (
        active_count.unwrap_or(0).max(0) as u64,
        inactive_count.unwrap_or(0).max(0) as u64,
    );
    let rows = order(base.filter(tab(active)))
        .paginate(txn, query.per_page())
        .fetch_page(query.page() - 1)
        .await?;
    Ok(ListPage {
        items: rows.into_iter().map(item).collect(),
        total: if active { active_count } else { inactive_count },
        page: query.page(),
        per_page: query.per_page(),
        counts: TabCounts {
            active: active_count,
            inactive: inactive_count,
        },
    })
}

#[derive(Serialize, ToSchema)]
pub struct TruckItem {
    pub id: Uuid,
    pub name: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub vin: Option<String>,
    pub license_plate: Option<String>,
    pub vehicle_id: Option<String>,
    pub assigned_driver_name: Option<String>,
    pub assigned_driver_id: Option<Uuid>,
    /// active when an assigned driver name resolves, else inactive.
    pub status: String,
}

impl From<&fleet_vehicle::Model> for TruckItem {
    fn from(t: &fleet_vehicle::Model) -> Self {
        let driver = t
            .assigned_driver_name
            .clone()
            .filter(|n| !n.trim().is_empty());
        TruckItem {
            id: t.id,
            name: t.name.clone(),
            make: t.make.clone(),
            model: t.model.clone(),
            year: t.year,
            vin: t.vin.clone(),
            license_plate: t.license_plate.clone(),
            vehicle_id: t.vehicle_id.clone(),
            status: if driver.is_some() {
                "active"
            } else {
                "inactive"
            }
            .into(),
            assigned_driver_name: driver,
            assigned_driver_id: t.assigned_driver_id,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct TrailerItem {
    pub id: Uuid,
    pub name: Option<String>,
    pub trailer_id: Option<String>,
    pub trailer_type: Option<String>,
    pub license_plate: Option<String>,
    pub vin: Option<String>,
    pub status: String,
    pub assigned_driver_name: Option<String>,
    pub assigned_driver_id: Option<Uuid>,
    pub assigned_at: Option<DateTime<Utc>>,
}

impl From<&fleet_trailer::Model> for TrailerItem {
    fn from(t: &fleet_trailer::Model) -> Self {
        TrailerItem {
            id: t.id,
            name: t.name.clone(),
            trailer_id: t.trailer_id.clone(),
            trailer_type: t.trailer_type.clone(),
            license_plate: t.license_plate.clone(),
            vin: t.vin.clone(),
            status: t.status.clone(),
            assigned_driver_name: t.assigned_driver_name.clone(),
            assigned_driver_id: t.assigned_driver_id,
            assigned_at: t.assigned_at,
        }
    }
}

fn lower(col: impl sea_orm::ColumnTrait) -> sea_orm::sea_query::SimpleExpr {
    Func::lower(Expr::col(col.as_column_ref())).into()
}

/// By name, the unnamed ones (shown as 'Unnamed Trailer' / 'Unnamed Truck')
/// last, ties broken by id: the same order on every request and both
/// databases (NULLs sort first on SQLite and last on PostgreSQL), so pages
/// neither repeat nor skip rows.
pub fn by_name<E: EntityTrait>(select: Select<E>, name: E::Column, id: E::Column) -> Select<E> {
    let unnamed = Condition::any()
        .add(name.is_null())
        .add(sea_orm::sea_query::ExprTrait::eq(
            Expr::expr(Func::cust("TRIM").arg(Expr::col(name.as_column_ref()))),
            "",
        ));
    select
        .order_by(
            Expr::expr(Expr::case(unnamed, 1).finally(0)),
            sea_orm::Order::Asc,
        )
        .order_by_asc(name)
        .order_by_asc(id)
}

/// Not a decommissioned truck (spec part 2 §4): null-safe on every marker.
pub fn not_decommissioned() -> Condition {
    use fleet_vehicle::Column as C;
    Condition::all()
        .add(
            Condition::any()
                .add(C::AssignedDriverEldId.is_null())
                .add(C::AssignedDriverEldId.ne(DECOMMISSIONED_DRIVER_ID)),
        )
        .add(Condition::any().add(C::AssignedDriverName.is_null()).add(
            sea_orm::sea_query::ExprTrait::ne(
                Expr::expr(lower(C::AssignedDriverName)),
                DECOMMISSIONED_DRIVER_NAME.to_lowercase(),
            ),
        ))
        .add(
            Condition::any()
                .add(C::Notes.is_null())
                .add(sea_orm::sea_query::ExprTrait::not_like(
                    Expr::expr(lower(C::Notes)),
                    format!("%{}%", DECOMMISSIONED_DRIVER_NAME.to_lowercase()),
                )),
        )
}

/// A truck counts as active when an assigned driver name resolves.
pub fn truck_active(active: bool) -> Condition {
    use fleet_vehicle::Column as C;
    if active {
        Condition::all()
            .add(C::AssignedDriverName.is_not_null())
            .add(C::AssignedDriverName.ne(""))
    } else {
        Condition::any()
            .add(C::AssignedDriverName.is_null())
            .add(C::AssignedDriverName.eq(""))
    }
}

pub async fn list_trucks(
    state: &AppState,
    scope: TenantScope,
    query: &ListQuery,
) -> Result<ListPage<TruckItem>, ApiError> {
    use fleet_vehicle::Column as C;
    let mut base = repo::trucks(scope).filter(not_decommissioned());
    if let Some(text) = query.search() {
        base = base.filter(matches_any(
            &[C::Name, C::Make, C::Model, C::Vin, C::LicensePlate],
            &text,
        ));
    }
    let txn = repo::begin(&state.db, scope).await?;
    let order = |s: Select<fleet_vehicle::Entity>| by_name(s, C::Name, C::Id);
    let page = tabbed_page(&txn, base, truck_active, order, query, |t| {
        TruckItem::from(&t)
    })
    .await?;
    txn.commit().await?;
    Ok(page)
}

pub async fn list_trailers(
    state: &AppState,
    scope: TenantScope,
    query: &ListQuery,
) -> Result<ListPage<TrailerItem>, ApiError> {
    use fleet_trailer::Column as C;
    let mut base = repo::trailers(scope);
    if let Some(text) = query.search() {
        base = base.filter(matches_any(
            &[
                C::Name,
                C::TrailerId,
                C::LicensePlate,
                C::Vin,
                C::TrailerType,
                C::AssignedDriverName,
            ],
            &text,
        ));
    }
    let tab = |active: bool| {
        Condition::all().add(if active {
            C::Status.eq("active")
        } else {
            C::Status.ne("active")
        })
    };
    let txn = repo::begin(&state.db, scope).await?;
    let order = |s: Select<fleet_trailer::Entity>| by_name(s, C::Name, C::Id);
    let page = tabbed_page(&txn, base, tab, order, query, |t| TrailerItem::from(&t)).await?;
    txn.commit().await?;
    Ok(page)
}

#[derive(Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TruckDriver {
    Synced(DriverRef),
    EldOnly {
        eld_driver_id: Option<String>,
        name: String,
    },
}

#[derive(Serialize, ToSchema)]
pub struct TruckDetail {
    #[serde(flatten)]
    pub truck: TruckItem,
    pub notes: Option<String>,
    pub is_active: bool,
    /// An unrecognized ELD driver was just removed; the truck is now inactive.
    pub cleanup_notice: bool,
    pub driver: Option<TruckDriver>,
}

async fn find_driver_by_eld<C: ConnectionTrait>(
    txn: &C,
    scope: TenantScope,
    eld_id: &str,
) -> Result<Option<fleet_driver::Model>, ApiError> {
    Ok(repo::drivers(scope)
        .filter(fleet_driver::Column::DriverId.eq(eld_id))
        .one(txn)
        .await?)
}

/// Whether the fleet has drivers synced from its ELD: only then can an
/// assignment to an unknown driver be called unrecognized.
async fn has_synced_drivers<C: ConnectionTrait>(
    txn: &C,
    scope: TenantScope,
) -> Result<bool, ApiError> {
    Ok(repo::drivers(scope)
        .filter(fleet_driver::Column::DriverId.is_not_null())
        .count(txn)
        .await?
        > 0)
}

pub async fn truck_detail(
    state: &AppState,
    scope: TenantScope,
    id: Uuid,
) -> Result<TruckDetail, ApiError> {
    let txn = repo::begin_write(&state.db, scope).await?;
    let mut truck = repo::truck(scope, id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let mut cleanup_notice = false;
    let mut driver = None;
    if let Some(eld_id) = truck.assigned_driver_eld_id.clone() {
        match find_driver_by_eld(&txn, scope, &eld_id).await? {
            Some(d) => driver = Some(TruckDriver::Synced(DriverRef::from(&d))),
            None if has_synced_drivers(&txn, scope).await? => {
                let mut active = truck.clone().into_active_model();
                active.assigned_driver_eld_id = Set(None);
                active.assigned_driver_name = Set(None);
                active.assigned_driver_id = Set(None);
                active.assigned_at = Set(None);
                active.status = Set("inactive".into());
                active.raw = Set(truck.raw.clone().map(clear_metadata_driver));
                active.updated_at = Set(Utc::now());
                truck = active.update(&txn).await?;
                cleanup_notice = true;
            }
            None => {
                driver = Some(TruckDriver::EldOnly {
                    eld_driver_id: Some(eld_id),
                    name: truck
                        .assigned_driver_name
                        .clone()
                        .unwrap_or_else(|| "Unknown Driver".into()),
                })
            }
        }
    } else if let Some(name) = truck.assigned_driver_name.clone().filter(|n| !n.is_empty()) {
        driver = Some(TruckDriver::EldOnly {
            eld_driver_id: None,
            name,
        });
    }
    txn.commit().await?;
    Ok(TruckDetail {
        truck: TruckItem::from(&truck),
        notes: truck.notes.clone(),
        is_active: truck.is_active,
        cleanup_notice,
        driver,
    })
}

/// Clears the driver in both metadata locations the spec names.
fn clear_metadata_driver(mut raw: serde_json::Value) -> serde_json::Value {
    if let Some(s) = raw
        .get_mut("staticAssignments")
        .and_then(|v| v.as_object_mut())
    {
        s.remove("driverId");
        s.remove("driverName");
    }
    if let Some(v) = raw
        .get_mut("samsaraVehicle")
        .and_then(|v| v.as_object_mut())
    {
        v.remove("staticAssignedDriver");
    }
    raw
}

#[derive(Serialize, ToSchema)]
pub struct TrailerDriver {
    pub id: Option<Uuid>,
    pub display_name: String,
    pub eld_driver_id: Option<String>,
    pub phone_display: String,
    pub license_number: Option<String>,
    pub license_state: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct TrailerDetail {
    #[serde(flatten)]
    pub trailer: TrailerItem,
    pub notes: Option<String>,
    pub is_active: bool,
    pub driver: Option<TrailerDriver>,
}

pub async fn trailer_detail(
    state: &AppState,
    scope: TenantScope,
    id: Uuid,
) -> Result<TrailerDetail, ApiError> {
    let txn = repo::begin_write(&state.db, scope).await?;
    let trailer = repo::trailer(scope, id)
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    let known = match (
        trailer.assigned_driver_id,
        trailer.assigned_driver_eld_id.as_deref(),
    ) {
        (Some(id), _) => repo::driver(scope, id).one(&txn).await?,
        (None, Some(eld)) => find_driver_by_eld(&txn, scope, eld).await?,
        _ => None,
    };
    txn.commit().await?;
    let driver = match known {
        Some(d) => Some(TrailerDriver {
            id: Some(d.id),
            display_name: domain::fleet::driver_display_name(
                d.first_name.as_deref(),
                d.last_name.as_deref(),
                d.username.as_deref(),
            ),
            eld_driver_id: d.driver_id.clone(),
            phone_display: domain::fleet::phone_display(d.phone.as_deref()),
            license_number: d.license_number.clone(),
            license_state: d.license_state.clone(),
        }),
        None => trailer
            .assigned_driver_name
            .clone()
            .map(|name| TrailerDriver {
                id: None,
                display_name: name,
                eld_driver_id: trailer.assigned_driver_eld_id.clone(),
                phone_display: "-".into(),
                license_number: None,
                license_state: None,
            }),
    };
    Ok(TrailerDetail {
        trailer: TrailerItem::from(&trailer),
        notes: trailer.notes.clone(),
        is_active: trailer.is_active,
        driver,
    })
}
