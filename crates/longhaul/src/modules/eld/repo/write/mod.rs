//! How a run's records become the fleet's rows (decisions 016 and 018).
//!
//! While pages arrive, each record is fingerprinted (a hash of what the sync
//! would write) and kept as its compact self. The write happens in one
//! transaction: after the last page (SQLite, whose one writer must not wait
//! on a provider), or page by page in a transaction open for the whole run
//! (PostgreSQL, decision 019). It reads the fleet's rows as
//! their key columns (id, provider id, identity keys, fingerprint), matches
//! each record to a row — by (provider, provider id), else by VIN, plate or
//! licence number and state, so a provider switch keeps identities — and
//! writes only what differs: new rows in multi-row INSERTs, changed rows in
//! multi-row UPDATEs, rows of this provider that a full run did not receive
//! made inactive. A run whose fingerprints all match writes nothing.

pub mod assignments;
pub mod drivers;
pub mod trailers;
pub mod vehicles;

use chrono::{DateTime, SubsecRound, Utc};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, Iden,
    QueryFilter, QuerySelect, Statement, Value,
};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::future::Future;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// What a write did, for the run's history entry.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub synced: i32,
    pub created: i32,
    pub updated: i32,
    pub deactivated: i32,
}

impl Counts {
    pub fn written(&self) -> i32 {
        self.created + self.updated + self.deactivated
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.synced += other.synced;
        self.created += other.created;
        self.updated += other.updated;
        self.deactivated += other.deactivated;
    }
}

/// What becomes of this provider's rows that a run did not receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// A full list: they disappeared upstream and become inactive.
    Deactivate,
    /// Changes only: they did not change.
    Keep,
}

/// What a record would write to its row, hashed ([`Hasher`]).
pub trait Fingerprinted {
    fn fingerprint(&self, provider: &str) -> String;
}

/// A kind of record a sync writes as rows: how the fleet's rows are read for
/// matching, how a batch of records is written, how rows gone upstream
/// become inactive.
pub trait RowKind: Fingerprinted + Sized + Send {
    /// For the log.
    const NAME: &'static str;
    /// What a kind needs of an existing row besides its keys.
    type Extra: Send + Sync;
    /// What a kind reads once per run besides the rows (trucks: driver ids).
    type Context: Send + Sync;

    fn known(
        tx: &FleetTx,
        provider: &str,
    ) -> impl Future<Output = Result<KnownRows<Self>, DbErr>> + Send;

    /// The statements that write the records that differ from their rows:
    /// new rows inserted, changed rows updated (`hash` is the record's
    /// fingerprint). Planned apart from the connection that runs them.
    fn plan(
        to: Target,
        run: &mut Writing<Self>,
        records: Vec<(Self, String)>,
    ) -> Result<Planned, DbErr>;

    /// The table the kind's rows live in, and its id column.
    type Entity: EntityTrait + FleetOwned;
    const ID: <Self::Entity as EntityTrait>::Column;

    /// What makes a row inactive: a row of this provider a full run did
    /// not receive.
    fn inactive(
        update: sea_orm::UpdateMany<Self::Entity>,
        now: DateTime<Utc>,
    ) -> sea_orm::UpdateMany<Self::Entity>;

    /// What the run's rows make true elsewhere, in the same transaction
    /// (drivers gone: their trucks lose them).
    fn after_write(_tx: &FleetTx) -> impl Future<Output = Result<(), DbErr>> + Send {
        async { Ok(()) }
    }
}

/// Where planned statements will run: the transaction's fleet and database.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    pub fleet: Uuid,
    pub backend: DbBackend,
}

impl Target {
    pub fn of(tx: &FleetTx) -> Self {
        Self {
            fleet: tx.scope().fleet_account_id(),
            backend: tx.get_database_backend(),
        }
    }
}

/// Readies a step's transaction for its pages' many-row statements
/// (PostgreSQL plans them once: `db::bulk::plan_generically`).
pub async fn ready_for_pages(tx: &FleetTx) -> Result<(), DbErr> {
    db::bulk::plan_generically(tx).await
}

