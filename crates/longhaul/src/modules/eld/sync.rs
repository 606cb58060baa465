//! The sync engine: fetch every page of a data kind from the provider, then
//! write the fleet's rows in one transaction, so a failure on any page
//! leaves the fleet as it was. Rows are keyed by (fleet, provider, provider
//! id); a record new to that key is matched to an existing row by VIN
//! (trucks, trailers), plate (trailers) or licence number and state
//! (drivers), so switching providers keeps identities. Unchanged rows are
//! not written; rows of this provider that disappeared become inactive.

use super::repo;
use super::service::{DataKind, EldDeps, next_sync_after};
use crate::integrations::eld::{
    Credentials, EldDriver, EldError, EldProvider, EldTrailer, EldTrailerAssignment, EldVehicle,
    Page, ProviderKind,
};
use chrono::Utc;
use db::entities::{eld_sync_run, fleet_driver, fleet_trailer, fleet_vehicle};
use db::tenancy::{self, FleetOwned, TenantScope};
use sea_orm::{
    ActiveModelTrait, ActiveValue::NotSet, ColumnTrait, ConnectionTrait, DbErr, EntityTrait,
    IntoActiveModel, QueryFilter, QuerySelect, Set,
};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::future::Future;
use uuid::Uuid;

/// Why a run failed: shown to the user as the run's error.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error(transparent)]
    Provider(#[from] EldError),
    #[error("The saved ELD credentials cannot be read; enter them again in Company Settings.")]
    Credentials,
    #[error("The ELD connection was removed; connect it again in Company Settings.")]
    NotConnected,
    #[error(transparent)]
    Database(#[from] DbErr),
}

#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub synced: i32,
    pub created: i32,
    pub updated: i32,
    pub deactivated: i32,
}

