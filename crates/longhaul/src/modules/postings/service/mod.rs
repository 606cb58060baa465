//! Posting, editing and withdrawing a truck, and ending postings whose
//! window is over.

use super::PostingsError;
use super::carrier::facts_of;
use super::dto::{PositionView, PostingInput, PostingView, shown_status};
use super::repo::{self, Listed};
use crate::modules::fleet_account::time_zone::fleet_today;
use chrono::{DateTime, NaiveDate, Utc};
use db::entities::{fleet_vehicle, truck_posting};
use db::tenancy::{self, FleetTx, SystemKey, TenantScope};
use domain::board::{self as rules, WindowError};
use domain::geo;
use sea_orm::{DatabaseConnection, IntoActiveModel, Set};
use uuid::Uuid;

/// Where the truck is, as the posting will say.
struct Located {
    city: String,
    state: String,
    zip: Option<String>,
    at: geo::LatLon,
    source: &'static str,
    updated_at: Option<DateTime<Utc>>,
}

/// The checked content of a posting.
struct Checked {
    located: Located,
    destinations: String,
    notes: Option<String>,
}

fn number_in(
    field: &'static str,
    value: Option<i32>,
    min: i32,
    max: i32,
) -> Result<Option<i32>, PostingsError> {
    match value {
        Some(v) if v < min || v > max => Err(PostingsError::Invalid {
            field,
            message: domain::texts()
                .board
                .number_invalid
                .as_str()
                .replace("{min}", &min.to_string())
                .replace("{max}", &max.to_string()),
        }),
        v => Ok(v),
    }
}

fn check(
    input: &PostingInput,
    eld_position: Option<&PositionView>,
    today: NaiveDate,
) -> Result<Checked, PostingsError> {
    let located = match input.location_source.as_str() {
        "typed" => {
            let typed = input.origin.as_deref().map(str::trim).unwrap_or_default();
            if typed.is_empty() {
                return Err(PostingsError::invalid(
                    "origin",
                    &domain::texts().board.origin_required,
                ));
            }
            let place = geo::resolve(typed).ok_or_else(|| {
                PostingsError::invalid("origin", &domain::texts().board.origin_unknown)
            })?;
            Located {
                city: place.city,
                state: place.state,
                zip: place.zip,
                at: place.at,
                source: "typed",
                updated_at: None,
            }
        }
        "eld" => {
            let p = eld_position.ok_or_else(|| {
                PostingsError::invalid("location_source", &domain::texts().board.eld_location_none)
            })?;
            let at = geo::LatLon {
                lat: p.lat,
                lon: p.lon,
            };
            let near = geo::nearest_city(at);
            Located {
                city: near
                    .as_ref()
                    .map_or_else(|| "Unknown".into(), |n| n.city.clone()),
                state: near.map_or_else(String::new, |n| n.state),
                zip: None,
                at,
                source: "eld",
                updated_at: Some(p.reported_at),
            }
        }
        _ => {
            return Err(PostingsError::Invalid {
                field: "location_source",
                message: domain::texts().server.postings.source_invalid.clone(),
            });
        }
    };
    match rules::check_window(input.available_from, input.available_to, today) {
        Ok(()) => {}
        Err(WindowError::Reversed) => {
            return Err(PostingsError::invalid(
                "available_to",
                &domain::texts().board.window_invalid,
            ));
        }
        Err(WindowError::Past) => {
            return Err(PostingsError::invalid(
                "available_to",
                &domain::texts().board.window_past,
            ));
        }
        Err(WindowError::TooLong) => {
            return Err(PostingsError::invalid(
                "available_to",
                &domain::texts().board.window_too_long,
            ));
        }
    }
    if !rules::is_equipment(&input.equipment_type) {
        return Err(PostingsError::invalid(
            "equipment_type",
            &domain::texts().board.equipment_invalid,
        ));
    }
    let destinations = rules::destinations(&input.destinations).ok_or_else(|| {
        PostingsError::invalid("destinations", &domain::texts().board.destinations_invalid)
    })?;
    number_in("length_ft", input.length_ft, 1, rules::MAX_LENGTH_FT)?;
    number_in("weight_lbs", input.weight_lbs, 1, rules::MAX_WEIGHT_LBS)?;
    number_in(
        "rate_per_mile_cents",
        input.rate_per_mile_cents,
        1,
        rules::MAX_RATE_CENTS,
    )?;
    let notes = input
        .notes
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned);
    if notes
        .as_ref()
        .is_some_and(|n| n.chars().count() > rules::MAX_NOTES)
    {
        return Err(PostingsError::Invalid {
            field: "notes",
            message: domain::texts()
                .board
                .notes_too_long
                .as_str()
                .replace("{max}", &rules::MAX_NOTES.to_string()),
        });
    }
    Ok(Checked {
        located,
        destinations: rules::destinations_column(&destinations),
        notes,
    })
}