/// Statements planned for a transaction, run in order by [`Planned::run`].
#[derive(Default)]
pub struct Planned(Vec<Statement>);

impl Planned {
    pub fn extend(&mut self, more: Planned) {
        self.0.extend(more.0);
    }

    pub async fn run(self, tx: &FleetTx) -> Result<(), DbErr> {
        for statement in self.0 {
            tx.execute_raw(statement).await?;
        }
        Ok(())
    }
}

/// What a step of a run does with its pages: takes each in ([`add`]),
/// plans the statements that write what it took in ([`plan`], after
/// [`start`] read what it needs; on PostgreSQL page by page, each page's
/// while the page before is written, in a transaction open for the whole
/// step), and ends the step's write ([`finish`]) in the same transaction.
///
/// [`add`]: PageWriter::add
/// [`plan`]: PageWriter::plan
/// [`start`]: PageWriter::start
/// [`finish`]: PageWriter::finish
pub trait PageWriter: Send + 'static {
    type Item: Send + 'static;
    type Done;
    /// Whether a whole list's statements are small enough to be planned as
    /// its pages arrive on SQLite too (where they run after the last page).
    const PLANS_AHEAD: bool = false;

    fn add(&mut self, page: Vec<Self::Item>);

    /// Reads what planning needs (the fleet's rows), once; every later
    /// plan's statements must run in the same transaction.
    fn start(&mut self, tx: &FleetTx) -> impl Future<Output = Result<(), DbErr>> + Send;

    /// The statements that write what was taken in since the last plan.
    fn plan(&mut self, to: Target) -> Result<Planned, DbErr>;

    /// Writes what is left and ends the step's write.
    fn finish(self, tx: &FleetTx) -> impl Future<Output = Result<Self::Done, DbErr>> + Send;
}

impl<R: RowKind + 'static> PageWriter for Received<R> {
    type Item = R;
    type Done = Counts;

    fn add(&mut self, page: Vec<R>) {
        Received::add(self, page)
    }

    async fn start(&mut self, tx: &FleetTx) -> Result<(), DbErr> {
        Received::start(self, tx).await
    }

    fn plan(&mut self, to: Target) -> Result<Planned, DbErr> {
        Received::plan(self, to)
    }

    async fn finish(self, tx: &FleetTx) -> Result<Counts, DbErr> {
        self.apply(tx).await
    }
}

/// The fleet's rows of a kind as matching sees them, and the kind's context.
pub type KnownRows<R> = (Vec<Known<<R as RowKind>::Extra>>, <R as RowKind>::Context);

/// A run's write in progress: the fleet's rows as matching sees them, what
/// has been written so far, and the `updated_at` every row of it gets.
pub struct Writing<R: RowKind> {
    pub provider: String,
    pub matcher: Matcher<R::Extra>,
    pub context: R::Context,
    pub now: DateTime<Utc>,
    pub counts: Counts,
    started: Instant,
    read: Duration,
}

/// A run's records of one kind as they arrive, each with its fingerprint.
/// They are written by [`Received::flush`] (each page as it arrives, in a
/// transaction open for the whole run) or all at once by
/// [`Received::apply`], which also makes the rows gone upstream inactive.
pub struct Received<R: RowKind> {
    provider: String,
    missing: Missing,
    records: Vec<(R, String)>,
    writing: Option<Writing<R>>,
}

impl<R: RowKind> Received<R> {
    pub fn new(provider: &str, missing: Missing) -> Self {
        Self {
            provider: provider.to_owned(),
            missing,
            records: Vec::new(),
            writing: None,
        }
    }

    pub fn add(&mut self, page: Vec<R>) {
        self.records.reserve(page.len());
        for record in page {
            let hash = record.fingerprint(&self.provider);
            self.records.push((record, hash));
        }
    }

    /// Reads the fleet's rows for matching, once: every later write must
    /// use the same transaction, as the rows read are matched across the
    /// whole run.
    pub async fn start(&mut self, tx: &FleetTx) -> Result<(), DbErr> {
        if self.writing.is_none() {
            let started = Instant::now();
            let (rows, context) = R::known(tx, &self.provider).await?;
            self.writing = Some(Writing {
                provider: self.provider.clone(),
                matcher: Matcher::new(rows),
                context,
                now: write_time(),
                counts: Counts::default(),
                started,
                read: started.elapsed(),
            });
        }
        Ok(())
    }

