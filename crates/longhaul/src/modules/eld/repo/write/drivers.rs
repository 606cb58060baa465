//! Drivers: matched by provider id, else by licence number and state.

use super::{
    Fingerprinted, Hasher, Known, Planned, Received, RowKind, Target, Writing, identity,
    insert_rows, stamp, update_rows, valid_hash, values_of,
};
use crate::integrations::eld::EldDriver;
use crate::modules::vehicles::assignment::release_trucks_of_unknown_drivers;
use chrono::{DateTime, Utc};
use db::entities::fleet_driver::{self, Column};
use db::tenancy::{FleetOwned, FleetTx};
use sea_orm::{DbErr, FromQueryResult, QuerySelect, Set};
use uuid::Uuid;

/// The columns a sync writes to a driver it already has.
const UPDATED: [Column; 15] = [
    Column::DriverId,
    Column::EldProvider,
    Column::FirstName,
    Column::LastName,
    Column::Username,
    Column::Phone,
    Column::LicenseNumber,
    Column::LicenseState,
    Column::IsActive,
    Column::Raw,
    Column::UpdatedAt,
    Column::SearchText,
    Column::SearchName,
    Column::PhoneDigits,
    Column::EldFingerprint,
];

/// A run's drivers, fingerprinted as they arrive.
pub type DriverWriter = Received<EldDriver>;

impl RowKind for EldDriver {
    const NAME: &'static str = "drivers";
    type Extra = ();
    type Context = ();
    type Entity = fleet_driver::Entity;
    const ID: Column = Column::Id;

    async fn known(tx: &FleetTx, provider: &str) -> Result<(Vec<Known<()>>, ()), DbErr> {
        Ok((known(tx, provider).await?, ()))
    }

    fn plan(
        to: Target,
        run: &mut Writing<Self>,
        records: Vec<(Self, String)>,
    ) -> Result<Planned, DbErr> {
        let mut inserts = Vec::new();
        let mut updates = Vec::new();
        for (d, hash) in records {
            let keys = [licence(&d.license_number, &d.license_state), None];
            match run.matcher.find(&d.id, &keys) {
                Some(row) if row.hash.as_deref() == Some(hash.as_str()) => {}
                Some(row) => updates.push((row.id, d, hash)),
                None => inserts.push((Uuid::new_v4(), d, hash)),
            }
        }
        run.counts.created += inserts.len() as i32;
        run.counts.updated += updates.len() as i32;
        let now = run.now;
        let provider = Some(run.provider.clone());
        // The rows (with their JSON trees) are made a chunk at a time.
        let model = |id: Uuid, d: EldDriver, hash: &str| fleet_driver::ActiveModel {
            id: Set(id),
            driver_id: Set(Some(d.id)),
            eld_provider: Set(provider.clone()),
            first_name: Set(d.first_name),
            last_name: Set(d.last_name),
            username: Set(d.username),
            phone: Set(d.phone),
            license_number: Set(d.license_number),
            license_state: Set(d.license_state),
            is_active: Set(d.active),
            updated_at: Set(now),
            eld_fingerprint: Set(Some(stamp(hash, now))),
            ..Default::default()
        };
        let new_rows = inserts.into_iter().map(|(id, d, hash)| {
            let json = d.raw.json().to_owned();
            let row = fleet_driver::ActiveModel {
                fleet_account_id: Set(to.fleet),
                notes: Set(None),
                created_at: Set(now),
                ..model(id, d, &hash)
            };
            (row, json)
        });
        let derive = fleet_driver::ActiveModel::derive_list_columns;
        let mut statements = insert_rows(to, new_rows, derive, Column::Raw)?;
        let changed_rows = updates.into_iter().map(|(id, d, hash)| {
            let raw = d.raw.to_value();
            let mut row = fleet_driver::ActiveModel {
                raw: Set(Some(raw)),
                ..model(id, d, &hash)
            };
            row.derive_list_columns(false)?;
            Ok((id, values_of(&row, &UPDATED)?))
        });
        statements.extend(update_rows::<fleet_driver::Entity>(
            to,
            &UPDATED,
            changed_rows,
        )?);
        Ok(Planned(statements))
    }

    fn inactive(
        update: sea_orm::UpdateMany<fleet_driver::Entity>,
        now: DateTime<Utc>,
    ) -> sea_orm::UpdateMany<fleet_driver::Entity> {
        update
            .col_expr(Column::IsActive, false.into())
            .col_expr(Column::UpdatedAt, now.into())
    }

    /// A truck whose driver is gone or inactive now loses that driver.
    async fn after_write(tx: &FleetTx) -> Result<(), DbErr> {
        release_trucks_of_unknown_drivers(tx).await.map(drop)
    }
}

impl Fingerprinted for EldDriver {
    fn fingerprint(&self, provider: &str) -> String {
        let d = self;
        let mut h = Hasher::new("driver");
        h.text(Some(provider))
            .text(Some(&d.id))
            .text(d.first_name.as_deref())
            .text(d.last_name.as_deref())
            .text(d.username.as_deref())
            .text(d.phone.as_deref())
            .text(d.license_number.as_deref())
            .text(d.license_state.as_deref())
            .flag(d.active)
            .text(Some(d.raw.json()));
        h.finish()
    }
}

/// Licence number and state as one identity key.
fn licence(number: &Option<String>, state: &Option<String>) -> Option<String> {
    identity(number.as_deref())
        .zip(identity(state.as_deref()))
        .map(|(n, s)| format!("{n}\u{1f}{s}"))
}

#[derive(FromQueryResult)]
struct Key {
    id: Uuid,
    eld_provider: Option<String>,
    driver_id: Option<String>,
    license_number: Option<String>,
    license_state: Option<String>,
    is_active: bool,
    eld_fingerprint: Option<String>,
    updated_at: DateTime<Utc>,
}

/// The fleet's drivers as matching needs them: key columns only.
async fn known(tx: &FleetTx, provider: &str) -> Result<Vec<Known<()>>, DbErr> {
    let keys = fleet_driver::Entity::within(tx)
        .select_only()
        .columns([
            Column::Id,
            Column::EldProvider,
            Column::DriverId,
            Column::LicenseNumber,
            Column::LicenseState,
            Column::IsActive,
            Column::EldFingerprint,
            Column::UpdatedAt,
        ])
        .into_model::<Key>()
        .all(tx)
        .await?;
    Ok(keys
        .into_iter()
        .map(|k| Known {
            id: k.id,
            ours: k.eld_provider.as_deref() == Some(provider),
            identities: [licence(&k.license_number, &k.license_state), None],
            hash: valid_hash(k.eld_fingerprint.as_deref(), k.updated_at).map(str::to_owned),
            provider_id: k.driver_id,
            active: k.is_active,
            extra: (),
        })
        .collect())
}