fn truck_number(vehicle: &fleet_vehicle::Model) -> String {
    vehicle
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map_or_else(
            || {
                domain::texts()
                    .fleet
                    .assets
                    .unnamed_truck
                    .as_str()
                    .to_owned()
            },
            str::to_owned,
        )
}

fn apply(row: &mut truck_posting::ActiveModel, input: &PostingInput, c: Checked) {
    row.origin_city = Set(c.located.city);
    row.origin_state = Set(c.located.state);
    row.origin_zip = Set(c.located.zip);
    row.lat = Set(c.located.at.lat);
    row.lon = Set(c.located.at.lon);
    row.location_source = Set(c.located.source.into());
    row.location_updated_at = Set(c.located.updated_at);
    row.available_from = Set(input.available_from);
    row.available_to = Set(input.available_to);
    row.expires_at = Set(rules::expires_at(input.available_to));
    row.equipment_type = Set(input.equipment_type.clone());
    row.length_ft = Set(input.length_ft);
    row.weight_lbs = Set(input.weight_lbs);
    row.destinations = Set(c.destinations);
    row.rate_per_mile_cents = Set(input.rate_per_mile_cents);
    row.notes = Set(c.notes);
}

/// Posts a truck. A truck has at most one active posting (a unique index
/// decides between two requests at once).
pub async fn create(
    db: &DatabaseConnection,
    scope: TenantScope,
    input: &PostingInput,
    eld_position: Option<&PositionView>,
) -> Result<PostingView, PostingsError> {
    let now = Utc::now();
    // "Past" is judged on the fleet's own calendar day (decision 043).
    let today = fleet_today(db, scope, now).await?;
    let checked = check(input, eld_position, today)?;
    let txn = tenancy::write(db, scope).await?;
    let vehicle = repo::vehicle(&txn, input.vehicle_id)
        .await?
        .ok_or_else(|| {
            PostingsError::invalid("vehicle_id", &domain::texts().board.truck_invalid)
        })?;
    let fleet = repo::fleet(&txn).await?.ok_or(PostingsError::NotFound)?;
    // A posting of this truck whose window is over no longer blocks a new one.
    repo::end_expired_of_vehicle(&txn, vehicle.id, now).await?;
    let f = facts_of(&fleet);
    let id = Uuid::new_v4();
    let mut row = truck_posting::ActiveModel {
        id: Set(id),
        fleet_account_id: Set(scope.fleet_account_id()),
        vehicle_id: Set(vehicle.id),
        truck_number: Set(truck_number(&vehicle)),
        status: Set("active".into()),
        carrier_name: Set(f.name),
        carrier_dot: Set(f.dot),
        carrier_mc: Set(f.mc),
        contact_name: Set(f.contact_name),
        contact_phone: Set(f.contact_phone),
        contact_email: Set(f.contact_email),
        carrier_approved: Set(f.approved),
        carrier_allowed: Set(f.allowed),
        authority_active: Set(f.authority_active),
        insurance_on_file: Set(f.insurance_on_file),
        // Only a writable fleet can post (the read-only guard).
        fleet_read_only: Set(false),
        posted_at: Set(now),
        updated_at: Set(now),
        ended_at: Set(None),
        ..Default::default()
    };
    apply(&mut row, input, checked);
    let saved = match repo::insert(&txn, row).await {
        Ok(saved) => saved,
        Err(err) if db::is_unique_violation(&err) => {
            return Err(PostingsError::AlreadyPosted(
                domain::texts().board.already_posted.as_str().to_owned(),
            ));
        }
        Err(err) => return Err(err.into()),
    };
    repo::sync_index(&txn, &saved).await?;
    // The board shows the fleet's record from the first search.
    super::carrier::refresh_record(&txn).await?;
    txn.commit().await?;
    Ok(PostingView::of(&saved, now))
}