    /// The statements that write the records received since the last plan
    /// (after [`Received::start`]).
    pub fn plan(&mut self, to: Target) -> Result<Planned, DbErr> {
        let writing = self
            .writing
            .as_mut()
            .ok_or_else(|| DbErr::Custom("the write did not start".into()))?;
        let records = std::mem::take(&mut self.records);
        writing.counts.synced += records.len() as i32;
        R::plan(to, writing, records)
    }

    /// Writes the records received since the last flush, a chunk at a time
    /// (a whole run's statements at once would be a lot of memory).
    pub async fn flush(&mut self, tx: &FleetTx) -> Result<(), DbErr> {
        self.start(tx).await?;
        let to = Target::of(tx);
        let mut pending = std::mem::take(&mut self.records);
        while !pending.is_empty() {
            let rest = pending.split_off(pending.len().min(INSERT_CHUNK));
            self.records = std::mem::replace(&mut pending, rest);
            self.plan(to)?.run(tx).await?;
        }
        Ok(())
    }

    /// Writes what is left and makes this provider's rows that a full run
    /// did not receive inactive.
    pub async fn apply(mut self, tx: &FleetTx) -> Result<Counts, DbErr> {
        self.flush(tx).await?;
        let mut w = self
            .writing
            .ok_or_else(|| DbErr::Custom("the write did not start".into()))?;
        let stale = w.matcher.unseen(self.missing);
        let now = w.now;
        w.counts.deactivated =
            deactivate::<R::Entity>(tx, stale, R::ID, |u| R::inactive(u, now)).await?;
        R::after_write(tx).await?;
        tracing::info!(
            kind = R::NAME,
            created = w.counts.created,
            updated = w.counts.updated,
            deactivated = w.counts.deactivated,
            read_ms = w.read.as_millis() as u64,
            total_ms = w.started.elapsed().as_millis() as u64,
            "ELD rows written"
        );
        Ok(w.counts)
    }
}

/// Rows a multi-row INSERT carries: a Samsara page (512) in one statement
/// (at most 28 columns: well under both databases' parameter limits).
const INSERT_CHUNK: usize = 512;

/// Bumped when what a sync writes from the same record changes, so that the
/// next sync writes every row again.
/// (2: trucks' notes and status are written on update too.)
const FINGERPRINT_VERSION: &[u8] = b"eld-sync-2";

/// A hash of the values a sync writes to a row, fed field by field (each
/// field framed by its length, so no two different rows hash alike).
pub struct Hasher(Sha256);

impl Hasher {
    pub fn new(kind: &str) -> Self {
        let mut h = Sha256::new();
        h.update(FINGERPRINT_VERSION);
        h.update(kind.as_bytes());
        Self(h)
    }

    pub fn text(&mut self, value: Option<&str>) -> &mut Self {
        match value {
            None => self.0.update([0u8]),
            Some(v) => {
                self.0.update([1u8]);
                self.0.update((v.len() as u64).to_le_bytes());
                self.0.update(v.as_bytes());
            }
        }
        self
    }

    pub fn flag(&mut self, value: bool) -> &mut Self {
        self.0.update([2u8 + value as u8]);
        self
    }

    pub fn number(&mut self, value: Option<i64>) -> &mut Self {
        match value {
            None => self.0.update([4u8]),
            Some(v) => {
                self.0.update([5u8]);
                self.0.update(v.to_le_bytes());
            }
        }
        self
    }

    pub fn id(&mut self, value: Option<Uuid>) -> &mut Self {
        match value {
            None => self.0.update([6u8]),
            Some(v) => {
                self.0.update([7u8]);
                self.0.update(v.as_bytes());
            }
        }
        self
    }

    /// 128 bits as hex: a collision among one fleet's rows is not a concern.
    pub fn finish(self) -> String {
        hex::encode(&self.0.finalize()[..16])
    }
}

/// The time a sync writes as `updated_at`, to the microsecond both
/// databases keep, so that it reads back equal.
pub fn write_time() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

