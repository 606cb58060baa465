//! The documents' queries, every one in the fleet's transaction through
//! the finders that take it (`FleetOwned::within`). The list narrows by the asset first (its counts), then by
//! the tab and the filters (its rows and total); each way of narrowing has
//! an index that leads with the fleet (m0014).

use crate::paging::counted_page;
use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{fleet_document, fleet_trailer, fleet_vehicle};
use db::tenancy::{FleetOwned, FleetTx};
use domain::documents::expiring_soon_until;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DbErr, PaginatorTrait, PrimaryKeyTrait, QueryFilter,
    QueryOrder, QuerySelect, Select,
};
use std::collections::HashSet;
use uuid::Uuid;

use fleet_document::Column as C;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    All,
    ExpiringSoon,
    Expired,
}

/// One request to the list, checked.
#[derive(Debug, Clone)]
pub struct DocumentFilter {
    pub tab: Tab,
    /// Lower-cased; None when empty.
    pub search: Option<String>,
    pub document_type: Option<String>,
    /// Uploaded at or after.
    pub uploaded_from: Option<DateTime<Utc>>,
    /// Uploaded before.
    pub uploaded_before: Option<DateTime<Utc>>,
    pub vehicle: Option<Vehicle>,
    pub driver_id: Option<Uuid>,
    pub page: u64,
    pub per_page: u64,
}

/// The vehicle a list is narrowed to. The spec's filter is "truck_id or
/// trailer_id equal to vehicleId"; once the id is known to be a truck or a
/// trailer, one column (and its index) answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vehicle {
    Truck(Uuid),
    Trailer(Uuid),
    /// Not looked up yet.
    Either(Uuid),
}

/// Whether `id` is one of the fleet's trucks or trailers (else `Either`,
/// which finds nothing either way).
pub async fn resolve_vehicle(tx: &FleetTx, id: Uuid) -> Result<Vehicle, DbErr> {
    Ok(if has::<fleet_vehicle::Entity>(tx, id).await? {
        Vehicle::Truck(id)
    } else if has::<fleet_trailer::Entity>(tx, id).await? {
        Vehicle::Trailer(id)
    } else {
        Vehicle::Either(id)
    })
}

/// The documents of the asset asked for (all of the fleet's without one).
fn of_asset(filter: &DocumentFilter) -> Condition {
    let mut cond = Condition::all();
    match filter.vehicle {
        Some(Vehicle::Truck(id)) => cond = cond.add(C::TruckId.eq(id)),
        Some(Vehicle::Trailer(id)) => cond = cond.add(C::TrailerId.eq(id)),
        Some(Vehicle::Either(id)) => {
            cond = cond.add(
                Condition::any()
                    .add(C::TruckId.eq(id))
                    .add(C::TrailerId.eq(id)),
            )
        }
        None => {}
    }
    if let Some(driver) = filter.driver_id {
        cond = cond.add(C::DriverId.eq(driver));
    }
    cond
}

fn in_tab(tab: Tab, today: NaiveDate) -> Condition {
    match tab {
        Tab::All => Condition::all(),
        Tab::ExpiringSoon => Condition::all()
            .add(C::ExpirationDate.gte(today))
            .add(C::ExpirationDate.lte(expiring_soon_until(today))),
        Tab::Expired => Condition::all().add(C::ExpirationDate.lt(today)),
    }
}

fn filtered(filter: &DocumentFilter, today: NaiveDate) -> Condition {
    let mut cond = of_asset(filter).add(in_tab(filter.tab, today));
    if let Some(text) = &filter.search {
        cond = cond.add(crate::paging::contains(Expr::col(C::SearchName), text));
    }
    if let Some(kind) = &filter.document_type {
        cond = cond.add(C::DocumentType.eq(kind.as_str()));
    }
    if let Some(from) = filter.uploaded_from {
        cond = cond.add(C::CreatedAt.gte(from));
    }
    if let Some(before) = filter.uploaded_before {
        cond = cond.add(C::CreatedAt.lt(before));
    }
    cond
}