async fn active_posting(
    tx: &FleetTx,
    id: Uuid,
    now: DateTime<Utc>,
) -> Result<truck_posting::Model, PostingsError> {
    let posting = repo::posting(tx, id)
        .await?
        .ok_or(PostingsError::NotFound)?;
    if shown_status(&posting, now) != "active" {
        return Err(PostingsError::not_active());
    }
    Ok(posting)
}

pub async fn update(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
    input: &PostingInput,
    eld_position: Option<&PositionView>,
) -> Result<PostingView, PostingsError> {
    let now = Utc::now();
    // "Past" is judged on the fleet's own calendar day (decision 043).
    let today = fleet_today(db, scope, now).await?;
    let checked = check(input, eld_position, today)?;
    let txn = tenancy::write(db, scope).await?;
    let posting = active_posting(&txn, id, now).await?;
    if posting.vehicle_id != input.vehicle_id {
        return Err(PostingsError::invalid(
            "vehicle_id",
            &domain::texts().board.truck_invalid,
        ));
    }
    let mut row = posting.into_active_model();
    apply(&mut row, input, checked);
    row.updated_at = Set(now);
    let saved = repo::update(&txn, row).await?;
    repo::sync_index(&txn, &saved).await?;
    txn.commit().await?;
    Ok(PostingView::of(&saved, now))
}

pub async fn withdraw(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<PostingView, PostingsError> {
    let now = Utc::now();
    let txn = tenancy::write(db, scope).await?;
    let posting = active_posting(&txn, id, now).await?;
    let mut row = posting.into_active_model();
    row.status = Set("withdrawn".into());
    row.ended_at = Set(Some(now));
    row.updated_at = Set(now);
    let saved = repo::update(&txn, row).await?;
    repo::sync_index(&txn, &saved).await?;
    txn.commit().await?;
    Ok(PostingView::of(&saved, now))
}

pub async fn get(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<PostingView, PostingsError> {
    let txn = tenancy::read(db, scope).await?;
    let posting = repo::posting(&txn, id)
        .await?
        .ok_or(PostingsError::NotFound)?;
    txn.commit().await?;
    Ok(PostingView::of(&posting, Utc::now()))
}

/// The fleet's postings, newest first: `active`, `ended` (withdrawn or
/// expired) or `all`.
pub async fn list(
    db: &DatabaseConnection,
    scope: TenantScope,
    status: Option<&str>,
) -> Result<Vec<PostingView>, PostingsError> {
    let now = Utc::now();
    let which = status.unwrap_or("active");
    let which = match which {
        "active" => Listed::Active,
        "ended" => Listed::Ended,
        "all" => Listed::All,
        _ => {
            return Err(PostingsError::Invalid {
                field: "status",
                message: domain::texts().server.postings.status_invalid.clone(),
            });
        }
    };
    let txn = tenancy::read(db, scope).await?;
    let rows = repo::list(&txn, which, now).await?;
    txn.commit().await?;
    Ok(rows.iter().map(|p| PostingView::of(p, now)).collect())
}

/// Ends every posting whose window is over (the board's refresh job):
/// searches already skip them; this keeps the index small and lets the
/// fleet see them as ended.
pub async fn end_expired(
    db: &DatabaseConnection,
    key: &SystemKey,
    now: DateTime<Utc>,
) -> Result<u64, sea_orm::DbErr> {
    let txn = tenancy::system_write(db, key).await?;
    let ended = repo::end_expired(&txn, now).await?;
    txn.commit().await?;
    Ok(ended)
}
pub mod carrier;
pub mod position;
pub mod refresh;