/// `<hash>@<updated_at in µs>`: the fingerprint column's value.
pub fn stamp(hash: &str, at: DateTime<Utc>) -> String {
    format!("{hash}@{}", at.timestamp_micros())
}

/// The row's fingerprint hash, when no other write moved `updated_at` since
/// the sync that stored it.
pub fn valid_hash(fingerprint: Option<&str>, updated_at: DateTime<Utc>) -> Option<&str> {
    let (hash, at) = fingerprint?.split_once('@')?;
    (at.parse::<i64>().ok()? == updated_at.timestamp_micros()).then_some(hash)
}

/// `Some(trimmed upper case)` for a non-blank value: how VINs, plates and
/// licences are compared.
pub fn identity(value: Option<&str>) -> Option<String> {
    value
        .map(|v| v.trim().to_uppercase())
        .filter(|v| !v.is_empty())
}

/// An existing row as matching sees it.
pub struct Known<X> {
    pub id: Uuid,
    /// The row came from this run's provider (its ids are this provider's).
    pub ours: bool,
    pub provider_id: Option<String>,
    /// Up to two identity keys (VIN, plate; licence and state as one).
    pub identities: [Option<String>; 2],
    pub active: bool,
    /// The valid fingerprint hash (see [`valid_hash`]).
    pub hash: Option<String>,
    /// What the kind needs of the row to derive its list columns.
    pub extra: X,
}

/// The fleet's rows of one kind, indexed for matching: each row matches at
/// most one record.
pub struct Matcher<X> {
    rows: Vec<Known<X>>,
    by_key: HashMap<String, usize>,
    by_identity: [HashMap<String, usize>; 2],
    seen: Vec<bool>,
}

impl<X> Matcher<X> {
    pub fn new(rows: Vec<Known<X>>) -> Self {
        let mut by_key = HashMap::new();
        let mut by_identity: [HashMap<String, usize>; 2] = Default::default();
        for (i, row) in rows.iter().enumerate() {
            if row.ours
                && let Some(id) = &row.provider_id
            {
                by_key.insert(id.clone(), i);
            }
            for (map, key) in by_identity.iter_mut().zip(&row.identities) {
                if let Some(key) = key {
                    map.entry(key.clone()).or_insert(i);
                }
            }
        }
        let seen = vec![false; rows.len()];
        Self {
            rows,
            by_key,
            by_identity,
            seen,
        }
    }

    /// The row a record is: the one with its provider id, else the first
    /// identity key that names a row. A row already taken by another record
    /// of the run is no match (the record becomes a new row).
    pub fn find(
        &mut self,
        provider_id: &str,
        identities: &[Option<String>; 2],
    ) -> Option<&Known<X>> {
        let found = self.by_key.get(provider_id).copied().or_else(|| {
            identities
                .iter()
                .zip(&self.by_identity)
                .find_map(|(key, map)| key.as_ref().and_then(|k| map.get(k).copied()))
        })?;
        if self.seen[found] {
            return None;
        }
        self.seen[found] = true;
        Some(&self.rows[found])
    }

    /// This provider's active rows that no record matched.
    pub fn unseen(&self, missing: Missing) -> Vec<Uuid> {
        if missing == Missing::Keep {
            return Vec::new();
        }
        self.rows
            .iter()
            .zip(&self.seen)
            .filter(|(row, seen)| !**seen && row.active && row.ours)
            .map(|(row, _)| row.id)
            .collect()
    }
}

/// The INSERTs of whole rows (each with its JSON column as text), deriving
/// each one's list columns first; their JSON is never parsed into a tree.
pub fn insert_rows<A>(
    to: Target,
    rows: impl IntoIterator<Item = (A, String)>,
    derive: fn(&mut A, bool) -> Result<(), DbErr>,
    json_column: <A::Entity as EntityTrait>::Column,
) -> Result<Vec<Statement>, DbErr>
where
    A: ActiveModelTrait + Send,
{
    let rows = rows.into_iter().map(|(mut row, json)| {
        derive(&mut row, true)?;
        Ok((row, Some(json)))
    });
    db::bulk::insert_statements_with_json(to.backend, rows, json_column, INSERT_CHUNK)
}

