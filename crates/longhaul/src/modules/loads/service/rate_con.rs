//! A load from a broker's rate confirmation (issue 31 §2): the uploaded PDF
//! is kept in the file store as pending (`rate-cons/pending/<fleet>/<id>.pdf`),
//! its text read (`pdf_text`, `domain::loads::rate_con`) into a draft whose
//! customer and facilities are matched to the fleet's own; creating the
//! load with the upload's id files the PDF with it
//! (`rate-cons/<fleet>/<load>.pdf`).

use super::pdf_text::{self, PdfError};
use super::{LoadsError, texts};
use crate::modules::loads::dto::{RateConDraft, RateConLoad, RateConStop};
use crate::modules::loads::repo;
use db::entities::{customer, facility};
use db::tenancy::{self, TenantScope};
use domain::loads::rate_con::{Draft, DraftStop, Reading};
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use sea_orm::DatabaseConnection;
use uuid::Uuid;

/// The largest rate confirmation taken.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;

/// Where an upload waits for the load it will be filed with.
pub fn pending_path(scope: TenantScope, upload_id: Uuid) -> Path {
    Path::from(format!(
        "rate-cons/pending/{}/{upload_id}.pdf",
        scope.fleet_account_id()
    ))
}

/// Where a load's rate confirmation is kept: among the fleet's documents,
/// since it is filed as one (type `rate_confirmation`).
pub fn filed_path(scope: TenantScope, load_id: Uuid) -> Path {
    Path::from(format!(
        "{}/{}/rate-cons/{load_id}.pdf",
        crate::modules::documents::KEY_PREFIX,
        scope.fleet_account_id()
    ))
}

/// The limit as the refusal says it.
pub fn too_large() -> LoadsError {
    LoadsError::TooLarge(texts().rate_con.too_large.replace(
        "{limit}",
        &domain::documents::size_for_people(MAX_BYTES as u64),
    ))
}

/// Reads an uploaded rate confirmation and keeps it for the load to come.
pub async fn draft(
    db: &DatabaseConnection,
    files: &dyn ObjectStore,
    scope: TenantScope,
    bytes: Vec<u8>,
) -> Result<RateConDraft, LoadsError> {
    let t = &texts().rate_con;
    if bytes.is_empty() {
        return Err(LoadsError::invalid("file", &t.file_empty));
    }
    if bytes.len() > MAX_BYTES {
        return Err(too_large());
    }
    if !pdf_text::looks_like_pdf(&bytes) {
        return Err(LoadsError::Unsupported(t.not_pdf.clone()));
    }
    // Parsing is CPU work: off the async threads.
    let (reading, bytes) = tokio::task::spawn_blocking(move || {
        let reading = pdf_text::read_rate_con(&bytes);
        (reading, bytes)
    })
    .await?;
    let reading = reading.map_err(|PdfError::Unreadable(why)| {
        tracing::info!(%why, "an uploaded rate confirmation does not parse");
        LoadsError::invalid("file", &t.unreadable)
    })?;

    let tx = tenancy::read(db, scope).await?;
    let customers = repo::customers(&tx).await?;
    let facilities = repo::facilities(&tx).await?;
    tx.commit().await?;

    let upload_id = Uuid::new_v4();
    files
        .put(&pending_path(scope, upload_id), PutPayload::from(bytes))
        .await?;
    Ok(match reading {
        Some(reading) => view(upload_id, reading, &customers, &facilities),
        None => RateConDraft {
            has_text: false,
            message: Some(t.no_text_layer.clone()),
            upload_id,
            draft: load_view(&Draft::default(), &customers, &facilities),
            from_rate_con: Vec::new(),
            missing_terms: Vec::new(),
        },
    })
}

/// The pending upload `upload_id` of this fleet, or not found (another
/// fleet's, one already filed, or none).
pub async fn pending(
    files: &dyn ObjectStore,
    scope: TenantScope,
    upload_id: Uuid,
) -> Result<(Path, u64), LoadsError> {
    let path = pending_path(scope, upload_id);
    match files.head(&path).await {
        Ok(meta) => Ok((path, meta.size)),
        Err(object_store::Error::NotFound { .. }) => Err(LoadsError::NotFound),
        Err(err) => Err(err.into()),
    }
}

fn view(
    upload_id: Uuid,
    reading: Reading,
    customers: &[customer::Model],
    facilities: &[facility::Model],
) -> RateConDraft {
    RateConDraft {
        has_text: true,
        message: None,
        upload_id,
        draft: load_view(&reading.draft, customers, facilities),
        from_rate_con: reading.found.iter().map(|f| (*f).to_owned()).collect(),
        missing_terms: reading
            .missing_terms
            .iter()
            .map(|t| (*t).to_owned())
            .collect(),
    }
}

