//! The sync engine (decisions 016, 018 and 019): a task fetches a list's
//! pages while this one fingerprints the records of the page before; the
//! fleet's rows are written in one transaction (after the last page, or on
//! PostgreSQL page by page), so a failure on any page leaves the fleet as
//! it was. Rows are keyed by (fleet, provider, provider id); a record new
//! to that key is matched to an existing row by VIN (trucks, trailers),
//! plate (trailers) or licence number and state (drivers), so switching
//! providers keeps identities. Unchanged rows are not written; rows of this
//! provider that disappeared become inactive.

use super::kinds::{DataKind, EldDeps, next_sync_after};
use super::pages::{self, Fetched, Pages};
use crate::integrations::eld::bounds::Bounded;
use crate::integrations::eld::{Credentials, EldProvider, EldProviderError, ProviderKind};
use crate::modules::eld::repo;
use crate::modules::eld::write::assignments::AssignmentWriter;
use crate::modules::eld::write::drivers::DriverWriter;
use crate::modules::eld::write::trailers::TrailerWriter;
use crate::modules::eld::write::vehicles::VehicleWriter;
use crate::modules::eld::write::{self, PageWriter, Planned, Received, RowKind, Target};
pub use crate::modules::eld::write::{Counts, Missing};
use chrono::Utc;
use db::entities::eld_sync_run;
use db::tenancy::{self, FleetTx, TenantScope};
use sea_orm::{DbBackend, DbErr, IntoActiveModel, Set};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why a run failed: shown to the user as the run's error.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error(transparent)]
    Provider(#[from] EldProviderError),
    #[error("The saved ELD credentials cannot be read; enter them again in Company Settings.")]
    Credentials,
    #[error("The ELD connection was removed; connect it again in Company Settings.")]
    NotConnected,
    #[error(transparent)]
    Database(#[from] DbErr),
}

/// The provider client of the fleet's integration.
pub async fn provider_of(
    deps: &EldDeps<'_>,
    scope: TenantScope,
) -> Result<(ProviderKind, Arc<dyn EldProvider>), SyncError> {
    let txn = tenancy::read(deps.db, scope).await?;
    let integration = repo::integration(&txn)
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

/// How often a run's progress is saved while pages arrive: often enough
/// for the progress bar, rarely enough to cost nothing next to the pages.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// The run's progress as pages arrive (pages fetched, records received).
struct Progress<'a> {
    deps: &'a EldDeps<'a>,
    scope: TenantScope,
    saved: Option<Instant>,
    /// Whether the list's records are the run's (not the trailer
    /// assignments its second step reads).
    counts_records: bool,
}

impl<'a> Progress<'a> {
    fn new(deps: &'a EldDeps<'a>, scope: TenantScope) -> Self {
        Self {
            deps,
            scope,
            saved: None,
            counts_records: true,
        }
    }

    fn pages_only(deps: &'a EldDeps<'a>, scope: TenantScope) -> Self {
        Self {
            counts_records: false,
            ..Self::new(deps, scope)
        }
    }

    async fn page(&mut self, run: &mut eld_sync_run::Model, records: usize) -> Result<(), DbErr> {
        run.pages_fetched += 1;
        if self.counts_records {
            run.synced += records as i32;
        }
        if self.saved.is_none_or(|at| at.elapsed() >= PROGRESS_EVERY) {
            self.save(run).await?;
        }
        Ok(())
    }

    async fn save(&mut self, run: &eld_sync_run::Model) -> Result<(), DbErr> {
        let txn = tenancy::write(self.deps.db, self.scope).await?;
        repo::save_progress(&txn, run).await?;
        txn.commit().await?;
        self.saved = Some(Instant::now());
        Ok(())
    }
}

/// The next page of a list, its progress counted; on a failed page the
/// progress is saved, so the history shows how far the run got.
async fn next_page<T>(
    pages: &mut Pages<T>,
    progress: &mut Progress<'_>,
    run: &mut eld_sync_run::Model,
) -> Result<Option<Vec<T>>, SyncError> {
    match pages.next().await {
        None => Ok(None),
        Some(Ok(Fetched { items, .. })) => {
            progress.page(run, items.len()).await?;
            Ok(Some(items))
        }
        Some(Err(err)) => {
            progress.save(run).await?;
            Err(err.into())
        }
    }
}

/// Takes in every page of a list and writes what they say in one
/// transaction, so that a failed page leaves the fleet's rows as they were.
/// On PostgreSQL each page is written as it arrives, while the next ones
/// download (decision 019); SQLite's single writer is taken only after the
/// last page, so that nobody else's write waits on the provider.
async fn pull<W: PageWriter>(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    run: &mut eld_sync_run::Model,
    mut pages: Pages<W::Item>,
    mut writer: W,
    mut progress: Progress<'_>,
) -> Result<W::Done, SyncError> {
    let started = Instant::now();
    let mut planned = Planned::default();
    let txn = match deps.db.get_database_backend() {
        DbBackend::Postgres => {
            let txn = tenancy::write(deps.db, scope).await?;
            write::ready_for_pages(&txn).await?;
            writer.start(&txn).await?;
            writer = write_as_they_come(&txn, writer, &mut pages, &mut progress, run).await?;
            Some(txn)
        }
        _ if W::PLANS_AHEAD => {
            // The statements are planned while the next pages download and
            // run after the last one.
            let read = tenancy::read(deps.db, scope).await?;
            writer.start(&read).await?;
            let to = Target::of(&read);
            read.commit().await?;
            while let Some(items) = next_page(&mut pages, &mut progress, run).await? {
                writer.add(items);
                planned.extend(writer.plan(to)?);
            }
            None
        }
        _ => {
            while let Some(items) = next_page(&mut pages, &mut progress, run).await? {
                writer.add(items);
            }
            None
        }
    };
    tracing::info!(
        pages = run.pages_fetched,
        took_in_ms = started.elapsed().as_millis() as u64,
        "ELD pages taken in"
    );
    // Saved before SQLite's write transaction opens: it would wait on it.
    progress.save(run).await?;
    let txn = match txn {
        Some(txn) => txn,
        None => tenancy::write(deps.db, scope).await?,
    };
    planned.run(&txn).await?;
    let done = writer.finish(&txn).await?;
    txn.commit().await?;
    Ok(done)
}

/// PostgreSQL: each page's statements are planned on a blocking thread
/// (matching, rows, SQL) while the page before is written on `txn`, so
/// that the writes follow each other with little of this process's work
/// between them.
async fn write_as_they_come<W: PageWriter>(
    txn: &FleetTx,
    mut writer: W,
    pages: &mut Pages<W::Item>,
    progress: &mut Progress<'_>,
    run: &mut eld_sync_run::Model,
) -> Result<W, SyncError> {
    let to = Target::of(txn);
    let mut planned = Planned::default();
    loop {
        let writing = std::mem::take(&mut planned).run(txn);
        let taking = async {
            let Some(items) = next_page(pages, progress, run).await? else {
                return Ok::<_, SyncError>((writer, None));
            };
            let (writer, plan) = tokio::task::spawn_blocking(move || {
                writer.add(items);
                let plan = writer.plan(to);
                (writer, plan)
            })
            .await
            .map_err(|e| DbErr::Custom(format!("planning a page's write failed: {e}")))?;
            Ok((writer, Some(plan?)))
        };
        let (written, taken) = tokio::join!(writing, taking);
        written?;
        let (back, next) = taken?;
        writer = back;
        match next {
            Some(next) => planned = next,
            None => return Ok(writer),
        }
    }
}

/// What a run did, for its history entry.
pub struct Outcome {
    pub counts: Counts,
    pub assignments_updated: Option<i32>,
    pub warning: Option<String>,
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
    let last_full = repo::last_succeeded(&txn, kind.as_str(), &run.provider, true).await?;
    let last = repo::last_succeeded(&txn, kind.as_str(), &run.provider, false).await?;
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
    let done = |counts| Outcome {
        counts,
        assignments_updated: None,
        warning: None,
    };
    match kind {
        DataKind::Drivers => {
            let list = pages::fetch(provider.clone(), move |p, c| async move {
                p.drivers_page(c, since).await
            });
            let writer = DriverWriter::new(provider_name, missing);
            Ok(done(
                pull(deps, scope, run, list, writer, Progress::new(deps, scope)).await?,
            ))
        }
        DataKind::Trucks => {
            let list = pages::fetch(provider.clone(), move |p, c| async move {
                p.vehicles_page(c, since).await
            });
            let writer = VehicleWriter::new(provider_name, missing);
            Ok(done(
                pull(deps, scope, run, list, writer, Progress::new(deps, scope)).await?,
            ))
        }
        DataKind::Trailers => {
            let mut list =
                pages::fetch(
                    provider.clone(),
                    |p, c| async move { p.trailers_page(c).await },
                );
            // The second step's list downloads while the trailers are written.
            let assignments = list.then(provider.clone(), |p, c| async move {
                p.trailer_assignments_page(c).await
            });
            let writer = TrailerWriter::new(provider_name, missing);
            let counts = pull(deps, scope, run, list, writer, Progress::new(deps, scope)).await?;
            // The second step (spec part 2 §4): its failure warns, the sync stands.
            let writer = AssignmentWriter::new(provider_name);
            let progress = Progress::pages_only(deps, scope);
            let assignments = pull(deps, scope, run, assignments, writer, progress).await;
            Ok(match assignments {
                Ok(n) => Outcome {
                    assignments_updated: Some(n),
                    ..done(counts)
                },
                Err(err) => {
                    tracing::warn!(error = %err, "trailer assignments could not be updated");
                    Outcome {
                        warning: Some(domain::texts::fill(
                            &domain::texts().server.eld.assignment_warning,
                            &[("error", &err.to_string())],
                        )),
                        ..done(counts)
                    }
                }
            })
        }
    }
}

/// A CSV import's records of one kind, bounded and written like a run's
/// (in the caller's transaction).
pub async fn write_records<R: RowKind + Bounded>(
    tx: &FleetTx,
    provider: &str,
    incoming: Vec<R>,
    missing: Missing,
) -> Result<Counts, DbErr> {
    let mut writer = Received::<R>::new(provider, missing);
    writer.add(incoming.into_iter().map(Bounded::bounded).collect());
    writer.apply(tx).await
}

/// Marks the integration as refused by the provider: scheduled runs stop
/// until the key is updated.
pub async fn mark_needs_attention(
    deps: &EldDeps<'_>,
    scope: TenantScope,
    reason: &str,
) -> Result<(), DbErr> {
    let txn = tenancy::write(deps.db, scope).await?;
    if let Some(i) = repo::integration(&txn).await? {
        let mut am = i.into_active_model();
        am.needs_attention = Set(true);
        am.attention_reason = Set(Some(reason.chars().take(500).collect()));
        repo::update_integration(&txn, am).await?;
    }
    txn.commit().await
}

/// Moves the integration's schedule forward after a scheduled run starts.
pub async fn advance_schedule(
    tx: &db::tenancy::SystemTx,
    integration: db::entities::fleet_eld_integration::Model,
) -> Result<(), DbErr> {
    let next = next_sync_after(&integration.sync_frequency, Utc::now());
    let mut am = integration.into_active_model();
    am.next_sync_at = Set(Some(next));
    repo::save_schedule(tx, am).await
}

pub fn written(counts: &Counts) -> i32 {
    counts.written()
}