/// The UPDATEs that set `columns` of each row (by id) to its values.
pub fn update_rows<E: FleetOwned>(
    to: Target,
    columns: &[E::Column],
    rows: impl IntoIterator<Item = Result<(Uuid, Vec<Value>), DbErr>>,
) -> Result<Vec<Statement>, DbErr> {
    db::bulk::update_statements_within::<E>(to.backend, to.fleet, columns, rows)
}

/// The values of `columns` in an active model, each of which must be set.
pub fn values_of<A: ActiveModelTrait>(
    model: &A,
    columns: &[<A::Entity as EntityTrait>::Column],
) -> Result<Vec<Value>, DbErr> {
    columns
        .iter()
        .map(|c| {
            model.get(*c).into_value().ok_or_else(|| {
                DbErr::Custom(format!("{} is not set for the update", c.to_string()))
            })
        })
        .collect()
}

/// Makes rows inactive with `set`, a chunk of ids at a time.
pub async fn deactivate<E>(
    tx: &FleetTx,
    stale: Vec<Uuid>,
    id_col: E::Column,
    set: impl Fn(sea_orm::UpdateMany<E>) -> sea_orm::UpdateMany<E>,
) -> Result<i32, DbErr>
where
    E: EntityTrait + FleetOwned,
{
    let n = stale.len() as i32;
    for chunk in stale.chunks(500) {
        set(E::update_within(tx).filter(id_col.is_in(chunk.to_vec())))
            .exec(tx)
            .await?;
    }
    Ok(n)
}

/// This provider's driver ids → our driver rows, read as two columns.
pub async fn driver_ids(tx: &FleetTx, provider: &str) -> Result<HashMap<String, Uuid>, DbErr> {
    use db::entities::fleet_driver::{Column, Entity};
    let pairs: Vec<(String, Uuid)> = Entity::within(tx)
        .filter(Column::EldProvider.eq(provider))
        .filter(Column::DriverId.is_not_null())
        .select_only()
        .column(Column::DriverId)
        .column(Column::Id)
        .into_tuple()
        .all(tx)
        .await?;
    Ok(pairs.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_holds_only_while_updated_at_is_the_one_it_stamped() {
        let at = write_time();
        let fp = stamp("abc", at);
        assert_eq!(valid_hash(Some(&fp), at), Some("abc"));
        assert_eq!(
            valid_hash(Some(&fp), at + chrono::TimeDelta::microseconds(1)),
            None
        );
        assert_eq!(valid_hash(None, at), None);
        assert_eq!(valid_hash(Some("abc"), at), None);
    }

    #[test]
    fn hashes_frame_their_fields() {
        let h = |a: Option<&str>, b: Option<&str>| {
            let mut h = Hasher::new("t");
            h.text(a).text(b);
            h.finish()
        };
        assert_ne!(h(Some("ab"), Some("c")), h(Some("a"), Some("bc")));
        assert_ne!(h(None, Some("")), h(Some(""), None));
        assert_eq!(h(Some("a"), None), h(Some("a"), None));
    }

    #[test]
    fn a_row_matches_one_record_and_keys_come_before_identities() {
        let row = |id: u128, pid: &str, vin: &str| Known {
            id: Uuid::from_u128(id),
            ours: true,
            provider_id: Some(pid.into()),
            identities: [identity(Some(vin)), None],
            active: true,
            hash: None,
            extra: (),
        };
        let mut m = Matcher::new(vec![row(1, "p1", "VIN1"), row(2, "p2", " vin2 ")]);
        // By VIN (trimmed, any case) when the provider id is new.
        assert_eq!(
            m.find("new", &[identity(Some("vin2")), None]).map(|r| r.id),
            Some(Uuid::from_u128(2))
        );
        // Row 2 is taken: its own id no longer matches.
        assert!(m.find("p2", &[None, None]).is_none());
        assert_eq!(m.unseen(Missing::Deactivate), vec![Uuid::from_u128(1)]);
        assert!(m.unseen(Missing::Keep).is_empty());
    }
}
