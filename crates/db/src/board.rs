//! The truck board's radius search (decision 026): the one place where the
//! two databases part ways. PostgreSQL walks a GiST index of unit-sphere
//! points nearest-first; SQLite finds candidates in an R*Tree of boxes
//! (growing rings until a page is full) and measures them exactly here.
//! Both keep a posting when its great-circle distance (`domain::geo`) is
//! within the radius, and order by that distance, then newest first.

use crate::entities::board_index::{self, Column};
use crate::migrations::m0019_truck_board::BOARD_POINT_SQL;
use chrono::{DateTime, NaiveDate, Utc};
use domain::geo::{LatLon, bounding_box, chord_of_miles, distance_mi, unit_vector};
use sea_orm::sea_query::{Expr, Order};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseBackend, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Select,
};
use uuid::Uuid;

#[derive(Debug, Clone)]
pub struct BoardQuery {
    pub origin: LatLon,
    pub radius_mi: f64,
    /// Any of these (empty: any equipment).
    pub equipment: Vec<String>,
    /// Postings open to any of these states (empty: any posting).
    pub destinations: Vec<String>,
    pub available_from: Option<NaiveDate>,
    pub available_to: Option<NaiveDate>,
    pub posted_after: Option<DateTime<Utc>>,
    pub include_not_allowed: bool,
    pub now: DateTime<Utc>,
    pub offset: u64,
    pub limit: u64,
}

/// One posting within the radius.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub posting_id: Uuid,
    pub miles: f64,
    pub posted_at: DateTime<Utc>,
}

/// The filters both databases apply to `board_index`.
fn filters(q: &BoardQuery) -> Condition {
    let mut c = Condition::all()
        .add(Column::ExpiresAt.gt(q.now))
        .add(Column::FleetReadOnly.eq(false));
    if !q.equipment.is_empty() {
        c = c.add(Column::EquipmentType.is_in(q.equipment.clone()));
    }
    if !q.destinations.is_empty() {
        let mut any = Condition::any().add(Column::Destinations.eq(""));
        for state in &q.destinations {
            any = any.add(Column::Destinations.like(format!("%,{state},%")));
        }
        c = c.add(any);
    }
    if let Some(from) = q.available_from {
        c = c.add(Column::AvailableTo.gte(from));
    }
    if let Some(to) = q.available_to {
        c = c.add(Column::AvailableFrom.lte(to));
    }
    if let Some(after) = q.posted_after {
        c = c.add(Column::PostedAt.gte(after));
    }
    if !q.include_not_allowed {
        c = c.add(Column::CarrierAllowed.eq(true));
    }
    c
}

type Row = (Uuid, f64, f64, DateTime<Utc>);

fn candidates(q: &BoardQuery) -> Select<board_index::Entity> {
    board_index::Entity::find()
        .select_only()
        .columns([
            Column::PostingId,
            Column::Lat,
            Column::Lon,
            Column::PostedAt,
        ])
        .filter(filters(q))
}

fn hit(q: &BoardQuery, (posting_id, lat, lon, posted_at): Row) -> Hit {
    Hit {
        posting_id,
        miles: distance_mi(q.origin, LatLon { lat, lon }),
        posted_at,
    }
}

fn by_distance_then_newest(a: &Hit, b: &Hit) -> std::cmp::Ordering {
    a.miles
        .total_cmp(&b.miles)
        .then(b.posted_at.cmp(&a.posted_at))
        .then(a.posting_id.cmp(&b.posting_id))
}

/// The page `offset..offset + limit` of the postings within the radius,
/// nearest first, then newest.
pub async fn nearest<C: ConnectionTrait>(conn: &C, q: &BoardQuery) -> Result<Vec<Hit>, DbErr> {
    match conn.get_database_backend() {
        DatabaseBackend::Postgres => nearest_postgres(conn, q).await,
        _ => nearest_sqlite(conn, q).await,
    }
}

async fn nearest_postgres<C: ConnectionTrait>(conn: &C, q: &BoardQuery) -> Result<Vec<Hit>, DbErr> {
    let [x, y, z] = unit_vector(q.origin);
    // Within the chord means within the radius; a box of ± the chord on
    // each axis holds that ball, and the index can search by the box.
    let c = chord_of_miles(q.radius_mi);
    let rows: Vec<Row> = candidates(q)
        .filter(Expr::cust_with_values(
            format!(
                "{BOARD_POINT_SQL} <@ cube(cube(cube($1::float8, $2::float8), $3::float8, $4::float8), $5::float8, $6::float8)"
            ),
            [x - c, x + c, y - c, y + c, z - c, z + c],
        ))
        .order_by(
            Expr::cust_with_values(
                format!("{BOARD_POINT_SQL} <-> cube(cube(cube($1::float8), $2::float8), $3::float8)"),
                [x, y, z],
            ),
            Order::Asc,
        )
        // Only the distance: a second sort key would keep the planner from
        // reading the index nearest-first (it would sort every row in the
        // box). Equal distances are ordered below.
        .offset(q.offset)
        .limit(q.limit)
        .into_tuple()
        .all(conn)
        .await?;
    // The box's corners lie beyond the radius: drop what is there (it sorts
    // after everything within).
    let mut hits: Vec<Hit> = rows
        .into_iter()
        .map(|r| hit(q, r))
        .filter(|h| h.miles <= q.radius_mi)
        .collect();
    hits.sort_by(by_distance_then_newest);
    Ok(hits)
}

/// The radii SQLite tries in turn: a page near a metro fills from the
/// first ring without reading the whole radius's boxes.
fn rings(radius_mi: f64) -> impl Iterator<Item = f64> {
    [25.0, 75.0, 200.0]
        .into_iter()
        .filter(move |r| *r < radius_mi)
        .chain(std::iter::once(radius_mi))
}

async fn nearest_sqlite<C: ConnectionTrait>(conn: &C, q: &BoardQuery) -> Result<Vec<Hit>, DbErr> {
    let wanted = (q.offset + q.limit) as usize;
    let mut within = Vec::new();
    for ring in rings(q.radius_mi) {
        let (lo, hi) = bounding_box(q.origin, ring);
        let rows: Vec<Row> = candidates(q)
            .filter(Expr::cust_with_values(
                "board_key IN (SELECT id FROM board_index_rtree \
                  WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?)",
                [lo.lat, hi.lat, lo.lon, hi.lon],
            ))
            .into_tuple()
            .all(conn)
            .await?;
        within = rows
            .into_iter()
            .map(|r| hit(q, r))
            .filter(|h| h.miles <= ring)
            .collect();
        // Everything beyond this ring is farther than everything in it.
        if within.len() >= wanted {
            break;
        }
    }
    within.sort_by(by_distance_then_newest);
    Ok(within
        .into_iter()
        .skip(q.offset as usize)
        .take(q.limit as usize)
        .collect())
}

/// The postings of `ids` a broker may see (active, window not over, the
/// fleet not read-only): the board reads across fleets, and on PostgreSQL
/// row-level security opens exactly these to a broker's transaction.
pub async fn visible_postings<C: ConnectionTrait>(
    conn: &C,
    ids: Vec<Uuid>,
    now: DateTime<Utc>,
) -> Result<Vec<crate::entities::truck_posting::Model>, DbErr> {
    use crate::entities::truck_posting;
    truck_posting::Entity::find()
        .filter(truck_posting::Column::Id.is_in(ids))
        .filter(truck_posting::Column::Status.eq("active"))
        .filter(truck_posting::Column::ExpiresAt.gt(now))
        .filter(truck_posting::Column::FleetReadOnly.eq(false))
        .all(conn)
        .await
}
