//! Trailers: matched by provider id, else by VIN, else by plate. Their
//! drivers are the second step of a trailer sync ([`super::assignments`]).

use super::{
    Fingerprinted, Hasher, Known, Planned, Received, RowKind, Target, Writing, identity,
    insert_rows, stamp, update_rows, valid_hash, values_of,
};
use crate::integrations::eld::EldTrailer;
use chrono::{DateTime, Utc};
use db::entities::fleet_trailer::{self, Column};
use db::tenancy::{FleetOwned, FleetTx};
use domain::fleet_lists::trailer_list_tab;
use sea_orm::{DbErr, FromQueryResult, QuerySelect, Set};
use uuid::Uuid;

/// The columns a sync writes to a trailer it already has (the record itself
/// is kept only on insert: the row's JSON is its `assignment_data`).
const UPDATED: [Column; 14] = [
    Column::TrailerId,
    Column::EldProvider,
    Column::Name,
    Column::Vin,
    Column::LicensePlate,
    Column::TrailerType,
    Column::Notes,
    Column::IsActive,
    Column::Status,
    Column::UpdatedAt,
    Column::SearchText,
    Column::ListTab,
    Column::Unnamed,
    Column::EldFingerprint,
];

/// What the list columns of an existing trailer are derived from, besides
/// what the sync writes.
#[derive(Clone)]
pub struct Extra {
    status: String,
    assigned_driver_name: Option<String>,
}

/// A run's trailers, fingerprinted as they arrive.
pub type TrailerWriter = Received<EldTrailer>;

impl RowKind for EldTrailer {
    const NAME: &'static str = "trailers";
    type Extra = Extra;
    type Context = ();
    type Entity = fleet_trailer::Entity;
    const ID: Column = Column::Id;

    async fn known(tx: &FleetTx, provider: &str) -> Result<(Vec<Known<Extra>>, ()), DbErr> {
        Ok((known(tx, provider).await?, ()))
    }

    fn plan(
        to: Target,
        run: &mut Writing<Self>,
        records: Vec<(Self, String)>,
    ) -> Result<Planned, DbErr> {
        let mut inserts = Vec::new();
        let mut updates = Vec::new();
        for (t, hash) in records {
            let keys = [
                identity(t.vin.as_deref()),
                identity(t.license_plate.as_deref()),
            ];
            match run.matcher.find(&t.id, &keys) {
                Some(row) if row.hash.as_deref() == Some(hash.as_str()) => {}
                Some(row) => updates.push((row.id, row.active, row.extra.clone(), t, hash)),
                None => inserts.push((Uuid::new_v4(), t, hash)),
            }
        }
        run.counts.created += inserts.len() as i32;
        run.counts.updated += updates.len() as i32;
        let now = run.now;
        let provider = Some(run.provider.clone());
        // The rows (with their JSON trees) are made a chunk at a time.
        let model = |id: Uuid, t: &mut EldTrailer, hash: &str| fleet_trailer::ActiveModel {
            id: Set(id),
            trailer_id: Set(Some(std::mem::take(&mut t.id))),
            eld_provider: Set(provider.clone()),
            name: Set(t.name.take()),
            vin: Set(t.vin.take()),
            license_plate: Set(t.license_plate.take()),
            trailer_type: Set(t.trailer_type.take()),
            notes: Set(t.notes.take()),
            is_active: Set(true),
            updated_at: Set(now),
            eld_fingerprint: Set(Some(stamp(hash, now))),
            ..Default::default()
        };
        let new_rows = inserts.into_iter().map(|(id, mut t, hash)| {
            // Its `assignment_data`, with the provider's record beside it.
            let json = format!(r#"{{"assigned_driver":null,"eld":{}}}"#, t.raw.json());
            let row = fleet_trailer::ActiveModel {
                fleet_account_id: Set(to.fleet),
                status: Set("active".into()),
                assigned_driver_eld_id: Set(None),
                assigned_driver_name: Set(None),
                assigned_driver_id: Set(None),
                assigned_at: Set(None),
                created_at: Set(now),
                ..model(id, &mut t, &hash)
            };
            (row, json)
        });
        let derive = fleet_trailer::ActiveModel::derive_list_columns;
        let mut statements = insert_rows(to, new_rows, derive, Column::Raw)?;
        let changed_rows = updates.into_iter().map(|(id, active, extra, mut t, hash)| {
            let mut row = fleet_trailer::ActiveModel {
                // A trailer that comes back is in service again.
                status: Set(if active {
                    extra.status
                } else {
                    "active".to_owned()
                }),
                // Its search text holds its driver's name.
                assigned_driver_name: Set(extra.assigned_driver_name),
                ..model(id, &mut t, &hash)
            };
            row.derive_list_columns(false)?;
            Ok((id, values_of(&row, &UPDATED)?))
        });
        statements.extend(update_rows::<fleet_trailer::Entity>(
            to,
            &UPDATED,
            changed_rows,
        )?);
        Ok(Planned(statements))
    }

    fn inactive(
        update: sea_orm::UpdateMany<fleet_trailer::Entity>,
        now: DateTime<Utc>,
    ) -> sea_orm::UpdateMany<fleet_trailer::Entity> {
        update
            .col_expr(Column::IsActive, false.into())
            .col_expr(Column::Status, "inactive".into())
            .col_expr(
                Column::ListTab,
                trailer_list_tab("inactive").as_str().into(),
            )
            .col_expr(Column::UpdatedAt, now.into())
    }
}

impl Fingerprinted for EldTrailer {
    fn fingerprint(&self, provider: &str) -> String {
        let t = self;
        let mut h = Hasher::new("trailer");
        h.text(Some(provider))
            .text(Some(&t.id))
            .text(t.name.as_deref())
            .text(t.vin.as_deref())
            .text(t.license_plate.as_deref())
            .text(t.trailer_type.as_deref())
            .text(t.notes.as_deref());
        h.finish()
    }
}

#[derive(FromQueryResult)]
struct Key {
    id: Uuid,
    eld_provider: Option<String>,
    trailer_id: Option<String>,
    vin: Option<String>,
    license_plate: Option<String>,
    is_active: bool,
    status: String,
    assigned_driver_name: Option<String>,
    eld_fingerprint: Option<String>,
    updated_at: DateTime<Utc>,
}

async fn known(tx: &FleetTx, provider: &str) -> Result<Vec<Known<Extra>>, DbErr> {
    let keys = fleet_trailer::Entity::within(tx)
        .select_only()
        .columns([
            Column::Id,
            Column::EldProvider,
            Column::TrailerId,
            Column::Vin,
            Column::LicensePlate,
            Column::IsActive,
            Column::Status,
            Column::AssignedDriverName,
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
            identities: [
                identity(k.vin.as_deref()),
                identity(k.license_plate.as_deref()),
            ],
            hash: valid_hash(k.eld_fingerprint.as_deref(), k.updated_at).map(str::to_owned),
            provider_id: k.trailer_id,
            active: k.is_active,
            extra: Extra {
                status: k.status,
                assigned_driver_name: k.assigned_driver_name,
            },
        })
        .collect())
}
