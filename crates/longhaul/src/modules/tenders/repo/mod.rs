//! The tenders' queries. Tenders, shipments and what follows from them are
//! rows two tenants share (`SharedOwned`): the carrier's transaction reaches
//! them by its fleet, the broker's by its account.

use chrono::{DateTime, Utc};
use db::entities::{
    account, broker_facility, fleet_account, fleet_driver, fleet_notification, fleet_trailer,
    fleet_vehicle, load, profile, shipment, shipment_document, shipment_event, tender, tender_link,
    tender_revision, truck_posting,
};
use db::system::SystemTable;
use db::tenancy::{BrokerOwned, BrokerTx, FleetOwned, FleetTx, SharedOwned};
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};
use uuid::Uuid;

/// The statuses of a load that hold its truck (the overbooking rule).
const COMMITTING: [&str; 6] = [
    "planned",
    "dispatched",
    "at_pickup",
    "loaded",
    "in_transit",
    "at_delivery",
];

pub async fn facilities(tx: &BrokerTx) -> Result<Vec<broker_facility::Model>, DbErr> {
    broker_facility::Entity::within(tx)
        .order_by_asc(broker_facility::Column::Name)
        .limit(1000)
        .all(tx)
        .await
}

pub async fn facilities_by_ids(
    tx: &BrokerTx,
    ids: Vec<Uuid>,
) -> Result<Vec<broker_facility::Model>, DbErr> {
    broker_facility::Entity::within(tx)
        .filter(broker_facility::Column::Id.is_in(ids))
        .all(tx)
        .await
}

pub async fn insert_facility(
    tx: &BrokerTx,
    row: broker_facility::ActiveModel,
) -> Result<broker_facility::Model, DbErr> {
    row.insert(tx).await
}

/// A posting a broker may see on the board (active, window not over).
pub async fn visible_posting<C: ConnectionTrait>(
    conn: &C,
    id: Uuid,
    now: DateTime<Utc>,
) -> Result<Option<truck_posting::Model>, DbErr> {
    Ok(db::board::visible_postings(conn, vec![id], now)
        .await?
        .into_iter()
        .next())
}

pub async fn account<C: ConnectionTrait>(
    conn: &C,
    id: Uuid,
) -> Result<Option<account::Model>, DbErr> {
    account::Entity::row(id).one(conn).await
}

pub async fn profile<C: ConnectionTrait>(
    conn: &C,
    id: Uuid,
) -> Result<Option<profile::Model>, DbErr> {
    profile::Entity::row(id).one(conn).await
}

pub async fn fleet(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::within(tx).one(tx).await
}

/// The fleet's active admins, each mailed their own link to a tender.
pub async fn fleet_admins<C: ConnectionTrait>(
    conn: &C,
    fleet_account_id: Uuid,
) -> Result<Vec<profile::Model>, DbErr> {
    db::fleet_admins::admin_profiles(conn, fleet_account_id).await
}

pub async fn insert_tender(tx: &FleetTx, row: tender::ActiveModel) -> Result<(), DbErr> {
    tender::Entity::insert(row)
        .exec_without_returning(tx)
        .await?;
    Ok(())
}

pub async fn tender_for_fleet(tx: &FleetTx, id: Uuid) -> Result<Option<tender::Model>, DbErr> {
    tender::Entity::within_fleet(tx)
        .filter(tender::Column::Id.eq(id))
        .one(tx)
        .await
}

/// How many loads the broker has tendered through Longhaul.
pub async fn tendered_count(tx: &BrokerTx) -> Result<u64, DbErr> {
    tender::Entity::within_broker(tx).count(tx).await
}

pub async fn tender_for_broker(tx: &BrokerTx, id: Uuid) -> Result<Option<tender::Model>, DbErr> {
    tender::Entity::within_broker(tx)
        .filter(tender::Column::Id.eq(id))
        .one(tx)
        .await
}

/// Which tenders a list shows: the open ones (still standing at `now`),
/// the closed ones, or all; newest first.
#[derive(Debug, Clone, Copy)]
pub enum Which {
    Open,
    Closed,
    All,
}

