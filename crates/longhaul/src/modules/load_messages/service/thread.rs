//! A load's thread, for the office (a fleet admin, any load of the fleet)
//! and for a driver (only loads they drive, alone or in a team; any other
//! load answers 404 like a missing one).

use crate::http::validation;
use crate::modules::auth::DriverSession;
use crate::modules::load_messages::LoadMessagesError;
use crate::modules::load_messages::dto::{
    LoadMessageInput, LoadMessageView, LoadThread, LoadUnread, UnreadSummary,
};
use crate::modules::load_messages::repo;
use chrono::{DateTime, Utc};
use db::entities::{fleet_message, fleet_notification, load};
use db::tenancy::{FleetTx, TenantScope};
use domain::fleet::driver_display_name;
use domain::text_input::clean_text;
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

/// The bell's entry quotes this many characters of the message.
const BELL_EXCERPT: usize = 140;

/// Who reads or writes: the office, or one driver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Office,
    Driver(Uuid),
}

impl Reader {
    fn is_office(self) -> bool {
        self == Reader::Office
    }

    fn wrote(self, m: &fleet_message::Model) -> bool {
        match self {
            Reader::Office => m.from_office,
            Reader::Driver(id) => !m.from_office && m.driver_id == Some(id),
        }
    }
}

/// The office user writing.
pub struct OfficeAuthor {
    pub profile_id: Uuid,
    pub name: String,
    pub email: String,
}

fn view(reader: Reader, m: fleet_message::Model) -> LoadMessageView {
    LoadMessageView {
        mine: reader.wrote(&m),
        id: m.id,
        message: m.message,
        from_office: m.from_office,
        sender_name: m.sender_name,
        read: m.read_at.is_some(),
        created_at: m.created_at,
    }
}

/// The load, when the reader may use its thread.
async fn open_load(
    tx: &FleetTx,
    reader: Reader,
    id: Uuid,
) -> Result<load::Model, LoadMessagesError> {
    let load = repo::load(tx, id)
        .await?
        .ok_or(LoadMessagesError::NotFound)?;
    match reader {
        Reader::Office => Ok(load),
        Reader::Driver(me) if load.driver_id == Some(me) || load.second_driver_id == Some(me) => {
            Ok(load)
        }
        Reader::Driver(_) => Err(LoadMessagesError::NotFound),
    }
}

fn reader_of(session: &DriverSession) -> Reader {
    Reader::Driver(session.driver_id)
}

/// The thread, oldest first, and what the reader has not read.
pub async fn thread(
    db: &DatabaseConnection,
    scope: TenantScope,
    reader: Reader,
    load_id: Uuid,
) -> Result<LoadThread, LoadMessagesError> {
    let tx = db::tenancy::read(db, scope).await?;
    let load = open_load(&tx, reader, load_id).await?;
    let mut rows = repo::thread(&tx, load.id).await?;
    rows.reverse();
    let unread = repo::unread_in(&tx, load.id, !reader.is_office()).await?;
    tx.commit().await?;
    Ok(LoadThread {
        load_id: load.id,
        pro_number: load.pro_number,
        items: rows.into_iter().map(|m| view(reader, m)).collect(),
        unread,
    })
}

pub async fn office_thread(
    db: &DatabaseConnection,
    scope: TenantScope,
    load_id: Uuid,
) -> Result<LoadThread, LoadMessagesError> {
    thread(db, scope, Reader::Office, load_id).await
}

pub async fn driver_thread(
    db: &DatabaseConnection,
    session: &DriverSession,
    load_id: Uuid,
) -> Result<LoadThread, LoadMessagesError> {
    thread(db, session.scope(), reader_of(session), load_id).await
}

/// The message as stored: trimmed, line breaks kept.
fn checked(input: &LoadMessageInput) -> Result<String, LoadMessagesError> {
    validation::check(input)?;
    Ok(clean_text(&input.message, true))
}

fn new_row(
    scope: TenantScope,
    load_id: Uuid,
    message: String,
    now: DateTime<Utc>,
) -> fleet_message::ActiveModel {
    fleet_message::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(scope.fleet_account_id()),
        load_id: Set(Some(load_id)),
        message: Set(message),
        created_at: Set(now),
        read_at: Set(None),
        notified_at: Set(None),
        company: Set(None),
        ..Default::default()
    }
}

/// The office writes on the load.
pub async fn office_send(
    db: &DatabaseConnection,
    scope: TenantScope,
    author: &OfficeAuthor,
    load_id: Uuid,
    input: &LoadMessageInput,
    now: DateTime<Utc>,
) -> Result<LoadMessageView, LoadMessagesError> {
    let message = checked(input)?;
    let tx = db::tenancy::write(db, scope).await?;
    let load = open_load(&tx, Reader::Office, load_id).await?;
    let mut row = new_row(scope, load.id, message, now);
    row.driver_id = Set(None);
    row.from_office = Set(true);
    row.sender_profile_id = Set(Some(author.profile_id));
    row.sender_name = Set(author.name.clone());
    row.sender_email = Set(author.email.clone());
    let saved = repo::insert_message(&tx, row).await?;
    tx.commit().await?;
    Ok(view(Reader::Office, saved))
}

