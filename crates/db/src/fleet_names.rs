//! The names of a fleet's trucks, trailers and drivers by id — what a list
//! of documents, renewals or calendar items shows beside each row. Several
//! capabilities ask it, so it is written once here; each asks it from its
//! own repo.

use crate::entities::{fleet_driver, fleet_trailer, fleet_vehicle};
use crate::tenancy::{FleetOwned, FleetTx};
use sea_orm::{ColumnTrait, DbErr, QueryFilter, QuerySelect};
use std::collections::HashMap;
use uuid::Uuid;

/// A truck's or trailer's (name, identifier) by id.
pub type Names = HashMap<Uuid, (Option<String>, Option<String>)>;

/// A driver's first name, last name and username.
pub type DriverName = (Option<String>, Option<String>, Option<String>);
/// A driver's names by id.
pub type DriverNames = HashMap<Uuid, DriverName>;

/// A driver's id, first name, last name and username, as one row reads them.
type DriverRow = (Uuid, Option<String>, Option<String>, Option<String>);

/// The names of the fleet's rows of `E` among `ids`: its id, name and
/// identifier columns.
async fn names_of<E: FleetOwned>(
    tx: &FleetTx,
    ids: Vec<Uuid>,
    [id, name, identifier]: [E::Column; 3],
) -> Result<Names, DbErr> {
    if ids.is_empty() {
        return Ok(Names::new());
    }
    let rows: Vec<(Uuid, Option<String>, Option<String>)> = E::within(tx)
        .select_only()
        .columns([id, name, identifier])
        .filter(id.is_in(ids))
        .into_tuple()
        .all(tx)
        .await?;
    Ok(rows.into_iter().map(|(id, n, i)| (id, (n, i))).collect())
}

pub async fn truck_names(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Names, DbErr> {
    use fleet_vehicle::Column as V;
    names_of::<fleet_vehicle::Entity>(tx, ids, [V::Id, V::Name, V::VehicleId]).await
}

pub async fn trailer_names(tx: &FleetTx, ids: Vec<Uuid>) -> Result<Names, DbErr> {
    use fleet_trailer::Column as T;
    names_of::<fleet_trailer::Entity>(tx, ids, [T::Id, T::Name, T::TrailerId]).await
}

pub async fn driver_names(tx: &FleetTx, ids: Vec<Uuid>) -> Result<DriverNames, DbErr> {
    if ids.is_empty() {
        return Ok(DriverNames::new());
    }
    use fleet_driver::Column as D;
    let rows: Vec<DriverRow> = fleet_driver::Entity::within(tx)
        .select_only()
        .columns([D::Id, D::FirstName, D::LastName, D::Username])
        .filter(D::Id.is_in(ids))
        .into_tuple()
        .all(tx)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, f, l, u)| (id, (f, l, u)))
        .collect())
}
