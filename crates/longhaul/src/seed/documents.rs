//! Fleet documents for the demo, the benchmarks and the tests: every status
//! (expired, expiring soon, valid, none), every type, documents of the
//! fleet, of its trucks, trailers and drivers, uploaded over two years.

use crate::modules::documents::KEY_PREFIX;
use chrono::{Days, Duration, NaiveDate, Utc};
use db::entities::{fleet_document, fleet_driver, fleet_trailer, fleet_vehicle};
use db::tenancy::{FleetOwned, FleetTx};
use domain::documents::DOCUMENT_TYPES;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use sea_orm::{DbErr, EntityTrait, QuerySelect, Set};
use uuid::Uuid;

/// Rows per INSERT (19 columns: well under both databases' bind limits).
const CHUNK: usize = 1000;

/// A one-page PDF naming the document, stored for demo rows.
fn sample_pdf(title: &str) -> Vec<u8> {
    let text = title.replace(['(', ')', '\\'], " ");
    format!(
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n4 0 obj << /Length {} >> stream\nBT /F1 18 Tf 72 720 Td ({text}) Tj ET\nendstream endobj\n5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
        text.len() + 35
    )
    .into_bytes()
}

fn day_offset(today: NaiveDate, days: i64) -> NaiveDate {
    if days >= 0 {
        today.checked_add_days(Days::new(days as u64))
    } else {
        today.checked_sub_days(Days::new(days.unsigned_abs()))
    }
    .unwrap_or(today)
}

/// `n` documents of the fleet. With a store, each gets a small PDF object
/// (the demo); without, rows only (the list benchmarks).
pub async fn seed_documents(
    tx: &FleetTx,
    files: Option<&dyn ObjectStore>,
    n: usize,
) -> anyhow::Result<()> {
    use {fleet_driver::Column as D, fleet_trailer::Column as T, fleet_vehicle::Column as V};
    let fleet = tx.scope().fleet_account_id();
    let trucks = ids::<fleet_vehicle::Entity>(tx, V::Id).await?;
    let trailers = ids::<fleet_trailer::Entity>(tx, T::Id).await?;
    let drivers = ids::<fleet_driver::Entity>(tx, D::Id).await?;
    let now = Utc::now();
    let today = now.date_naive();
    let labels = &domain::texts().documents.types;
    let mut batch = Vec::with_capacity(CHUNK.min(n));
    for i in 0..n {
        let kind = DOCUMENT_TYPES[i % DOCUMENT_TYPES.len()];
        let label = labels.get(kind).map(String::as_str).unwrap_or(kind);
        // 10 % expired, 10 % expiring soon, 55 % valid, 25 % without a date.
        let expiration = match (i * 7) % 20 {
            0 | 1 => Some(day_offset(today, -((i % 400) as i64) - 1)),
            2 | 3 => Some(day_offset(today, (i % 30) as i64)),
            4..=14 => Some(day_offset(today, 31 + (i % 700) as i64)),
            _ => None,
        };
        let (truck_id, trailer_id, driver_id) = match i % 4 {
            0 if !trucks.is_empty() => (Some(trucks[i % trucks.len()]), None, None),
            1 if !trailers.is_empty() => (None, Some(trailers[i % trailers.len()]), None),
            2 if !drivers.is_empty() => (None, None, Some(drivers[i % drivers.len()])),
            _ => (None, None, None),
        };
        let name = format!("{label} {:05}", i + 1);
        let path = Path::from(format!("{KEY_PREFIX}/{fleet}/{}", Uuid::new_v4()));
        let bytes = files.map(|_| sample_pdf(&name));
        if let (Some(store), Some(bytes)) = (files, &bytes) {
            store.put(&path, PutPayload::from(bytes.clone())).await?;
        }
        batch.push(fleet_document::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(fleet),
            search_name: Set(fleet_document::search_name(&name)),
            name: Set(name.clone()),
            document_type: Set(kind.to_owned()),
            description: Set((i % 3 == 0).then(|| format!("Filed for {label}"))),
            file_path: Set(path.to_string()),
            file_name: Set(format!("{}.pdf", name.to_lowercase().replace(' ', "-"))),
            file_type: Set("application/pdf".into()),
            file_size: Set(bytes
                .as_ref()
                .map_or(48_213 + (i as i64 % 9000), |b| b.len() as i64)),
            issue_date: Set(expiration.map(|d| day_offset(d, -365))),
            expiration_date: Set(expiration),
            is_shared_with_drivers: Set(i % 5 == 0),
            truck_id: Set(truck_id),
            trailer_id: Set(trailer_id),
            driver_id: Set(driver_id),
            load_id: Set(None),
            created_by: Set(None),
            created_at: Set(now - Duration::minutes(((i * 7919) % (730 * 24 * 60)) as i64)),
            ..Default::default()
        });
        if batch.len() == CHUNK {
            fleet_document::Entity::insert_many(std::mem::take(&mut batch))
                .exec(tx)
                .await?;
        }
    }
    if !batch.is_empty() {
        fleet_document::Entity::insert_many(batch).exec(tx).await?;
    }
    Ok(())
}

/// Up to 5,000 ids of the fleet's rows of one table.
async fn ids<E: FleetOwned>(tx: &FleetTx, id: E::Column) -> Result<Vec<Uuid>, DbErr> {
    E::within(tx)
        .select_only()
        .column(id)
        .limit(5000)
        .into_tuple()
        .all(tx)
        .await
}