fn digits(value: &str) -> String {
    value.chars().filter(char::is_ascii_digit).collect()
}

fn same_text(a: &str, b: &str) -> bool {
    let words = |s: &str| {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    };
    let (a, b) = (words(a), words(b));
    !a.is_empty() && a == b
}

/// The fleet's customer the rate con names: by USDOT number, then MC
/// number, then name (case and punctuation aside).
fn matched_customer(d: &Draft, customers: &[customer::Model]) -> Option<uuid::Uuid> {
    let by_number = |wanted: Option<&String>, of: fn(&customer::Model) -> Option<&String>| {
        let wanted = digits(wanted?);
        customers
            .iter()
            .find(|c| of(c).is_some_and(|n| !wanted.is_empty() && digits(n) == wanted))
            .map(|c| c.id)
    };
    by_number(d.customer_usdot.as_ref(), |c| c.usdot_number.as_ref())
        .or_else(|| by_number(d.customer_mc.as_ref(), |c| c.mc_number.as_ref()))
        .or_else(|| {
            let name = d.customer_name.as_deref()?;
            customers
                .iter()
                .find(|c| same_text(&c.name, name))
                .map(|c| c.id)
        })
}

/// The fleet's facility of the stop's name, city and state.
fn matched_facility(s: &DraftStop, facilities: &[facility::Model]) -> Option<Uuid> {
    let (name, city, state) = (
        s.facility_name.as_deref()?,
        s.city.as_deref()?,
        s.state.as_deref()?,
    );
    facilities
        .iter()
        .find(|f| {
            same_text(&f.name, name)
                && same_text(&f.city, city)
                && f.state.eq_ignore_ascii_case(state)
        })
        .map(|f| f.id)
}

fn load_view(
    d: &Draft,
    customers: &[customer::Model],
    facilities: &[facility::Model],
) -> RateConLoad {
    RateConLoad {
        customer_id: matched_customer(d, customers),
        customer_name: d.customer_name.clone(),
        customer_mc: d.customer_mc.clone(),
        customer_usdot: d.customer_usdot.clone(),
        load_number: d.load_number.clone(),
        bol_number: d.bol_number.clone(),
        po_number: d.po_number.clone(),
        pickup_number: d.pickup_number.clone(),
        equipment_type: d.equipment_type.clone(),
        length_ft: d.length_ft,
        reefer_temp_f: d.reefer_temp_f,
        commodity: d.commodity.clone(),
        weight_lbs: d.weight_lbs,
        pieces: d.pieces,
        rate_method: d.rate_method.clone(),
        linehaul_cents: d.linehaul_cents,
        rate_per_mile_cents: d.rate_per_mile_cents,
        fuel_surcharge_cents: d.fuel_surcharge_cents,
        detention_free_minutes: d.detention_free_minutes,
        detention_rate_cents: d.detention_rate_cents,
        detention_cap_cents: d.detention_cap_cents,
        tonu_cents: d.tonu_cents,
        tonu_window_hours: d.tonu_window_hours,
        lumper_terms: d.lumper_terms.clone(),
        stops: d
            .stops
            .iter()
            .map(|s| RateConStop {
                kind: s.kind.clone(),
                facility_name: s.facility_name.clone(),
                address: s.address.clone(),
                city: s.city.clone(),
                state: s.state.clone(),
                zip: s.zip.clone(),
                facility_id: matched_facility(s, facilities),
                appointment: s.appointment,
                window_start: s.window_start,
                window_end: s.window_end,
                time_zone: s.time_zone.clone(),
                instructions: s.instructions.clone(),
            })
            .collect(),
    }
}

/// How long an upload waits for its load: a draft left open over a night
/// can still be saved with its PDF the next morning.
pub const PENDING_KEPT_FOR: chrono::Duration = chrono::Duration::hours(24);

/// Removes pending uploads last written before `cutoff`: drafts that were
/// never saved. Returns how many were removed.
pub async fn sweep_pending(
    files: &dyn ObjectStore,
    cutoff: chrono::DateTime<chrono::Utc>,
) -> Result<u64, object_store::Error> {
    use futures_util::StreamExt;
    let mut listing = files.list(Some(&Path::from("rate-cons/pending")));
    let mut removed = 0;
    while let Some(meta) = listing.next().await {
        let meta = meta?;
        if meta.last_modified < cutoff {
            match files.delete(&meta.location).await {
                // Filed and removed by its load's save meanwhile.
                Ok(()) | Err(object_store::Error::NotFound { .. }) => removed += 1,
                Err(err) => return Err(err),
            }
        }
    }
    Ok(removed)
}