/// A driver of the load writes; the office's bell says so.
pub async fn driver_send(
    db: &DatabaseConnection,
    session: &DriverSession,
    load_id: Uuid,
    input: &LoadMessageInput,
    now: DateTime<Utc>,
) -> Result<LoadMessageView, LoadMessagesError> {
    let message = checked(input)?;
    let scope = session.scope();
    let reader = reader_of(session);
    let tx = db::tenancy::write(db, scope).await?;
    let load = open_load(&tx, reader, load_id).await?;
    let driver = repo::driver(&tx, session.driver_id)
        .await?
        .ok_or(LoadMessagesError::NotFound)?;
    let name = driver_display_name(
        driver.first_name.as_deref(),
        driver.last_name.as_deref(),
        driver.username.as_deref(),
    );
    let mut row = new_row(scope, load.id, message, now);
    row.driver_id = Set(Some(driver.id));
    row.from_office = Set(false);
    row.sender_profile_id = Set(None);
    row.sender_name = Set(name.clone());
    row.sender_email = Set(driver.email.clone().unwrap_or_default());
    let saved = repo::insert_message(&tx, row).await?;
    repo::insert_notification(&tx, bell_entry(scope, &load, &saved, &name, now)).await?;
    tx.commit().await?;
    Ok(view(reader, saved))
}

fn bell_entry(
    scope: TenantScope,
    load: &load::Model,
    m: &fleet_message::Model,
    driver: &str,
    now: DateTime<Utc>,
) -> fleet_notification::ActiveModel {
    let t = &domain::texts().load_messages;
    let mut detail: String = m.message.chars().take(BELL_EXCERPT).collect();
    if m.message.chars().count() > BELL_EXCERPT {
        detail.push('…');
    }
    fleet_notification::ActiveModel {
        id: Set(Uuid::new_v4()),
        fleet_account_id: Set(scope.fleet_account_id()),
        kind: Set(repo::BELL_KIND.into()),
        item_key: Set(repo::bell_key(load.id, m.id)),
        threshold: Set(0),
        due_on: Set(None),
        title: Set(domain::texts::fill(
            &t.bell_title,
            &[("driver", driver), ("pro", &load.pro_number.to_string())],
        )),
        detail: Set(Some(detail)),
        link: Set(format!("/fleet-dashboard/loads/{}", load.id)),
        created_at: Set(now),
        read_at: Set(None),
    }
}

/// Marks the other side's messages on the load read by the reader (and,
/// for the office, the bell's entries of them).
pub async fn mark_read(
    db: &DatabaseConnection,
    scope: TenantScope,
    reader: Reader,
    load_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), LoadMessagesError> {
    let tx = db::tenancy::write(db, scope).await?;
    let load = open_load(&tx, reader, load_id).await?;
    repo::mark_read(&tx, load.id, !reader.is_office(), now).await?;
    if reader.is_office() {
        repo::mark_bell_read(&tx, load.id, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

pub async fn office_mark_read(
    db: &DatabaseConnection,
    scope: TenantScope,
    load_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), LoadMessagesError> {
    mark_read(db, scope, Reader::Office, load_id, now).await
}

pub async fn driver_mark_read(
    db: &DatabaseConnection,
    session: &DriverSession,
    load_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), LoadMessagesError> {
    mark_read(db, session.scope(), reader_of(session), load_id, now).await
}

fn summary(by_load: Vec<(Uuid, i64)>) -> UnreadSummary {
    let mut by_load: Vec<LoadUnread> = by_load
        .into_iter()
        .map(|(load_id, n)| LoadUnread {
            load_id,
            unread: u64::try_from(n).unwrap_or_default(),
        })
        .filter(|l| l.unread > 0)
        .collect();
    by_load.sort_by_key(|l| l.load_id);
    UnreadSummary {
        total: by_load.iter().map(|l| l.unread).sum(),
        by_load,
    }
}

/// The drivers' messages the office has not read, by load.
pub async fn office_unread(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<UnreadSummary, LoadMessagesError> {
    let tx = db::tenancy::read(db, scope).await?;
    let counts = repo::unread_by_load(&tx, false).await?;
    tx.commit().await?;
    Ok(summary(counts))
}

/// The office's messages the driver has not read, on the loads they drive.
pub async fn driver_unread(
    db: &DatabaseConnection,
    session: &DriverSession,
) -> Result<UnreadSummary, LoadMessagesError> {
    let tx = db::tenancy::read(db, session.scope()).await?;
    let counts = repo::unread_by_load(&tx, true).await?;
    let ids: Vec<Uuid> = counts.iter().map(|(id, _)| *id).collect();
    let mine = repo::loads_of_driver(&tx, session.driver_id, &ids).await?;
    tx.commit().await?;
    Ok(summary(
        counts
            .into_iter()
            .filter(|(id, _)| mine.contains(id))
            .collect(),
    ))
}
