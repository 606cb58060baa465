//! The postings' queries (private to the module): a fleet's postings
//! through their scoped finder, the search index `board_index` (a table of
//! no tenant, one row per active posting) kept in step with them, and the
//! refresh job's reads across fleets.

use super::dto::CarrierFacts;
use chrono::{DateTime, Utc};
use db::entities::{board_index, fleet_account, fleet_vehicle, truck_posting};
use db::system::{AcrossFleets, SystemTable};
use db::tenancy::{FleetOwned, FleetTx, SystemTx};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use uuid::Uuid;

use truck_posting::Column as P;

/// Which of a fleet's postings a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    /// Active and within their window.
    Active,
    /// Withdrawn, expired, or past their window.
    Ended,
    All,
}

pub async fn fleet(tx: &FleetTx) -> Result<Option<fleet_account::Model>, DbErr> {
    fleet_account::Entity::within(tx).one(tx).await
}

pub async fn vehicle(tx: &FleetTx, id: Uuid) -> Result<Option<fleet_vehicle::Model>, DbErr> {
    fleet_vehicle::Entity::by_id_within(tx, id).one(tx).await
}

/// The vehicles of `ids` with their ELD ids.
pub async fn vehicle_eld_ids(
    tx: &FleetTx,
    ids: Vec<Uuid>,
) -> Result<Vec<(Uuid, Option<String>)>, DbErr> {
    fleet_vehicle::Entity::within(tx)
        .filter(fleet_vehicle::Column::Id.is_in(ids))
        .select_only()
        .column(fleet_vehicle::Column::Id)
        .column(fleet_vehicle::Column::VehicleId)
        .into_tuple()
        .all(tx)
        .await
}

pub async fn posting(tx: &FleetTx, id: Uuid) -> Result<Option<truck_posting::Model>, DbErr> {
    truck_posting::Entity::by_id_within(tx, id).one(tx).await
}

/// The fleet's postings, newest first (at most 500).
pub async fn list(
    tx: &FleetTx,
    which: Listed,
    now: DateTime<Utc>,
) -> Result<Vec<truck_posting::Model>, DbErr> {
    let mut q = truck_posting::Entity::within(tx);
    match which {
        Listed::Active => {
            q = q
                .filter(P::Status.eq("active"))
                .filter(P::ExpiresAt.gt(now));
        }
        Listed::Ended => {
            q = q.filter(
                Condition::any()
                    .add(P::Status.ne("active"))
                    .add(P::ExpiresAt.lte(now)),
            );
        }
        Listed::All => {}
    }
    q.order_by_desc(P::PostedAt).limit(500).all(tx).await
}

/// The fleet's active postings that follow the ELD's position.
pub async fn following_eld(tx: &FleetTx) -> Result<Vec<truck_posting::Model>, DbErr> {
    truck_posting::Entity::within(tx)
        .filter(P::Status.eq("active"))
        .filter(P::LocationSource.eq("eld"))
        .all(tx)
        .await
}

/// A new posting; a unique violation means the truck has an active one.
pub async fn insert<C: ConnectionTrait>(
    conn: &C,
    row: truck_posting::ActiveModel,
) -> Result<truck_posting::Model, DbErr> {
    row.insert(conn).await
}

pub async fn update<C: ConnectionTrait>(
    conn: &C,
    row: truck_posting::ActiveModel,
) -> Result<truck_posting::Model, DbErr> {
    row.update(conn).await
}

/// Ends the vehicle's active postings whose window is over.
pub async fn end_expired_of_vehicle(
    tx: &FleetTx,
    vehicle_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let ended = truck_posting::Entity::within(tx)
        .filter(P::VehicleId.eq(vehicle_id))
        .filter(P::Status.eq("active"))
        .filter(P::ExpiresAt.lte(now))
        .all(tx)
        .await?;
    for p in ended {
        board_index::Entity::delete_row(p.id).exec(tx).await?;
        let mut row = p.into_active_model();
        row.status = Set("expired".into());
        row.ended_at = Set(Some(now));
        row.update(tx).await?;
    }
    Ok(())
}

