//! The board as brokers see it: a radius search nearest-first with trust
//! badges, one posting's details, and a message to its carrier.

use crate::modules::auth::throttle::{self, UserBudget};
use crate::modules::brokers::BrokersError;
use crate::modules::brokers::deps::BrokersDeps;
use crate::modules::brokers::dto::{
    BoardOrigin, BoardPage, BoardResult, CarrierView, SearchCriteria, TrustBadges,
};
use crate::modules::brokers::emails::{self, Inquiry};
use crate::modules::brokers::repo;
use chrono::{DateTime, Duration, Utc};
use db::board::BoardQuery;
use db::entities::{fleet_message, profile, truck_posting};
use db::tenancy::{self, BrokerScope, TenantScope};
use domain::board as rules;
use domain::geo::{self, LatLon, Place};
use sea_orm::{ConnectionTrait, DatabaseConnection, Set};
use std::collections::HashMap;
use uuid::Uuid;

pub const PAGE_SIZE: u32 = 25;
const MAX_PAGE: u32 = 400;
const MAX_AGE_HOURS: u32 = 720;
const MAX_MESSAGE: usize = 2000;

/// A search's criteria, checked: the origin resolved, every list known.
#[derive(Debug, Clone)]
pub struct Checked {
    pub origin: Place,
    pub query: BoardQuery,
}

pub fn resolve_origin(text_in: &str) -> Result<Place, BrokersError> {
    let t = text_in.trim();
    if t.is_empty() {
        return Err(BrokersError::invalid(
            "origin",
            &domain::texts().board.origin_required,
        ));
    }
    geo::resolve(t)
        .ok_or_else(|| BrokersError::invalid("origin", &domain::texts().board.origin_unknown))
}

/// Checks criteria and builds the query of one page (1-based).
pub fn check(c: &SearchCriteria, page: u32, now: DateTime<Utc>) -> Result<Checked, BrokersError> {
    let origin = resolve_origin(&c.origin)?;
    let radius = c.radius_mi.unwrap_or(rules::DEFAULT_RADIUS_MI);
    if !(1..=rules::MAX_RADIUS_MI).contains(&radius) {
        return Err(BrokersError::invalid(
            "radius_mi",
            &domain::texts().board.radius_invalid,
        ));
    }
    let destinations = rules::destinations(&c.destinations).ok_or_else(|| {
        BrokersError::invalid("destinations", &domain::texts().board.destinations_invalid)
    })?;
    let mut equipment: Vec<String> = Vec::new();
    for e in &c.equipment {
        let e = e.trim();
        if !rules::is_equipment(e) {
            return Err(BrokersError::invalid(
                "equipment",
                &domain::texts().board.equipment_invalid,
            ));
        }
        if !equipment.iter().any(|x| x == e) {
            equipment.push(e.to_owned());
        }
    }
    if let (Some(from), Some(to)) = (c.available_from, c.available_to)
        && to < from
    {
        return Err(BrokersError::invalid(
            "available_to",
            &domain::texts().board.window_invalid,
        ));
    }
    if c.max_age_hours
        .is_some_and(|h| !(1..=MAX_AGE_HOURS).contains(&h))
    {
        return Err(BrokersError::invalid(
            "max_age_hours",
            &domain::texts().board.search.max_age_invalid,
        ));
    }
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(BrokersError::invalid(
            "page",
            &domain::texts().board.search.page_invalid,
        ));
    }
    Ok(Checked {
        query: BoardQuery {
            origin: origin.at,
            radius_mi: f64::from(radius),
            equipment,
            destinations,
            available_from: c.available_from,
            available_to: c.available_to,
            posted_after: c.max_age_hours.map(|h| now - Duration::hours(i64::from(h))),
            include_not_allowed: c.include_not_allowed,
            now,
            offset: u64::from((page - 1) * PAGE_SIZE),
            // One more than a page: whether there is a next one.
            limit: u64::from(PAGE_SIZE) + 1,
        },
        origin,
    })
}