impl Counts {
    fn written(&self) -> i32 {
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

/// The provider client of the fleet's integration.
pub async fn provider_of(
    deps: &EldDeps<'_>,
    scope: TenantScope,
) -> Result<(ProviderKind, std::sync::Arc<dyn EldProvider>), SyncError> {
    let txn = tenancy::read(deps.db, scope).await?;
    let integration = repo::integration(&txn, scope)
        .await?
        .filter(|i| i.is_active)
        .ok_or(SyncError::NotConnected)?;
    txn.commit().await?;
    let kind = ProviderKind::parse(&integration.provider).ok_or(SyncError::NotConnected)?;
    let credentials = match &integration.api_key_encrypted {
        None => Credentials::None,
        Some(sealed) => deps
            .cipher
            .decrypt(sealed)
            .ok()
            .and_then(|json| serde_json::from_str(&json).ok())
            .ok_or(SyncError::Credentials)?,
    };
    let provider = deps
        .connector
        .connect(scope.fleet_account_id(), kind, &credentials)?;
    Ok((kind, provider))
}

/// Every page of a list, counting pages into the run's progress.
async fn fetch_all<T, F, Fut>(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    run: &mut eld_sync_run::Model,
    mut page: F,
) -> Result<Vec<T>, SyncError>
where
    F: FnMut(Option<String>) -> Fut,
    Fut: Future<Output = Result<Page<T>, EldError>>,
{
    let mut out = Vec::new();
    let mut cursor = None;
    loop {
        let Page { items, next } = page(cursor.take()).await?;
        out.extend(items);
        run.pages_fetched += 1;
        run.synced = out.len() as i32;
        save_progress(deps, scope, run).await?;
        match next {
            Some(next) if !next.is_empty() => cursor = Some(next),
            _ => return Ok(out),
        }
    }
}

async fn save_progress(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    run: &eld_sync_run::Model,
) -> Result<(), DbErr> {
    let txn = tenancy::write(deps.db, scope).await?;
    eld_sync_run::Entity::scoped_update(scope)
        .filter(eld_sync_run::Column::Id.eq(run.id))
        .col_expr(eld_sync_run::Column::PagesFetched, run.pages_fetched.into())
        .col_expr(eld_sync_run::Column::Synced, run.synced.into())
        .col_expr(eld_sync_run::Column::RowsWritten, run.rows_written.into())
        .col_expr(eld_sync_run::Column::Incremental, run.incremental.into())
        .exec(&txn)
        .await?;
    txn.commit().await
}

/// What a run did, for its history entry.
pub struct Outcome {
    pub counts: Counts,
    pub assignments_updated: Option<i32>,
    pub warning: Option<String>,
}

/// What becomes of this provider's rows that a run did not receive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// A full list: they disappeared upstream and become inactive.
    Deactivate,
    /// Changes only: they did not change.
    Keep,
}

/// A full run at least this often, so that records deleted upstream (which
/// a list of changes does not show) become inactive within a day.
const FULL_RUN_EVERY: chrono::TimeDelta = chrono::TimeDelta::hours(24);
/// Overlap with the previous run, for clock skew and slow writes upstream.
const CHANGES_OVERLAP: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// A scheduled run of drivers or trucks asks only for the records changed
/// since the previous successful run, when the provider can filter so
/// (`updatedAfterTime`) and a full run of the same provider succeeded within
/// [`FULL_RUN_EVERY`]. Manual runs are always full.
async fn changes_since(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    kind: DataKind,
    run: &eld_sync_run::Model,
    provider: &dyn EldProvider,
) -> Result<Option<chrono::DateTime<Utc>>, DbErr> {
    if run.trigger != "schedule"
        || matches!(kind, DataKind::Trailers)
        || !provider.supports_updated_after()
    {
        return Ok(None);
    }
    let txn = tenancy::read(deps.db, scope).await?;
    let last_full = repo::last_succeeded(&txn, scope, kind.as_str(), &run.provider, true).await?;
    let last = repo::last_succeeded(&txn, scope, kind.as_str(), &run.provider, false).await?;
    txn.commit().await?;
    let now = Utc::now();
    let recent_full = last_full
        .and_then(|r| r.started_at)
        .is_some_and(|at| now - at < FULL_RUN_EVERY);
    Ok(last
        .and_then(|r| r.started_at)
        .filter(|_| recent_full)
        .map(|at| at - CHANGES_OVERLAP))
}

/// Pulls one data kind and writes it. `run` carries the progress.
pub async fn sync_kind(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    kind: DataKind,
    run: &mut eld_sync_run::Model,
) -> Result<Outcome, SyncError> {
    let (provider_kind, provider) = provider_of(deps, scope).await?;
    let provider_name = provider_kind.as_str();
    let since = changes_since(deps, scope, kind, run, provider.as_ref()).await?;
    run.incremental = since.is_some();
    let missing = if since.is_some() {
        Missing::Keep
    } else {
        Missing::Deactivate
    };
    match kind {
        DataKind::Drivers => {
            let drivers = fetch_all(deps, scope, run, |c| provider.drivers_page(c, since)).await?;
            let txn = tenancy::write(deps.db, scope).await?;
            let counts = write_drivers(&txn, scope, provider_name, drivers, missing).await?;
            txn.commit().await?;
            Ok(Outcome {
                counts,
                assignments_updated: None,
                warning: None,
            })
        }
        DataKind::Trucks => {
            let vehicles =
                fetch_all(deps, scope, run, |c| provider.vehicles_page(c, since)).await?;
            let txn = tenancy::write(deps.db, scope).await?;
            let counts = write_vehicles(&txn, scope, provider_name, vehicles, missing).await?;
            txn.commit().await?;
            Ok(Outcome {
                counts,
                assignments_updated: None,
                warning: None,
            })
        }
        DataKind::Trailers => {
            let trailers = fetch_all(deps, scope, run, |c| provider.trailers_page(c)).await?;
            let txn = tenancy::write(deps.db, scope).await?;
            let counts = write_trailers(&txn, scope, provider_name, trailers, missing).await?;
            txn.commit().await?;
            // The second step (spec part 2 §4): its failure warns, the sync stands.
            let assignments = async {
                let list =
                    fetch_all(deps, scope, run, |c| provider.trailer_assignments_page(c)).await?;
                let txn = tenancy::write(deps.db, scope).await?;
                let n = write_trailer_assignments(&txn, scope, provider_name, list).await?;
                txn.commit().await?;
                Ok::<i32, SyncError>(n)
            }
            .await;
            Ok(match assignments {
                Ok(n) => Outcome {
                    counts,
                    assignments_updated: Some(n),
                    warning: None,
                },
                Err(err) => {
                    tracing::warn!(error = %err, "trailer assignments could not be updated");
                    Outcome {
                        counts,
                        assignments_updated: None,
                        warning: Some(format!(
                            "Assignment Sync Warning: Trailers synced, but there was an issue updating trailer assignments ({err})"
                        )),
                    }
                }
            })
        }
    }
}

fn up(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(|v| v.trim().to_uppercase())
        .filter(|v| !v.is_empty())
}

/// Sets `field` when the value differs; tells whether it did.
fn change<T: PartialEq + Clone + Into<sea_orm::Value>>(
    field: &mut sea_orm::ActiveValue<T>,
    current: &T,
    new: T,
) -> bool {
    if *current != new {
        *field = Set(new);
        true
    } else {
        false
    }
}

async fn insert_chunks<A, C, E>(
    db: &C,
    rows: Vec<A>,
    derive: fn(&mut A, bool) -> Result<(), DbErr>,
) -> Result<(), DbErr>
where
    C: ConnectionTrait,
    A: ActiveModelTrait<Entity = E> + Send,
    E: EntityTrait,
{
    let mut rows = rows;
    for row in rows.iter_mut() {
        derive(row, true)?;
    }
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(200).collect();
        E::insert_many(chunk).exec_without_returning(db).await?;
    }
    Ok(())
}