/// Ends every fleet's postings whose window is over; how many.
pub async fn end_expired(txn: &SystemTx, now: DateTime<Utc>) -> Result<u64, DbErr> {
    board_index::Entity::delete_rows()
        .filter(board_index::Column::ExpiresAt.lte(now))
        .exec(txn)
        .await?;
    let ended = truck_posting::Entity::update_across_fleets(txn)
        .filter(P::Status.eq("active"))
        .filter(P::ExpiresAt.lte(now))
        .col_expr(P::Status, Expr::value("expired"))
        .col_expr(P::EndedAt, Expr::value(Some(now)))
        .exec(txn)
        .await?;
    Ok(ended.rows_affected)
}

/// The fleets with an active posting.
pub async fn fleets_posting(txn: &SystemTx) -> Result<Vec<Uuid>, DbErr> {
    truck_posting::Entity::across_fleets(txn)
        .filter(P::Status.eq("active"))
        .select_only()
        .column(P::FleetAccountId)
        .distinct()
        .into_tuple()
        .all(txn)
        .await
}

/// Keeps `board_index` (what a broker's search filters on) in step with a
/// posting, in the posting's own transaction: an active posting has
/// exactly one row, any other none.
pub async fn sync_index<C: ConnectionTrait>(
    conn: &C,
    p: &truck_posting::Model,
) -> Result<(), DbErr> {
    if p.status != "active" {
        board_index::Entity::delete_row(p.id).exec(conn).await?;
        return Ok(());
    }
    let row = board_index::ActiveModel {
        posting_id: Set(p.id),
        board_key: Set(board_index::board_key(p.id)),
        lat: Set(p.lat),
        lon: Set(p.lon),
        equipment_type: Set(p.equipment_type.clone()),
        destinations: Set(p.destinations.clone()),
        available_from: Set(p.available_from),
        available_to: Set(p.available_to),
        expires_at: Set(p.expires_at),
        posted_at: Set(p.posted_at),
        carrier_allowed: Set(p.carrier_allowed),
        fleet_read_only: Set(p.fleet_read_only),
    };
    board_index::Entity::insert(row)
        .on_conflict(
            OnConflict::column(board_index::Column::PostingId)
                .update_columns([
                    board_index::Column::Lat,
                    board_index::Column::Lon,
                    board_index::Column::EquipmentType,
                    board_index::Column::Destinations,
                    board_index::Column::AvailableFrom,
                    board_index::Column::AvailableTo,
                    board_index::Column::ExpiresAt,
                    board_index::Column::CarrierAllowed,
                    board_index::Column::FleetReadOnly,
                ])
                .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
    Ok(())
}

/// Copies the carrier's facts onto the fleet's active postings and the
/// index's flags; `read_only` too when given.
pub async fn refresh_carrier(
    tx: &FleetTx,
    f: &CarrierFacts,
    read_only: Option<bool>,
) -> Result<(), DbErr> {
    let mut update = truck_posting::Entity::update_within(tx);
    if let Some(read_only) = read_only {
        update = update.col_expr(P::FleetReadOnly, Expr::value(read_only));
    }
    update
        .filter(P::Status.eq("active"))
        .col_expr(P::CarrierName, Expr::value(f.name.clone()))
        .col_expr(P::CarrierDot, Expr::value(f.dot.clone()))
        .col_expr(P::CarrierMc, Expr::value(f.mc.clone()))
        .col_expr(P::ContactName, Expr::value(f.contact_name.clone()))
        .col_expr(P::ContactPhone, Expr::value(f.contact_phone.clone()))
        .col_expr(P::ContactEmail, Expr::value(f.contact_email.clone()))
        .col_expr(P::CarrierApproved, Expr::value(f.approved))
        .col_expr(P::CarrierAllowed, Expr::value(f.allowed))
        .col_expr(P::AuthorityActive, Expr::value(f.authority_active))
        .col_expr(P::InsuranceOnFile, Expr::value(f.insurance_on_file))
        .exec(tx)
        .await?;
    let ids: Vec<Uuid> = truck_posting::Entity::within(tx)
        .filter(P::Status.eq("active"))
        .select_only()
        .column(P::Id)
        .into_tuple()
        .all(tx)
        .await?;
    for chunk in ids.chunks(500) {
        let mut update = board_index::Entity::update_rows()
            .filter(board_index::Column::PostingId.is_in(chunk.to_vec()))
            .col_expr(board_index::Column::CarrierAllowed, Expr::value(f.allowed));
        if let Some(read_only) = read_only {
            update = update.col_expr(board_index::Column::FleetReadOnly, Expr::value(read_only));
        }
        update.exec(tx).await?;
    }
    Ok(())
}

/// The fleet's delivered loads (issue 33 §4).
pub async fn delivered_loads(tx: &FleetTx) -> Result<u64, DbErr> {
    use db::entities::load;
    load::Entity::within(tx)
        .filter(load::Column::Status.is_in(["delivered", "invoiced", "paid"]))
        .count(tx)
        .await
}

/// The stops the fleet's trucks arrived at that were due since `since`:
/// (kind, due from, due by, arrived, whether the ELD reported the arrival).
pub async fn recent_arrivals(
    tx: &FleetTx,
    since: DateTime<Utc>,
) -> Result<Vec<(String, DateTime<Utc>, DateTime<Utc>, DateTime<Utc>, bool)>, DbErr> {
    use db::entities::{load_stop, stop_report};
    let stops = load_stop::Entity::within(tx)
        .filter(load_stop::Column::StartsAt.gte(since))
        .filter(load_stop::Column::ArrivedAt.is_not_null())
        .all(tx)
        .await?;
    let mut eld = std::collections::HashSet::new();
    for chunk in stops.chunks(500) {
        let ids: Vec<Uuid> = chunk.iter().map(|s| s.id).collect();
        let reported: Vec<Uuid> = stop_report::Entity::within(tx)
            .select_only()
            .column(stop_report::Column::StopId)
            .filter(stop_report::Column::StopId.is_in(ids))
            .filter(stop_report::Column::Event.eq("arrived"))
            .filter(stop_report::Column::Source.eq("eld"))
            .into_tuple()
            .all(tx)
            .await?;
        eld.extend(reported);
    }
    Ok(stops
        .into_iter()
        .filter_map(|s| {
            let arrived = s.arrived_at?;
            Some((s.kind, s.starts_at, s.ends_at, arrived, eld.contains(&s.id)))
        })
        .collect())
}

/// The active postings whose truck holds a load (planned to at delivery)
/// over the posting's days.
pub async fn committed_postings(tx: &FleetTx) -> Result<Vec<(Uuid, bool)>, DbErr> {
    use db::entities::load;
    let postings = truck_posting::Entity::within(tx)
        .filter(P::Status.eq("active"))
        .all(tx)
        .await?;
    let mut out = Vec::with_capacity(postings.len());
    for p in postings {
        let from = p.available_from.and_time(chrono::NaiveTime::MIN).and_utc();
        let to = (p.available_to + chrono::Duration::days(1))
            .and_time(chrono::NaiveTime::MIN)
            .and_utc();
        let held = load::Entity::within(tx)
            .filter(load::Column::TruckId.eq(p.vehicle_id))
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
            .count(tx)
            .await?
            > 0;
        out.push((p.id, held));
    }
    Ok(out)
}

/// Writes the fleet's record onto its active postings, and each posting's
/// commitment.
pub async fn refresh_record(
    tx: &FleetTx,
    record: &super::dto::FleetRecord,
    committed: &[(Uuid, bool)],
) -> Result<(), DbErr> {
    truck_posting::Entity::update_within(tx)
        .filter(P::Status.eq("active"))
        .col_expr(P::LoadsDelivered, Expr::value(record.loads_delivered))
        .col_expr(P::OnTimePickupPct, Expr::value(record.on_time_pickup_pct))
        .col_expr(
            P::OnTimeDeliveryPct,
            Expr::value(record.on_time_delivery_pct),
        )
        .col_expr(P::OnTimeFromEld, Expr::value(record.from_eld))
        .exec(tx)
        .await?;
    for held in [true, false] {
        let ids: Vec<Uuid> = committed
            .iter()
            .filter(|(_, c)| *c == held)
            .map(|(id, _)| *id)
            .collect();
        if ids.is_empty() {
            continue;
        }
        truck_posting::Entity::update_within(tx)
            .filter(P::Id.is_in(ids))
            .col_expr(P::CommittedElsewhere, Expr::value(held))
            .exec(tx)
            .await?;
    }
    Ok(())
}