/// One page of the filtered documents, newest upload first, and how many
/// the filters find; the expiry tabs are counted from `today`.
pub async fn page(
    tx: &FleetTx,
    filter: &DocumentFilter,
    today: NaiveDate,
) -> Result<(Vec<fleet_document::Model>, u64), DbErr> {
    let found = fleet_document::Entity::within(tx).filter(filtered(filter, today));
    let offset = (filter.page - 1) * filter.per_page;
    if filter.search.is_some() {
        // One pass: the names are tested once (with no other filter, in the
        // upload-order index, which holds them: m0015).
        let scoped = fleet_document::Entity::within(tx);
        let page = counted_page(
            tx,
            scoped,
            found.clone(),
            newest_first,
            offset,
            filter.per_page,
        );
        return Ok(match page.await? {
            Some(page) => page,
            // A page past every found row: nothing to show, counted apart.
            None => (Vec::new(), found.count(tx).await?),
        });
    }
    let total = found.clone().count(tx).await?;
    if offset >= total {
        return Ok((Vec::new(), total));
    }
    let items = newest_first(found)
        .offset(offset)
        .limit(filter.per_page)
        .all(tx)
        .await?;
    Ok((items, total))
}

fn newest_first(select: Select<fleet_document::Entity>) -> Select<fleet_document::Entity> {
    select.order_by_desc(C::CreatedAt).order_by_desc(C::Id)
}

/// (expiring soon, expired) among the asset's documents, counted from `today`.
pub async fn tab_counts(
    tx: &FleetTx,
    filter: &DocumentFilter,
    today: NaiveDate,
) -> Result<(u64, u64), DbErr> {
    let count = |tab| {
        fleet_document::Entity::within(tx)
            .filter(of_asset(filter))
            .filter(in_tab(tab, today))
            .count(tx)
    };
    Ok((count(Tab::ExpiringSoon).await?, count(Tab::Expired).await?))
}

/// A load's documents, newest first, at most `limit`.
pub async fn of_load(
    tx: &FleetTx,
    load_id: Uuid,
    limit: u64,
) -> Result<Vec<fleet_document::Model>, DbErr> {
    newest_first(fleet_document::Entity::within(tx).filter(C::LoadId.eq(load_id)))
        .limit(limit)
        .all(tx)
        .await
}

pub async fn find(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_document::Model>, DbErr> {
    fleet_document::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn insert(
    tx: &FleetTx,
    row: fleet_document::ActiveModel,
) -> Result<fleet_document::Model, DbErr> {
    row.insert(tx).await
}

/// Inserts the row unless a unique index (a phone's client id) holds one
/// already: false then.
pub async fn insert_once(tx: &FleetTx, row: fleet_document::ActiveModel) -> Result<bool, DbErr> {
    let done = <fleet_document::Entity as sea_orm::EntityTrait>::insert(row)
        .on_conflict(
            sea_orm::sea_query::OnConflict::new()
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(tx)
        .await?;
    Ok(done > 0)
}

pub async fn by_client_id(
    tx: &FleetTx,
    client_id: &str,
) -> Result<Option<fleet_document::Model>, DbErr> {
    fleet_document::Entity::within(tx)
        .filter(C::ClientId.eq(client_id))
        .one(tx)
        .await
}

/// Deletes the row; false when the scope's fleet has no such document.
pub async fn delete(tx: &FleetTx, id: Uuid) -> Result<bool, DbErr> {
    Ok(fleet_document::Entity::delete_within(tx)
        .filter(C::Id.eq(id))
        .exec(tx)
        .await?
        .rows_affected
        > 0)
}

/// Which of `paths` a row of the fleet points at: a document, or a
/// driver's renewal that is not rejected (a renewal's object becomes its
/// document's when accepted).
pub async fn referenced_paths(tx: &FleetTx, paths: &[String]) -> Result<HashSet<String>, DbErr> {
    let found: Vec<String> = fleet_document::Entity::within(tx)
        .select_only()
        .column(C::FilePath)
        .filter(C::FilePath.is_in(paths.iter().map(String::as_str)))
        .into_tuple()
        .all(tx)
        .await?;
    use db::entities::driver_renewal::{Column as R, Entity as Renewal};
    let renewals: Vec<String> = Renewal::within(tx)
        .select_only()
        .column(R::FilePath)
        .filter(R::FilePath.is_in(paths.iter().map(String::as_str)))
        .filter(R::Status.ne("rejected"))
        .into_tuple()
        .all(tx)
        .await?;
    Ok(found.into_iter().chain(renewals).collect())
}

pub use db::fleet_names::{Names, driver_names, trailer_names, truck_names};

/// Whether the scope's fleet has the row of `E` with this id (a truck,
/// trailer or driver a document is filed against).
pub async fn has<E>(tx: &FleetTx, id: Uuid) -> Result<bool, DbErr>
where
    E: FleetOwned,
    E::Model: Sync,
    <E::PrimaryKey as PrimaryKeyTrait>::ValueType: From<Uuid>,
{
    Ok(E::by_id_within(tx, id).count(tx).await? > 0)
}