fn which(which: Which, now: DateTime<Utc>) -> Condition {
    let open = Condition::all()
        .add(tender::Column::Status.is_in(["offered", "countered"]))
        .add(tender::Column::ExpiresAt.gt(now));
    match which {
        Which::Open => open,
        Which::Closed => open.not(),
        Which::All => Condition::all(),
    }
}

pub async fn tenders_for_fleet(
    tx: &FleetTx,
    filter: Which,
    now: DateTime<Utc>,
) -> Result<Vec<tender::Model>, DbErr> {
    tender::Entity::within_fleet(tx)
        .filter(which(filter, now))
        .order_by_desc(tender::Column::CreatedAt)
        .limit(500)
        .all(tx)
        .await
}

pub async fn tenders_for_broker(
    tx: &BrokerTx,
    filter: Which,
    now: DateTime<Utc>,
) -> Result<Vec<tender::Model>, DbErr> {
    tender::Entity::within_broker(tx)
        .filter(which(filter, now))
        .order_by_desc(tender::Column::CreatedAt)
        .limit(500)
        .all(tx)
        .await
}

/// Applies `changes` to the tender if it is still in one of `from` and has
/// not expired at `now`: a compare-and-set, so of two answers at once one
/// wins. True when it did.
pub async fn answer_as_fleet(
    tx: &FleetTx,
    id: Uuid,
    from: &[&str],
    now: DateTime<Utc>,
    changes: tender::ActiveModel,
) -> Result<bool, DbErr> {
    let done = tender::Entity::update_within_fleet(tx)
        .set(changes)
        .filter(tender::Column::Id.eq(id))
        .filter(tender::Column::Status.is_in(from.to_vec()))
        .filter(tender::Column::ExpiresAt.gt(now))
        .exec(tx)
        .await?;
    Ok(done.rows_affected == 1)
}

/// The broker's withdrawal of an open offer (a compare-and-set).
pub async fn withdraw(tx: &BrokerTx, id: Uuid, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let done = tender::Entity::update_within_broker(tx)
        .col_expr(tender::Column::Status, Expr::value("withdrawn"))
        .col_expr(tender::Column::UpdatedAt, Expr::value(now))
        .filter(tender::Column::Id.eq(id))
        .filter(tender::Column::Status.is_in(["offered", "countered"]))
        .filter(tender::Column::ExpiresAt.gt(now))
        .exec(tx)
        .await?;
    Ok(done.rows_affected == 1)
}

pub async fn insert_link(tx: &FleetTx, row: tender_link::ActiveModel) -> Result<(), DbErr> {
    tender_link::Entity::insert(row)
        .exec_without_returning(tx)
        .await?;
    Ok(())
}

/// A link by its token's hash, used or not.
pub async fn link(tx: &FleetTx, hash: &str) -> Result<Option<tender_link::Model>, DbErr> {
    tender_link::Entity::within(tx)
        .filter(tender_link::Column::Id.eq(hash))
        .one(tx)
        .await
}

/// Spends every link to the tender: one answer closes them all.
pub async fn spend_links(tx: &FleetTx, tender_id: Uuid, now: DateTime<Utc>) -> Result<(), DbErr> {
    tender_link::Entity::update_within(tx)
        .col_expr(tender_link::Column::UsedAt, Expr::value(now))
        .filter(tender_link::Column::TenderId.eq(tender_id))
        .filter(tender_link::Column::UsedAt.is_null())
        .exec(tx)
        .await
        .map(|_| ())
}

pub async fn insert_notification(
    tx: &FleetTx,
    row: fleet_notification::ActiveModel,
) -> Result<(), DbErr> {
    fleet_notification::Entity::insert(row)
        .exec_without_returning(tx)
        .await?;
    Ok(())
}