pub fn result_of(p: &truck_posting::Model, miles: Option<f64>) -> BoardResult {
    BoardResult {
        id: p.id,
        deadhead_mi: miles.map(|m| (m * 10.0).round() / 10.0),
        truck_number: p.truck_number.clone(),
        equipment_type: p.equipment_type.clone(),
        length_ft: p.length_ft,
        weight_lbs: p.weight_lbs,
        available_from: p.available_from,
        available_to: p.available_to,
        origin: BoardOrigin {
            label: format!("{}, {}", p.origin_city, p.origin_state),
            lat: p.lat,
            lon: p.lon,
        },
        destinations: rules::destinations_from_column(&p.destinations),
        rate_per_mile_cents: p.rate_per_mile_cents,
        notes: p.notes.clone(),
        posted_at: p.posted_at,
        carrier: CarrierView {
            carrier_id: carrier_id(p.fleet_account_id),
            legal_name: p.carrier_name.clone(),
            dot_number: p.carrier_dot.clone(),
            mc_number: p.carrier_mc.clone(),
            contact_name: p.contact_name.clone(),
            contact_phone: p.contact_phone.clone(),
            contact_email: p.contact_email.clone(),
        },
        badges: TrustBadges {
            approved: p.carrier_approved,
            eld_location_updated_at: (p.location_source == "eld")
                .then_some(p.location_updated_at)
                .flatten(),
            insurance_on_file: p.insurance_on_file,
            authority_active: p.authority_active,
            not_allowed_to_operate: !p.carrier_allowed,
            loads_delivered: p.loads_delivered,
            on_time_pickup_pct: p.on_time_pickup_pct,
            on_time_delivery_pct: p.on_time_delivery_pct,
            on_time_from_eld: p.on_time_from_eld,
            committed_elsewhere: p.committed_elsewhere,
        },
    }
}

/// A carrier's id on the board: a one-way digest of its fleet account's id.
fn carrier_id(fleet_account_id: Uuid) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"longhaul-board-carrier:")
        .chain_update(fleet_account_id.as_bytes())
        .finalize();
    hex::encode(&digest[..12])
}

/// The postings of `ids` a broker may see (active, window not over), by id.
async fn visible<C: ConnectionTrait>(
    conn: &C,
    ids: Vec<Uuid>,
    now: DateTime<Utc>,
) -> Result<HashMap<Uuid, truck_posting::Model>, BrokersError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = repo::board::visible(conn, ids, now).await?;
    Ok(rows.into_iter().map(|p| (p.id, p)).collect())
}

/// One page of matches for a checked search, in the broker's transaction.
pub async fn run<C: ConnectionTrait>(
    conn: &C,
    checked: &Checked,
) -> Result<(Vec<BoardResult>, bool), BrokersError> {
    let mut hits = repo::board::nearest(conn, &checked.query).await?;
    let has_more = hits.len() > PAGE_SIZE as usize;
    hits.truncate(PAGE_SIZE as usize);
    let postings = visible(
        conn,
        hits.iter().map(|h| h.posting_id).collect(),
        checked.query.now,
    )
    .await?;
    let results = hits
        .iter()
        .filter_map(|h| {
            postings
                .get(&h.posting_id)
                .map(|p| result_of(p, Some(h.miles)))
        })
        .collect();
    Ok((results, has_more))
}

pub async fn search(
    db: &DatabaseConnection,
    scope: BrokerScope,
    criteria: &SearchCriteria,
    page: u32,
) -> Result<BoardPage, BrokersError> {
    let checked = check(criteria, page, Utc::now())?;
    let txn = tenancy::broker_read(db, scope).await?;
    let (results, has_more) = run(&txn, &checked).await?;
    txn.commit().await?;
    Ok(BoardPage {
        origin: BoardOrigin {
            label: checked.origin.label(),
            lat: checked.origin.at.lat,
            lon: checked.origin.at.lon,
        },
        results,
        page,
        page_size: PAGE_SIZE,
        has_more,
    })
}

