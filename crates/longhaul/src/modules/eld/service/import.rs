//! The "other" provider's CSV import: one file of drivers, trucks and
//! trailers, written like a sync run of each kind the file holds (matched by
//! external id, VIN, plate or licence; unchanged rows not written; rows of
//! that kind the file no longer lists become inactive) — all in one
//! transaction with its history entry, so a file imports whole or not at all.

use super::sync::{self, Counts, Missing};
use crate::integrations::eld::ProviderKind;
use crate::integrations::eld::csv_import::{self, CsvImport};
use crate::modules::eld::dto::{ImportResult, ImportRowError};
use crate::modules::eld::error::EldError;
use crate::modules::eld::repo::{self, NewRun};
use chrono::Utc;
use db::tenancy::{self, TenantScope};
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};

/// The largest file accepted (the template's 20,000 rows fit easily).
pub const MAX_IMPORT_BYTES: usize = 8 * 1024 * 1024;

/// Imports a file the fleet uploaded; refuses one that cannot be read whole.
pub async fn import_csv(
    db: &DatabaseConnection,
    scope: TenantScope,
    bytes: &[u8],
) -> Result<ImportResult, EldError> {
    let provider = ProviderKind::Other.as_str();
    let txn = tenancy::write(db, scope).await?;
    let integration = repo::integration(&txn)
        .await?
        .filter(|i| i.is_active)
        .ok_or_else(|| EldError::NotConnected(texts_not_connected()))?;
    if integration.provider != provider {
        return Err(EldError::Unsupported(
            "A CSV file is imported only when Other (CSV import) is the fleet's ELD provider; choose it under Connect ELD first.".into(),
        ));
    }
    let CsvImport {
        drivers,
        vehicles,
        trailers,
        errors,
    } = csv_import::parse(bytes).map_err(|err| EldError::Invalid {
        message: err.to_string(),
        fields: [("file".to_owned(), err.to_string())].into(),
    })?;

    // The slot of the import kind: a second import at the same moment waits
    // for this one (PostgreSQL) or for the write lock (SQLite).
    let run = repo::insert_run(
        &txn,
        NewRun {
            kind: "import",
            trigger: "manual",
            provider,
        },
        Utc::now(),
    )
    .await
    .map_err(|err| {
        if db::is_unique_violation(&err) {
            EldError::Busy(domain::texts().server.eld.import_busy.clone())
        } else {
            err.into()
        }
    })?;

    let mut counts = Counts::default();
    if !drivers.is_empty() {
        counts += sync::write_records(&txn, provider, drivers, Missing::Deactivate).await?;
    }
    if !vehicles.is_empty() {
        counts += sync::write_records(&txn, provider, vehicles, Missing::Deactivate).await?;
    }
    if !trailers.is_empty() {
        counts += sync::write_records(&txn, provider, trailers, Missing::Deactivate).await?;
    }

    let now = Utc::now();
    let mut am = run.into_active_model();
    am.status = Set("succeeded".into());
    am.active_kind = Set(None);
    am.started_at = Set(Some(now));
    am.finished_at = Set(Some(now));
    am.pages_fetched = Set(1);
    am.synced = Set(counts.synced);
    am.created = Set(counts.created);
    am.updated = Set(counts.updated);
    am.deactivated = Set(counts.deactivated);
    am.rows_written = Set(sync::written(&counts));
    if !errors.is_empty() {
        am.warning = Set(Some(format!(
            "{} row(s) were left out because of errors.",
            errors.len()
        )));
    }
    let run = repo::save_run(&txn, am).await?;
    txn.commit().await?;
    Ok(ImportResult {
        run: run.into(),
        errors: errors
            .into_iter()
            .map(|e| ImportRowError {
                row: e.row,
                field: e.field,
                message: e.message,
            })
            .collect(),
    })
}

fn texts_not_connected() -> String {
    domain::texts::texts().eld.integration_not_found.clone()
}
