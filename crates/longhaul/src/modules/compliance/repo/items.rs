//! The calendar's sources: documents' expiration dates and drivers'
//! qualification items, each read in (date, id) order on its own index
//! after a cursor, and counted; and the fleet's account row (its MCS-150
//! date).

use super::super::filter::{Cursor, Filter, ItemKind};
use chrono::NaiveDate;
use db::entities::{
    driver_qualification, fleet_account, fleet_document, fleet_driver, fleet_trailer, fleet_vehicle,
};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::{
    ColumnTrait, Condition, DbErr, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use uuid::Uuid;

pub use db::fleet_names::{driver_names, trailer_names, truck_names};

/// (id, name, type, truck, trailer, driver, expiration date).
pub type DocumentRow = (
    Uuid,
    String,
    String,
    Option<Uuid>,
    Option<Uuid>,
    Option<Uuid>,
    Option<NaiveDate>,
);

/// (id, driver, kind, document, due date).
pub type QualificationRow = (Uuid, Uuid, String, Option<Uuid>, Option<NaiveDate>);

/// The rows of a source after the cursor: later dates, or the same date
/// and a later key. Keys start with the source's prefix, so on the
/// cursor's date a source before the cursor's has nothing left and one
/// after it has everything.
fn after_cursor<C: ColumnTrait>(
    date: C,
    id: C,
    prefix: &str,
    cursor: Option<&Cursor>,
) -> Condition {
    let Some(cursor) = cursor else {
        return Condition::all();
    };
    let (cursor_prefix, cursor_id) = cursor.key.split_once(':').unwrap_or(("", ""));
    let later = Condition::any().add(date.gt(cursor.due_on));
    match prefix.cmp(cursor_prefix) {
        std::cmp::Ordering::Less => later,
        std::cmp::Ordering::Greater => later.add(date.eq(cursor.due_on)),
        std::cmp::Ordering::Equal => match Uuid::parse_str(cursor_id) {
            Ok(after) => later.add(
                Condition::all()
                    .add(date.eq(cursor.due_on))
                    .add(id.gt(after)),
            ),
            Err(_) => later,
        },
    }
}

fn document_condition(filter: Filter) -> Condition {
    use fleet_document::Column as D;
    let mut cond = Condition::all().add(D::ExpirationDate.is_not_null());
    if let Some(from) = filter.from {
        cond = cond.add(D::ExpirationDate.gte(from));
    }
    if let Some(to) = filter.to {
        cond = cond.add(D::ExpirationDate.lte(to));
    }
    let asset = |col: D| match filter.asset_id {
        Some(id) => col.eq(id),
        None => col.is_not_null(),
    };
    match filter.kind {
        None => cond,
        Some(ItemKind::Company) => cond
            .add(D::TruckId.is_null())
            .add(D::TrailerId.is_null())
            .add(D::DriverId.is_null()),
        Some(ItemKind::Truck) => cond.add(asset(D::TruckId)),
        Some(ItemKind::Trailer) => cond.add(asset(D::TrailerId)),
        Some(ItemKind::Driver) => cond.add(asset(D::DriverId)),
    }
}

fn qualification_condition(filter: Filter) -> Condition {
    use driver_qualification::Column as Q;
    let mut cond = Condition::all().add(Q::DueOn.is_not_null());
    if let Some(from) = filter.from {
        cond = cond.add(Q::DueOn.gte(from));
    }
    if let Some(to) = filter.to {
        cond = cond.add(Q::DueOn.lte(to));
    }
    if let Some(id) = filter.asset_id {
        cond = cond.add(Q::DriverId.eq(id));
    }
    cond
}

pub async fn documents(
    tx: &FleetTx,
    filter: Filter,
    cursor: Option<&Cursor>,
    limit: Option<u64>,
) -> Result<Vec<DocumentRow>, DbErr> {
    use fleet_document::Column as D;
    fleet_document::Entity::within(tx)
        .select_only()
        .columns([
            D::Id,
            D::Name,
            D::DocumentType,
            D::TruckId,
            D::TrailerId,
            D::DriverId,
            D::ExpirationDate,
        ])
        .filter(document_condition(filter))
        .filter(after_cursor(D::ExpirationDate, D::Id, "doc", cursor))
        .order_by_asc(D::ExpirationDate)
        .order_by_asc(D::Id)
        .limit(limit)
        .into_tuple()
        .all(tx)
        .await
}

pub async fn qualifications(
    tx: &FleetTx,
    filter: Filter,
    cursor: Option<&Cursor>,
    limit: Option<u64>,
) -> Result<Vec<QualificationRow>, DbErr> {
    use driver_qualification::Column as Q;
    driver_qualification::Entity::within(tx)
        .select_only()
        .columns([Q::Id, Q::DriverId, Q::Kind, Q::DocumentId, Q::DueOn])
        .filter(qualification_condition(filter))
        .filter(after_cursor(Q::DueOn, Q::Id, "qual", cursor))
        .order_by_asc(Q::DueOn)
        .order_by_asc(Q::Id)
        .limit(limit)
        .into_tuple()
        .all(tx)
        .await
}

pub async fn count_documents(tx: &FleetTx, filter: Filter) -> Result<u64, DbErr> {
    fleet_document::Entity::within(tx)
        .filter(document_condition(filter))
        .count(tx)
        .await
}

pub async fn count_qualifications(tx: &FleetTx, filter: Filter) -> Result<u64, DbErr> {
    driver_qualification::Entity::within(tx)
        .filter(qualification_condition(filter))
        .count(tx)
        .await
}

/// The fleet's own account row.
pub async fn fleet(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::within(tx).one(tx).await
}

/// Whether the fleet has any truck, driver or trailer at all.
pub async fn has_assets(tx: &FleetTx) -> Result<bool, DbErr> {
    Ok(fleet_vehicle::Entity::within(tx).count(tx).await? > 0
        || fleet_driver::Entity::within(tx).count(tx).await? > 0
        || fleet_trailer::Entity::within(tx).count(tx).await? > 0)
}