pub async fn detail(
    db: &DatabaseConnection,
    scope: BrokerScope,
    id: Uuid,
    origin: Option<&str>,
) -> Result<BoardResult, BrokersError> {
    let from = origin
        .filter(|o| !o.trim().is_empty())
        .map(resolve_origin)
        .transpose()?;
    let txn = tenancy::broker_read(db, scope).await?;
    let posting = visible(&txn, vec![id], Utc::now())
        .await?
        .remove(&id)
        .ok_or(BrokersError::NotFound)?;
    txn.commit().await?;
    let miles = from.map(|o| {
        geo::distance_mi(
            o.at,
            LatLon {
                lat: posting.lat,
                lon: posting.lon,
            },
        )
    });
    Ok(result_of(&posting, miles))
}

/// A broker's message about a posting: it lands in the fleet's inbox and
/// is mailed to the fleet's admins, both in one transaction (the mail
/// through the outbox), so neither is lost without the other.
pub async fn contact(
    deps: &BrokersDeps<'_>,
    scope: BrokerScope,
    sender: &profile::Model,
    id: Uuid,
    message: &str,
) -> Result<(), BrokersError> {
    let message = message.trim();
    if message.is_empty() || message.chars().count() > MAX_MESSAGE {
        return Err(BrokersError::invalid(
            "message",
            &domain::texts().board.search.contact_required,
        ));
    }
    throttle::reserve_for_user(deps.db, UserBudget::ContactCarrier, sender.id).await?;
    let now = Utc::now();
    let txn = tenancy::broker_read(deps.db, scope).await?;
    let posting = visible(&txn, vec![id], now)
        .await?
        .remove(&id)
        .ok_or(BrokersError::NotFound)?;
    let broker_name = repo::accounts::by_id(&txn, scope.broker_account_id())
        .await?
        .map(|a| a.name)
        .unwrap_or_default();
    txn.commit().await?;

    let sender_name = super::users::display_name(sender);
    let fleet_scope = TenantScope::for_board_inquiry(posting.fleet_account_id);
    let txn = tenancy::write(deps.db, fleet_scope).await?;
    let inbox = fleet_message::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(posting.fleet_account_id),
        driver_id: Set(None),
        sender_name: Set(sender_name.clone()),
        sender_email: Set(sender.email.clone()),
        company: Set(Some(broker_name.clone())),
        message: Set(format!(
            "{}\n\n{message}",
            domain::texts()
                .board
                .contact_inbox
                .as_str()
                .replace("{truck}", &posting.truck_number)
        )),
        created_at: Set(now),
        read_at: Set(None),
        load_id: Set(None),
        from_office: Set(false),
        sender_profile_id: Set(None),
        notified_at: Set(None),
    };
    repo::board::insert_message(&txn, inbox).await?;
    let admins = repo::board::fleet_admins(&txn, posting.fleet_account_id).await?;
    let origin = format!("{}, {}", posting.origin_city, posting.origin_state);
    let window = format!("{} to {}", posting.available_from, posting.available_to);
    let inbox_link = format!("{}/fleet-dashboard/inbox", deps.public_url);
    let inquiry = Inquiry {
        broker_name: &broker_name,
        sender_name: &sender_name,
        sender_email: &sender.email,
        truck: &posting.truck_number,
        origin: &origin,
        window: &window,
        message,
        inbox_link: &inbox_link,
    };
    let mails = admins
        .iter()
        .map(|a| emails::inquiry(&a.email, &inquiry))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let stored = crate::mail::outbox::store_in(&txn, deps.cipher, &mails).await?;
    txn.commit().await?;
    crate::mail::outbox::enqueue_stored(deps.jobs, stored, "board inquiry").await;
    Ok(())
}