/// The ids of this provider's active rows (by position in `rows`) that the
/// run did not receive; none when the run fetched only changes.
fn unseen<'a>(
    missing: Missing,
    seen: &HashSet<usize>,
    provider: &str,
    rows: impl Iterator<Item = (Uuid, bool, Option<&'a str>)>,
) -> Vec<Uuid> {
    if missing == Missing::Keep {
        return Vec::new();
    }
    rows.enumerate()
        .filter(|(i, (_, active, from))| !seen.contains(i) && *active && *from == Some(provider))
        .map(|(_, (id, _, _))| id)
        .collect()
}

async fn deactivate_missing<E, C>(
    db: &C,
    scope: TenantScope,
    stale: Vec<Uuid>,
    id_col: E::Column,
    set: impl Fn(sea_orm::UpdateMany<E>) -> sea_orm::UpdateMany<E>,
) -> Result<i32, DbErr>
where
    E: EntityTrait + FleetOwned,
    C: ConnectionTrait,
{
    let n = stale.len() as i32;
    for chunk in stale.chunks(500) {
        set(E::scoped_update(scope).filter(id_col.is_in(chunk.to_vec())))
            .exec(db)
            .await?;
    }
    Ok(n)
}

/// This provider's driver ids → our driver rows, read as two columns: the
/// whole rows (with their JSON) would cost a page of memory per driver.
async fn driver_ids<C: ConnectionTrait>(
    db: &C,
    scope: TenantScope,
    provider: &str,
) -> Result<HashMap<String, Uuid>, DbErr> {
    let pairs: Vec<(String, Uuid)> = fleet_driver::Entity::scoped(scope)
        .filter(fleet_driver::Column::EldProvider.eq(provider))
        .filter(fleet_driver::Column::DriverId.is_not_null())
        .select_only()
        .column(fleet_driver::Column::DriverId)
        .column(fleet_driver::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    Ok(pairs.into_iter().collect())
}

pub async fn write_drivers<C: ConnectionTrait>(
    db: &C,
    scope: TenantScope,
    provider: &str,
    incoming: Vec<EldDriver>,
    missing: Missing,
) -> Result<Counts, DbErr> {
    let existing = fleet_driver::Entity::scoped(scope).all(db).await?;
    let mut by_key: HashMap<(String, String), usize> = HashMap::new();
    let mut by_licence: HashMap<(String, String), usize> = HashMap::new();
    for (i, d) in existing.iter().enumerate() {
        if let (Some(p), Some(id)) = (&d.eld_provider, &d.driver_id) {
            by_key.insert((p.clone(), id.clone()), i);
        }
        if let (Some(n), Some(s)) = (up(&d.license_number), up(&d.license_state)) {
            by_licence.entry((n, s)).or_insert(i);
        }
    }
    let mut counts = Counts {
        synced: incoming.len() as i32,
        ..Default::default()
    };
    let mut seen: HashSet<usize> = HashSet::new();
    let mut inserts = Vec::new();
    let now = Utc::now();
    for d in incoming {
        let found = by_key
            .get(&(provider.to_owned(), d.id.clone()))
            .or_else(|| {
                up(&d.license_number)
                    .zip(up(&d.license_state))
                    .and_then(|k| by_licence.get(&k))
            })
            .copied()
            .filter(|i| !seen.contains(i));
        match found {
            Some(i) => {
                seen.insert(i);
                let cur = &existing[i];
                let mut am = cur.clone().into_active_model();
                let mut changed = false;
                changed |= change(&mut am.driver_id, &cur.driver_id, Some(d.id.clone()));
                changed |= change(
                    &mut am.eld_provider,
                    &cur.eld_provider,
                    Some(provider.to_owned()),
                );
                changed |= change(&mut am.first_name, &cur.first_name, d.first_name);
                changed |= change(&mut am.last_name, &cur.last_name, d.last_name);
                changed |= change(&mut am.username, &cur.username, d.username);
                changed |= change(&mut am.phone, &cur.phone, d.phone);
                changed |= change(
                    &mut am.license_number,
                    &cur.license_number,
                    d.license_number,
                );
                changed |= change(&mut am.license_state, &cur.license_state, d.license_state);
                changed |= change(&mut am.is_active, &cur.is_active, d.active);
                changed |= change(&mut am.raw, &cur.raw, Some(d.raw));
                if changed {
                    am.updated_at = Set(now);
                    am.update(db).await?;
                    counts.updated += 1;
                }
            }
            None => {
                inserts.push(fleet_driver::ActiveModel {
                    id: Set(Uuid::new_v4()),
                    fleet_account_id: Set(scope.fleet_account_id()),
                    driver_id: Set(Some(d.id)),
                    first_name: Set(d.first_name),
                    last_name: Set(d.last_name),
                    username: Set(d.username),
                    phone: Set(d.phone),
                    license_number: Set(d.license_number),
                    license_state: Set(d.license_state),
                    eld_provider: Set(Some(provider.to_owned())),
                    notes: Set(None),
                    is_active: Set(d.active),
                    raw: Set(Some(d.raw)),
                    created_at: Set(now),
                    updated_at: Set(now),
                    search_text: NotSet,
                    search_name: NotSet,
                    phone_digits: NotSet,
                });
            }
        }
    }
    counts.created = inserts.len() as i32;
    insert_chunks(db, inserts, fleet_driver::ActiveModel::derive_list_columns).await?;
    let stale = unseen(
        missing,
        &seen,
        provider,
        existing
            .iter()
            .map(|d| (d.id, d.is_active, d.eld_provider.as_deref())),
    );
    counts.deactivated = deactivate_missing(
        db,
        scope,
        stale,
        fleet_driver::Column::Id,
        |u: sea_orm::UpdateMany<fleet_driver::Entity>| {
            u.col_expr(fleet_driver::Column::IsActive, false.into())
                .col_expr(fleet_driver::Column::UpdatedAt, now.into())
        },
    )
    .await?;
    Ok(counts)
}

/// The spec's `eld_metadata` (part 2 §3): the assignment in both places.
fn vehicle_metadata(v: &EldVehicle) -> Value {
    json!({
        "staticAssignments": {
            "driverId": v.assigned_driver.as_ref().map(|d| d.id.clone()),
            "driverName": v.assigned_driver.as_ref().and_then(|d| d.name.clone()),
        },
        "samsaraVehicle": v.raw,
    })
}

pub async fn write_vehicles<C: ConnectionTrait>(
    db: &C,
    scope: TenantScope,
    provider: &str,
    incoming: Vec<EldVehicle>,
    missing: Missing,
) -> Result<Counts, DbErr> {
    let existing = fleet_vehicle::Entity::scoped(scope).all(db).await?;
    let drivers = driver_ids(db, scope, provider).await?;
    let mut by_key: HashMap<(String, String), usize> = HashMap::new();
    let mut by_vin: HashMap<String, usize> = HashMap::new();
    for (i, v) in existing.iter().enumerate() {
        if let (Some(p), Some(id)) = (&v.eld_provider, &v.vehicle_id) {
            by_key.insert((p.clone(), id.clone()), i);
        }
        if let Some(vin) = up(&v.vin) {
            by_vin.entry(vin).or_insert(i);
        }
    }
    let mut counts = Counts {
        synced: incoming.len() as i32,
        ..Default::default()
    };
    let mut seen: HashSet<usize> = HashSet::new();
    let mut inserts = Vec::new();
    let now = Utc::now();
    for v in incoming {
        let raw = Some(vehicle_metadata(&v));
        let driver_eld = v.assigned_driver.as_ref().map(|d| d.id.clone());
        let driver_name = v.assigned_driver.as_ref().and_then(|d| d.name.clone());
        let driver_id = driver_eld.as_ref().and_then(|e| drivers.get(e).copied());
        let found = by_key
            .get(&(provider.to_owned(), v.id.clone()))
            .or_else(|| up(&v.vin).and_then(|k| by_vin.get(&k)))
            .copied()
            .filter(|i| !seen.contains(i));
        match found {
            Some(i) => {
                seen.insert(i);
                let cur = &existing[i];
                let mut am = cur.clone().into_active_model();
                let mut changed = false;
                changed |= change(&mut am.vehicle_id, &cur.vehicle_id, Some(v.id.clone()));
                changed |= change(
                    &mut am.eld_provider,
                    &cur.eld_provider,
                    Some(provider.to_owned()),
                );
                changed |= change(&mut am.name, &cur.name, v.name);
                changed |= change(&mut am.make, &cur.make, v.make);
                changed |= change(&mut am.model, &cur.model, v.model);
                changed |= change(&mut am.year, &cur.year, v.year);
                changed |= change(&mut am.vin, &cur.vin, v.vin);
                changed |= change(&mut am.license_plate, &cur.license_plate, v.license_plate);
                changed |= change(&mut am.is_active, &cur.is_active, true);
                changed |= change(
                    &mut am.assigned_driver_eld_id,
                    &cur.assigned_driver_eld_id,
                    driver_eld,
                );
                changed |= change(
                    &mut am.assigned_driver_name,
                    &cur.assigned_driver_name,
                    driver_name,
                );
                changed |= change(
                    &mut am.assigned_driver_id,
                    &cur.assigned_driver_id,
                    driver_id,
                );
                changed |= change(&mut am.raw, &cur.raw, raw);
                if changed {
                    am.updated_at = Set(now);
                    am.update(db).await?;
                    counts.updated += 1;
                }
            }
            None => {
                let assigned = driver_eld.is_some();
                inserts.push(fleet_vehicle::ActiveModel {
                    id: Set(Uuid::new_v4()),
                    fleet_account_id: Set(scope.fleet_account_id()),
                    name: Set(v.name),
                    make: Set(v.make),
                    model: Set(v.model),
                    year: Set(v.year),
                    vehicle_id: Set(Some(v.id)),
                    vin: Set(v.vin),
                    license_plate: Set(v.license_plate),
                    status: Set(if assigned { "active" } else { "inactive" }.into()),
                    notes: Set(v.notes),
                    is_active: Set(true),
                    assigned_driver_eld_id: Set(driver_eld),
                    assigned_driver_name: Set(driver_name),
                    assigned_driver_id: Set(driver_id),
                    assigned_at: Set(assigned.then_some(now)),
                    raw: Set(raw),
                    eld_provider: Set(Some(provider.to_owned())),
                    created_at: Set(now),
                    updated_at: Set(now),
                    search_text: NotSet,
                    list_tab: NotSet,
                    unnamed: NotSet,
                });
            }
        }
    }
    counts.created = inserts.len() as i32;
    insert_chunks(db, inserts, fleet_vehicle::ActiveModel::derive_list_columns).await?;
    let stale = unseen(
        missing,
        &seen,
        provider,
        existing
            .iter()
            .map(|v| (v.id, v.is_active, v.eld_provider.as_deref())),
    );
    counts.deactivated = deactivate_missing(
        db,
        scope,
        stale,
        fleet_vehicle::Column::Id,
        |u: sea_orm::UpdateMany<fleet_vehicle::Entity>| {
            u.col_expr(fleet_vehicle::Column::IsActive, false.into())
                .col_expr(fleet_vehicle::Column::Status, "inactive".into())
                .col_expr(fleet_vehicle::Column::UpdatedAt, now.into())
        },
    )
    .await?;
    Ok(counts)
}

pub async fn write_trailers<C: ConnectionTrait>(
    db: &C,
    scope: TenantScope,
    provider: &str,
    incoming: Vec<EldTrailer>,
    missing: Missing,
) -> Result<Counts, DbErr> {
    let existing = fleet_trailer::Entity::scoped(scope).all(db).await?;
    let mut by_key: HashMap<(String, String), usize> = HashMap::new();
    let mut by_vin: HashMap<String, usize> = HashMap::new();
    let mut by_plate: HashMap<String, usize> = HashMap::new();
    for (i, t) in existing.iter().enumerate() {
        if let (Some(p), Some(id)) = (&t.eld_provider, &t.trailer_id) {
            by_key.insert((p.clone(), id.clone()), i);
        }
        if let Some(vin) = up(&t.vin) {
            by_vin.entry(vin).or_insert(i);
        }
        if let Some(plate) = up(&t.license_plate) {
            by_plate.entry(plate).or_insert(i);
        }
    }
    let mut counts = Counts {
        synced: incoming.len() as i32,
        ..Default::default()
    };
    let mut seen: HashSet<usize> = HashSet::new();
    let mut inserts = Vec::new();
    let now = Utc::now();
    for t in incoming {
        let found = by_key
            .get(&(provider.to_owned(), t.id.clone()))
            .or_else(|| up(&t.vin).and_then(|k| by_vin.get(&k)))
            .or_else(|| up(&t.license_plate).and_then(|k| by_plate.get(&k)))
            .copied()
            .filter(|i| !seen.contains(i));
        match found {
            Some(i) => {
                seen.insert(i);
                let cur = &existing[i];
                let mut am = cur.clone().into_active_model();
                let mut changed = false;
                changed |= change(&mut am.trailer_id, &cur.trailer_id, Some(t.id.clone()));
                changed |= change(
                    &mut am.eld_provider,
                    &cur.eld_provider,
                    Some(provider.to_owned()),
                );
                changed |= change(&mut am.name, &cur.name, t.name);
                changed |= change(&mut am.vin, &cur.vin, t.vin);
                changed |= change(&mut am.license_plate, &cur.license_plate, t.license_plate);
                changed |= change(&mut am.trailer_type, &cur.trailer_type, t.trailer_type);
                changed |= change(&mut am.is_active, &cur.is_active, true);
                if !cur.is_active {
                    changed |= change(&mut am.status, &cur.status, "active".to_owned());
                }
                if changed {
                    am.updated_at = Set(now);
                    am.update(db).await?;
                    counts.updated += 1;
                }
            }
            None => inserts.push(fleet_trailer::ActiveModel {
                id: Set(Uuid::new_v4()),
                fleet_account_id: Set(scope.fleet_account_id()),
                name: Set(t.name),
                trailer_id: Set(Some(t.id)),
                trailer_type: Set(t.trailer_type),
                vin: Set(t.vin),
                license_plate: Set(t.license_plate),
                status: Set("active".into()),
                notes: Set(t.notes),
                is_active: Set(true),
                assigned_driver_eld_id: Set(None),
                assigned_driver_name: Set(None),
                assigned_driver_id: Set(None),
                assigned_at: Set(None),
                raw: Set(Some(json!({ "assigned_driver": null, "eld": t.raw }))),
                eld_provider: Set(Some(provider.to_owned())),
                created_at: Set(now),
                updated_at: Set(now),
                search_text: NotSet,
                list_tab: NotSet,
                unnamed: NotSet,
            }),
        }
    }
    counts.created = inserts.len() as i32;
    insert_chunks(db, inserts, fleet_trailer::ActiveModel::derive_list_columns).await?;
    let stale = unseen(
        missing,
        &seen,
        provider,
        existing
            .iter()
            .map(|t| (t.id, t.is_active, t.eld_provider.as_deref())),
    );
    counts.deactivated = deactivate_missing(
        db,
        scope,
        stale,
        fleet_trailer::Column::Id,
        |u: sea_orm::UpdateMany<fleet_trailer::Entity>| {
            u.col_expr(fleet_trailer::Column::IsActive, false.into())
                .col_expr(fleet_trailer::Column::Status, "inactive".into())
                .col_expr(fleet_trailer::Column::UpdatedAt, now.into())
        },
    )
    .await?;
    Ok(counts)
}

/// The trailers' current drivers, in the spec's `assignment_data` shape.
/// Returns how many trailers changed.
pub async fn write_trailer_assignments<C: ConnectionTrait>(
    db: &C,
    scope: TenantScope,
    provider: &str,
    incoming: Vec<EldTrailerAssignment>,
) -> Result<i32, DbErr> {
    let trailers = fleet_trailer::Entity::scoped(scope)
        .filter(fleet_trailer::Column::EldProvider.eq(provider))
        .all(db)
        .await?;
    let drivers = driver_ids(db, scope, provider).await?;
    let current: HashMap<String, EldTrailerAssignment> = incoming
        .into_iter()
        .map(|a| (a.trailer_id.clone(), a))
        .collect();
    let mut changed_count = 0;
    for t in trailers {
        let Some(eld_id) = t.trailer_id.clone() else {
            continue;
        };
        let a = current.get(&eld_id);
        let driver_eld = a.map(|a| a.driver.id.clone());
        let driver_name = a.and_then(|a| a.driver.name.clone());
        let driver_id = driver_eld.as_ref().and_then(|e| drivers.get(e).copied());
        let since = a.and_then(|a| a.since).or(a.map(|_| Utc::now()));
        let raw = Some(json!({
            "assigned_driver": a.map(|a| json!({
                "driver_id": driver_id,
                "samsara_driver_id": a.driver.id,
                "driver_name": a.driver.name,
            })),
            "assigned_date": since,
        }));
        let mut am = t.clone().into_active_model();
        let mut changed = false;
        changed |= change(
            &mut am.assigned_driver_eld_id,
            &t.assigned_driver_eld_id,
            driver_eld,
        );
        changed |= change(
            &mut am.assigned_driver_name,
            &t.assigned_driver_name,
            driver_name,
        );
        changed |= change(&mut am.assigned_driver_id, &t.assigned_driver_id, driver_id);
        if changed {
            am.assigned_at = Set(since);
            am.raw = Set(raw);
            am.updated_at = Set(Utc::now());
            am.update(db).await?;
            changed_count += 1;
        }
    }
    Ok(changed_count)
}

/// Marks the integration as refused by the provider: scheduled runs stop
/// until the key is updated.
pub async fn mark_needs_attention(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    reason: &str,
) -> Result<(), DbErr> {
    let txn = tenancy::write(deps.db, scope).await?;
    if let Some(i) = repo::integration(&txn, scope).await? {
        let mut am = i.into_active_model();
        am.needs_attention = Set(true);
        am.attention_reason = Set(Some(reason.chars().take(500).collect()));
        am.update(&txn).await?;
    }
    txn.commit().await
}

/// Moves the integration's schedule forward after a scheduled run starts.
pub async fn advance_schedule<C: ConnectionTrait>(
    db: &C,
    integration: db::entities::fleet_eld_integration::Model,
) -> Result<(), DbErr> {
    let next = next_sync_after(&integration.sync_frequency, Utc::now());
    let mut am = integration.into_active_model();
    am.next_sync_at = Set(Some(next));
    am.update(db).await.map(|_| ())
}

pub fn written(counts: &Counts) -> i32 {
    counts.written()
}