/// The fleet's loads that hold a truck between `from` and `to`: of `truck`
/// when given, else of any truck.
pub async fn committed_loads(
    tx: &FleetTx,
    truck: Option<Uuid>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<load::Model>, DbErr> {
    let mut select = load::Entity::within(tx)
        .filter(load::Column::Status.is_in(COMMITTING))
        .filter(load::Column::TruckId.is_not_null())
        .filter(load::Column::FirstPickupAt.lt(to))
        .filter(load::Column::LastDeliveryAt.gt(from));
    if let Some(truck) = truck {
        select = select.filter(load::Column::TruckId.eq(truck));
    }
    select.all(tx).await
}

/// The fleet's active trucks' ids.
pub async fn active_trucks(tx: &FleetTx) -> Result<Vec<Uuid>, DbErr> {
    fleet_vehicle::Entity::within(tx)
        .select_only()
        .column(fleet_vehicle::Column::Id)
        .filter(fleet_vehicle::Column::IsActive.eq(true))
        .into_tuple()
        .all(tx)
        .await
}

/// Takes the posting off the board once its truck is booked.
pub async fn withdraw_posting(tx: &FleetTx, id: Uuid, now: DateTime<Utc>) -> Result<(), DbErr> {
    truck_posting::Entity::update_within(tx)
        .col_expr(truck_posting::Column::Status, Expr::value("withdrawn"))
        .col_expr(truck_posting::Column::EndedAt, Expr::value(now))
        .col_expr(truck_posting::Column::UpdatedAt, Expr::value(now))
        .filter(truck_posting::Column::Id.eq(id))
        .filter(truck_posting::Column::Status.eq("active"))
        .exec(tx)
        .await
        .map(|_| ())
}

pub async fn insert_shipment(tx: &FleetTx, row: shipment::ActiveModel) -> Result<(), DbErr> {
    shipment::Entity::insert(row)
        .exec_without_returning(tx)
        .await?;
    Ok(())
}

pub async fn shipment_of_tender(
    tx: &FleetTx,
    tender_id: Uuid,
) -> Result<Option<shipment::Model>, DbErr> {
    shipment::Entity::within_fleet(tx)
        .filter(shipment::Column::TenderId.eq(tender_id))
        .one(tx)
        .await
}

pub async fn shipment_ids_of_tenders(
    tx: &BrokerTx,
    tenders: Vec<Uuid>,
) -> Result<Vec<(Uuid, Uuid)>, DbErr> {
    shipment::Entity::within_broker(tx)
        .select_only()
        .column(shipment::Column::TenderId)
        .column(shipment::Column::Id)
        .filter(shipment::Column::TenderId.is_in(tenders))
        .into_tuple()
        .all(tx)
        .await
}

pub async fn shipment(tx: &BrokerTx, id: Uuid) -> Result<Option<shipment::Model>, DbErr> {
    shipment::Entity::within_broker(tx)
        .filter(shipment::Column::Id.eq(id))
        .one(tx)
        .await
}

/// A page of the broker's shipments, newest first, and how many match.
pub async fn shipments_page(
    tx: &BrokerTx,
    statuses: Option<Vec<&'static str>>,
    pattern: Option<String>,
    page: u64,
    per_page: u64,
) -> Result<(Vec<shipment::Model>, u64), DbErr> {
    let mut select = shipment::Entity::within_broker(tx);
    if let Some(statuses) = statuses {
        select = select.filter(shipment::Column::Status.is_in(statuses));
    }
    if let Some(pattern) = pattern {
        select = select.filter(
            Expr::col(shipment::Column::SearchText).like(LikeExpr::new(pattern).escape('\\')),
        );
    }
    let total = select.clone().count(tx).await?;
    let rows = select
        .order_by_desc(shipment::Column::CreatedAt)
        .order_by_desc(shipment::Column::Id)
        .offset(page.saturating_sub(1) * per_page)
        .limit(per_page)
        .all(tx)
        .await?;
    Ok((rows, total))
}

pub async fn milestones(
    tx: &BrokerTx,
    shipment_id: Uuid,
) -> Result<Vec<shipment_event::Model>, DbErr> {
    shipment_event::Entity::within_broker(tx)
        .filter(shipment_event::Column::ShipmentId.eq(shipment_id))
        .order_by_asc(shipment_event::Column::At)
        .all(tx)
        .await
}

pub async fn insert_document(
    tx: &FleetTx,
    row: shipment_document::ActiveModel,
) -> Result<(), DbErr> {
    shipment_document::Entity::insert(row)
        .exec_without_returning(tx)
        .await?;
    Ok(())
}

pub async fn documents(
    tx: &BrokerTx,
    shipment_id: Uuid,
) -> Result<Vec<shipment_document::Model>, DbErr> {
    shipment_document::Entity::within_broker(tx)
        .filter(shipment_document::Column::ShipmentId.eq(shipment_id))
        .order_by_asc(shipment_document::Column::CreatedAt)
        .all(tx)
        .await
}

pub async fn document(
    tx: &BrokerTx,
    shipment_id: Uuid,
    id: Uuid,
) -> Result<Option<shipment_document::Model>, DbErr> {
    shipment_document::Entity::within_broker(tx)
        .filter(shipment_document::Column::ShipmentId.eq(shipment_id))
        .filter(shipment_document::Column::Id.eq(id))
        .one(tx)
        .await
}

pub async fn insert_revision(tx: &FleetTx, row: tender_revision::ActiveModel) -> Result<(), DbErr> {
    tender_revision::Entity::insert(row)
        .exec_without_returning(tx)
        .await?;
    Ok(())
}

pub async fn revisions_for_fleet(
    tx: &FleetTx,
    tender_id: Uuid,
) -> Result<Vec<tender_revision::Model>, DbErr> {
    tender_revision::Entity::within_fleet(tx)
        .filter(tender_revision::Column::TenderId.eq(tender_id))
        .order_by_asc(tender_revision::Column::Revision)
        .all(tx)
        .await
}

pub async fn revisions_for_broker(
    tx: &BrokerTx,
    tender_id: Uuid,
) -> Result<Vec<tender_revision::Model>, DbErr> {
    tender_revision::Entity::within_broker(tx)
        .filter(tender_revision::Column::TenderId.eq(tender_id))
        .order_by_asc(tender_revision::Column::Revision)
        .all(tx)
        .await
}

pub async fn load(tx: &FleetTx, id: Uuid) -> Result<Option<load::Model>, DbErr> {
    load::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn driver(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_driver::Model>, DbErr> {
    fleet_driver::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn truck(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::by_id_within(tx, id).one(tx).await
}

pub async fn trailer(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_trailer::Model>, DbErr> {
    fleet_trailer::Entity::by_id_within(tx, id).one(tx).await
}

/// Accepts a pending revision (a compare-and-set: once).
pub async fn accept_revision(
    tx: &FleetTx,
    tender_id: Uuid,
    revision: i32,
    name: &str,
    title: &str,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let done = tender_revision::Entity::update_within_fleet(tx)
        .col_expr(tender_revision::Column::Status, Expr::value("accepted"))
        .col_expr(tender_revision::Column::AcceptedByName, Expr::value(name))
        .col_expr(tender_revision::Column::AcceptedByTitle, Expr::value(title))
        .col_expr(tender_revision::Column::AcceptedAt, Expr::value(now))
        .filter(tender_revision::Column::TenderId.eq(tender_id))
        .filter(tender_revision::Column::Revision.eq(revision))
        .filter(tender_revision::Column::Status.eq("pending"))
        .exec(tx)
        .await?;
    Ok(done.rows_affected == 1)
}

/// The tender's agreed terms after an accepted revision.
pub async fn set_terms(
    tx: &FleetTx,
    tender_id: Uuid,
    terms: String,
    total: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    tender::Entity::update_within_fleet(tx)
        .col_expr(tender::Column::Terms, Expr::value(terms))
        .col_expr(tender::Column::TotalCents, Expr::value(total))
        .col_expr(tender::Column::UpdatedAt, Expr::value(now))
        .filter(tender::Column::Id.eq(tender_id))
        .exec(tx)
        .await?;
    shipment::Entity::update_within_fleet(tx)
        .col_expr(shipment::Column::TotalCents, Expr::value(total))
        .col_expr(shipment::Column::UpdatedAt, Expr::value(now))
        .filter(shipment::Column::TenderId.eq(tender_id))
        .exec(tx)
        .await
        .map(|_| ())
}

pub async fn set_share_default(tx: &FleetTx, share: bool) -> Result<(), DbErr> {
    fleet_account::Entity::update_within(tx)
        .col_expr(
            fleet_account::Column::SharePositionDefault,
            Expr::value(share),
        )
        .exec(tx)
        .await
        .map(|_| ())
}
