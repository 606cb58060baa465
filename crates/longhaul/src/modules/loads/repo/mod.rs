//! The loads' queries (private to the module), every one through the
//! fleet's transaction.

pub mod geofence;
mod shared;

use chrono::{DateTime, Utc};
use db::entities::{
    audit_log, customer, driver_qualification, facility, fleet_account, fleet_document,
    fleet_driver, fleet_notification, fleet_trailer, fleet_vehicle, load, load_accessorial,
    load_counter, load_event, load_stop, stop_report,
};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Select, Set,
};
use uuid::Uuid;

pub async fn customers(tx: &FleetTx) -> Result<Vec<customer::Model>, DbErr> {
    customer::Entity::within(tx)
        .order_by_asc(customer::Column::Name)
        .limit(1000)
        .all(tx)
        .await
}

pub async fn customer(tx: &FleetTx, id: Uuid) -> Result<Option<customer::Model>, DbErr> {
    customer::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn customers_by_ids(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Vec<customer::Model>, DbErr> {
    customer::Entity::within(tx)
        .filter(customer::Column::Id.is_in(ids))
        .all(tx)
        .await
}

/// The customer that is broker account `broker`, or the unlinked one named
/// `name` (the fleet typed the broker in before it tendered here).
pub async fn customer_for_broker(
    tx: &FleetTx,
    broker: Uuid,
    name: &str,
) -> Result<Option<customer::Model>, DbErr> {
    if let Some(linked) = customer::Entity::within(tx)
        .filter(customer::Column::BrokerAccountId.eq(broker))
        .one(tx)
        .await?
    {
        return Ok(Some(linked));
    }
    customer::Entity::within(tx)
        .filter(customer::Column::Name.eq(name))
        .filter(customer::Column::BrokerAccountId.is_null())
        .one(tx)
        .await
}

/// Links a customer to the broker account it is.
pub async fn link_customer(tx: &FleetTx, id: Uuid, broker: Uuid) -> Result<(), DbErr> {
    customer::Entity::update_within(tx)
        .col_expr(customer::Column::BrokerAccountId, Expr::value(broker))
        .filter(customer::Column::Id.eq(id))
        .exec(tx)
        .await
        .map(|_| ())
}

pub async fn insert_customer(
    tx: &FleetTx,
    row: customer::ActiveModel,
) -> Result<customer::Model, DbErr> {
    row.insert(tx).await
}

pub async fn facilities(tx: &FleetTx) -> Result<Vec<facility::Model>, DbErr> {
    facility::Entity::within(tx)
        .order_by_asc(facility::Column::Name)
        .limit(1000)
        .all(tx)
        .await
}

pub async fn facilities_by_ids(
    tx: &FleetTx,
    ids: Vec<Uuid>,
) -> Result<Vec<facility::Model>, DbErr> {
    facility::Entity::within(tx)
        .filter(facility::Column::Id.is_in(ids))
        .all(tx)
        .await
}

/// The fleet's facility at the same place under the same name.
pub async fn facility_at(
    tx: &FleetTx,
    name: &str,
    address: &str,
    city: &str,
    state: &str,
) -> Result<Option<facility::Model>, DbErr> {
    facility::Entity::within(tx)
        .filter(facility::Column::Name.eq(name))
        .filter(facility::Column::Address.eq(address))
        .filter(facility::Column::City.eq(city))
        .filter(facility::Column::State.eq(state))
        .one(tx)
        .await
}

pub async fn insert_facility(
    tx: &FleetTx,
    row: facility::ActiveModel,
) -> Result<facility::Model, DbErr> {
    row.insert(tx).await
}

/// The fleet's next PRO number: one upsert of its counter row, which holds
/// a row lock (PostgreSQL) or the write lock (SQLite) until the transaction
/// ends, so two loads created at once get two numbers.
pub async fn next_pro(tx: &FleetTx) -> Result<i32, DbErr> {
    let fleet = tx.scope().fleet_account_id();
    let counter = load_counter::Entity::insert(load_counter::ActiveModel {
        fleet_account_id: Set(fleet),
        last_pro: Set(1001),
    })
    .on_conflict(
        OnConflict::column(load_counter::Column::FleetAccountId)
            .value(
                load_counter::Column::LastPro,
                Expr::col((load_counter::Entity, load_counter::Column::LastPro)).add(1),
            )
            .to_owned(),
    )
    .exec_with_returning(tx)
    .await?;
    Ok(counter.last_pro)
}

pub async fn insert_load(
    tx: &FleetTx,
    row: load::ActiveModel,
    stops: Vec<load_stop::ActiveModel>,
    accessorials: Vec<load_accessorial::ActiveModel>,
) -> Result<load::Model, DbErr> {
    let saved = row.insert(tx).await?;
    load_stop::Entity::insert_many(stops).exec(tx).await?;
    if !accessorials.is_empty() {
        load_accessorial::Entity::insert_many(accessorials)
            .exec(tx)
            .await?;
    }
    Ok(saved)
}

pub async fn load(tx: &FleetTx, id: Uuid) -> Result<Option<load::Model>, DbErr> {
    load::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn stops_of(tx: &FleetTx, load_id: Uuid) -> Result<Vec<load_stop::Model>, DbErr> {
    load_stop::Entity::within(tx)
        .filter(load_stop::Column::LoadId.eq(load_id))
        .order_by_asc(load_stop::Column::Seq)
        .all(tx)
        .await
}

pub async fn accessorials_of(
    tx: &FleetTx,
    load_id: Uuid,
) -> Result<Vec<load_accessorial::Model>, DbErr> {
    load_accessorial::Entity::within(tx)
        .filter(load_accessorial::Column::LoadId.eq(load_id))
        .all(tx)
        .await
}

/// The load's history in the order it was written: a stop event's `at` may
/// be back-dated before the changes recorded ahead of it (m0031).
pub async fn history_of(tx: &FleetTx, load_id: Uuid) -> Result<Vec<load_event::Model>, DbErr> {
    load_event::Entity::within(tx)
        .filter(load_event::Column::LoadId.eq(load_id))
        .order_by_asc(load_event::Column::RecordedAt)
        .order_by_asc(load_event::Column::At)
        .all(tx)
        .await
}

pub async fn insert_event(tx: &FleetTx, row: load_event::ActiveModel) -> Result<(), DbErr> {
    let saved = row.insert(tx).await?;
    shared::mirror_event(tx, &saved).await
}

/// Moves the load from `from` to `to` only if it is still `from`: of two
/// changes at once, the second finds nothing to change.
pub async fn set_status(
    tx: &FleetTx,
    id: Uuid,
    from: &str,
    to: &str,
    cancel_reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let mut update = load::Entity::update_within(tx)
        .col_expr(load::Column::Status, Expr::value(to))
        .col_expr(load::Column::UpdatedAt, Expr::value(now));
    if let Some(reason) = cancel_reason {
        update = update.col_expr(load::Column::CancelReason, Expr::value(reason));
    }
    let done = update
        .filter(load::Column::Id.eq(id))
        .filter(load::Column::Status.eq(from))
        .exec(tx)
        .await?;
    Ok(done.rows_affected == 1)
}

/// The fleet's loads in `statuses` (all when empty) that match `q`: a load,
/// BOL or PO number containing it, the PRO number it is, a customer whose
/// name or a stop whose city contains it (case-insensitive).
fn matching(tx: &FleetTx, statuses: &[&str], q: Option<&str>) -> Select<load::Entity> {
    let mut select = load::Entity::within(tx);
    if !statuses.is_empty() {
        select = select.filter(load::Column::Status.is_in(statuses.iter().copied()));
    }
    if let Some(q) = q {
        // Both sides are lower-cased already: a plain LIKE, no per-row lower().
        let mut any = Condition::any().add(
            Expr::col(load::Column::SearchText)
                .like(LikeExpr::new(domain::loads::like_pattern(q)).escape('\\')),
        );
        if let Ok(pro) = q.trim().parse::<i32>() {
            any = any.add(load::Column::ProNumber.eq(pro));
        }
        select = select.filter(any);
    }
    select
}

/// A page of the fleet's loads, latest pickup first.
pub async fn page(
    tx: &FleetTx,
    statuses: &[&str],
    q: Option<&str>,
    page: u64,
    per_page: u64,
) -> Result<Vec<load::Model>, DbErr> {
    matching(tx, statuses, q)
        .order_by_desc(load::Column::FirstPickupAt)
        .order_by_desc(load::Column::ProNumber)
        .offset((page - 1) * per_page)
        .limit(per_page)
        .all(tx)
        .await
}

/// What a search needs of each load matching `q` to count them by status
/// and order a page: id, status, first pickup, PRO (at most `limit`).
pub async fn search_hits(
    tx: &FleetTx,
    q: &str,
    limit: u64,
) -> Result<Vec<(Uuid, String, DateTime<Utc>, i32)>, DbErr> {
    matching(tx, &[], Some(q))
        .select_only()
        .column(load::Column::Id)
        .column(load::Column::Status)
        .column(load::Column::FirstPickupAt)
        .column(load::Column::ProNumber)
        .limit(limit)
        .into_tuple()
        .all(tx)
        .await
}

pub async fn loads_by_ids(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Vec<load::Model>, DbErr> {
    load::Entity::within(tx)
        .filter(load::Column::Id.is_in(ids))
        .all(tx)
        .await
}

/// Every load that matches, for an export (at most `limit`).
pub async fn all_matching(
    tx: &FleetTx,
    statuses: &[&str],
    q: Option<&str>,
    limit: u64,
) -> Result<Vec<load::Model>, DbErr> {
    matching(tx, statuses, q)
        .order_by_desc(load::Column::FirstPickupAt)
        .order_by_desc(load::Column::ProNumber)
        .limit(limit)
        .all(tx)
        .await
}

/// How many of the fleet's loads that match `q` are in each status.
pub async fn status_counts(tx: &FleetTx, q: Option<&str>) -> Result<Vec<(String, i64)>, DbErr> {
    matching(tx, &[], q)
        .select_only()
        .column(load::Column::Status)
        .column_as(Expr::col(load::Column::Id).count(), "n")
        .group_by(load::Column::Status)
        .into_tuple()
        .all(tx)
        .await
}

/// The stops of `load_ids`, in each load's order.
pub async fn stops_of_loads(
    tx: &FleetTx,
    load_ids: Vec<Uuid>,
) -> Result<Vec<load_stop::Model>, DbErr> {
    load_stop::Entity::within(tx)
        .filter(load_stop::Column::LoadId.is_in(load_ids))
        .order_by_asc(load_stop::Column::LoadId)
        .order_by_asc(load_stop::Column::Seq)
        .all(tx)
        .await
}

/// Each load's accessorial lines, summed.
pub async fn accessorial_totals(
    tx: &FleetTx,
    load_ids: Vec<Uuid>,
) -> Result<Vec<(Uuid, i64)>, DbErr> {
    load_accessorial::Entity::within(tx)
        .select_only()
        .column(load_accessorial::Column::LoadId)
        .column_as(
            Expr::col(load_accessorial::Column::AmountCents)
                .sum()
                .cast_as("BIGINT"),
            "total",
        )
        .filter(load_accessorial::Column::LoadId.is_in(load_ids))
        .group_by(load_accessorial::Column::LoadId)
        .into_tuple()
        .all(tx)
        .await
}

pub async fn trucks(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Vec<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::within(tx)
        .filter(fleet_vehicle::Column::Id.is_in(ids))
        .all(tx)
        .await
}

/// The loads on the dispatch board: tendered to delivered, whose span meets
/// `from`–`to`, of one customer or driver when given.
pub async fn board_loads(
    tx: &FleetTx,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    customer_id: Option<Uuid>,
    driver_id: Option<Uuid>,
    limit: u64,
) -> Result<Vec<load::Model>, DbErr> {
    let mut select = load::Entity::within(tx)
        .filter(load::Column::Status.is_in([
            "tendered",
            "accepted",
            "planned",
            "dispatched",
            "at_pickup",
            "loaded",
            "in_transit",
            "at_delivery",
            "delivered",
        ]))
        .filter(load::Column::FirstPickupAt.lt(to))
        // No load runs longer (domain::loads::MAX_SPAN_DAYS): a short range
        // of pickups instead of every load that started before `to`.
        .filter(
            load::Column::FirstPickupAt
                .gte(from - chrono::Duration::days(domain::loads::MAX_SPAN_DAYS)),
        )
        .filter(load::Column::LastDeliveryAt.gte(from));
    if let Some(customer) = customer_id {
        select = select.filter(load::Column::CustomerId.eq(customer));
    }
    if let Some(driver) = driver_id {
        select = select.filter(
            Condition::any()
                .add(load::Column::DriverId.eq(driver))
                .add(load::Column::SecondDriverId.eq(driver)),
        );
    }
    select
        .order_by_asc(load::Column::FirstPickupAt)
        .order_by_asc(load::Column::ProNumber)
        .limit(limit)
        .all(tx)
        .await
}

/// The fleet's drivers, trucks and trailers a dispatcher can pick from
/// (inactive ones too: the eligibility check says why not).
pub async fn all_drivers(tx: &FleetTx, limit: u64) -> Result<Vec<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::within(tx)
        .order_by_asc(fleet_driver::Column::SearchName)
        .limit(limit)
        .all(tx)
        .await
}

pub async fn all_trucks(tx: &FleetTx, limit: u64) -> Result<Vec<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::within(tx)
        .order_by_asc(fleet_vehicle::Column::Name)
        .limit(limit)
        .all(tx)
        .await
}

pub async fn all_trailers(tx: &FleetTx, limit: u64) -> Result<Vec<fleet_trailer::Model>, DbErr> {
    fleet_trailer::Entity::within(tx)
        .order_by_asc(fleet_trailer::Column::Name)
        .limit(limit)
        .all(tx)
        .await
}

/// Holds the fleet's dispatch lock until the transaction ends: assignments
/// of one fleet take turns, so two cannot both find a driver free and both
/// book them (PostgreSQL's row lock; SQLite's write lock already does).
pub async fn lock_dispatch(tx: &FleetTx) -> Result<(), DbErr> {
    load_counter::Entity::update_within(tx)
        .col_expr(
            load_counter::Column::LastPro,
            Expr::col(load_counter::Column::LastPro),
        )
        .exec(tx)
        .await
        .map(|_| ())
}

pub async fn drivers(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Vec<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::within(tx)
        .filter(fleet_driver::Column::Id.is_in(ids))
        .all(tx)
        .await
}

pub async fn qualifications(
    tx: &FleetTx,
    driver_ids: Vec<Uuid>,
) -> Result<Vec<driver_qualification::Model>, DbErr> {
    driver_qualification::Entity::within(tx)
        .filter(driver_qualification::Column::DriverId.is_in(driver_ids))
        .all(tx)
        .await
}

pub async fn truck(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn trailer(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_trailer::Model>, DbErr> {
    fleet_trailer::Entity::by_id_within(tx, id).one(tx).await
}

/// The documents of the truck and trailer, and the company's insurance.
pub async fn documents(
    tx: &FleetTx,
    truck_id: Uuid,
    trailer_id: Option<Uuid>,
) -> Result<Vec<fleet_document::Model>, DbErr> {
    let mut of = Condition::any()
        .add(fleet_document::Column::TruckId.eq(truck_id))
        .add(fleet_document::Column::DocumentType.eq("company_insurance"));
    if let Some(trailer) = trailer_id {
        of = of.add(fleet_document::Column::TrailerId.eq(trailer));
    }
    fleet_document::Entity::within(tx).filter(of).all(tx).await
}

/// The fleet's other loads under way (planned to at delivery) that share a
/// driver, the truck or the trailer and whose span meets `from`–`to`.
pub async fn overlapping(
    tx: &FleetTx,
    load_id: Uuid,
    drivers: &[Uuid],
    truck_id: Uuid,
    trailer_id: Option<Uuid>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<load::Model>, DbErr> {
    let mut shares = Condition::any()
        .add(load::Column::DriverId.is_in(drivers.to_vec()))
        .add(load::Column::SecondDriverId.is_in(drivers.to_vec()))
        .add(load::Column::TruckId.eq(truck_id));
    if let Some(trailer) = trailer_id {
        shares = shares.add(load::Column::TrailerId.eq(trailer));
    }
    load::Entity::within(tx)
        .filter(load::Column::Id.ne(load_id))
        .filter(load::Column::Status.is_in([
            "planned",
            "dispatched",
            "at_pickup",
            "loaded",
            "in_transit",
            "at_delivery",
        ]))
        .filter(load::Column::FirstPickupAt.lt(to))
        .filter(load::Column::LastDeliveryAt.gt(from))
        .filter(shares)
        .all(tx)
        .await
}

/// Puts the driver(s), truck and trailer on the load and moves it to
/// `status`.
pub async fn assign(
    tx: &FleetTx,
    id: Uuid,
    assignment: [Option<Uuid>; 4],
    status: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let [driver, second, truck, trailer] = assignment;
    load::Entity::update_within(tx)
        .col_expr(load::Column::DriverId, Expr::value(driver))
        .col_expr(load::Column::SecondDriverId, Expr::value(second))
        .col_expr(load::Column::TruckId, Expr::value(truck))
        .col_expr(load::Column::TrailerId, Expr::value(trailer))
        .col_expr(load::Column::Status, Expr::value(status))
        // Another crew (or none) has not answered this load yet.
        .col_expr(
            load::Column::DriverResponse,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            load::Column::DriverResponseAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(
            load::Column::DriverResponseBy,
            Expr::value(Option::<Uuid>::None),
        )
        .col_expr(
            load::Column::DeclineReason,
            Expr::value(Option::<String>::None),
        )
        .col_expr(load::Column::UpdatedAt, Expr::value(now))
        .filter(load::Column::Id.eq(id))
        .exec(tx)
        .await
        .map(|_| ())
}

pub async fn set_stop_times(
    tx: &FleetTx,
    stop_id: Uuid,
    arrived_at: Option<DateTime<Utc>>,
    departed_at: Option<DateTime<Utc>>,
) -> Result<(), DbErr> {
    load_stop::Entity::update_within(tx)
        .col_expr(load_stop::Column::ArrivedAt, Expr::value(arrived_at))
        .col_expr(load_stop::Column::DepartedAt, Expr::value(departed_at))
        .filter(load_stop::Column::Id.eq(stop_id))
        .exec(tx)
        .await
        .map(|_| ())
}

pub async fn insert_accessorial(
    tx: &FleetTx,
    row: load_accessorial::ActiveModel,
) -> Result<(), DbErr> {
    row.insert(tx).await.map(|_| ())
}

/// The truck's latest load (not this one, not cancelled or declined) that
/// ended by `by`: where the truck last was, for the empty miles of the
/// hours-of-service check.
pub async fn truck_last_load(
    tx: &FleetTx,
    truck_id: Uuid,
    load_id: Uuid,
    by: DateTime<Utc>,
) -> Result<Option<load::Model>, DbErr> {
    load::Entity::within(tx)
        .filter(load::Column::TruckId.eq(truck_id))
        .filter(load::Column::Id.ne(load_id))
        .filter(load::Column::Status.is_not_in(["cancelled", "declined"]))
        .filter(load::Column::LastDeliveryAt.lte(by))
        .order_by_desc(load::Column::LastDeliveryAt)
        .one(tx)
        .await
}

/// The fleet's name as the product shows it (its DBA name, else its legal name).
pub async fn fleet_name(tx: &FleetTx) -> Result<Option<String>, DbErr> {
    Ok(
        fleet_account::Entity::by_id_within(tx, tx.scope().fleet_account_id())
            .one(tx)
            .await?
            .map(|f| domain::fleet::fleet_display_name(f.dba_name.as_deref(), &f.legal_name)),
    )
}

/// An audit-log entry in the fleet's own transaction: on PostgreSQL the
/// fleet may append entries naming itself and read none (m0027). Without
/// RETURNING, which would need the read.
pub async fn insert_audit(tx: &FleetTx, row: audit_log::ActiveModel) -> Result<(), DbErr> {
    audit_log::Entity::insert(row)
        .exec_without_returning(tx)
        .await
        .map(|_| ())
}

/// Writes an edit of the load (the columns `row` sets) only if the load is
/// still at `version`: of two edits made from one version, the second finds
/// nothing to change (`false`).
pub async fn update_load_at_version(
    tx: &FleetTx,
    id: Uuid,
    version: DateTime<Utc>,
    row: load::ActiveModel,
) -> Result<bool, DbErr> {
    let done = load::Entity::update_within(tx)
        .set(row)
        .filter(load::Column::Id.eq(id))
        .filter(load::Column::UpdatedAt.eq(version))
        .exec(tx)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Sets the load's money columns (`row`) and replaces its accessorial
/// lines; false when the fleet has no such load.
pub async fn set_rate(
    tx: &FleetTx,
    load_id: Uuid,
    row: load::ActiveModel,
    accessorials: Vec<load_accessorial::ActiveModel>,
) -> Result<bool, DbErr> {
    let done = load::Entity::update_within(tx)
        .set(row)
        .filter(load::Column::Id.eq(load_id))
        .exec(tx)
        .await?;
    if done.rows_affected != 1 {
        return Ok(false);
    }
    load_accessorial::Entity::delete_within(tx)
        .filter(load_accessorial::Column::LoadId.eq(load_id))
        .exec(tx)
        .await?;
    if !accessorials.is_empty() {
        load_accessorial::Entity::insert_many(accessorials)
            .exec(tx)
            .await?;
    }
    Ok(true)
}

/// Replaces the load's stops and accessorial lines with `stops` and
/// `accessorials`.
pub async fn replace_lines(
    tx: &FleetTx,
    load_id: Uuid,
    stops: Vec<load_stop::ActiveModel>,
    accessorials: Vec<load_accessorial::ActiveModel>,
) -> Result<(), DbErr> {
    load_stop::Entity::delete_within(tx)
        .filter(load_stop::Column::LoadId.eq(load_id))
        .exec(tx)
        .await?;
    load_accessorial::Entity::delete_within(tx)
        .filter(load_accessorial::Column::LoadId.eq(load_id))
        .exec(tx)
        .await?;
    load_stop::Entity::insert_many(stops).exec(tx).await?;
    if !accessorials.is_empty() {
        load_accessorial::Entity::insert_many(accessorials)
            .exec(tx)
            .await?;
    }
    Ok(())
}

/// The report a phone sent with this id before, if any.
pub async fn report_by_client_id(
    tx: &FleetTx,
    client_id: &str,
) -> Result<Option<stop_report::Model>, DbErr> {
    stop_report::Entity::within(tx)
        .filter(stop_report::Column::ClientId.eq(client_id))
        .one(tx)
        .await
}

/// Every source's reports of the load's stop events.
pub async fn reports_of(tx: &FleetTx, load_id: Uuid) -> Result<Vec<stop_report::Model>, DbErr> {
    stop_report::Entity::within(tx)
        .filter(stop_report::Column::LoadId.eq(load_id))
        .order_by_asc(stop_report::Column::RecordedAt)
        .all(tx)
        .await
}

/// Writes the report unless the same source reported the same event at
/// the stop already (or the client id was used): false then. The unique
/// indexes decide, so two writers at once keep one.
pub async fn insert_report(tx: &FleetTx, row: stop_report::ActiveModel) -> Result<bool, DbErr> {
    let done = stop_report::Entity::insert(row)
        .on_conflict(OnConflict::new().do_nothing().to_owned())
        .exec_without_returning(tx)
        .await?;
    Ok(done > 0)
}

/// Moves a stop event's time earlier in the load's history (another
/// source saw it first).
pub async fn set_event_time(
    tx: &FleetTx,
    load_id: Uuid,
    stop_id: Uuid,
    event: &str,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    load_event::Entity::update_within(tx)
        .col_expr(load_event::Column::At, Expr::value(at))
        .filter(load_event::Column::LoadId.eq(load_id))
        .filter(load_event::Column::StopId.eq(stop_id))
        .filter(load_event::Column::StopEvent.eq(event))
        .exec(tx)
        .await?;
    shared::mirror_event_time(tx, load_id, stop_id, event, at).await
}

/// The load's PODs, onto its broker's shipment when it has one.
pub async fn share_pods(tx: &FleetTx, load_id: Uuid) -> Result<(), DbErr> {
    let pods = fleet_document::Entity::within(tx)
        .filter(fleet_document::Column::LoadId.eq(load_id))
        .filter(fleet_document::Column::DocumentType.eq(domain::documents::PROOF_OF_DELIVERY))
        .all(tx)
        .await?;
    for pod in &pods {
        shared::mirror_pod(tx, pod).await?;
    }
    Ok(())
}

pub use shared::share_positions;

/// The stops of the load that have a POD filed (`None` in the list: a POD
/// the office filed for the whole load).
pub async fn pod_stops(tx: &FleetTx, load_id: Uuid) -> Result<Vec<Option<Uuid>>, DbErr> {
    fleet_document::Entity::within(tx)
        .select_only()
        .column(fleet_document::Column::StopId)
        .filter(fleet_document::Column::LoadId.eq(load_id))
        .filter(fleet_document::Column::DocumentType.eq(domain::documents::PROOF_OF_DELIVERY))
        .into_tuple()
        .all(tx)
        .await
}

/// Whether the load is assigned to the driver (first or second).
fn assigned_to(driver_id: Uuid) -> Condition {
    Condition::any()
        .add(load::Column::DriverId.eq(driver_id))
        .add(load::Column::SecondDriverId.eq(driver_id))
}

/// What a driver sees of the loads assigned to them: dispatched or later
/// (the office has not sent a planned load yet), and a load they declined
/// (back in planned until the office dispatches it again).
fn shown_to(driver_id: Uuid, statuses: &[&str]) -> Condition {
    Condition::all().add(assigned_to(driver_id)).add(
        Condition::any()
            .add(load::Column::Status.is_in(statuses.iter().copied()))
            .add(
                Condition::all()
                    .add(load::Column::Status.eq("planned"))
                    .add(load::Column::DriverResponse.eq("declined")),
            ),
    )
}

/// The loads shown to the driver (`shown_to`): those in `active`, and
/// those in `done` whose last delivery is at or after `since`; the latest
/// first pickup first.
pub async fn loads_of_driver(
    tx: &FleetTx,
    driver_id: Uuid,
    active: &[&str],
    done: &[&str],
    since: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<load::Model>, DbErr> {
    let all: Vec<&str> = active.iter().chain(done).copied().collect();
    load::Entity::within(tx)
        .filter(shown_to(driver_id, &all))
        .filter(
            Condition::any()
                .add(load::Column::Status.is_not_in(done.iter().copied()))
                .add(load::Column::LastDeliveryAt.gte(since)),
        )
        .order_by_desc(load::Column::FirstPickupAt)
        .order_by_desc(load::Column::Id)
        .limit(limit)
        .all(tx)
        .await
}

/// The load, when it is shown to the driver.
pub async fn load_of_driver(
    tx: &FleetTx,
    id: Uuid,
    driver_id: Uuid,
    statuses: &[&str],
) -> Result<Option<load::Model>, DbErr> {
    load::Entity::by_id_within(tx, id)
        .filter(shown_to(driver_id, statuses))
        .one(tx)
        .await
}

/// Records the driver's answer to the dispatch (and moves a declined load
/// to `to`) only while the load is dispatched, unanswered and theirs: of
/// two answers at once, the second finds nothing to change.
pub async fn answer_dispatch(
    tx: &FleetTx,
    id: Uuid,
    driver_id: Uuid,
    response: &str,
    reason: Option<&str>,
    to: &str,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = load::Entity::update_within(tx)
        .col_expr(load::Column::DriverResponse, Expr::value(response))
        .col_expr(load::Column::DriverResponseAt, Expr::value(now))
        .col_expr(load::Column::DriverResponseBy, Expr::value(driver_id))
        .col_expr(load::Column::DeclineReason, Expr::value(reason))
        .col_expr(load::Column::Status, Expr::value(to))
        .col_expr(load::Column::UpdatedAt, Expr::value(now))
        .filter(load::Column::Id.eq(id))
        .filter(load::Column::Status.eq("dispatched"))
        .filter(load::Column::DriverResponse.is_null())
        .filter(assigned_to(driver_id))
        .exec(tx)
        .await?;
    Ok(done.rows_affected == 1)
}

/// Forgets the drivers' answer: a new dispatch asks again.
pub async fn clear_driver_response(tx: &FleetTx, id: Uuid) -> Result<(), DbErr> {
    load::Entity::update_within(tx)
        .col_expr(
            load::Column::DriverResponse,
            Expr::value(Option::<String>::None),
        )
        .col_expr(
            load::Column::DriverResponseAt,
            Expr::value(Option::<DateTime<Utc>>::None),
        )
        .col_expr(
            load::Column::DriverResponseBy,
            Expr::value(Option::<Uuid>::None),
        )
        .col_expr(
            load::Column::DeclineReason,
            Expr::value(Option::<String>::None),
        )
        .filter(load::Column::Id.eq(id))
        .exec(tx)
        .await
        .map(|_| ())
}

/// Every source's reports of the loads' stop events.
pub async fn reports_of_loads(
    tx: &FleetTx,
    load_ids: Vec<Uuid>,
) -> Result<Vec<stop_report::Model>, DbErr> {
    stop_report::Entity::within(tx)
        .filter(stop_report::Column::LoadId.is_in(load_ids))
        .order_by_asc(stop_report::Column::At)
        .all(tx)
        .await
}

/// The loads' documents filed at a stop (PODs and receipts from the phone).
pub async fn stop_documents(
    tx: &FleetTx,
    load_ids: Vec<Uuid>,
) -> Result<Vec<fleet_document::Model>, DbErr> {
    fleet_document::Entity::within(tx)
        .filter(fleet_document::Column::LoadId.is_in(load_ids))
        .filter(fleet_document::Column::StopId.is_not_null())
        .order_by_asc(fleet_document::Column::CreatedAt)
        .all(tx)
        .await
}

/// A bell entry for the fleet's office.
pub async fn insert_notification(
    tx: &FleetTx,
    row: fleet_notification::ActiveModel,
) -> Result<(), DbErr> {
    fleet_notification::Entity::insert(row)
        .exec_without_returning(tx)
        .await
        .map(|_| ())
}

/// The e-mail addresses of the fleet's active admins.
pub async fn admin_emails(tx: &FleetTx) -> Result<Vec<String>, DbErr> {
    db::fleet_admins::admin_emails(tx, tx.scope().fleet_account_id()).await
}

/// The fleet's driver-portal settings (stored JSON).
pub async fn portal_settings(tx: &FleetTx) -> Result<domain::fleet::PortalSettings, DbErr> {
    let fleet = fleet_account::Entity::by_id_within(tx, tx.scope().fleet_account_id())
        .one(tx)
        .await?;
    Ok(domain::fleet::PortalSettings::stored(
        fleet.and_then(|f| f.portal_settings).as_ref(),
    ))
}
